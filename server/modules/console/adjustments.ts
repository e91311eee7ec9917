/**
 * 微豆 adjustments with four eyes. A request within the threshold (kv `console:four_eyes_threshold`,
 * else FOUR_EYES_DEFAULT_THRESHOLD) is applied at once; a larger one waits for a second finance or
 * admin account, never the requester. Applying writes one points-ledger row keyed `adjust:<id>`
 * (a replay credits nothing) and then moves the adjustment out of `pending` with a conditional
 * update: of two decisions at once exactly one finds it pending; the other's transaction — its
 * ledger row included — rolls back with ALREADY_DECIDED.
 * Every function here runs in the console write's transaction (`ctx.db`).
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { FOUR_EYES_DEFAULT_THRESHOLD } from '../../../openapi/rules/staff';
import type { Adjustment, AdjustmentPage } from '../../../openapi/schemas/adminMembers';
import type { AppContext } from '../../context';
import { kv, members } from '../../db/schema';
import { balanceAdjustments } from '../../db/schema-console';
import { staff } from '../../db/schema-staff';
import type { Staff } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset, type PageArgs } from '../../kernel/page';
import { credit, debit } from '../points/ledger';

export const THRESHOLD_KEY = 'console:four_eyes_threshold';

type AdjustmentData = z.output<typeof Adjustment>;

/** Adjustments above this many 微豆 (either way) wait for a second account. */
export async function fourEyesThreshold(db: Executor): Promise<number> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, THRESHOLD_KEY)).limit(1);
  const v = row?.value;
  const n = typeof v === 'number' ? v : (v as { value?: unknown } | undefined)?.value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : FOUR_EYES_DEFAULT_THRESHOLD;
}

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

function selectAdjustments(db: Executor) {
  return db
    .select({
      a: balanceAdjustments,
      memberCode: members.memberCode,
      nickname: members.nickname,
      requestedBy: requester.login,
      decidedBy: decider.login,
    })
    .from(balanceAdjustments)
    .innerJoin(members, eq(members.id, balanceAdjustments.memberId))
    .innerJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectAdjustments>['execute']>>[number];

const toData = ({ a, memberCode, nickname, requestedBy, decidedBy }: Selected): AdjustmentData => ({
  id: a.id,
  memberId: a.memberId,
  memberCode,
  nickname,
  amount: a.amount,
  reason: a.reason,
  state: a.state,
  requestedBy,
  requestedAt: a.createdAt.getTime(),
  decidedBy: decidedBy ?? null,
  decidedAt: a.decidedAt ? a.decidedAt.getTime() : null,
  decisionReason: a.decisionReason,
  ledgerId: a.ledgerId,
});

export async function adjustmentById(db: Executor, id: number): Promise<AdjustmentData> {
  const [row] = await selectAdjustments(db).where(eq(balanceAdjustments.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '调整记录不存在');
  return toData(row);
}

export async function pendingAdjustmentsOf(db: Executor, memberId: number): Promise<AdjustmentData[]> {
  const rows = await selectAdjustments(db)
    .where(and(eq(balanceAdjustments.memberId, memberId), eq(balanceAdjustments.state, 'pending')))
    .orderBy(desc(balanceAdjustments.createdAt), desc(balanceAdjustments.id));
  return rows.map(toData);
}

/** The console home's queue 待复核调整: how many wait for a second account, and since when. */
export async function pendingAdjustmentsSummary(db: Executor) {
  const pending = eq(balanceAdjustments.state, 'pending');
  const [c] = await db.select({ n: count() }).from(balanceAdjustments).where(pending);
  const [oldest] = await db
    .select({ at: balanceAdjustments.createdAt })
    .from(balanceAdjustments)
    .where(pending)
    .orderBy(asc(balanceAdjustments.createdAt))
    .limit(1);
  return { count: Number(c?.n ?? 0), oldestAt: oldest ? oldest.at.getTime() : null };
}

export async function listAdjustments(
  db: Executor,
  q: PageArgs & { state?: 'pending' | 'applied' | 'rejected'; memberId?: number },
): Promise<z.output<typeof AdjustmentPage>> {
  const conds: SQL[] = [];
  if (q.state) conds.push(eq(balanceAdjustments.state, q.state));
  if (q.memberId) conds.push(eq(balanceAdjustments.memberId, q.memberId));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, total] = await Promise.all([
    selectAdjustments(db)
      .where(where)
      .orderBy(desc(balanceAdjustments.createdAt), desc(balanceAdjustments.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.$count(balanceAdjustments, where),
  ]);
  return pageOf(q, rows.map(toData), total);
}

/**
 * Post the adjustment to the points ledger and mark it applied by `by`. The ledger row first (a
 * debit that would go below zero throws INSUFFICIENT_POINTS and nothing changes), then the
 * conditional update that only a still-pending adjustment passes.
 */
async function apply(ctx: AppContext, a: { id: number; memberId: number; amount: number; reason: string }, by: Staff) {
  const entry = {
    memberId: a.memberId,
    amount: Math.abs(a.amount),
    reason: 'adjust',
    // The member reads 「后台调整：<reason>」 in 微豆明细.
    source: a.reason,
    idempotencyKey: `adjust:${a.id}`,
  };
  const posted = a.amount > 0 ? await credit(ctx, entry) : await debit(ctx, entry);
  const [done] = await ctx.db
    .update(balanceAdjustments)
    .set({ state: 'applied', ledgerId: posted.ledgerId, decidedBy: by.id, decidedAt: new Date(ctx.now()) })
    .where(and(eq(balanceAdjustments.id, a.id), eq(balanceAdjustments.state, 'pending')))
    .returning({ id: balanceAdjustments.id });
  if (!done) throw new AppError('ALREADY_DECIDED');
  return posted;
}

/** Request an adjustment; within the threshold it is applied at once (decided by the requester). */
export async function requestAdjustment(
  ctx: AppContext,
  by: Staff,
  memberId: number,
  input: { amount: number; reason: string },
): Promise<AdjustmentData> {
  const [m] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!m) throw new AppError('NOT_FOUND', '会员不存在');
  const [row] = await ctx.db
    .insert(balanceAdjustments)
    .values({
      memberId,
      amount: input.amount,
      reason: input.reason,
      requestedBy: by.id,
      createdAt: new Date(ctx.now()),
    })
    .returning();
  if (Math.abs(input.amount) <= (await fourEyesThreshold(ctx.db))) await apply(ctx, row!, by);
  return adjustmentById(ctx.db, row!.id);
}

async function decidable(ctx: AppContext, id: number, by: Staff) {
  const [a] = await ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).limit(1);
  if (!a) throw new AppError('NOT_FOUND', '调整记录不存在');
  if (a.requestedBy === by.id) throw new AppError('FOUR_EYES_SELF');
  if (a.state !== 'pending') throw new AppError('ALREADY_DECIDED');
  return a;
}

export async function approveAdjustment(ctx: AppContext, id: number, by: Staff): Promise<AdjustmentData> {
  const a = await decidable(ctx, id, by);
  await apply(ctx, a, by);
  return adjustmentById(ctx.db, id);
}

export async function rejectAdjustment(
  ctx: AppContext,
  id: number,
  by: Staff,
  reason: string,
): Promise<AdjustmentData> {
  await decidable(ctx, id, by);
  const [done] = await ctx.db
    .update(balanceAdjustments)
    .set({ state: 'rejected', decidedBy: by.id, decidedAt: new Date(ctx.now()), decisionReason: reason })
    .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.state, 'pending')))
    .returning({ id: balanceAdjustments.id });
  if (!done) throw new AppError('ALREADY_DECIDED');
  return adjustmentById(ctx.db, id);
}
