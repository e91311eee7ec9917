/**
 * Settlement (server/modules/tasks/settle.ts): results, default and caller points, quota, the
 * first result winning, expiry, reversal once, and outcomeOf's ownership check.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import type { AppContext } from '../../server/context';
import { pointLedger } from '../../server/db/schema-points';
import { participations, tasks } from '../../server/db/schema-tasks';
import { AppError } from '../../server/http/errors';
import { balanceOf } from '../../server/modules/points/ledger';
import { outcomeOf, reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { createTestEnv } from './helpers';
import { newMember, newParticipation, newTask } from './tasks-helpers';

const R = JoinResult.values;
const env = createTestEnv('tasks-settle');
let ctx: AppContext;
let t = Date.UTC(2030, 0, 1, 2, 0, 0);

beforeAll(async () => {
  const app = await env.build({ seedDemo: false }, { now: () => t });
  ctx = app.ctx;
});
afterAll(() => env.cleanup());

const ledgerOf = (memberId: number) => ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));

describe('settleParticipation', () => {
  it('credits a complete once with key task:<rid>, reason task, source the title', async () => {
    const m = await newMember(ctx);
    const task = await newTask(ctx, { points: 120 });
    const p = await newParticipation(ctx, task.id, m);
    const out = await settleParticipation(ctx, { respondentId: p.respondentId, joinResult: 1, settledBy: 'return' });
    expect(out).toMatchObject({
      respondentId: p.respondentId,
      taskHashId: task.hashId,
      title: task.title,
      type: 2,
      joinResult: 1,
      points: 120,
      pointsStatus: 'posted',
      lowQualityReasons: [],
      finishedAt: t,
    });
    const again = await settleParticipation(ctx, {
      respondentId: p.respondentId,
      joinResult: R.SCREENED_OUT,
      settledBy: 'postback',
    });
    expect(again).toEqual(out);
    const rows = await ledgerOf(m);
    expect(rows.map((r) => [r.amount, r.reason, r.source, r.idempotencyKey])).toEqual([
      [120, 'task', task.title, `task:${p.respondentId}`],
    ]);
    expect(await balanceOf(ctx.db, m)).toBe(120);
    const [taskAfter] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(taskAfter!.completes).toBe(1);
    const [row] = await ctx.db.select().from(participations).where(eq(participations.id, p.id));
    expect(row).toMatchObject({ status: 'finished', settledBy: 'return', ledgerId: rows[0]!.id });
  });

  it('pays the consolation for screened out and quota full, nothing for the blocked results', async () => {
    const m = await newMember(ctx);
    const task = await newTask(ctx, { points: 100, screenOutPoints: 7, quotaFullPoints: 3 });
    const cases: [number, number][] = [
      [R.SCREENED_OUT, 7],
      [R.QUOTA_FULL, 3],
      [R.TOO_SHORT, 0],
      [R.IP_BLOCKED, 0],
      [R.COOKIE_BLOCKED, 0],
      [R.CITY_BLOCKED, 0],
      [R.TIMED_OUT, 0],
    ];
    for (const [result, points] of cases) {
      const other = await newMember(ctx);
      const p = await newParticipation(ctx, task.id, other);
      const out = await settleParticipation(ctx, {
        respondentId: p.respondentId,
        joinResult: result,
        settledBy: 'return',
      });
      expect([out.joinResult, out.points, out.pointsStatus]).toEqual([result, points, points ? 'posted' : 'none']);
      expect(await balanceOf(ctx.db, other)).toBe(points);
    }
    expect(await balanceOf(ctx.db, m)).toBe(0);
    const [after] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after!.completes).toBe(0);
  });

  /** A member completes an 80-point poll; the poll settles it with the caller's points. */
  async function completePoll(args: { points: number; lowQualityReasons?: number[] }) {
    const m = await newMember(ctx);
    const task = await newTask(ctx, { kind: 'poll', points: 80 });
    const p = await newParticipation(ctx, task.id, m);
    const out = await settleParticipation(ctx, {
      respondentId: p.respondentId,
      joinResult: 1,
      settledBy: 'poll',
      ...args,
    });
    return { m, out };
  }

  it('uses the caller points and low-quality reasons (polls)', async () => {
    const { m, out } = await completePoll({ points: 40, lowQualityReasons: [4, 1, 4] });
    expect(out).toMatchObject({ joinResult: 1, points: 40, pointsStatus: 'posted', lowQualityReasons: [1, 4] });
    expect(await balanceOf(ctx.db, m)).toBe(40);
  });

  it("a caller's zero points on a complete credits nothing but still counts the complete", async () => {
    const { m, out } = await completePoll({ points: 0 });
    expect(out).toMatchObject({ joinResult: 1, points: 0, pointsStatus: 'none' });
    expect(await ledgerOf(m)).toHaveLength(0);
  });

  it('turns a complete over quota into quota full with its consolation', async () => {
    const task = await newTask(ctx, { quota: 1, points: 100, quotaFullPoints: 4 });
    const [a, b] = [await newMember(ctx), await newMember(ctx)];
    const pa = await newParticipation(ctx, task.id, a);
    const pb = await newParticipation(ctx, task.id, b);
    const first = await settleParticipation(ctx, { respondentId: pa.respondentId, joinResult: 1, settledBy: 'return' });
    const second = await settleParticipation(ctx, {
      respondentId: pb.respondentId,
      joinResult: 1,
      settledBy: 'return',
    });
    expect([first.joinResult, first.points]).toEqual([1, 100]);
    expect([second.joinResult, second.points]).toEqual([3, 4]);
    const [after] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(after!.completes).toBe(1);
  });

  it('settles as timed out when the attempt comes at or after the expiry', async () => {
    const m = await newMember(ctx);
    const task = await newTask(ctx);
    const p = await newParticipation(ctx, task.id, m, { expiresAt: new Date(t) });
    const out = await settleParticipation(ctx, { respondentId: p.respondentId, joinResult: 1, settledBy: 'return' });
    expect([out.joinResult, out.points]).toEqual([R.TIMED_OUT, 0]);
    expect(await balanceOf(ctx.db, m)).toBe(0);
  });

  it('refuses an unknown rid with NOT_FOUND and a non-result value outright', async () => {
    const err = await settleParticipation(ctx, {
      respondentId: 'no-such-rid-000',
      joinResult: 1,
      settledBy: 'return',
    }).catch((e: unknown) => e);
    expect((err as AppError).codeName).toBe('NOT_FOUND');
    await expect(settleParticipation(ctx, { respondentId: 'x', joinResult: 0, settledBy: 'return' })).rejects.toThrow(
      /join result 0/,
    );
  });
});

describe('reverseParticipation', () => {
  it('reverses a posted credit exactly once and never re-credits afterwards', async () => {
    const m = await newMember(ctx);
    const task = await newTask(ctx, { points: 60 });
    const p = await newParticipation(ctx, task.id, m);
    await settleParticipation(ctx, { respondentId: p.respondentId, joinResult: 1, settledBy: 'return' });
    const r1 = await reverseParticipation(ctx, p.respondentId);
    const r2 = await reverseParticipation(ctx, p.respondentId);
    expect([r1.changed, r2.changed]).toEqual([true, false]);
    expect(r1.outcome).toMatchObject({ joinResult: 1, points: 0, pointsStatus: 'reversed' });
    const late = await settleParticipation(ctx, { respondentId: p.respondentId, joinResult: 1, settledBy: 'postback' });
    expect(late.pointsStatus).toBe('reversed');
    expect(await balanceOf(ctx.db, m)).toBe(0);
    expect((await ledgerOf(m)).map((r) => r.amount)).toEqual([60, -60]);
  });
});

describe('outcomeOf', () => {
  it('answers the owner, refuses another member and an unknown rid, and expires lazily', async () => {
    const [m, other] = [await newMember(ctx), await newMember(ctx)];
    const task = await newTask(ctx, { timeoutMinutes: 30 });
    const p = await newParticipation(ctx, task.id, m, { expiresAt: new Date(t + 30 * 60_000) });
    expect(await outcomeOf(ctx, p.respondentId, m)).toMatchObject({ joinResult: 0, pointsStatus: 'none' });
    const foreign = await outcomeOf(ctx, p.respondentId, other).catch((e: unknown) => e);
    expect((foreign as AppError).codeName).toBe('PARTICIPATION_FOREIGN');
    const missing = await outcomeOf(ctx, 'no-such-rid-000', m).catch((e: unknown) => e);
    expect((missing as AppError).codeName).toBe('NOT_FOUND');
    t += 30 * 60_000;
    expect(await outcomeOf(ctx, p.respondentId, m)).toMatchObject({ joinResult: 8, finishedAt: t });
  });
});
