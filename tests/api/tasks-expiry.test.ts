/**
 * Expiry and the checks that end a participation without the complete: timed out (8) after the
 * task's timeout on the injectable clock, a callback after expiry, too short (4), IP (5),
 * cookie/device id (6), city (7), quota full (3) and the consolation points of screened out (2)
 * and quota full.
 *
 * A callback after expiry — THE RULE: the first settle attempt at or after the participation's
 * `expiresAt` settles it as timed out (8) and pays nothing, whatever status the partner signed and
 * however fresh its ts; an expired participation that was already swept answers that same
 * outcome (return link) or `duplicate` (postback). So the result never depends on whether the
 * expiry sweep happened to run before the late callback.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { pointLedger } from '../../server/db/schema-points';
import { memberProperties, participations, tasks } from '../../server/db/schema-tasks';
import { balanceOf } from '../../server/modules/points/ledger';
import { sweepExpired } from '../../server/modules/tasks/expiry';
import {
  newMember,
  newPartner,
  newTask,
  signedLinks,
  tasksHarness,
  type CallOptions,
  type TasksHarness,
} from './tasks-helpers';

const R = JoinResult.values;
const MIN = 60_000;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('tasks-expiry', { taskIpLimit: 2, trustProxy: true });
});
afterAll(() => h.env.cleanup());

async function partnerTask(overrides: Parameters<typeof newTask>[1] = {}) {
  const partner = await newPartner(h.ctx);
  const task = await newTask(h.ctx, {
    partnerId: partner.id,
    points: 100,
    screenOutPoints: 10,
    quotaFullPoints: 5,
    ...overrides,
  });
  return { partner, task };
}

type Started = { respondentId: string; entryUrl: string };
async function start(hashId: string, member: number, opts: CallOptions = {}) {
  return h.call<Started>('POST', `/api/v1/process/tasks/${hashId}/start`, { member, ...opts });
}

const { returnLink, postbackLink } = signedLinks(() => h);
const submit = (member: number, url: string) =>
  h.call<{ joinResult: number; points: number; pointsStatus: string }>('POST', '/api/v1/process/tasks/callback', {
    member,
    body: { url },
  });

async function row(rid: string) {
  const [p] = await h.ctx.db.select().from(participations).where(eq(participations.respondentId, rid));
  return p!;
}
const ledgerOf = (memberId: number) => h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));

describe('timed out (8)', () => {
  it('a participation not finished expires after the task timeout, lazily on the member’s reads', async () => {
    const { task } = await partnerTask({ timeoutMinutes: 30 });
    const m = await newMember(h.ctx);
    const s = await start(task.hashId, m);
    const rid = s.data.respondentId;
    h.clock.advance(30 * MIN - 1);
    const before = await h.call<{ list: { joinResult: number; status: string }[] }>('GET', '/api/v1/users/tasks', {
      member: m,
    });
    expect(before.data.list[0]).toMatchObject({ status: 'started', joinResult: 0 });
    h.clock.advance(1);
    const after = await h.call<{ list: { joinResult: number; status: string; points: number }[] }>(
      'GET',
      '/api/v1/users/tasks',
      {
        member: m,
      },
    );
    expect(after.data.list[0]).toMatchObject({ status: 'finished', joinResult: R.TIMED_OUT, points: 0 });
    expect(await row(rid)).toMatchObject({ settledBy: 'expiry', finishedAt: new Date(h.clock.now()) });
    expect(await ledgerOf(m)).toHaveLength(0);
    // The task is finished for this member: no restart.
    expect((await start(task.hashId, m)).code).toBe(Code.ALREADY_JOINED);
  });

  it('the list and recommendations expire an overdue participation before showing it', async () => {
    const { task } = await partnerTask({ timeoutMinutes: 15, sort: 1000 });
    const m = await newMember(h.ctx);
    const rid = (await start(task.hashId, m)).data.respondentId;
    type Card = { hashId: string; mine: { status: string } | null };
    const shown = await h.call<Card[]>('GET', '/api/v1/tasks/recommend?limit=20', { member: m });
    expect(shown.data.find((c) => c.hashId === task.hashId)?.mine).toMatchObject({ status: 'started' });
    h.clock.advance(15 * MIN);
    const after = await h.call<Card[]>('GET', '/api/v1/tasks/recommend?limit=20', { member: m });
    expect(after.data.find((c) => c.hashId === task.hashId)).toBeUndefined();
    expect(await row(rid)).toMatchObject({ status: 'finished', joinResult: R.TIMED_OUT, settledBy: 'expiry' });
    const listed = await h.call<{ list: Card[] }>('GET', '/api/v1/tasks?pageSize=100', { member: m });
    expect(listed.data.list.find((c) => c.hashId === task.hashId)).toBeUndefined();
  });

  it('the sweep expires everyone’s overdue participations and leaves the rest', async () => {
    const { task } = await partnerTask({ timeoutMinutes: 10 });
    const [a, b] = [await newMember(h.ctx), await newMember(h.ctx)];
    const ra = (await start(task.hashId, a)).data.respondentId;
    h.clock.advance(5 * MIN);
    const rb = (await start(task.hashId, b)).data.respondentId;
    h.clock.advance(5 * MIN);
    expect(await sweepExpired(h.ctx)).toBeGreaterThanOrEqual(1);
    expect(await row(ra)).toMatchObject({ status: 'finished', joinResult: R.TIMED_OUT });
    expect(await row(rb)).toMatchObject({ status: 'started', joinResult: 0 });
  });

  it('a callback after expiry settles as timed out and pays nothing, swept or not', async () => {
    const { partner, task } = await partnerTask({ timeoutMinutes: 20 });
    const [a, b, c] = [await newMember(h.ctx), await newMember(h.ctx), await newMember(h.ctx)];
    const ra = (await start(task.hashId, a)).data.respondentId;
    const rb = (await start(task.hashId, b)).data.respondentId;
    const rc = (await start(task.hashId, c)).data.respondentId;
    h.clock.advance(20 * MIN);
    // a: the late return link (fresh signature) arrives before any sweep.
    const late = await submit(a, returnLink(partner.secret, ra, '10'));
    expect(late.data).toMatchObject({ joinResult: R.TIMED_OUT, points: 0, pointsStatus: 'none' });
    // b: the late postback, before any sweep.
    const pb = await h.call<{ accepted: boolean; duplicate: boolean }>(
      'GET',
      postbackLink(partner.code, partner.secret, rb, '10'),
    );
    expect(pb.data).toEqual({ accepted: true, duplicate: false });
    expect(await row(rb)).toMatchObject({ joinResult: R.TIMED_OUT, points: 0 });
    // c: swept first, then the late return link answers the same timed-out outcome.
    await sweepExpired(h.ctx);
    const swept = await submit(c, returnLink(partner.secret, rc, '10'));
    expect(swept.data).toMatchObject({ joinResult: R.TIMED_OUT, points: 0 });
    const pc = await h.call<{ accepted: boolean; duplicate: boolean }>(
      'GET',
      postbackLink(partner.code, partner.secret, rc, '10'),
    );
    expect(pc.data).toEqual({ accepted: true, duplicate: true });
    for (const m of [a, b, c]) expect(await balanceOf(h.ctx.db, m)).toBe(0);
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(0);
  });
});

describe('too short (4)', () => {
  it('a complete faster than the task minimum is too short and pays nothing; at the minimum it completes', async () => {
    const { partner, task } = await partnerTask({ minSeconds: 300 });
    const [fast, ok] = [await newMember(h.ctx), await newMember(h.ctx)];
    const rf = (await start(task.hashId, fast)).data.respondentId;
    const ro = (await start(task.hashId, ok)).data.respondentId;
    h.clock.advance(299_000);
    expect((await submit(fast, returnLink(partner.secret, rf, '10'))).data).toMatchObject({
      joinResult: R.TOO_SHORT,
      points: 0,
    });
    h.clock.advance(1000);
    expect((await submit(ok, returnLink(partner.secret, ro, '10'))).data).toMatchObject({
      joinResult: R.COMPLETE,
      points: 100,
    });
    expect(await balanceOf(h.ctx.db, fast)).toBe(0);
    // A screen-out is not a speeder: it still gets its consolation however fast.
    const m = await newMember(h.ctx);
    const rs = (await start(task.hashId, m)).data.respondentId;
    expect((await submit(m, returnLink(partner.secret, rs, '20'))).data).toMatchObject({
      joinResult: R.SCREENED_OUT,
      points: 10,
    });
  });
});

describe('start checks: IP (5), cookie (6), city (7)', () => {
  it('IP: more than TASK_IP_LIMIT other members from one IP in 24 h → the next start is IP blocked', async () => {
    const { partner, task } = await partnerTask();
    const ip = '10.77.0.9';
    const ms = [];
    for (let i = 0; i < 4; i++) ms.push(await newMember(h.ctx));
    const rids = [];
    for (const m of ms) rids.push((await start(task.hashId, m, { ip })).data.respondentId);
    const rows = await Promise.all(rids.map(row));
    expect(rows.map((r) => [r.status, r.joinResult])).toEqual([
      ['started', 0],
      ['started', 0],
      ['started', 0],
      ['finished', R.IP_BLOCKED],
    ]);
    expect(rows[3]).toMatchObject({ settledBy: 'start', points: 0 });
    // The blocked start answers the result page; a later complete link credits nothing.
    const blocked = ms[3]!;
    expect((await start(task.hashId, blocked, { ip })).code).toBe(Code.ALREADY_JOINED);
    const out = await submit(blocked, returnLink(partner.secret, rids[3]!, '10'));
    expect(out.data).toMatchObject({ joinResult: R.IP_BLOCKED, points: 0 });
    expect(await ledgerOf(blocked)).toHaveLength(0);
    // Another IP is fine; so is the same IP a day later.
    const other = await newMember(h.ctx);
    const r = await start(task.hashId, other, { ip: '10.77.0.10' });
    expect((await row(r.data.respondentId)).status).toBe('started');
    h.clock.advance(24 * 60 * MIN + 1);
    const later = await newMember(h.ctx);
    expect((await row((await start(task.hashId, later, { ip })).data.respondentId)).status).toBe('started');
  });

  it('cookie: a device id another member already used on this task → cookie blocked; other tasks are fine', async () => {
    const { task } = await partnerTask();
    const { task: task2 } = await partnerTask();
    const [a, b] = [await newMember(h.ctx), await newMember(h.ctx)];
    const deviceId = 'dev-shared-123';
    const ra = (await start(task.hashId, a, { deviceId, ip: '10.1.1.1' })).data.respondentId;
    const rb = (await start(task.hashId, b, { deviceId, ip: '10.1.1.2' })).data.respondentId;
    expect(await row(ra)).toMatchObject({ status: 'started', deviceId });
    expect(await row(rb)).toMatchObject({
      status: 'finished',
      joinResult: R.COOKIE_BLOCKED,
      points: 0,
      settledBy: 'start',
    });
    const rb2 = (await start(task2.hashId, b, { deviceId, ip: '10.1.1.2' })).data.respondentId;
    expect((await row(rb2)).status).toBe('started');
  });

  it('city: a start located outside the targeted provinces → city blocked; inside or unknown → started', async () => {
    const { partner, task } = await partnerTask({ targeting: { provinceIds: [440000] } });
    const props = async (m: number) => {
      await h.ctx.db.insert(memberProperties).values({ memberId: m, provinceId: 440000 });
      return m;
    };
    const [out, inside, unknown] = [
      await props(await newMember(h.ctx)),
      await props(await newMember(h.ctx)),
      await props(await newMember(h.ctx)),
    ];
    const ro = (await start(task.hashId, out, { headers: { 'x-geo-region': '110100' }, ip: '10.2.0.1' })).data
      .respondentId;
    const ri = (await start(task.hashId, inside, { headers: { 'x-geo-region': '440300' }, ip: '10.2.0.2' })).data
      .respondentId;
    const ru = (await start(task.hashId, unknown, { ip: '10.2.0.3' })).data.respondentId;
    expect(await row(ro)).toMatchObject({ status: 'finished', joinResult: R.CITY_BLOCKED, city: '110100', points: 0 });
    expect(await row(ri)).toMatchObject({ status: 'started', city: '440300' });
    expect(await row(ru)).toMatchObject({ status: 'started', city: null });
    expect((await submit(out, returnLink(partner.secret, ro, '10'))).data.joinResult).toBe(R.CITY_BLOCKED);
    expect(await ledgerOf(out)).toHaveLength(0);
  });

  it('city: without TRUST_PROXY the location header is ignored', async () => {
    await h.rebuild({ taskIpLimit: 2, trustProxy: false });
    try {
      const { task } = await partnerTask({ targeting: { provinceIds: [440000] } });
      const m = await newMember(h.ctx);
      await h.ctx.db.insert(memberProperties).values({ memberId: m, provinceId: 440000 });
      const r = await start(task.hashId, m, { headers: { 'x-geo-region': '110100' } });
      expect(await row(r.data.respondentId)).toMatchObject({ status: 'started', city: null });
    } finally {
      await h.rebuild({ taskIpLimit: 2, trustProxy: true });
    }
  });
});

describe('quota full (3) and consolation points', () => {
  it('a complete over quota becomes quota full with its consolation; then starts are refused', async () => {
    const { partner, task } = await partnerTask({ quota: 1 });
    const [a, b, c] = [await newMember(h.ctx), await newMember(h.ctx), await newMember(h.ctx)];
    const ra = (await start(task.hashId, a, { ip: '10.3.0.1' })).data.respondentId;
    const rb = (await start(task.hashId, b, { ip: '10.3.0.2' })).data.respondentId;
    expect((await submit(a, returnLink(partner.secret, ra, '10'))).data).toMatchObject({
      joinResult: R.COMPLETE,
      points: 100,
    });
    expect((await submit(b, returnLink(partner.secret, rb, '10'))).data).toMatchObject({
      joinResult: R.QUOTA_FULL,
      points: 5,
    });
    expect(await balanceOf(h.ctx.db, b)).toBe(5);
    expect((await start(task.hashId, c, { ip: '10.3.0.3' })).code).toBe(Code.TASK_QUOTA_FULL);
    const detail = await h.call<{ canStart: boolean; block: string; remaining: number }>(
      'GET',
      `/api/v1/tasks/${task.hashId}`,
      {
        member: c,
      },
    );
    expect(detail.data).toMatchObject({ canStart: false, block: 'quota_full', remaining: 0 });
  });

  it('the partner’s own quota full (40) and screen-out (20) pay the consolation shown before starting', async () => {
    const { partner, task } = await partnerTask({ screenOutPoints: 12, quotaFullPoints: 6 });
    const [a, b] = [await newMember(h.ctx), await newMember(h.ctx)];
    const detail = await h.call<{ screenOutPoints: number; quotaFullPoints: number }>(
      'GET',
      `/api/v1/tasks/${task.hashId}`,
      {
        member: a,
      },
    );
    expect(detail.data).toMatchObject({ screenOutPoints: 12, quotaFullPoints: 6 });
    const ra = (await start(task.hashId, a, { ip: '10.4.0.1' })).data.respondentId;
    const rb = (await start(task.hashId, b, { ip: '10.4.0.2' })).data.respondentId;
    expect((await submit(a, returnLink(partner.secret, ra, '20'))).data).toMatchObject({
      joinResult: R.SCREENED_OUT,
      points: 12,
    });
    expect((await submit(b, returnLink(partner.secret, rb, '40'))).data).toMatchObject({
      joinResult: R.QUOTA_FULL,
      points: 6,
    });
    expect([await balanceOf(h.ctx.db, a), await balanceOf(h.ctx.db, b)]).toEqual([12, 6]);
  });
});
