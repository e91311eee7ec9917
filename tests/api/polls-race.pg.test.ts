/**
 * Races on real PostgreSQL (PGlite has one connection and cannot race): 20 concurrent submits of
 * one respondent id credit once and all answer the same outcome; concurrent first completions of
 * the basic questionnaire pay its reward once; sum(ledger) = balance throughout.
 * Collected only when DATABASE_URL is set (vitest.config.ts).
 */
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import { pointLedger } from '../../server/db/schema-points';
import { basicSurveyCompletions, participations, pollResponses, tasks } from '../../server/db/schema-tasks';
import { balanceOf } from '../../server/modules/points/ledger';
import { BASIC_SURVEY_REWARD } from '../../server/modules/profile/basicSurvey';
import { COMPLETE_BASIC_SURVEY, goodAnswers, startAs, startedPoll, submitPoll, withAnswer } from './polls-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('polls-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('polls-race');
  expect(h.ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

async function ledgerSum(memberId: number) {
  const [row] = await h.ctx.db
    .select({ s: sum(pointLedger.amount).mapWith(Number) })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  return row?.s ?? 0;
}

describe('poll submits on PostgreSQL', () => {
  it('20 concurrent submits of one rid credit once and answer one outcome', async () => {
    const { poll, member, rid, task } = await startedPoll(h);
    h.clock.advance(60_000);
    // Half clean, half with a failed trap question: whichever wins, all answer the winner's outcome.
    const sheets = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? goodAnswers() : withAnswer(goodAnswers(), 3, { optionIds: [1] }),
    );
    const results = await Promise.all(sheets.map((answers) => submitPoll(h, member, poll.id, rid, answers)));
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    const first = results[0]!.data;
    for (const r of results) expect(r.data).toEqual(first);
    expect(first.joinResult).toBe(JoinResult.values.COMPLETE);
    expect([100, 50]).toContain(first.points);

    const rows = await h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, member));
    expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([[first.points, `task:${rid}`]]);
    expect(await balanceOf(h.ctx.db, member)).toBe(first.points);
    expect(await ledgerSum(member)).toBe(first.points);

    const [p] = await h.ctx.db.select().from(participations).where(eq(participations.respondentId, rid));
    const responses = await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p!.id));
    expect(responses).toHaveLength(1);
    expect(responses[0]!.lowQualityReasons).toEqual(first.lowQualityReasons);
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(1);
  });

  it('many members submitting at once against a quota of 3: three completes, the rest quota full', async () => {
    const { poll, task, member, rid } = await startedPoll(h, { task: { quota: 3, quotaFullPoints: 5 } });
    const others = [];
    for (let i = 0; i < 11; i++) others.push(await startAs(h, task.hashId, { ip: `10.20.0.${i + 1}` }));
    const all = [{ member, rid }, ...others];
    h.clock.advance(60_000);
    const results = await Promise.all(all.map((x) => submitPoll(h, x.member, poll.id, x.rid, goodAnswers())));
    const byResult = results.map((r) => r.data.joinResult);
    expect(byResult.filter((x) => x === JoinResult.values.COMPLETE)).toHaveLength(3);
    expect(byResult.filter((x) => x === JoinResult.values.QUOTA_FULL)).toHaveLength(9);
    for (const x of all) {
      expect(await ledgerSum(x.member)).toBe(await balanceOf(h.ctx.db, x.member));
    }
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(3);
  });
});

describe('basic questionnaire on PostgreSQL', () => {
  it('10 concurrent completing submits pay the reward once', async () => {
    const m = await newMember(h.ctx);
    const answers = COMPLETE_BASIC_SURVEY;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call<{ completed: boolean; pointsAwarded: number }>('POST', '/api/v1/users/survey/basic', {
          member: m,
          body: { answers },
        }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.data.completed)).toBe(true);
    expect(results.map((r) => r.data.pointsAwarded).sort((a, b) => b - a)).toEqual([
      BASIC_SURVEY_REWARD,
      ...Array(9).fill(0),
    ]);
    expect(await balanceOf(h.ctx.db, m)).toBe(BASIC_SURVEY_REWARD);
    expect(await ledgerSum(m)).toBe(BASIC_SURVEY_REWARD);
    expect(
      await h.ctx.db.select().from(basicSurveyCompletions).where(eq(basicSurveyCompletions.memberId, m)),
    ).toHaveLength(1);
  });
});
