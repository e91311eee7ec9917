/**
 * Invite rewards (邀请奖励). Every registration is recorded in `signups` (device id, IP, inviter).
 * An inviter earns weidou twice per invitee, each at most once through the points ledger:
 *
 * - when the invitee registers: `invite:register:<inviteeId>`;
 * - when the invitee completes a first valid task (becomes active): `invite:first-task:<inviteeId>`,
 *   plus credit (权益值) `credit:invite:<inviteeId>` — called from the task settlement (taskHooks.ts)
 *   inside its transaction.
 *
 * Guards, decided at registration and recorded with their reason (shown in the invitee list):
 * - self-invite: the invitee registers from the device the inviter registered with;
 * - farm: the invitee's device id or IP already produced FARM_LIMIT invitees of the same inviter
 *   in the last 24 hours. A withheld registration also withholds the first-task reward.
 * The check and the record happen under a per-inviter advisory lock, so simultaneous registrations
 * from one farm are counted one after another.
 *
 * Messages (modules/messages), in the same transactions: the new member's welcome message (the
 * signup is the one record every registration writes) and each reward granted to the inviter.
 */
import { and, count, desc, eq, gte, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CreditSource } from '../../../openapi/enums';
import type { InviteInfo, InviteePage } from '../../../openapi/schemas/invites';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { pointLedger } from '../../db/schema-points';
import { creditLedger } from '../../db/schema-benefits';
import { signups } from '../../db/schema-invites';
import { maskMobile, maskNickname } from '../../kernel/mask';
import { CREDIT_PER_ACTIVE_INVITEE, earn } from '../credits/ledger';
import { inviteRewardMessage, welcomeMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { credit } from '../points/ledger';
import type { Executor, Tx } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';

/** Weidou to the inviter when an invitee registers. */
export const INVITE_REGISTER_POINTS = 50;
/** Weidou to the inviter when the invitee completes a first valid task. */
export const INVITE_FIRST_TASK_POINTS = 200;
/** Invitees of one inviter from one device or IP within 24 h that still earn rewards. */
export const FARM_LIMIT = 3;
const FARM_WINDOW_MS = 24 * 3_600_000;
/** Arbitrary constant: the advisory lock class for one inviter's registrations. */
const INVITE_LOCK = 72_011;

const inviteRegisterKey = (inviteeId: number) => `invite:register:${inviteeId}`;
const inviteFirstTaskKey = (inviteeId: number) => `invite:first-task:${inviteeId}`;
const inviteCreditKey = (inviteeId: number) => `credit:invite:${inviteeId}`;

/** `X-Device-Id` (the client's persistent device id); null when absent or implausible. */
export function deviceIdOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const raw = request.headers['x-device-id'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v && v.length <= 128 ? v : null;
}

export interface SignupArgs {
  memberId: number;
  inviterId: number | null;
  deviceId?: string | null;
  ip?: string | null;
}

/** Why a reward is withheld, or null. Runs under the inviter's lock. */
async function guard(tx: Executor, a: SignupArgs, now: number): Promise<string | null> {
  if (a.inviterId === null) return null;
  if (a.inviterId === a.memberId) return '不能邀请自己';
  const device = a.deviceId ?? null;
  if (device) {
    const [own] = await tx
      .select({ d: signups.deviceId })
      .from(signups)
      .where(eq(signups.memberId, a.inviterId))
      .limit(1);
    if (own?.d === device) return '好友与你使用同一设备注册，视为自己邀请自己，不发放奖励';
  }
  const same: SQL[] = [];
  if (device) same.push(eq(signups.deviceId, device));
  if (a.ip) same.push(eq(signups.ip, a.ip));
  if (same.length === 0) return null;
  const [n] = await tx
    .select({ n: count() })
    .from(signups)
    .where(
      and(
        eq(signups.inviterId, a.inviterId),
        ne(signups.memberId, a.memberId),
        gte(signups.createdAt, new Date(now - FARM_WINDOW_MS)),
        or(...same),
      ),
    );
  if (Number(n?.n ?? 0) >= FARM_LIMIT)
    return `同一设备或网络 24 小时内已注册 ${FARM_LIMIT} 位你邀请的好友，疑似批量注册，不发放奖励`;
  return null;
}

/**
 * Record a registration and, for an invited member, reward the inviter (or record why not).
 * Idempotent: a second call for the same member changes nothing.
 */
export async function recordSignup(ctx: Pick<AppContext, 'db' | 'now'>, a: SignupArgs): Promise<void> {
  const now = ctx.now();
  const at = new Date(now);
  await ctx.db.transaction(async (tx: Tx) => {
    if (a.inviterId !== null) await tx.execute(sql`select pg_advisory_xact_lock(${INVITE_LOCK}, ${a.inviterId})`);
    const withheld = await guard(tx, a, now);
    const inserted = await tx
      .insert(signups)
      .values({
        memberId: a.memberId,
        inviterId: a.inviterId,
        deviceId: a.deviceId ?? null,
        ip: a.ip ?? null,
        createdAt: at,
        registerState: a.inviterId === null ? 'none' : withheld ? 'withheld' : 'granted',
        registerReason: withheld,
        firstTaskState: a.inviterId === null ? 'none' : 'waiting',
      })
      .onConflictDoNothing()
      .returning({ memberId: signups.memberId });
    if (!inserted[0]) return;
    await postEventMessage(tx, a.memberId, welcomeMessage(a.memberId), now);
    if (a.inviterId === null || withheld) return;
    const entry = await credit(tx, {
      memberId: a.inviterId,
      amount: INVITE_REGISTER_POINTS,
      reason: 'invite',
      source: '好友注册',
      idempotencyKey: inviteRegisterKey(a.memberId),
      at: now,
    });
    await tx.update(signups).set({ registerLedgerId: entry.ledgerId }).where(eq(signups.memberId, a.memberId));
    await postEventMessage(
      tx,
      a.inviterId,
      inviteRewardMessage('register', {
        inviteeId: a.memberId,
        invitee: await inviteeName(tx, a.memberId),
        points: INVITE_REGISTER_POINTS,
      }),
      now,
    );
  });
}

/** How the inviter's messages name the invitee: the masked nickname, as in the invitee list. */
async function inviteeName(tx: Executor, inviteeId: number): Promise<string> {
  const [row] = await tx.select({ nickname: members.nickname }).from(members).where(eq(members.id, inviteeId));
  return maskNickname(row?.nickname ?? '');
}

/**
 * Inside the task-settlement transaction: the member completed a valid task. The first time, the
 * inviter earns the first-task reward and credit (or the withheld reason is recorded).
 */
export async function onFirstValidTask(tx: Executor, inviteeId: number, now: number): Promise<void> {
  const at = new Date(now);
  const [s] = await tx.select().from(signups).where(eq(signups.memberId, inviteeId)).limit(1).for('update');
  if (!s || s.inviterId === null || s.firstTaskState !== 'waiting') return;
  if (s.registerState === 'withheld') {
    await tx
      .update(signups)
      .set({ firstTaskState: 'withheld', firstTaskReason: s.registerReason, activatedAt: at })
      .where(eq(signups.memberId, inviteeId));
    return;
  }
  const entry = await credit(tx, {
    memberId: s.inviterId,
    amount: INVITE_FIRST_TASK_POINTS,
    reason: 'invite',
    source: '好友完成首个任务',
    idempotencyKey: inviteFirstTaskKey(inviteeId),
    at: now,
  });
  const value = await earn(tx, {
    memberId: s.inviterId,
    amount: CREDIT_PER_ACTIVE_INVITEE,
    source: CreditSource.values.INVITE,
    reason: '好友成为活跃会员',
    refMemberId: inviteeId,
    idempotencyKey: inviteCreditKey(inviteeId),
    at: now,
  });
  await tx
    .update(signups)
    .set({
      firstTaskState: 'granted',
      firstTaskLedgerId: entry.ledgerId,
      creditLedgerId: value.ledgerId,
      activatedAt: at,
    })
    .where(eq(signups.memberId, inviteeId));
  await postEventMessage(
    tx,
    s.inviterId,
    inviteRewardMessage('first-task', {
      inviteeId,
      invitee: await inviteeName(tx, inviteeId),
      points: INVITE_FIRST_TASK_POINTS,
      credit: CREDIT_PER_ACTIVE_INVITEE,
    }),
    now,
  );
}

/* ---- reading ---- */

const INVITE_RULES = [
  `好友通过你的邀请链接或邀请码注册，你可得 ${INVITE_REGISTER_POINTS} 微豆。`,
  `好友完成首个有效任务成为活跃会员，你再得 ${INVITE_FIRST_TASK_POINTS} 微豆和 ${CREDIT_PER_ACTIVE_INVITEE} 权益值。`,
  '每位好友的每项奖励只发放一次。',
  '不能邀请自己；同一设备或网络 24 小时内批量注册的好友不发放奖励，被暂停的原因会显示在好友列表中。',
];

export async function inviteInfo(
  ctx: AppContext,
  memberId: number,
  origin: string = ctx.config.publicOrigin,
): Promise<z.output<typeof InviteInfo>> {
  const [me] = await ctx.db.select({ code: members.inviteCode }).from(members).where(eq(members.id, memberId));
  if (!me) throw new Error(`member ${memberId} not found`);
  const [counts] = await ctx.db
    .select({
      invited: count(),
      active: sql<number>`count(*) filter (where ${signups.activatedAt} is not null)`.mapWith(Number),
      withheld: sql<number>`count(*) filter (where ${signups.registerState} = 'withheld')`.mapWith(Number),
    })
    .from(signups)
    .where(eq(signups.inviterId, memberId));
  // Members invited before signups existed are counted from members.inviter_id.
  const [legacy] = await ctx.db
    .select({ n: count() })
    .from(members)
    .leftJoin(signups, eq(signups.memberId, members.id))
    .where(and(eq(members.inviterId, memberId), sql`${signups.memberId} is null`));
  const [points] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.amount}), 0)`.mapWith(Number) })
    .from(pointLedger)
    .where(and(eq(pointLedger.memberId, memberId), eq(pointLedger.reason, 'invite')));
  const [value] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${creditLedger.amount}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), eq(creditLedger.source, CreditSource.values.INVITE)));
  return {
    inviteCode: me.code,
    inviteUrl: `${origin}/app/invite?code=${encodeURIComponent(me.code)}`,
    invitedCount: Number(counts?.invited ?? 0) + Number(legacy?.n ?? 0),
    activeCount: counts?.active ?? 0,
    rewardPoints: points?.n ?? 0,
    rewardCredit: value?.n ?? 0,
    registerReward: INVITE_REGISTER_POINTS,
    inviterReward: INVITE_FIRST_TASK_POINTS,
    activeCredit: CREDIT_PER_ACTIVE_INVITEE,
    inviteeReward: 0,
    withheldCount: counts?.withheld ?? 0,
    rules: INVITE_RULES,
  };
}

type RewardState = z.output<typeof InviteePage>['list'][number]['registerReward'];

function rewardState(state: string, reason: string | null, points: number | null, at: Date | null): RewardState {
  if (state === 'granted') return { state: 'granted', points: points ?? 0, reason: null, at: at?.getTime() ?? null };
  if (state === 'withheld') return { state: 'withheld', points: 0, reason, at: at?.getTime() ?? null };
  return { state: 'waiting', points: 0, reason: null, at: null };
}

export async function listInvitees(
  ctx: AppContext,
  memberId: number,
  q: { page: number; pageSize: number; active?: '0' | '1' },
): Promise<z.output<typeof InviteePage>> {
  const where: SQL[] = [eq(signups.inviterId, memberId)];
  if (q.active === '1') where.push(isNotNull(signups.activatedAt));
  if (q.active === '0') where.push(sql`${signups.activatedAt} is null`);
  const cond = and(...where);
  const regLedger = sql<number | null>`(select amount from point_ledger where id = ${signups.registerLedgerId})`;
  const regAt = sql<Date | null>`(select created_at from point_ledger where id = ${signups.registerLedgerId})`;
  const firstLedger = sql<number | null>`(select amount from point_ledger where id = ${signups.firstTaskLedgerId})`;
  const rows = await ctx.db
    .select({
      s: signups,
      nickname: members.nickname,
      avatar: members.avatar,
      mobile: members.mobile,
      regPoints: regLedger.mapWith(Number),
      regAt: regAt.mapWith((v: unknown) => (v ? new Date(v as string) : null)),
      firstPoints: firstLedger.mapWith(Number),
    })
    .from(signups)
    .innerJoin(members, eq(members.id, signups.memberId))
    .where(cond)
    .orderBy(desc(signups.createdAt), desc(signups.memberId))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const list = rows.map((r) => {
    const register = rewardState(r.s.registerState, r.s.registerReason, r.regPoints, r.regAt ?? r.s.createdAt);
    const first = rewardState(r.s.firstTaskState, r.s.firstTaskReason, r.firstPoints, r.s.activatedAt);
    return {
      id: r.s.memberId,
      nickname: maskNickname(r.nickname),
      avatar: r.avatar,
      mobile: maskMobile(r.mobile),
      registeredAt: r.s.createdAt.getTime(),
      active: r.s.activatedAt !== null,
      activatedAt: r.s.activatedAt?.getTime() ?? null,
      rewardPoints: register.points + first.points,
      registerReward: register,
      firstTaskReward: first,
    };
  });
  return pageOf(q, list, await ctx.db.$count(signups, cond));
}
