/** Shared by the course tests: answering an attempt right or wrong from the bank on the server side. */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../server/context';
import { quizQuestions } from '../../server/db/tables';

export interface AttemptData {
  attemptId: number;
  questions: { id: number; stem: string; options: string[] }[];
  attemptsLeft: number;
  settings: { questionCount: number; passMark: number; rewardPoints: number; attemptsPerDay: number };
}

/** Answers for an attempt, `wrong` of them wrong (by position in the options as shown). */
export async function answersFor(ctx: AppContext, attempt: AttemptData, wrong = 0) {
  const ids = attempt.questions.map((q) => q.id);
  const rows = await ctx.db.select().from(quizQuestions).where(inArray(quizQuestions.id, ids));
  const right = new Map(rows.map((r) => [r.id, r.options[r.correct]!]));
  return attempt.questions.map((q, i) => {
    const pos = q.options.indexOf(right.get(q.id)!);
    return { questionId: q.id, option: i < wrong ? (pos + 1) % q.options.length : pos };
  });
}
