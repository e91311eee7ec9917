/**
 * The monthly run of 月度答题之星: once a Beijing month is over, rank the members by that month's
 * answers (openapi/rules/appraise.ts, counting as answer quality does), store the winners and pay
 * each award through the points ledger, and tell each winner in a message.
 *
 * - One transaction per run, under a per-month advisory lock: concurrent runs of one month queue,
 *   the first writes the run row, its winners and their awards; the others find the row and
 *   write nothing. The run row's primary key and the winners' unique (month, member) back it.
 * - Each award's ledger key is `appraise:YYYY-MM:<member>`: paid once per member per month
 *   whatever runs again; a re-run only pays a stored winner whose award is not yet recorded paid.
 * - A month not over yet is refused.
 *
 * Started by the operator (`npm run ops -- appraise run [--month YYYY-MM]`) or by the server's
 * scheduled round (`startAppraiseSchedule`), which runs the previous month once it is over.
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import { JoinResult } from '../../../openapi/enums';
import { MONTH_PATTERN, qualifies, rankCandidates, type AppraiseCandidate } from '../../../openapi/rules/appraise';
import { COUNTED_JOIN_RESULTS } from '../../../openapi/rules/quality';
import type { AppContext } from '../../context';
import { appraiseRuns, appraiseWinners } from '../../db/schema-appraise';
import { participations } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor, Tx, WriteContext } from '../../kernel/db';
import { startPeriodic } from '../../kernel/periodic';
import { shanghaiDay, shanghaiMonth } from '../../kernel/time';
import { appraiseAwardMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { credit } from '../points/ledger';

/** Arbitrary constant (an int4): the advisory lock class of one month's run. */
const RUN_LOCK = 0x61707072;
/** How often the server looks whether the previous month still needs its run. */
export const APPRAISE_SWEEP_MS = 30 * 60_000;

/** The Beijing month (YYYY-MM) of an instant. */
export const monthOf = (ms: number) => shanghaiDay(ms).slice(0, 7);

/** The Beijing month before the one of `now`. */
export function previousMonth(now: number): string {
  return monthOf(shanghaiMonth(shanghaiDay(now)).start - 1);
}

/** The instants a month (YYYY-MM) starts and the next one starts. */
export const monthRange = (month: string) => shanghaiMonth(`${month}-01`);

/** 2030-01 → 2030年1月 */
export const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;

/** The ledger key of one member's award for one month. */
export const awardKey = (month: string, memberId: number) => `appraise:${month}:${memberId}`;

/**
 * Answer quality's counting (quality/standing.ts `isCounted` / `isValid`) as SQL, for a month's
 * aggregate over every member: counted = a finished complete or too-fast answer; valid = a complete
 * with no low-quality reason, not reversed. tests/api/appraise.test.ts checks it against `isValid`.
 */
const counted = and(
  eq(participations.status, 'finished'),
  inArray(participations.joinResult, [...COUNTED_JOIN_RESULTS]),
);
const validSql = sql`(${participations.joinResult} = ${JoinResult.values.COMPLETE} and jsonb_array_length(${participations.lowQualityReasons}) = 0 and ${participations.pointsStatus} <> 'reversed')`;

/** Each member's counted and valid answers finished in [start, end), and when their last valid one finished. */
export async function tallyMonth(
  db: Executor,
  start: number,
  end: number,
  memberId?: number,
): Promise<AppraiseCandidate[]> {
  const rows = await db
    .select({
      memberId: participations.memberId,
      counted: count(),
      valid: sql<number>`count(*) filter (where ${validSql})`.mapWith(Number),
      reachedAt: sql<Date | null>`max(${participations.finishedAt}) filter (where ${validSql})`,
      lastAt: max(participations.finishedAt),
    })
    .from(participations)
    .where(
      and(
        counted,
        gte(participations.finishedAt, new Date(start)),
        lt(participations.finishedAt, new Date(end)),
        memberId === undefined ? undefined : eq(participations.memberId, memberId),
      ),
    )
    .groupBy(participations.memberId);
  return rows.map((r) => ({
    memberId: r.memberId,
    counted: r.counted,
    valid: r.valid,
    reachedAt: new Date(r.reachedAt ?? r.lastAt ?? start).getTime(),
  }));
}

export interface WinnerRow {
  rank: number;
  memberId: number;
  valid: number;
  counted: number;
  rate: number;
  award: number;
  ledgerId: number | null;
}

export interface RunResult {
  month: string;
  /** True when the month had been run before: nothing new was ranked. */
  already: boolean;
  candidates: number;
  qualified: number;
  winners: WinnerRow[];
  /** Awards paid by this call (0 on a re-run of a paid month). */
  paid: number;
}

/** Refuse what is not a month, or a month not over at `now`. */
export function checkMonth(month: string, now: number): void {
  if (!MONTH_PATTERN.test(month)) throw new AppError('INVALID_PARAMS', `月份应为 YYYY-MM，如 2030-01：${month}`);
  if (monthRange(month).end > now)
    throw new AppError('INVALID_PARAMS', `${monthLabel(month)}还没有结束（北京时间），结束后才能评选`);
}

/** What a stored winner's row reads as (WinnerRow). */
export const winnerColumns = {
  rank: appraiseWinners.rank,
  memberId: appraiseWinners.memberId,
  valid: appraiseWinners.valid,
  counted: appraiseWinners.counted,
  rate: appraiseWinners.rate,
  award: appraiseWinners.award,
  ledgerId: appraiseWinners.ledgerId,
};

/** A month's stored winners, by rank. */
export async function winnersOf(db: Executor, month: string): Promise<WinnerRow[]> {
  return db
    .select(winnerColumns)
    .from(appraiseWinners)
    .where(eq(appraiseWinners.month, month))
    .orderBy(asc(appraiseWinners.rank));
}

/** Pay one winner's award (once per member and month: the ledger key) and record it; true when paid now. */
async function payAward(tx: Tx, month: string, w: WinnerRow, now: number): Promise<boolean> {
  const r = await credit(tx, {
    memberId: w.memberId,
    amount: w.award,
    reason: 'appraise',
    source: `${monthLabel(month)} 第 ${w.rank} 名`,
    idempotencyKey: awardKey(month, w.memberId),
    at: now,
  });
  await tx
    .update(appraiseWinners)
    .set({ ledgerId: r.ledgerId, paidAt: new Date(now) })
    .where(
      and(eq(appraiseWinners.month, month), eq(appraiseWinners.memberId, w.memberId), isNull(appraiseWinners.ledgerId)),
    );
  w.ledgerId = r.ledgerId;
  await postEventMessage(tx, w.memberId, appraiseAwardMessage({ month, ...w }), now);
  return !r.replayed;
}

/** Run a finished month: rank, store, pay. A month run before answers its stored result (paying any award left unpaid). */
export async function runMonth(ctx: WriteContext, month: string, ranBy: string): Promise<RunResult> {
  const now = ctx.now();
  checkMonth(month, now);
  return (ctx.db as Exclude<Executor, Tx>).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK}, hashtext(${month}))`);
    const before = await runOf(tx, month);
    let winners: WinnerRow[];
    let result: Omit<RunResult, 'winners' | 'paid'>;
    if (before) {
      winners = await winnersOf(tx, month);
      result = { month, already: true, candidates: before.candidates, qualified: before.qualified };
    } else {
      const { start, end } = monthRange(month);
      const candidates = await tallyMonth(tx, start, end);
      const ranked = rankCandidates(candidates);
      const qualified = candidates.filter((c) => qualifies(c.counted, c.valid)).length;
      await tx.insert(appraiseRuns).values({ month, candidates: candidates.length, qualified, ranBy });
      winners = ranked.map((c) => ({
        rank: c.rank,
        memberId: c.memberId,
        valid: c.valid,
        counted: c.counted,
        rate: c.valid / c.counted,
        award: c.award,
        ledgerId: null,
      }));
      if (winners.length) await tx.insert(appraiseWinners).values(winners.map((w) => ({ month, ...w })));
      result = { month, already: false, candidates: candidates.length, qualified };
    }
    let paid = 0;
    for (const w of winners) if (w.ledgerId === null && w.award > 0 && (await payAward(tx, month, w, now))) paid++;
    return { ...result, winners, paid };
  });
}

/** The months run so far, newest first. */
export async function runMonths(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ month: appraiseRuns.month })
    .from(appraiseRuns)
    .orderBy(sql`${appraiseRuns.month} desc`)
    .limit(limit);
  return rows.map((r) => r.month);
}

/** A month's run row (when it has been run). */
export async function runOf(db: Executor, month: string) {
  const [row] = await db.select().from(appraiseRuns).where(eq(appraiseRuns.month, month));
  return row;
}

/** One scheduled round: run the previous month when it has no run yet. Null when there was nothing to do. */
export async function appraiseRound(ctx: WriteContext): Promise<RunResult | null> {
  const month = previousMonth(ctx.now());
  if (await runOf(ctx.db, month)) return null;
  return runMonth(ctx, month, 'schedule');
}

/** Run `appraiseRound` every `intervalMs` until the returned stop function is called. */
export function startAppraiseSchedule(ctx: AppContext, intervalMs = APPRAISE_SWEEP_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      const r = await appraiseRound(ctx);
      if (r && !r.already)
        ctx.log.info({ month: r.month, winners: r.winners.length, paid: r.paid }, 'monthly best (答题之星) run');
    },
    (err) => ctx.log.error({ err }, 'monthly best (答题之星) run failed'),
  );
}
