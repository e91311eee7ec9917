/** Shared by the appraise tests: random month histories settled the real way, and the direct ranking over them. */
import { JoinResult } from '../../openapi/enums';
import { rankCandidates, type AppraiseCandidate } from '../../openapi/rules/appraise';
import type { AppContext } from '../../server/context';
import { isCounted, isValid } from '../../server/modules/quality/standing';
import { reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { prng } from './support/fuzz-cases';
import { newParticipation, newTask } from './tasks-helpers';

const R = JoinResult.values;

export interface PlannedAnswer {
  memberId: number;
  at: number;
  joinResult: number;
  reasons: number[];
  reverse: boolean;
}

/**
 * A random history for `memberIds` between `from` and `to` (epoch ms): careful members (almost all
 * valid), sloppy ones, and members with few answers, with every counted and uncounted result.
 */
export function randomAnswers(seed: number, memberIds: number[], from: number, to: number): PlannedAnswer[] {
  const rng = prng(seed);
  const out: PlannedAnswer[] = [];
  const results = [R.COMPLETE, R.COMPLETE, R.COMPLETE, R.COMPLETE, R.TOO_SHORT, R.SCREENED_OUT, R.QUOTA_FULL];
  for (const memberId of memberIds) {
    const careful = rng.next() < 0.75;
    const n = careful ? 9 + rng.int(12) : rng.int(16);
    for (let i = 0; i < n; i++) {
      const joinResult = careful && rng.next() < 0.97 ? R.COMPLETE : rng.pick(results);
      const flagChance = careful ? 0.02 : 0.3;
      const reasons = joinResult === R.COMPLETE && rng.next() < flagChance ? [1 + rng.int(5)] : [];
      const reverse = joinResult === R.COMPLETE && rng.next() < (careful ? 0.01 : 0.1);
      out.push({ memberId, at: from + rng.int(to - from), joinResult, reasons, reverse });
    }
  }
  return out;
}

/** Settle the planned answers through settleParticipation / reverseParticipation on `clock`'s time. */
export async function settleAnswers(
  ctx: AppContext,
  clock: { set(ms: number): void },
  answers: PlannedAnswer[],
  back: number,
): Promise<void> {
  for (const a of answers) {
    clock.set(a.at - 60_000);
    const task = await newTask(ctx, { kind: 'poll' });
    const part = await newParticipation(ctx, task.id, a.memberId);
    clock.set(a.at);
    await settleParticipation(ctx, {
      respondentId: part.respondentId,
      joinResult: a.joinResult,
      lowQualityReasons: a.reasons,
      settledBy: 'postback',
    });
    if (a.reverse) await reverseParticipation(ctx, part.respondentId);
  }
  clock.set(back);
}

/** The direct computation: answer quality's counting over the month's planned answers, per member. */
export function expectedCandidates(answers: PlannedAnswer[], start: number, end: number): AppraiseCandidate[] {
  const by = new Map<number, AppraiseCandidate>();
  for (const a of answers) {
    if (a.at < start || a.at >= end) continue;
    const row = {
      joinResult: a.joinResult,
      lowQualityReasons: a.reasons,
      pointsStatus: a.reverse ? ('reversed' as const) : ('posted' as const),
      finishedAt: new Date(a.at),
    };
    if (!isCounted(row)) continue;
    const c = by.get(a.memberId) ?? { memberId: a.memberId, counted: 0, valid: 0, reachedAt: 0 };
    c.counted++;
    if (isValid(row)) {
      c.valid++;
      c.reachedAt = Math.max(c.reachedAt, a.at);
    }
    by.set(a.memberId, c);
  }
  return [...by.values()];
}

/** The direct computation's winners: the candidates ranked by the rules. */
export function expectedWinners(answers: PlannedAnswer[], start: number, end: number) {
  return rankCandidates(expectedCandidates(answers, start, end)).map((w) => ({
    rank: w.rank,
    memberId: w.memberId,
    valid: w.valid,
    counted: w.counted,
    award: w.award,
  }));
}
