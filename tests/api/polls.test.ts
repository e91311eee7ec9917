/**
 * In-house questionnaires (server/modules/polls): GET /v1/polls/{id} (no quality keys leak, own rid
 * only), POST /v1/polls validation (each rule), each low-quality reason, too short, the
 * low-quality pay rule and its line in the task rules, a second submit answering the first outcome
 * with one credit, expiry.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult, LowQualityReason } from '../../openapi/enums';
import { pointLedger } from '../../server/db/schema-points';
import { participations, pollResponses } from '../../server/db/schema-tasks';
import { balanceOf } from '../../server/modules/points/ledger';
import { DEMO_POLLS } from '../../server/modules/polls/demoPolls';
import { isRandomText } from '../../server/modules/polls/quality';
import { LOW_QUALITY_RULES } from '../../server/modules/tasks/service';
import {
  DEMO,
  goodAnswers,
  newPoll,
  startAs,
  startedPoll,
  submitPoll,
  withAnswer,
  type AnswerInput,
} from './polls-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

const R = JoinResult.values;
const Q = LowQualityReason.values;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('polls');
});
afterAll(() => h.env.cleanup());

const ledgerOf = (memberId: number) => h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));
const participation = async (rid: string) =>
  (await h.ctx.db.select().from(participations).where(eq(participations.respondentId, rid)))[0]!;

/** Start, wait a plausible minute, submit. */
async function answered(answers: (base: AnswerInput[]) => AnswerInput[], opts: Parameters<typeof startedPoll>[1] = {}) {
  const s = await startedPoll(h, opts);
  h.clock.advance(60_000);
  const r = await submitPoll(h, s.member, s.poll.id, s.rid, answers(goodAnswers()));
  return { ...s, r };
}

describe('GET /v1/polls/{id}', () => {
  it('shows the questions without trap answers, fictional flags or logic rules', async () => {
    const { poll, task, member, rid } = await startedPoll(h);
    const r = await h.call<Record<string, unknown>>('GET', `/api/v1/polls/${poll.id}?rid=${rid}`, { member });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      id: poll.id,
      title: DEMO.title,
      intro: DEMO.intro,
      taskHashId: task.hashId,
      points: 100,
      submitted: false,
    });
    const questions = r.data.questions as Record<string, unknown>[];
    expect(questions.map((q) => q.id)).toEqual(DEMO.questions.map((q) => q.id));
    expect(questions[1]).toMatchObject({ kind: 'multiple', maxChoices: 3, minLength: 0, rows: [] });
    expect(questions[6]).toMatchObject({ kind: 'matrix', maxChoices: null });
    expect((questions[6]!.rows as unknown[]).length).toBe(3);
    expect(questions[7]).toMatchObject({ kind: 'text', minLength: 5, options: [] });
    const raw = JSON.stringify(r.data);
    for (const secret of ['trap', 'fictional', 'logic', 'contradicts']) expect(raw).not.toContain(secret);
    expect(Object.keys(questions[2]!).sort()).toEqual(
      ['id', 'kind', 'maxChoices', 'minLength', 'options', 'required', 'rows', 'title'].sort(),
    );
  });

  it('is submitted after a submit', async () => {
    const { poll, member, rid } = await startedPoll(h);
    h.clock.advance(60_000);
    expect((await submitPoll(h, member, poll.id, rid, goodAnswers())).code).toBe(200);
    const r = await h.call<{ submitted: boolean }>('GET', `/api/v1/polls/${poll.id}?rid=${rid}`, { member });
    expect(r.data.submitted).toBe(true);
  });

  it("refuses another member's rid, an unknown rid, a rid of another poll and an unknown poll", async () => {
    const { poll, rid } = await startedPoll(h);
    const other = await newMember(h.ctx);
    const foreign = await h.call('GET', `/api/v1/polls/${poll.id}?rid=${rid}`, { member: other });
    expect(foreign.code).toBe(Code.PARTICIPATION_FOREIGN);
    expect(foreign.data).toBeUndefined();
    const unknown = await h.call('GET', `/api/v1/polls/${poll.id}?rid=nosuchrespondent`, { member: other });
    expect(unknown.code).toBe(Code.NOT_FOUND);
    const second = await startedPoll(h);
    const mismatch = await h.call('GET', `/api/v1/polls/${poll.id}?rid=${second.rid}`, { member: second.member });
    expect(mismatch.code).toBe(Code.NOT_FOUND);
    const missing = await h.call('GET', `/api/v1/polls/999999?rid=${rid}`, { member: other });
    expect(missing.code).toBe(Code.NOT_FOUND);
  });

  it('needs a login', async () => {
    const { poll } = await startedPoll(h);
    expect((await h.call('GET', `/api/v1/polls/${poll.id}`)).status).toBe(401);
  });

  it('previews without a rid: the task using it and whether I answered it', async () => {
    const { poll, task, member, rid } = await startedPoll(h);
    const before = await h.call<Record<string, unknown>>('GET', `/api/v1/polls/${poll.id}`, { member });
    expect(before.data).toMatchObject({ taskHashId: task.hashId, points: 100, submitted: false });
    h.clock.advance(60_000);
    await submitPoll(h, member, poll.id, rid, goodAnswers());
    const after = await h.call<Record<string, unknown>>('GET', `/api/v1/polls/${poll.id}`, { member });
    expect(after.data).toMatchObject({ submitted: true });
    const stranger = await h.call<Record<string, unknown>>('GET', `/api/v1/polls/${poll.id}`, {
      member: await newMember(h.ctx),
    });
    expect(stranger.data).toMatchObject({ submitted: false });
  });

  it('settles an expired participation as timed out and reports it submitted', async () => {
    const { poll, member, rid, task } = await startedPoll(h);
    h.clock.advance(task.timeoutMinutes * 60_000 + 1000);
    const r = await h.call<{ submitted: boolean }>('GET', `/api/v1/polls/${poll.id}?rid=${rid}`, { member });
    expect(r.data.submitted).toBe(true);
    expect((await participation(rid)).joinResult).toBe(R.TIMED_OUT);
  });
});

describe('POST /v1/polls: validation', () => {
  /** Question 7 (the matrix) answered with these [row, column] cells. */
  const matrix =
    (...cells: [number, number][]) =>
    (a: AnswerInput[]) =>
      withAnswer(a, 7, { matrix: cells.map(([rowId, optionId]) => ({ rowId, optionId })) });
  const cases: [string, (a: AnswerInput[]) => AnswerInput[], RegExp][] = [
    ['a required question unanswered', (a) => withAnswer(a, 8, null), /第 8 题.*必答/],
    ['a blank open answer to a required question', (a) => withAnswer(a, 8, { text: '   ' }), /第 8 题.*必答/],
    ['an option of another question', (a) => withAnswer(a, 1, { optionIds: [9] }), /第 1 题.*不属于本题的选项/],
    ['two options on a single choice', (a) => withAnswer(a, 1, { optionIds: [1, 2] }), /第 1 题.*单选题/],
    ['more than maxChoices', (a) => withAnswer(a, 2, { optionIds: [1, 2, 3, 4] }), /第 2 题.*最多选择 3 项/],
    [
      'an exclusive option with others',
      (a) => withAnswer(a, 2, { optionIds: [1, 5] }),
      /第 2 题.*“周末基本不出门”不能与其他选项同时选择/,
    ],
    ['the same option twice', (a) => withAnswer(a, 2, { optionIds: [1, 1] }), /第 2 题.*重复/],
    ['an open answer under minLength', (a) => withAnswer(a, 8, { text: '太挤了' }), /第 8 题.*至少填写 5 个字/],
    ['text on a choice question', (a) => withAnswer(a, 1, { text: '地铁' }), /第 1 题.*选择题/],
    ['options on an open question', (a) => withAnswer(a, 8, { optionIds: [1] }), /第 8 题.*填空题/],
    ['a matrix with a row missing', matrix([1, 1], [2, 1]), /第 7 题.*还有 1 行未作答/],
    ['a matrix row answered twice', matrix([1, 1], [1, 2], [2, 1], [3, 1]), /第 7 题.*每行只能选择一项/],
    ['a matrix row that does not exist', matrix([1, 1], [2, 1], [3, 1], [9, 1]), /第 7 题.*不属于本题的行/],
    ['a matrix column that does not exist', matrix([1, 1], [2, 8], [3, 1]), /第 7 题.*不属于本题的选项/],
    ['a question not in the poll', (a) => [...a, { questionId: 77, optionIds: [1] }], /不属于本问卷的题目/],
    ['a question answered twice', (a) => [...a, { questionId: 1, optionIds: [2] }], /第 1 题.*重复作答/],
  ];

  it.each(cases)('refuses %s with POLL_ANSWERS_INVALID naming the question, settling nothing', async (_, edit, msg) => {
    const { r, rid, member } = await answered(edit);
    expect(r.code).toBe(Code.POLL_ANSWERS_INVALID);
    expect(r.msg).toMatch(msg);
    const p = await participation(rid);
    expect(p).toMatchObject({ status: 'started', joinResult: 0 });
    expect(await ledgerOf(member)).toEqual([]);
    const responses = await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p.id));
    expect(responses).toEqual([]);
  });

  it('names the question in data so the page can scroll to it', async () => {
    const { r } = await answered((a) => withAnswer(a, 5, { optionIds: [1, 2] }));
    expect(r.data).toEqual({ questionId: 5 });
  });

  it('accepts an optional question left out, and a corrected sheet after a refusal', async () => {
    const optional = DEMO.questions.map((q) => (q.id === 6 ? { ...q, required: false } : q));
    const { poll, member, rid, r } = await answered((a) => withAnswer(a, 8, { text: '短' }), {
      poll: { questions: optional },
    });
    expect(r.code).toBe(Code.POLL_ANSWERS_INVALID);
    const ok = await submitPoll(h, member, poll.id, rid, withAnswer(goodAnswers(), 6, null));
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ joinResult: R.COMPLETE, points: 100, lowQualityReasons: [] });
  });

  it('refuses a rid that is not mine, unknown, or of another poll', async () => {
    const { poll, rid } = await startedPoll(h);
    h.clock.advance(60_000);
    const other = await newMember(h.ctx);
    expect((await submitPoll(h, other, poll.id, rid, goodAnswers())).code).toBe(Code.PARTICIPATION_FOREIGN);
    expect((await submitPoll(h, other, poll.id, 'nosuchrespondent', goodAnswers())).code).toBe(Code.NOT_FOUND);
    const second = await startedPoll(h);
    expect((await submitPoll(h, second.member, poll.id, second.rid, goodAnswers())).code).toBe(Code.NOT_FOUND);
    // a participation on a partner survey task cannot be settled through a poll
    const surveyTask = await newTask(h.ctx);
    const m = await newMember(h.ctx);
    const p = await newParticipation(h.ctx, surveyTask.id, m);
    expect((await submitPoll(h, m, poll.id, p.respondentId, goodAnswers())).code).toBe(Code.NOT_FOUND);
    expect((await participation(rid)).status).toBe('started');
  });
});

describe('POST /v1/polls: results and quality', () => {
  it('credits a clean complete once, stores the answer sheet and its duration', async () => {
    const { r, member, rid, poll, task } = await answered((a) => a);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      respondentId: rid,
      taskHashId: task.hashId,
      joinResult: R.COMPLETE,
      points: 100,
      pointsStatus: 'posted',
      lowQualityReasons: [],
    });
    const rows = await ledgerOf(member);
    expect(rows.map((x) => [x.amount, x.reason, x.idempotencyKey])).toEqual([[100, 'task', `task:${rid}`]]);
    expect(await balanceOf(h.ctx.db, member)).toBe(100);
    const p = await participation(rid);
    expect(p).toMatchObject({ status: 'finished', settledBy: 'poll', joinResult: 1, lowQualityReasons: [] });
    const [resp] = await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p.id));
    expect(resp).toMatchObject({ pollId: poll.id, memberId: member, durationSeconds: 60, lowQualityReasons: [] });
    expect(resp!.answersHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('1 random open answers: gibberish in the open question', async () => {
    const { r, rid } = await answered((a) => withAnswer(a, 8, { text: '啊啊啊啊啊啊啊' }));
    expect(r.data).toMatchObject({
      joinResult: R.COMPLETE,
      lowQualityReasons: [Q.RANDOM_OPEN_ANSWERS],
      points: 50,
    });
    expect((await participation(rid)).lowQualityReasons).toEqual([Q.RANDOM_OPEN_ANSWERS]);
  });

  it('2 duplicated data: the same answers as another participation', async () => {
    const first = await startedPoll(h);
    const answers = goodAnswers();
    h.clock.advance(60_000);
    const a = await submitPoll(h, first.member, first.poll.id, first.rid, answers);
    expect(a.data.lowQualityReasons).toEqual([]);
    const second = await startAs(h, first.task.hashId);
    h.clock.advance(60_000);
    // the same sheet, written slightly differently (spacing, punctuation, case, option order)
    const copy = answers.map((x) =>
      x.text
        ? { ...x, text: ` ${x.text.replace(/，/g, ',')} ` }
        : x.optionIds
          ? { ...x, optionIds: [...x.optionIds].reverse() }
          : x,
    );
    const b = await submitPoll(h, second.member, first.poll.id, second.rid, copy);
    expect(b.data).toMatchObject({ joinResult: R.COMPLETE, lowQualityReasons: [Q.DUPLICATED_DATA], points: 50 });
  });

  it("2 duplicated data: the same device as another member's answer sheet", async () => {
    const first = await startedPoll(h);
    h.clock.advance(60_000);
    await submitPoll(h, first.member, first.poll.id, first.rid, goodAnswers(), { deviceId: 'dev-shared-1' });
    const second = await startAs(h, first.task.hashId); // started without a device id
    h.clock.advance(60_000);
    const b = await submitPoll(h, second.member, first.poll.id, second.rid, goodAnswers(), {
      deviceId: 'dev-shared-1',
    });
    expect(b.data).toMatchObject({ lowQualityReasons: [Q.DUPLICATED_DATA], points: 50 });
    const third = await startAs(h, first.task.hashId);
    h.clock.advance(60_000);
    const c = await submitPoll(h, third.member, first.poll.id, third.rid, goodAnswers(), { deviceId: 'dev-other' });
    expect(c.data.lowQualityReasons).toEqual([]);
  });

  it('3 logic errors: a contradicting pair', async () => {
    const { r } = await answered((a) => withAnswer(a, 5, { optionIds: [1] })); // 有私家车 + 家里没有私家车
    expect(r.data).toMatchObject({ lowQualityReasons: [Q.LOGIC_ERRORS], points: 50 });
  });

  it('4 trap question failed', async () => {
    const { r } = await answered((a) => withAnswer(a, 3, { optionIds: [1] }));
    expect(r.data).toMatchObject({ lowQualityReasons: [Q.TRAP_FAILED], points: 50 });
  });

  it('5 implausible cognition: claims to know a fictitious brand', async () => {
    const { r } = await answered((a) => withAnswer(a, 6, { optionIds: [1, 5] }));
    expect(r.data).toMatchObject({ lowQualityReasons: [Q.IMPLAUSIBLE_COGNITION], points: 50 });
  });

  it('records several reasons at once, each once, sorted', async () => {
    const { r, rid } = await answered((a) =>
      withAnswer(withAnswer(withAnswer(a, 3, { optionIds: [4] }), 6, { optionIds: [5] }), 8, { text: 'asdfghjkl' }),
    );
    expect(r.data.lowQualityReasons).toEqual([Q.RANDOM_OPEN_ANSWERS, Q.TRAP_FAILED, Q.IMPLAUSIBLE_COGNITION]);
    const p = await participation(rid);
    const [resp] = await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p.id));
    expect(resp!.lowQualityReasons).toEqual([1, 4, 5]);
  });

  it.each([
    ['full', 100, 'posted'],
    ['half', 50, 'posted'],
    ['none', 0, 'none'],
  ] as const)('a low-quality complete under lowQualityPay %s earns %i', async (pay, points, status) => {
    const { r, member } = await answered((a) => withAnswer(a, 3, { optionIds: [1] }), { poll: { lowQualityPay: pay } });
    expect(r.data).toMatchObject({ joinResult: R.COMPLETE, points, pointsStatus: status, lowQualityReasons: [4] });
    expect(await balanceOf(h.ctx.db, member)).toBe(points);
    expect((await ledgerOf(member)).length).toBe(points > 0 ? 1 : 0);
  });

  it('half of an odd reward rounds down', async () => {
    const { r } = await answered((a) => withAnswer(a, 3, { optionIds: [1] }), { task: { points: 31 } });
    expect(r.data.points).toBe(15);
  });

  it('too short: faster than the task minimum is join result 4 and pays nothing', async () => {
    const { poll, member, rid } = await startedPoll(h, { task: { minSeconds: 90 } });
    h.clock.advance(89_000);
    const r = await submitPoll(h, member, poll.id, rid, goodAnswers());
    expect(r.data).toMatchObject({ joinResult: R.TOO_SHORT, points: 0, pointsStatus: 'none' });
    expect(await ledgerOf(member)).toEqual([]);
    const p = await participation(rid);
    const [resp] = await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p.id));
    expect(resp!.durationSeconds).toBe(89);
  });

  it('exactly the minimum duration is a complete', async () => {
    const { poll, member, rid } = await startedPoll(h, { task: { minSeconds: 90 } });
    h.clock.advance(90_000);
    const r = await submitPoll(h, member, poll.id, rid, goodAnswers());
    expect(r.data).toMatchObject({ joinResult: R.COMPLETE, points: 100 });
  });

  it('a second submit answers the first outcome and credits nothing more, whatever it says', async () => {
    const { r, member, rid, poll } = await answered((a) => a);
    h.clock.advance(5000);
    const again = await submitPoll(h, member, poll.id, rid, goodAnswers());
    expect(again.code).toBe(200);
    expect(again.data).toEqual(r.data);
    const bad = await submitPoll(h, member, poll.id, rid, withAnswer(goodAnswers(), 3, { optionIds: [1] }));
    expect(bad.data).toEqual(r.data);
    const invalid = await submitPoll(h, member, poll.id, rid, [{ questionId: 1, optionIds: [1] }]);
    expect(invalid.data).toEqual(r.data);
    expect((await ledgerOf(member)).length).toBe(1);
    expect(await balanceOf(h.ctx.db, member)).toBe(100);
    const p = await participation(rid);
    expect(await h.ctx.db.select().from(pollResponses).where(eq(pollResponses.participationId, p.id))).toHaveLength(1);
  });

  it('a submit after the participation expired is timed out, unpaid, and stores nothing', async () => {
    const { poll, member, rid, task } = await startedPoll(h);
    h.clock.advance(task.timeoutMinutes * 60_000);
    const r = await submitPoll(h, member, poll.id, rid, goodAnswers());
    expect(r.data).toMatchObject({ joinResult: R.TIMED_OUT, points: 0 });
    expect(await ledgerOf(member)).toEqual([]);
  });

  it('a complete over the quota becomes quota full with the consolation', async () => {
    const { poll, member, rid, task } = await startedPoll(h, { task: { quota: 1, quotaFullPoints: 5 } });
    const other = await startAs(h, task.hashId);
    h.clock.advance(60_000);
    expect((await submitPoll(h, other.member, poll.id, other.rid, goodAnswers())).data.joinResult).toBe(R.COMPLETE);
    const r = await submitPoll(h, member, poll.id, rid, goodAnswers());
    expect(r.data).toMatchObject({ joinResult: R.QUOTA_FULL, points: 5 });
  });

  it('shows in the task records with its reasons', async () => {
    const { member, rid } = await answered((a) => withAnswer(a, 3, { optionIds: [1] }));
    const recs = await h.call<{ list: { respondentId: string; lowQualityReasons: number[]; points: number }[] }>(
      'GET',
      '/api/v1/users/tasks',
      { member },
    );
    expect(recs.data.list.find((x) => x.respondentId === rid)).toMatchObject({ lowQualityReasons: [4], points: 50 });
  });
});

describe('the low-quality rule in the task rules', () => {
  it.each(['full', 'half', 'none'] as const)('a poll task paying %s says so in its rules', async (pay) => {
    const poll = await newPoll(h.ctx, { lowQualityPay: pay });
    const task = await newTask(h.ctx, { kind: 'poll', pollId: poll.id, rules: ['每位会员限参加一次。'] });
    const member = await newMember(h.ctx);
    const d = await h.call<{ rules: string[] }>('GET', `/api/v1/tasks/${task.hashId}`, { member });
    expect(d.data.rules).toEqual(['每位会员限参加一次。', LOW_QUALITY_RULES[pay]]);
  });

  it('is not repeated when the rules already say it, and not added to other tasks', async () => {
    const poll = await newPoll(h.ctx, { lowQualityPay: 'none' });
    const said = await newTask(h.ctx, { kind: 'poll', pollId: poll.id, rules: [LOW_QUALITY_RULES.none] });
    const survey = await newTask(h.ctx, { rules: ['每位会员限参加一次。'] });
    const member = await newMember(h.ctx);
    expect((await h.call<{ rules: string[] }>('GET', `/api/v1/tasks/${said.hashId}`, { member })).data.rules).toEqual([
      LOW_QUALITY_RULES.none,
    ]);
    expect((await h.call<{ rules: string[] }>('GET', `/api/v1/tasks/${survey.hashId}`, { member })).data.rules).toEqual(
      ['每位会员限参加一次。'],
    );
  });
});

describe('open-answer heuristics', () => {
  const title = '你觉得所在城市的出行还有哪些可以改进的地方？';
  it.each([
    '啊啊啊啊啊',
    '1111111',
    '哈哈哈哈哈哈',
    '不知道不知道不知道',
    'abcabcabc',
    'asdfghjkl',
    'qwerqwer',
    'jkljkljkl',
    'sdfjklsdf',
    'hjkhjkhjk',
    'xcvbnmzx',
    'dfgsdfgsdfg',
    '1234567',
    '。。。。。。',
    '？？？？？',
    'bcdfghjk',
    '你觉得所在城市的出行还有哪些可以改进的地方',
    '所在城市的出行还有哪些可以改进',
  ])('flags %s', (text) => {
    expect(isRandomText(text, title)).toBe(true);
  });

  it.each([
    '早高峰地铁太挤，希望增加班次。',
    '公交站台离小区太远了，走路要十几分钟',
    '共享单车乱停乱放，人行道经常被堵住',
    'The subway is too crowded in the morning',
    '希望多建一些停车场，停车太难',
    '5G 信号在地铁里不稳定',
    '没什么要改进的，挺好的',
  ])('accepts %s', (text) => {
    expect(isRandomText(text, title)).toBe(false);
  });
});

describe('demo polls', () => {
  it('exercise every quality rule and pass a clean answer sheet', async () => {
    // The demo's paid questionnaire; the trial's three-question screener only screens.
    for (const poll of DEMO_POLLS.filter((p) => p.key === 'daily-travel')) {
      expect(poll.questions.some((q) => q.trapOptionId !== undefined)).toBe(true);
      expect(poll.questions.some((q) => q.options.some((o) => o.fictional))).toBe(true);
      expect(poll.questions.some((q) => q.kind === 'text')).toBe(true);
      expect(poll.logic.length).toBeGreaterThan(0);
      const ids = new Set(poll.questions.map((q) => `${q.id}`));
      for (const rule of poll.logic) {
        for (const side of [rule.if, rule.contradicts]) {
          const q = poll.questions.find((x) => x.id === side.questionId);
          expect(q && ids.has(String(q.id)) && q.options.some((o) => o.id === side.optionId)).toBe(true);
        }
      }
    }
    const { r } = await answered((a) => a);
    expect(r.data).toMatchObject({ joinResult: R.COMPLETE, lowQualityReasons: [] });
  });

  it('every participation gets its own poll_responses row at most once', async () => {
    const { member, rid, poll } = await answered((a) => a);
    const p = await participation(rid);
    const rows = await h.ctx.db
      .select()
      .from(pollResponses)
      .where(and(eq(pollResponses.pollId, poll.id), eq(pollResponses.memberId, member)));
    expect(rows.map((x) => x.participationId)).toEqual([p.id]);
  });
});
