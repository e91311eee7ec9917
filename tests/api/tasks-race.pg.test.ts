/**
 * Task races on real PostgreSQL (PGlite has one connection and cannot race), all through the HTTP
 * API on the app's pg pool (10 connections):
 * - hundreds of concurrent return links and postbacks for ONE rid → one credit, one answer;
 * - the same for many rids at once → each credited once;
 * - concurrent starts of one member on one task → one participation, one rid;
 * - quota N with 3N concurrent completes → exactly N completes, the rest quota full (consolation);
 * - afterwards, for every member: sum(ledger) = balance, nothing negative, balance_after chains.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { participations, tasks } from '../../server/db/schema-tasks';
import {
  newMember,
  newParticipation,
  newPartner,
  newTask,
  signedLinks,
  tasksHarness,
  type TasksHarness,
} from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('tasks-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const R = JoinResult.values;
let h: TasksHarness;
const touched = new Set<number>();

beforeAll(async () => {
  h = await tasksHarness('tasks-race');
  expect(h.ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

const { returnLink, postbackLink } = signedLinks(() => h);

async function member() {
  const m = await newMember(h.ctx);
  touched.add(m);
  return m;
}

/** The ledger explains every balance: sum = balance, the chain of balance_after never dips below 0. */
async function expectConserved(memberIds: number[]) {
  const rows = await h.ctx.db
    .select()
    .from(pointLedger)
    .where(inArray(pointLedger.memberId, memberIds))
    .orderBy(pointLedger.id);
  const bals = await h.ctx.db.select().from(pointBalances).where(inArray(pointBalances.memberId, memberIds));
  const byMember = new Map<number, number>();
  for (const r of rows) {
    const running = (byMember.get(r.memberId) ?? 0) + r.amount;
    byMember.set(r.memberId, running);
    expect(r.balanceAfter).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  }
  for (const b of bals) {
    expect(b.balance).toBe(byMember.get(b.memberId) ?? 0);
    expect(b.balance).toBeGreaterThanOrEqual(0);
  }
  expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
}

describe('task races on PostgreSQL', { timeout: 120_000 }, () => {
  it('300 concurrent return links and postbacks for one rid: one credit, one outcome', async () => {
    const partner = await newPartner(h.ctx);
    const task = await newTask(h.ctx, { partnerId: partner.id, points: 100 });
    const m = await member();
    const p = await newParticipation(h.ctx, task.id, m);
    const rid = p.respondentId;
    const N = 300;
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2 === 0
          ? h.call('POST', '/api/v1/process/tasks/callback', {
              member: m,
              body: { url: returnLink(partner.secret, rid, '10') },
            })
          : h.call<{ accepted: boolean; duplicate: boolean }>(
              'GET',
              postbackLink(partner.code, partner.secret, rid, '10'),
            ),
      ),
    );
    const ms = performance.now() - started;
    expect(replies.every((r) => r.code === 200)).toBe(true);
    const returns = replies.filter((_, i) => i % 2 === 0);
    for (const r of returns) expect(r.data).toEqual(returns[0]!.data);
    expect(returns[0]!.data).toMatchObject({ joinResult: R.COMPLETE, points: 100, pointsStatus: 'posted' });
    const acks = replies.filter((_, i) => i % 2 === 1).map((r) => r.data as { accepted: boolean; duplicate: boolean });
    expect(acks.every((a) => a.accepted)).toBe(true);
    expect(acks.filter((a) => !a.duplicate).length).toBeLessThanOrEqual(1);
    const rows = await h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m));
    expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([[100, `task:${rid}`]]);
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(1);
    console.info(`[task race] one rid: ${N} concurrent callbacks in ${ms.toFixed(0)} ms → 1 credit`);
  });

  it('100 rids × 3 concurrent callbacks (return, postback ×2), plus reversals: each credited and reversed once', async () => {
    const partner = await newPartner(h.ctx);
    const task = await newTask(h.ctx, { partnerId: partner.id, points: 30, screenOutPoints: 4 });
    const K = 100;
    const ps = [];
    for (let i = 0; i < K; i++) {
      const m = await member();
      const t = i === 0 ? task : await newTask(h.ctx, { partnerId: partner.id, points: 30, screenOutPoints: 4 });
      ps.push({ m, p: await newParticipation(h.ctx, t.id, m), status: i % 4 === 3 ? '20' : '10' });
    }
    const started = performance.now();
    await Promise.all(
      ps.flatMap(({ m, p, status }) => [
        h.call('POST', '/api/v1/process/tasks/callback', {
          member: m,
          body: { url: returnLink(partner.secret, p.respondentId, status) },
        }),
        h.call('GET', postbackLink(partner.code, partner.secret, p.respondentId, status)),
        h.call('GET', postbackLink(partner.code, partner.secret, p.respondentId, status)),
      ]),
    );
    const ms = performance.now() - started;
    const settled = await h.ctx.db
      .select()
      .from(participations)
      .where(
        inArray(
          participations.id,
          ps.map((x) => x.p.id),
        ),
      );
    expect(settled).toHaveLength(K);
    for (const s of settled) {
      const want = ps.find((x) => x.p.id === s.id)!;
      expect([s.status, s.joinResult, s.points]).toEqual(
        want.status === '10' ? ['finished', R.COMPLETE, 30] : ['finished', R.SCREENED_OUT, 4],
      );
    }
    // Then every complete is reversed by 3 concurrent copies of the reconciliation postback.
    const completes = ps.filter((x) => x.status === '10');
    const acks = await Promise.all(
      completes.flatMap(({ p }) =>
        Array.from({ length: 3 }, () =>
          h.call<{ accepted: boolean; duplicate: boolean }>(
            'GET',
            postbackLink(partner.code, partner.secret, p.respondentId, '90'),
          ),
        ),
      ),
    );
    expect(acks.every((a) => a.code === 200 && a.data.accepted)).toBe(true);
    expect(acks.filter((a) => !a.data.duplicate)).toHaveLength(completes.length);
    const members = ps.map((x) => x.m);
    const sums = await h.ctx.db
      .select({ memberId: pointLedger.memberId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(pointLedger)
      .where(inArray(pointLedger.memberId, members))
      .groupBy(pointLedger.memberId);
    for (const s of sums) {
      const x = ps.find((y) => y.m === s.memberId)!;
      expect(s.n).toBe(x.status === '10' ? 2 : 1);
    }
    const bals = await h.ctx.db.select().from(pointBalances).where(inArray(pointBalances.memberId, members));
    for (const b of bals) expect(b.balance).toBe(ps.find((y) => y.m === b.memberId)!.status === '10' ? 0 : 4);
    await expectConserved(members);
    console.info(
      `[task race] ${K} rids × 3 callbacks in ${ms.toFixed(0)} ms, then ${acks.length} reversal postbacks → ` +
        `${completes.length} reversals`,
    );
  });

  it('50 concurrent starts of one member on one task: one participation, one rid', async () => {
    const partner = await newPartner(h.ctx);
    const task = await newTask(h.ctx, { partnerId: partner.id });
    const m = await member();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.call<{ respondentId: string; resumed: boolean }>('POST', `/api/v1/process/tasks/${task.hashId}/start`, {
          member: m,
          ip: '10.50.0.1',
        }),
      ),
    );
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.data.respondentId)).size).toBe(1);
    expect(replies.filter((r) => !r.data.resumed)).toHaveLength(1);
    const rows = await h.ctx.db.select().from(participations).where(eq(participations.taskId, task.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'started', memberId: m });
  });

  it('quota 50, 150 concurrent completes: exactly 50 completes, 100 quota full with the consolation', async () => {
    const partner = await newPartner(h.ctx);
    const N = 50;
    const task = await newTask(h.ctx, { partnerId: partner.id, quota: N, points: 100, quotaFullPoints: 7 });
    const ps = [];
    for (let i = 0; i < 3 * N; i++) {
      const m = await member();
      ps.push({ m, p: await newParticipation(h.ctx, task.id, m) });
    }
    const started = performance.now();
    const replies = await Promise.all(
      ps.map(({ m, p }, i) =>
        i % 2 === 0
          ? h.call<{ joinResult: number; points: number }>('POST', '/api/v1/process/tasks/callback', {
              member: m,
              body: { url: returnLink(partner.secret, p.respondentId, '10') },
            })
          : h.call('GET', postbackLink(partner.code, partner.secret, p.respondentId, '10')),
      ),
    );
    const ms = performance.now() - started;
    expect(replies.every((r) => r.code === 200)).toBe(true);
    const rows = await h.ctx.db.select().from(participations).where(eq(participations.taskId, task.id));
    const complete = rows.filter((r) => r.joinResult === R.COMPLETE);
    const full = rows.filter((r) => r.joinResult === R.QUOTA_FULL);
    expect([complete.length, full.length]).toEqual([N, 2 * N]);
    expect(complete.every((r) => r.points === 100)).toBe(true);
    expect(full.every((r) => r.points === 7 && r.pointsStatus === 'posted')).toBe(true);
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(N);
    const members = ps.map((x) => x.m);
    const [total] = await h.ctx.db
      .select({ s: sql<number>`coalesce(sum(${pointLedger.amount}), 0)`.mapWith(Number) })
      .from(pointLedger)
      .where(inArray(pointLedger.memberId, members));
    expect(total!.s).toBe(N * 100 + 2 * N * 7);
    await expectConserved(members);
    console.info(`[quota race] quota ${N}, ${3 * N} concurrent completes in ${ms.toFixed(0)} ms → ${N} complete`);
  });

  it('nothing negative anywhere afterwards', async () => {
    await expectConserved([...touched]);
    const [neg] = await h.ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pointBalances)
      .where(sql`${pointBalances.balance} < 0 or ${pointBalances.pending} < 0`);
    expect(neg!.n).toBe(0);
  });
});
