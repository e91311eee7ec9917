/**
 * Invite rewards (server/modules/invites) through the real registration: the inviter earns on the
 * invitee's registration and on the invitee's first valid task, each once (ledger keys
 * invite:register:<id> / invite:first-task:<id>), plus credit; self-invites (same device) and farms
 * (FARM_LIMIT invitees from one device or IP within 24 h) are withheld with a recorded reason shown
 * in the invitee list; the calls show only the caller's own invitees.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { pointLedger } from '../../server/db/schema-points';
import { signups } from '../../server/db/schema-invites';
import { CREDIT_PER_ACTIVE_INVITEE } from '../../server/modules/credits/ledger';
import {
  FARM_LIMIT,
  INVITE_FIRST_TASK_POINTS,
  INVITE_REGISTER_POINTS,
  onFirstValidTask,
} from '../../server/modules/invites/service';
import { balanceOf } from '../../server/modules/points/ledger';
import { freshIp, freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';
import { envelopeOf } from './helpers';
import { creditRows, doTask } from './rewards-helpers';

let h: Harness;
let ctx: AppContext;

beforeAll(async () => {
  h = await harness('invites');
  ctx = (h.app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => h.env.cleanup());

type Info = {
  inviteCode: string;
  inviteUrl: string;
  invitedCount: number;
  activeCount: number;
  rewardPoints: number;
  rewardCredit: number;
  withheldCount: number;
};
type Reward = { state: string; points: number; reason: string | null };
type InviteePage = {
  total: number;
  list: {
    id: number;
    mobile: string | null;
    nickname: string;
    active: boolean;
    rewardPoints: number;
    registerReward: Reward;
    firstTaskReward: Reward;
  }[];
};

const get = async <T>(url: string, token: string) => {
  const r = await h.call('GET', url, { token });
  expect(r.code).toBe(200);
  return r.data as T;
};

async function register(
  mobile: string,
  opts: { inviteCode?: string; deviceId?: string; ip?: string } = {},
): Promise<LoginData> {
  const sent = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'register' } });
  if (sent.code !== 200) throw new Error(`send failed: ${sent.code} ${sent.msg}`);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/sms/register',
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.deviceId ? { 'x-device-id': opts.deviceId } : {},
    payload: {
      mobile: h.enc(mobile),
      code: h.enc(h.lastCode(mobile, 'register')),
      agreement: true,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
    },
  });
  const body = envelopeOf(res);
  if (body.code !== 200) throw new Error(`register failed: ${body.code} ${body.msg}`);
  h.clock.advance(61_000);
  return body.data as LoginData;
}

async function inviter(device = `dev-${freshMobile()}`) {
  const me = await register(freshMobile(), { deviceId: device });
  const info = await get<Info>('/api/v1/users/invite', me.token);
  return { me, code: info.inviteCode, device };
}

const inviteRows = (memberId: number) =>
  ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId)).orderBy(pointLedger.id);

describe('invite rewards', () => {
  it('registration and first valid task each reward the inviter once', async () => {
    const { me, code } = await inviter();
    const mobile = freshMobile();
    const friend = await register(mobile, { inviteCode: code, deviceId: 'dev-friend-1' });
    const friendId = friend.member.id;
    expect(await balanceOf(ctx.db, me.member.id)).toBe(INVITE_REGISTER_POINTS);

    let page = await get<InviteePage>('/api/v1/users/inviters', me.token);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: friendId,
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      active: false,
      rewardPoints: INVITE_REGISTER_POINTS,
      registerReward: { state: 'granted', points: INVITE_REGISTER_POINTS, reason: null },
      firstTaskReward: { state: 'waiting', points: 0, reason: null },
    });

    // A low-quality complete does not make the friend active; a screen-out neither.
    await doTask(ctx, friendId, { settledBy: 'poll', lowQualityReasons: [2] });
    await doTask(ctx, friendId, { joinResult: 2 });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(INVITE_REGISTER_POINTS);

    await doTask(ctx, friendId);
    await doTask(ctx, friendId);
    // Called again directly (a replayed hook): nothing more.
    await onFirstValidTask(ctx.db, friendId, h.clock.now());
    const rows = await inviteRows(me.member.id);
    expect(rows.map((r) => [r.amount, r.reason, r.idempotencyKey])).toEqual([
      [INVITE_REGISTER_POINTS, 'invite', `invite:register:${friendId}`],
      [INVITE_FIRST_TASK_POINTS, 'invite', `invite:first-task:${friendId}`],
    ]);
    expect((await creditRows(ctx, me.member.id)).map((r) => [r.amount, r.source, r.refMemberId])).toEqual([
      [CREDIT_PER_ACTIVE_INVITEE, 3, friendId],
    ]);

    page = await get<InviteePage>('/api/v1/users/inviters?active=1', me.token);
    expect(page.list[0]).toMatchObject({
      active: true,
      rewardPoints: INVITE_REGISTER_POINTS + INVITE_FIRST_TASK_POINTS,
      firstTaskReward: { state: 'granted', points: INVITE_FIRST_TASK_POINTS },
    });
    expect((await get<InviteePage>('/api/v1/users/inviters?active=0', me.token)).total).toBe(0);
    const info = await get<Info>('/api/v1/users/invite', me.token);
    expect(info).toMatchObject({
      invitedCount: 1,
      activeCount: 1,
      rewardPoints: INVITE_REGISTER_POINTS + INVITE_FIRST_TASK_POINTS,
      rewardCredit: CREDIT_PER_ACTIVE_INVITEE,
      withheldCount: 0,
    });
    expect(info.inviteUrl).toMatch(new RegExp(`/app/invite\\?code=${code}$`));
    const credits = await get<{ list: { invitee: string; change: number }[] }>('/api/v1/credits/invite', me.token);
    expect(credits.list.map((c) => c.change)).toEqual([CREDIT_PER_ACTIVE_INVITEE]);
    expect(credits.list[0]!.invitee).toContain('*');
    // The friend earned no invite reward themselves.
    expect((await inviteRows(friendId)).filter((r) => r.reason === 'invite')).toEqual([]);
  });

  it('a registration without an inviter is recorded without rewards; a bad code is refused', async () => {
    const plain = await register(freshMobile(), { deviceId: 'dev-plain' });
    const [row] = await ctx.db.select().from(signups).where(eq(signups.memberId, plain.member.id));
    expect(row).toMatchObject({
      inviterId: null,
      deviceId: 'dev-plain',
      registerState: 'none',
      firstTaskState: 'none',
    });
    await expect(register(freshMobile(), { inviteCode: 'NOSUCHCODE' })).rejects.toThrow(/1110/);
  });

  it('self-invite: a friend registering from the inviter’s own device earns nothing, with the reason shown', async () => {
    const { me, code, device } = await inviter();
    const alt = await register(freshMobile(), { inviteCode: code, deviceId: device });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(0);
    await doTask(ctx, alt.member.id);
    expect(await balanceOf(ctx.db, me.member.id)).toBe(0);
    expect(await creditRows(ctx, me.member.id)).toEqual([]);
    const page = await get<InviteePage>('/api/v1/users/inviters', me.token);
    expect(page.list[0]!.registerReward).toMatchObject({ state: 'withheld', points: 0 });
    expect(page.list[0]!.registerReward.reason).toContain('同一设备');
    expect(page.list[0]!.firstTaskReward.state).toBe('withheld');
    expect((await get<Info>('/api/v1/users/invite', me.token)).withheldCount).toBe(1);
  });

  it(`farm guard: after ${FARM_LIMIT} invitees from one IP (or device) within 24 h, more earn nothing`, async () => {
    const { me, code } = await inviter();
    const ip = '10.77.0.9';
    for (let i = 0; i < FARM_LIMIT; i++) await register(freshMobile(), { inviteCode: code, ip, deviceId: `farm-${i}` });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(FARM_LIMIT * INVITE_REGISTER_POINTS);
    const farmed = await register(freshMobile(), { inviteCode: code, ip, deviceId: 'farm-x' });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(FARM_LIMIT * INVITE_REGISTER_POINTS);
    // Same device from another IP is counted too.
    for (let i = 0; i < FARM_LIMIT; i++) await register(freshMobile(), { inviteCode: code, deviceId: 'one-phone' });
    const before = await balanceOf(ctx.db, me.member.id);
    await register(freshMobile(), { inviteCode: code, deviceId: 'one-phone' });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(before);
    // A friend elsewhere still earns.
    await register(freshMobile(), { inviteCode: code, deviceId: 'elsewhere' });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(before + INVITE_REGISTER_POINTS);

    const page = await get<InviteePage>('/api/v1/users/inviters?pageSize=50', me.token);
    const withheld = page.list.filter((i) => i.registerReward.state === 'withheld');
    expect(withheld.map((i) => i.id)).toContain(farmed.member.id);
    expect(withheld).toHaveLength(2);
    expect(withheld[0]!.registerReward.reason).toContain('24 小时');

    // A day later the window has passed.
    h.clock.advance(24 * 3_600_000);
    await register(freshMobile(), { inviteCode: code, ip, deviceId: 'farm-later' });
    expect(await balanceOf(ctx.db, me.member.id)).toBe(before + 2 * INVITE_REGISTER_POINTS);
  });

  it('a member sees only their own invitees and invite totals', async () => {
    const a = await inviter();
    const b = await inviter();
    await register(freshMobile(), { inviteCode: a.code, deviceId: 'iso-1' });
    expect((await get<InviteePage>('/api/v1/users/inviters', b.me.token)).total).toBe(0);
    expect((await get<Info>('/api/v1/users/invite', b.me.token)).invitedCount).toBe(0);
    expect((await get<InviteePage>('/api/v1/users/inviters', a.me.token)).total).toBe(1);
    expect((await h.call('GET', '/api/v1/users/inviters')).status).toBe(401);
  });
});
