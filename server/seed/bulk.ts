/**
 * The seeds' answer histories in a few statements instead of hundreds (a fresh `npm start` seeds
 * some 300 answers and their credits; one by one that was most of the first start).
 *
 * `settleHistory` writes what `settleParticipation` (modules/tasks/settle.ts) writes for an answer
 * settled by the poll module, for every answer at once: the finished participation, the task's
 * complete count, the points credit (ledger row + balance + the ranking's 微豆 earned) and, for a
 * valid complete, the credit value of `onTaskSettled` (modules/benefits/taskHooks.ts). The money
 * rules hold as for `credit`/`earn` (kernel/ledger.ts): one append-only row per change with its
 * idempotency key, the balance raised by the same amounts in the same transaction, and each row's
 * `balance_after` the member's balance after it in the order given (ids follow that order too).
 *
 * What it does not do, so its callers must not need it: armed boost cards (the history's tasks are
 * new), quotas (they have none), messages (polls post none) and the inviter's first-task reward
 * (a member with an invite still waiting is refused). Reversals go through `reverseParticipation`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CreditSource, JoinResult } from '../../openapi/enums';
import { creditBalances, creditLedger } from '../db/schema-benefits';
import { signups } from '../db/schema-invites';
import { pointBalances, pointLedger } from '../db/schema-points';
import { rankingEarned } from '../db/schema-ranking';
import { participations, tasks } from '../db/schema-tasks';
import type { Tx } from '../kernel/db';
import { CREDIT_GOOD_QUALITY, CREDIT_PER_COMPLETE } from '../modules/credits/ledger';
import { addEarned, periodStart, RANK_PERIODS } from '../modules/points/earned';

const R = JoinResult.values;

/** One answer of a history: a member's participation in a (seeded, quota-free) poll task, settled at `at`. */
export interface HistoryAnswer {
  task: { id: number; title: string; points: number; screenOutPoints: number; quotaFullPoints: number };
  memberId: number;
  startedAt: number;
  expiresAt: number;
  /** When it was settled (epoch ms), before `expiresAt`. */
  at: number;
  joinResult: number;
  lowQualityReasons?: readonly number[];
  /** Points decided by the poll's rules (low-quality pay); default: the task's for the result. */
  points?: number;
}

/** Insert a history's (closed, quota-free) tasks; the new ones by hash id — one taken (seeded before) is left out. */
export async function insertHistoryTasks(
  tx: Tx,
  rows: readonly (typeof tasks.$inferInsert & { hashId: string })[],
): Promise<Map<string, HistoryAnswer['task']>> {
  const created = await tx
    .insert(tasks)
    .values([...rows])
    .onConflictDoNothing({ target: tasks.hashId })
    .returning({
      hashId: tasks.hashId,
      id: tasks.id,
      title: tasks.title,
      points: tasks.points,
      screenOutPoints: tasks.screenOutPoints,
      quotaFullPoints: tasks.quotaFullPoints,
    });
  return new Map(created.map(({ hashId, ...task }) => [hashId, task]));
}

/** A positive points credit, as `credit` (modules/points/ledger.ts) takes it. */
export interface PointsCredit {
  memberId: number;
  amount: number;
  reason: string;
  source: string;
  idempotencyKey: string;
  at: number;
}

interface CreditValue {
  memberId: number;
  amount: number;
  source: number;
  reason: string;
  idempotencyKey: string;
  at: number;
}

/** `n` new ids of `table`'s id sequence, ascending. */
async function nextIds(tx: Tx, table: 'point_ledger' | 'credit_ledger', n: number): Promise<number[]> {
  const rows = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))`.mapWith(Number) })
    .from(sql`generate_series(1, ${n}::int)`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The last entry per member, and their summed amount. */
function perMember<T extends { memberId: number; amount: number; at: number }>(entries: readonly T[]) {
  const sums = new Map<number, { amount: number; at: number }>();
  for (const e of entries) sums.set(e.memberId, { amount: (sums.get(e.memberId)?.amount ?? 0) + e.amount, at: e.at });
  return [...sums].map(([memberId, s]) => ({ memberId, ...s }));
}

/** Running balances: each entry's balance after it, from the members' balances now. */
function runningBalances(entries: readonly { memberId: number; amount: number }[], start: Map<number, number>) {
  const balance = new Map(start);
  return entries.map((e) => {
    const after = (balance.get(e.memberId) ?? 0) + e.amount;
    balance.set(e.memberId, after);
    return after;
  });
}

/** Post positive points credits in order; returns their ledger ids (same order). */
export async function postPointsCredits(tx: Tx, entries: readonly PointsCredit[]): Promise<number[]> {
  if (!entries.length) return [];
  for (const e of entries)
    if (!Number.isSafeInteger(e.amount) || e.amount <= 0)
      throw new Error(`credit amount must be positive: ${e.amount}`);
  const memberIds = [...new Set(entries.map((e) => e.memberId))];
  const now = await tx
    .select({ memberId: pointBalances.memberId, balance: pointBalances.balance })
    .from(pointBalances)
    .where(inArray(pointBalances.memberId, memberIds))
    .for('update');
  const after = runningBalances(entries, new Map(now.map((b) => [b.memberId, b.balance])));
  const ids = await nextIds(tx, 'point_ledger', entries.length);
  const rows = entries.map((e, i) => ({
    id: ids[i]!,
    memberId: e.memberId,
    amount: e.amount,
    balanceAfter: after[i]!,
    reason: e.reason,
    source: e.source,
    idempotencyKey: e.idempotencyKey,
    reversesId: null,
    status: 'posted' as const,
    createdAt: new Date(e.at),
  }));
  await tx.insert(pointLedger).values(rows);
  await tx
    .insert(pointBalances)
    .values(
      perMember(entries).map((m) => ({
        memberId: m.memberId,
        balance: m.amount,
        totalIncome: m.amount,
        updatedAt: new Date(m.at),
      })),
    )
    .onConflictDoUpdate({
      target: pointBalances.memberId,
      set: {
        balance: sql`${pointBalances.balance} + excluded.balance`,
        totalIncome: sql`${pointBalances.totalIncome} + excluded.total_income`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  // The ranking's 微豆 earned: every row but the last summed per period here, the last through
  // addEarned itself (which also tells this process's ranking snapshots that the aggregate changed).
  const earned = new Map<string, { period: string; periodStart: string; memberId: number; amount: number }>();
  for (const row of rows.slice(0, -1)) {
    for (const period of RANK_PERIODS) {
      const start = periodStart(period, row.createdAt.getTime());
      const key = `${period} ${start} ${row.memberId}`;
      const had = earned.get(key);
      if (had) had.amount += row.amount;
      else earned.set(key, { period, periodStart: start, memberId: row.memberId, amount: row.amount });
    }
  }
  if (earned.size)
    await tx
      .insert(rankingEarned)
      .values([...earned.values()])
      .onConflictDoUpdate({
        target: [rankingEarned.period, rankingEarned.periodStart, rankingEarned.memberId],
        set: { amount: sql`greatest(${rankingEarned.amount} + excluded.amount, 0)` },
      });
  await addEarned(tx, rows.at(-1)!);
  return ids;
}

/** Earn credit value (positive) in order, as `earn` (modules/credits/ledger.ts) does one by one. */
async function earnCredits(tx: Tx, entries: readonly CreditValue[]): Promise<void> {
  if (!entries.length) return;
  const memberIds = [...new Set(entries.map((e) => e.memberId))];
  const now = await tx
    .select({ memberId: creditBalances.memberId, balance: creditBalances.balance })
    .from(creditBalances)
    .where(inArray(creditBalances.memberId, memberIds))
    .for('update');
  const after = runningBalances(entries, new Map(now.map((b) => [b.memberId, b.balance])));
  const ids = await nextIds(tx, 'credit_ledger', entries.length);
  await tx.insert(creditLedger).values(
    entries.map((e, i) => ({
      id: ids[i]!,
      memberId: e.memberId,
      amount: e.amount,
      balanceAfter: after[i]!,
      source: e.source,
      reason: e.reason,
      refMemberId: null,
      idempotencyKey: e.idempotencyKey,
      createdAt: new Date(e.at),
    })),
  );
  await tx
    .insert(creditBalances)
    .values(
      perMember(entries).map((m) => ({
        memberId: m.memberId,
        balance: m.amount,
        totalEarned: m.amount,
        updatedAt: new Date(m.at),
      })),
    )
    .onConflictDoUpdate({
      target: creditBalances.memberId,
      set: {
        balance: sql`${creditBalances.balance} + excluded.balance`,
        totalEarned: sql`${creditBalances.totalEarned} + excluded.total_earned`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** What the settlement decides for an answer: its result and points (settle.ts `defaultPointsFor`). */
function outcomeOf(a: HistoryAnswer): { joinResult: number; points: number } {
  if (a.at >= a.expiresAt) throw new Error('a history answer must be settled before it expires');
  const t = a.task;
  const byResult: Record<number, number> = {
    [R.COMPLETE]: t.points,
    [R.SCREENED_OUT]: t.screenOutPoints,
    [R.QUOTA_FULL]: t.quotaFullPoints,
  };
  return { joinResult: a.joinResult, points: a.points ?? byResult[a.joinResult] ?? 0 };
}

/** Settle a history of answers, in order, the way the poll module's settlement would one by one. */
export async function settleHistory(tx: Tx, answers: readonly HistoryAnswer[]): Promise<void> {
  if (!answers.length) return;
  const memberIds = [...new Set(answers.map((a) => a.memberId))];
  const [invited] = await tx
    .select({ memberId: signups.memberId })
    .from(signups)
    .where(
      and(inArray(signups.memberId, memberIds), isNotNull(signups.inviterId), eq(signups.firstTaskState, 'waiting')),
    )
    .limit(1);
  if (invited) throw new Error(`member ${invited.memberId} waits for an invite reward: settle through settle.ts`);

  const settled = answers.map((a) => ({
    ...a,
    ...outcomeOf(a),
    respondentId: randomBytes(16).toString('base64url'),
    reasons: [...new Set(a.lowQualityReasons ?? [])].sort((x, y) => x - y),
  }));
  const paid = settled.filter((s) => s.points > 0);
  const ledgerIds = await postPointsCredits(
    tx,
    paid.map((s) => ({
      memberId: s.memberId,
      amount: s.points,
      reason: 'task',
      source: s.task.title,
      idempotencyKey: `task:${s.respondentId}`,
      at: s.at,
    })),
  );
  const ledgerOf = new Map(paid.map((s, i) => [s.respondentId, ledgerIds[i]!]));
  await tx.insert(participations).values(
    settled.map((s) => ({
      taskId: s.task.id,
      memberId: s.memberId,
      respondentId: s.respondentId,
      status: 'finished' as const,
      joinResult: s.joinResult,
      points: s.points,
      pointsStatus: s.points > 0 ? ('posted' as const) : ('none' as const),
      ledgerId: ledgerOf.get(s.respondentId) ?? null,
      lowQualityReasons: s.reasons,
      settledBy: 'poll' as const,
      startedAt: new Date(s.startedAt),
      expiresAt: new Date(s.expiresAt),
      finishedAt: new Date(s.at),
    })),
  );

  // Completes counted per task (the tasks have no quota, so every complete counts).
  const completes = new Map<number, number>();
  for (const s of settled)
    if (s.joinResult === R.COMPLETE) completes.set(s.task.id, (completes.get(s.task.id) ?? 0) + 1);
  if (completes.size)
    await tx.execute(sql`update tasks set completes = tasks.completes + v.n
      from (values ${sql.join(
        [...completes].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      )}) as v(id, n) where tasks.id = v.id`);

  // A valid complete's credit value (taskHooks.ts): per complete, and more for a clean poll answer.
  const valid = settled.filter((s) => s.joinResult === R.COMPLETE && s.points > 0 && s.reasons.length === 0);
  await earnCredits(
    tx,
    valid.flatMap((s) => [
      {
        memberId: s.memberId,
        amount: CREDIT_PER_COMPLETE,
        source: CreditSource.values.TASK,
        reason: s.task.title,
        idempotencyKey: `credit:task:${s.respondentId}`,
        at: s.at,
      },
      {
        memberId: s.memberId,
        amount: CREDIT_GOOD_QUALITY,
        source: CreditSource.values.QUALITY,
        reason: `答题质量良好：${s.task.title}`,
        idempotencyKey: `credit:quality:${s.respondentId}`,
        at: s.at,
      },
    ]),
  );
}
