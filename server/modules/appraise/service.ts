/**
 * GET /v1/appraise: a month's winners as anyone reads them (nicknames masked), the months that
 * have results, the rules, and — for a logged-in member — their own place in that month and how
 * far this month's answers are from qualifying. Reads only what the monthly run stored, and the
 * reader's own answers of this month.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { appraiseRules, distanceToQualify, qualifies } from '../../../openapi/rules/appraise';
import type { Appraise } from '../../../openapi/schemas/appraise';
import { appraiseWinners } from '../../db/schema-appraise';
import { members } from '../../db/schema';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import { monthOf, monthRange, previousMonth, runMonths, runOf, tallyMonth, winnerColumns } from './run';

export type AppraiseData = z.output<typeof Appraise>;

/** How many months with results the switcher lists. */
export const APPRAISE_MONTHS_LISTED = 24;

const RULES: AppraiseData['rules'] = appraiseRules();

/** The reader's answers of the current month so far, and the distance to qualifying. */
async function currentStanding(db: Executor, memberId: number, now: number) {
  const month = monthOf(now);
  const [t] = await tallyMonth(db, monthRange(month).start, now + 1, memberId);
  const counted = t?.counted ?? 0;
  const valid = t?.valid ?? 0;
  return {
    month,
    counted,
    valid,
    rate: counted === 0 ? null : valid / counted,
    qualified: qualifies(counted, valid),
    ...distanceToQualify(counted, valid),
  };
}

export async function appraise(
  db: Executor,
  month: string | undefined,
  now: number,
  viewerId: number | null,
): Promise<AppraiseData> {
  const months = await runMonths(db, APPRAISE_MONTHS_LISTED);
  const shown = month ?? months[0] ?? previousMonth(now);
  const [run, rows, current] = await Promise.all([
    runOf(db, shown),
    db
      .select({ ...winnerColumns, nickname: members.nickname, avatar: members.avatar })
      .from(appraiseWinners)
      .innerJoin(members, eq(members.id, appraiseWinners.memberId))
      .where(eq(appraiseWinners.month, shown))
      .orderBy(asc(appraiseWinners.rank)),
    viewerId === null ? null : currentStanding(db, viewerId, now),
  ]);
  const own = rows.find((r) => r.memberId === viewerId);
  return {
    month: shown,
    months,
    ran: run !== undefined,
    winners: rows.map((r) => ({
      rank: r.rank,
      nickname: maskNickname(r.nickname),
      avatar: r.avatar,
      valid: r.valid,
      counted: r.counted,
      rate: r.rate,
      award: r.award,
      me: r.memberId === viewerId,
    })),
    rules: RULES,
    mine: current && { place: own ? { rank: own.rank, award: own.award } : null, current },
  };
}
