/**
 * The newcomer reward under concurrent passes on real PostgreSQL (PGlite has one connection and
 * cannot race): 50 passing submissions at once — the same attempt many times and three different
 * attempts of one member, and two other members alongside — credit each member exactly once, one
 * ledger row under `course-quiz:<member>`, and every submission of one attempt answers the same.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_DEFAULT_REWARD } from '../../openapi/rules/course';
import { pointBalances, pointLedger, quizAttempts } from '../../server/db/tables';
import { rewardKey } from '../../server/modules/course/service';
import { seedDemoCourse } from '../../server/seed/demoCourse';
import { answersFor, type AttemptData } from './course-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('course-reward.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await tasksHarness('course-reward');
  expect(h.ctx.driver).toBe('postgres');
  await seedDemoCourse(h.ctx);
});
afterAll(() => h.env.cleanup());

type Result = { attemptId: number; passed: boolean; rewardPoints: number; rewardedBefore: boolean };

/** `n` open attempts of one member: a start resumes an open attempt, so each is closed for the next start, then all reopened. */
async function attemptsOf(member: number, n: number) {
  const out: { attempt: AttemptData; answers: { questionId: number; option: number }[] }[] = [];
  for (let i = 0; i < n; i++) {
    const r = await h.call<AttemptData>('POST', '/api/v1/answer-sheet/attempts', { member });
    expect(r.code, r.msg).toBe(200);
    out.push({ attempt: r.data, answers: await answersFor(h.ctx, r.data) });
    await h.ctx.db
      .update(quizAttempts)
      .set({ submittedAt: new Date(h.clock.now()) })
      .where(eq(quizAttempts.id, r.data.attemptId));
    h.clock.advance(DAY);
  }
  await h.ctx.db
    .update(quizAttempts)
    .set({ submittedAt: null })
    .where(
      inArray(
        quizAttempts.id,
        out.map((o) => o.attempt.attemptId),
      ),
    );
  return out;
}

describe('newcomer reward races on PostgreSQL', () => {
  it('50 concurrent passing submissions (same and different attempts) credit each member exactly once', async () => {
    const main = await newMember(h.ctx);
    const others = [await newMember(h.ctx), await newMember(h.ctx)];
    const mine = await attemptsOf(main, 3);
    const theirs = [...(await attemptsOf(others[0]!, 1)), ...(await attemptsOf(others[1]!, 1))];
    const calls: { member: number; id: number; answers: unknown }[] = [];
    for (let i = 0; i < 40; i++) {
      const x = mine[i % 3]!;
      calls.push({ member: main, id: x.attempt.attemptId, answers: x.answers });
    }
    for (let i = 0; i < 10; i++) {
      const x = theirs[i % 2]!;
      calls.push({ member: others[i % 2]!, id: x.attempt.attemptId, answers: x.answers });
    }
    const results = await Promise.all(
      calls.map((c) =>
        h.call<Result>('POST', `/api/v1/answer-sheet/attempts/${c.id}/submit`, {
          member: c.member,
          body: { answers: c.answers },
        }),
      ),
    );
    for (const r of results) expect(r.code, r.msg).toBe(200);
    expect(results.every((r) => r.data.passed)).toBe(true);

    for (const m of [main, ...others]) {
      const rows = await h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m));
      expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([[QUIZ_DEFAULT_REWARD, rewardKey(m)]]);
      const [balance] = await h.ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, m));
      expect(balance!.balance).toBe(QUIZ_DEFAULT_REWARD);
      const paid = await h.ctx.db
        .select({ id: quizAttempts.id, reward: quizAttempts.rewardPoints })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.memberId, m)));
      expect(paid.filter((p) => p.reward === QUIZ_DEFAULT_REWARD)).toHaveLength(1);
      expect(paid.every((p) => p.reward !== null)).toBe(true);
    }
    // Every submission of one attempt answers that attempt's one result.
    const byAttempt = new Map<number, string>();
    for (const r of results) {
      const s = JSON.stringify(r.data);
      expect(byAttempt.get(r.data.attemptId) ?? s).toBe(s);
      byAttempt.set(r.data.attemptId, s);
    }
    const paidAnswers = results.filter((r) => r.data.rewardPoints > 0);
    expect(new Set(paidAnswers.map((r) => r.data.attemptId)).size).toBe(3);
    expect(
      results.filter((r) => mine.some((x) => x.attempt.attemptId === r.data.attemptId) && r.data.rewardPoints > 0)
        .length,
    ).toBeGreaterThan(0);
  });
});
