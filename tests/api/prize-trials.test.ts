/**
 * Prize trials' screener and report-back (server/modules/prize): a trial with a screener poll takes
 * applications only from members whose poll task settled complete (not answered: PRIZE_SCREENER_NEEDED
 * and the task to answer it in; answered too fast: not eligible); a trial with a report poll lets a
 * winner answer it once the parcel was marked sent, credits its points through the ledger once
 * (key per application) with a message, refuses non-winners and bad answers (nothing written).
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code } from '../../openapi/codes';
import type { PrizeReportForm, PrizeTrialDetail } from '../../openapi/schemas/prize';
import type { AppContext } from '../../server/context';
import { messages } from '../../server/db/schema-content';
import { pointLedger } from '../../server/db/schema-points';
import { prizeApplications } from '../../server/db/schema-prize';
import { participations } from '../../server/db/schema-tasks';
import { DAY_MS } from '../../server/kernel/time';
import { balanceOf } from '../../server/modules/points/ledger';
import { addTrial, drawTrial } from '../../server/modules/prize/service';
import { reportCreditKey, shipTrial } from '../../server/modules/prize/winners';
import { saveAddress } from './exchange-helpers';
import { goodAnswers, newPoll, submitPoll, withAnswer } from './polls-helpers';
import { newMember, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
beforeAll(async () => {
  h = await tasksHarness('prize-trials');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

type Detail = z.output<typeof PrizeTrialDetail>;
const trial = (o: Partial<Parameters<typeof addTrial>[1]> = {}) =>
  addTrial(ctx, {
    title: '便携咖啡机试用',
    summary: '',
    images: [],
    units: 1,
    opensAt: ctx.now() - 1000,
    closesAt: ctx.now() + DAY_MS,
    ...o,
  });
const detailOf = (id: number, member: number) => h.call<Detail>('GET', `/api/v1/prizes/${id}`, { member });
const applyVia = (member: number, id: number) => h.call('POST', `/api/v1/prizes/${id}/apply`, { member });
const reportVia = (member: number, id: number, answers: unknown[]) =>
  h.call<{ points: number; replayed: boolean }>('POST', `/api/v1/prizes/${id}/report`, {
    member,
    body: { answers },
  });

/** A poll and its poll task (min 30 s): the screener members answer. */
async function screenerPoll() {
  const poll = await newPoll(ctx, { title: '咖啡饮用习惯甄别问卷' });
  const task = await newTask(ctx, { kind: 'poll', pollId: poll.id, points: 10, minSeconds: 30 });
  return { poll, task };
}

/** Start the screener's task as `member`, wait `seconds`, submit good answers. */
async function answerScreener(member: number, taskHashId: string, pollId: number, seconds: number) {
  const s = await h.call<{ respondentId: string }>('POST', `/api/v1/process/tasks/${taskHashId}/start`, { member });
  expect(s.code).toBe(200);
  h.clock.advance(seconds * 1000);
  expect((await submitPoll(h, member, pollId, s.data.respondentId, goodAnswers())).code).toBe(200);
}

describe('screener questionnaire', () => {
  it('publishing refuses a poll that does not exist or has no poll task to answer it in', async () => {
    await expect(trial({ screenerPollId: 999_999 })).rejects.toMatchObject({ code: Code.INVALID_PARAMS });
    const lonely = await newPoll(ctx);
    await expect(trial({ screenerPollId: lonely.id })).rejects.toMatchObject({ code: Code.INVALID_PARAMS });
    await expect(trial({ reportPoints: 50 })).rejects.toMatchObject({ code: Code.INVALID_PARAMS });
  });

  it('only members who completed it may apply; the page names the task to answer it in', async () => {
    const { poll, task } = await screenerPoll();
    const t = await trial({ screenerPollId: poll.id });
    const plain = await trial();

    const m = await newMember(ctx);
    const before = await detailOf(t.id, m);
    expect(before.data.trial.screener).toEqual({ title: '咖啡饮用习惯甄别问卷', taskHashId: task.hashId });
    expect(before.data.mine).toMatchObject({ eligible: false, screener: 'todo', applied: false });
    expect(before.data.mine?.reason).toContain('咖啡饮用习惯甄别问卷');
    const refused = await applyVia(m, t.id);
    expect(refused.code).toBe(Code.PRIZE_SCREENER_NEEDED);
    expect(refused.msg).toBe('申请前请先完成甄别问卷「咖啡饮用习惯甄别问卷」');
    expect(await ctx.db.select().from(prizeApplications).where(eq(prizeApplications.trialId, t.id))).toHaveLength(0);
    // A trial without a screener is not affected.
    expect((await detailOf(plain.id, m)).data.mine).toMatchObject({ eligible: true, screener: 'none' });

    await answerScreener(m, task.hashId, poll.id, 60);
    expect((await detailOf(t.id, m)).data.mine).toMatchObject({ eligible: true, screener: 'passed', reason: null });
    // The screener's result names the trial, so its end leads back to applying.
    const [p] = await ctx.db
      .select({ rid: participations.respondentId })
      .from(participations)
      .where(and(eq(participations.memberId, m), eq(participations.taskId, task.id)));
    const outcome = await h.call<{ screenerFor: unknown }>('GET', `/api/v1/process/participations/${p!.rid}`, {
      member: m,
    });
    expect(outcome.data.screenerFor).toEqual({ trialId: t.id, title: t.title });
    // Another poll's result names none.
    const other = await screenerPoll();
    await answerScreener(m, other.task.hashId, other.poll.id, 60);
    const [q] = await ctx.db
      .select({ rid: participations.respondentId })
      .from(participations)
      .where(and(eq(participations.memberId, m), eq(participations.taskId, other.task.id)));
    const plainOutcome = await h.call<{ screenerFor: unknown }>('GET', `/api/v1/process/participations/${q!.rid}`, {
      member: m,
    });
    expect(plainOutcome.data.screenerFor).toBeNull();
    expect((await applyVia(m, t.id)).code).toBe(200);
  });

  it('answered but not qualified (too fast) is refused as not eligible', async () => {
    const { poll, task } = await screenerPoll();
    const t = await trial({ screenerPollId: poll.id });
    const m = await newMember(ctx);
    await answerScreener(m, task.hashId, poll.id, 5);
    expect((await detailOf(t.id, m)).data.mine).toMatchObject({ eligible: false, screener: 'failed' });
    const refused = await applyVia(m, t.id);
    expect(refused.code).toBe(Code.PRIZE_NOT_ELIGIBLE);
    expect(refused.msg).toContain('不符合这个试用的申请条件');
  });
});

describe('report-back questionnaire', () => {
  it('a winner answers it once the parcel is sent; credited once with a message; others refused', async () => {
    const poll = await newPoll(ctx, { title: '咖啡机试用报告' });
    const t = await trial({ reportPollId: poll.id, reportPoints: 200 });
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    await applyVia(a, t.id);
    await applyVia(b, t.id);
    expect((await detailOf(t.id, a)).data.trial.reportPoints).toBe(200);
    h.clock.advance(DAY_MS + 1000);
    const [winnerApp] = (await drawTrial(ctx, t.id)).winners;
    const [row] = await ctx.db.select().from(prizeApplications).where(eq(prizeApplications.id, winnerApp!));
    const winner = row!.memberId;
    const loser = winner === a ? b : a;

    expect((await detailOf(t.id, winner)).data.mine).toMatchObject({ won: true, report: 'waiting', shippedAt: null });
    expect((await detailOf(t.id, loser)).data.mine).toMatchObject({ won: false, report: 'none' });
    expect((await h.call('GET', `/api/v1/prizes/${t.id}/report`, { member: loser })).code).toBe(
      Code.PRIZE_REPORT_NOT_WINNER,
    );
    expect((await reportVia(loser, t.id, goodAnswers())).code).toBe(Code.PRIZE_REPORT_NOT_WINNER);
    expect((await reportVia(winner, t.id, goodAnswers())).code).toBe(Code.PRIZE_REPORT_NOT_READY);

    // Not sent before the winner confirmed an address.
    expect(await shipTrial(ctx, t.id)).toEqual({ shipped: [], noAddress: [winnerApp] });
    await saveAddress(ctx, winner);
    expect((await h.call('POST', `/api/v1/prizes/${t.id}/ship-to`, { member: winner })).code).toBe(200);
    expect(await shipTrial(ctx, t.id)).toEqual({ shipped: [winnerApp], noAddress: [] });
    expect(await shipTrial(ctx, t.id)).toEqual({ shipped: [], noAddress: [] });
    await expect(shipTrial(ctx, t.id, [999_999])).rejects.toMatchObject({ code: Code.INVALID_PARAMS });

    const form = await h.call<z.output<typeof PrizeReportForm>>('GET', `/api/v1/prizes/${t.id}/report`, {
      member: winner,
    });
    expect(form.code).toBe(200);
    expect(form.data).toMatchObject({ trialId: t.id, title: '咖啡机试用报告', points: 200, submitted: false });
    expect(JSON.stringify(form.data.questions)).not.toContain('trapOptionId');
    expect((await detailOf(t.id, winner)).data.mine?.report).toBe('todo');

    // Bad answers: a clear message naming the question, nothing written.
    const bad = await reportVia(winner, t.id, withAnswer(goodAnswers(), 1, null));
    expect(bad.code).toBe(Code.POLL_ANSWERS_INVALID);
    expect(bad.msg).toContain('第 1 题');
    expect(await balanceOf(ctx.db, winner)).toBe(0);

    const ok = await reportVia(winner, t.id, goodAnswers());
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ points: 200, replayed: false });
    const again = await reportVia(winner, t.id, goodAnswers());
    expect(again.data).toMatchObject({ points: 200, replayed: true });
    expect(await balanceOf(ctx.db, winner)).toBe(200);
    const rows = await ctx.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.memberId, winner), eq(pointLedger.idempotencyKey, reportCreditKey(winnerApp!))));
    expect(rows).toHaveLength(1);
    expect((await detailOf(t.id, winner)).data.mine?.report).toBe('done');
    const told = await ctx.db
      .select()
      .from(messages)
      .where(like(messages.eventKey, `prize.%:${winnerApp}`));
    expect(told.map((x) => x.title).sort()).toEqual(['你的试用品已寄出', '恭喜你获得试用资格', '试用报告已收到']);
  });
});
