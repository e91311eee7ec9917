/**
 * 微豆 earned per member per Beijing week (Monday-start) and month: the aggregate the ranking
 * (排行榜) reads, kept in `ranking_earned` (server/db/schema-ranking.ts).
 *
 * What counts as earned (the one definition; the rebuild below says the same in SQL):
 * - a posted credit that is not a reversal — every earning reason (task, checkin, invite, boost,
 *   the basic questionnaire, any later one) counts; spending (exchange debits) never does;
 * - less its reversal (a task reversed by the partner, a boost taken back), subtracted from the
 *   period of the credit it reverses, so a period's figure is what the member kept of it;
 * - a refund (the reversal of a debit) is money coming back, not earned: it does not count;
 * - pending credits are not earned until posted (they are never spendable either).
 *
 * `addEarned` runs for every new ledger row inside its transaction (the points book's
 * `afterAppend`, called by the kernel's one ledger writer). `rebuildEarned` recomputes the whole
 * table from the ledger (idempotent: the operator's `npm run ops -- ranking rebuild`, and at start
 * when the table is empty but the ledger is not).
 */
import { count, eq, sql } from 'drizzle-orm';
import { pointLedger } from '../../db/schema-points';
import { rankingEarned } from '../../db/schema-ranking';
import type { Executor, Tx } from '../../kernel/db';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../kernel/time';

export const RANK_PERIODS = ['week', 'month'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];

/** The Beijing day the period of kind `period` containing instant `ms` starts. */
export function periodStart(period: RankPeriod, ms: number): string {
  const day = shanghaiDay(ms);
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const mondayOffset = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shanghaiDay(shanghaiDayStart(day) - mondayOffset * DAY_MS);
}

/** The Beijing day the next period starts (the period runs up to, not including, it). */
export function periodEnd(period: RankPeriod, start: string): string {
  if (period === 'week') return shanghaiDay(shanghaiDayStart(start) + 7 * DAY_MS);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

type LedgerRow = typeof pointLedger.$inferSelect;

let generation = 0;
/** Bumped by every change to the aggregate in this process: readers' snapshots older than it are stale. */
export const earnedGeneration = () => generation;

/** Add a new ledger row to the periods it counts in (nothing when it does not count). */
export async function addEarned(tx: Tx, row: LedgerRow): Promise<void> {
  if (row.status !== 'posted') return;
  let at: Date = row.createdAt;
  if (row.reversesId === null) {
    if (row.amount <= 0) return; // spending
  } else {
    if (row.amount >= 0) return; // a refund of spending
    const [orig] = await tx
      .select({ createdAt: pointLedger.createdAt })
      .from(pointLedger)
      .where(eq(pointLedger.id, row.reversesId))
      .limit(1);
    at = orig!.createdAt;
  }
  const delta = row.amount;
  generation++;
  for (const period of RANK_PERIODS) {
    await tx
      .insert(rankingEarned)
      .values({
        period,
        periodStart: periodStart(period, at.getTime()),
        memberId: row.memberId,
        amount: Math.max(delta, 0),
      })
      .onConflictDoUpdate({
        target: [rankingEarned.period, rankingEarned.periodStart, rankingEarned.memberId],
        set: { amount: sql`greatest(${rankingEarned.amount} + ${delta}, 0)` },
      });
  }
}

/**
 * Recompute `ranking_earned` from the ledger in one transaction (the ledger's writers wait for it:
 * SHARE lock), so running it twice or beside live traffic leaves the same table. Returns the rows.
 */
export async function rebuildEarned(db: Executor): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`lock table point_ledger in share mode`);
    await tx.execute(sql`lock table ranking_earned in exclusive mode`);
    await tx.delete(rankingEarned);
    await tx.execute(sql`
      with counted as (
        select l.member_id, l.amount,
               ((coalesce(o.created_at, l.created_at) at time zone 'UTC') + interval '8 hours')::date as d
        from point_ledger l left join point_ledger o on o.id = l.reverses_id
        where l.status = 'posted'
          and ((l.reverses_id is null and l.amount > 0) or (l.reverses_id is not null and l.amount < 0))
      )
      insert into ranking_earned (period, period_start, member_id, amount)
      select 'week', date_trunc('week', d)::date, member_id, greatest(sum(amount), 0) from counted group by 2, 3
      union all
      select 'month', date_trunc('month', d)::date, member_id, greatest(sum(amount), 0) from counted group by 2, 3`);
    const [n] = await tx.select({ n: count() }).from(rankingEarned);
    generation++;
    return n?.n ?? 0;
  });
}

/** At start: an install whose ledger predates the ranking gets its aggregate built once. */
export async function ensureEarnedBuilt(db: Executor): Promise<number | null> {
  const [agg] = await db
    .select({ one: sql`1` })
    .from(rankingEarned)
    .limit(1);
  if (agg) return null;
  const [led] = await db
    .select({ one: sql`1` })
    .from(pointLedger)
    .limit(1);
  if (!led) return null;
  return rebuildEarned(db);
}
