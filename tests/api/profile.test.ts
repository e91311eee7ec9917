/**
 * Personal attributes and the basic questionnaire (server/modules/profile): GET/POST
 * /v1/users/property (validation, gender/birthday locked once set, region chains of the area data,
 * own data only), GET/POST /v1/users/survey/basic (questions, validation, properties written, the
 * one-time reward), GET /v1/users/survey/check, and the effect on task targeting.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { pointLedger } from '../../server/db/schema-points';
import { basicSurveyAnswers, basicSurveyCompletions } from '../../server/db/schema-tasks';
import { balanceOf } from '../../server/modules/points/ledger';
import { BASIC_QUESTIONS, BASIC_SURVEY_REWARD } from '../../server/modules/profile/basicSurvey';
import { newMember, newPartner, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('profile');
});
afterAll(() => h.env.cleanup());

type Prop = Record<string, unknown>;
const getProp = (member: number) => h.call<Prop>('GET', '/api/v1/users/property', { member });
const setProp = (member: number, body: Prop) => h.call<Prop>('POST', '/api/v1/users/property', { member, body });
const ledgerOf = (memberId: number) => h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));

const FULL = {
  gender: 2,
  birthday: '1995-06-18',
  provinceId: 440000,
  cityId: 440300,
  countyId: 440305,
  education: 4,
  occupation: 2,
  income: 4,
  marital: 1,
};

describe('GET/POST /v1/users/property', () => {
  it('is empty for a new member', async () => {
    const m = await newMember(h.ctx);
    const r = await getProp(m);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      gender: null,
      birthday: null,
      provinceId: null,
      cityId: null,
      countyId: null,
      education: null,
      occupation: null,
      income: null,
      marital: null,
      regionName: null,
      complete: false,
      updatedAt: null,
    });
  });

  it('saves every attribute, names the region and is complete', async () => {
    const m = await newMember(h.ctx);
    const r = await setProp(m, FULL);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ ...FULL, regionName: '广东省 深圳市 南山区', complete: true, updatedAt: h.clock.now() });
    expect((await getProp(m)).data).toEqual(r.data);
  });

  it('changes only the fields sent', async () => {
    const m = await newMember(h.ctx);
    await setProp(m, FULL);
    const r = await setProp(m, { income: 6, marital: 2 });
    expect(r.data).toMatchObject({ ...FULL, income: 6, marital: 2 });
  });

  it('locks gender and birthday once set (the same value again is fine)', async () => {
    const m = await newMember(h.ctx);
    await setProp(m, { gender: 1, birthday: '1990-01-01' });
    const g = await setProp(m, { gender: 2 });
    expect(g.code).toBe(Code.PROPERTY_LOCKED);
    expect(g.msg).toContain('性别填写后不可修改');
    const b = await setProp(m, { birthday: '1991-01-01' });
    expect(b.code).toBe(Code.PROPERTY_LOCKED);
    expect(b.msg).toContain('出生日期填写后不可修改');
    const cleared = await setProp(m, { gender: null });
    expect(cleared.code).toBe(Code.PROPERTY_LOCKED);
    const same = await setProp(m, { gender: 1, birthday: '1990-01-01', education: 3 });
    expect(same.code).toBe(200);
    expect(same.data).toMatchObject({ gender: 1, birthday: '1990-01-01', education: 3 });
  });

  it.each([
    ['a day that does not exist', '2001-02-30', /不是有效的日期/],
    ['a month that does not exist', '2001-13-01', /不是有效的日期/],
    ['a day in the future', '2031-01-01', /不能晚于今天/],
    ['an age under 10', '2025-06-01', /10–100 岁/],
    ['an age over 100', '1920-06-01', /10–100 岁/],
  ])('refuses a birthday of %s', async (_, birthday, msg) => {
    const m = await newMember(h.ctx);
    const r = await setProp(m, { birthday });
    expect(r.code).toBe(Code.PROPERTY_INVALID);
    expect(r.msg).toMatch(msg);
    expect((await getProp(m)).data.birthday).toBeNull();
  });

  it('refuses a birthday that is not YYYY-MM-DD and enumeration values out of range (400)', async () => {
    const m = await newMember(h.ctx);
    expect((await setProp(m, { birthday: '1990/01/01' })).status).toBe(400);
    expect((await setProp(m, { education: 9 })).status).toBe(400);
    expect((await setProp(m, { gender: 3 })).status).toBe(400);
    expect((await setProp(m, { income: 0 })).status).toBe(400);
  });

  it.each([
    ['a city of another province', { provinceId: 110000, cityId: 440300 }, /城市不属于所选省份/],
    ['a county of another city', { provinceId: 440000, cityId: 440100, countyId: 440305 }, /区县不属于所选城市/],
    ['an unknown province', { provinceId: 990000 }, /省份不存在/],
    ['a city code given as the province', { provinceId: 440300 }, /省份不存在/],
    ['an unknown city', { provinceId: 440000, cityId: 449900 }, /城市不存在/],
    ['a province code given as the county', { countyId: 440000 }, /区县不存在/],
  ])('refuses a region with %s', async (_, region, msg) => {
    const m = await newMember(h.ctx);
    const r = await setProp(m, region);
    expect(r.code).toBe(Code.PROPERTY_INVALID);
    expect(r.msg).toMatch(msg);
  });

  it('fills upper region levels from a county, shows a municipality once, and replaces the region whole', async () => {
    const m = await newMember(h.ctx);
    const r = await setProp(m, { countyId: 440305 });
    expect(r.data).toMatchObject({ provinceId: 440000, cityId: 440300, countyId: 440305 });
    const bj = await setProp(m, { provinceId: 110000, cityId: 110100, countyId: 110101 });
    expect(bj.data).toMatchObject({ regionName: '北京市 东城区' });
    const provinceOnly = await setProp(m, { provinceId: 330000 });
    expect(provinceOnly.data).toMatchObject({ provinceId: 330000, cityId: null, countyId: null, regionName: '浙江省' });
    expect(provinceOnly.data.complete).toBe(false);
  });

  it("never shows another member's attributes", async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    await setProp(a, FULL);
    expect((await getProp(b)).data).toMatchObject({ gender: null, complete: false });
  });

  it('needs a login', async () => {
    expect((await h.call('GET', '/api/v1/users/property')).status).toBe(401);
    expect((await h.call('POST', '/api/v1/users/property', { body: { income: 2 } })).status).toBe(401);
  });
});

/* ---- the basic questionnaire ---- */

type SurveyAnswer = { questionId: number; optionIds: number[]; text?: string };
const survey = (member: number) =>
  h.call<{ completed: boolean; rewardPoints: number; questions: Record<string, unknown>[] }>(
    'GET',
    '/api/v1/users/survey/basic',
    { member },
  );
const submit = (member: number, answers: SurveyAnswer[]) =>
  h.call<{ completed: boolean; pointsAwarded: number }>('POST', '/api/v1/users/survey/basic', {
    member,
    body: { answers },
  });
const check = (member: number, taskId?: number) =>
  h.call<Record<string, unknown>>(
    'GET',
    `/api/v1/users/survey/check${taskId === undefined ? '' : `?taskId=${taskId}`}`,
    {
      member,
    },
  );

const ALL: SurveyAnswer[] = [
  { questionId: 1, optionIds: [2] },
  { questionId: 2, optionIds: [], text: '1995-06-18' },
  { questionId: 3, optionIds: [], text: '440305' },
  { questionId: 4, optionIds: [4] },
  { questionId: 5, optionIds: [2] },
  { questionId: 6, optionIds: [4] },
  { questionId: 7, optionIds: [1] },
  { questionId: 8, optionIds: [1] },
  { questionId: 9, optionIds: [2] },
  { questionId: 10, optionIds: [1, 2] },
  { questionId: 11, optionIds: [1, 3, 7] },
];
const only = (...ids: number[]) => ALL.filter((a) => ids.includes(a.questionId));
const replace = (questionId: number, a: Omit<SurveyAnswer, 'questionId'>) =>
  ALL.map((x) => (x.questionId === questionId ? { questionId, ...a } : x));

describe('GET /v1/users/survey/basic', () => {
  it('lists the fixed zh-CN questions with their controls, unanswered, and the reward', async () => {
    const m = await newMember(h.ctx);
    const r = await survey(m);
    expect(r.code).toBe(200);
    expect(r.data.completed).toBe(false);
    expect(r.data.rewardPoints).toBe(BASIC_SURVEY_REWARD);
    expect(r.data.questions.map((q) => q.id)).toEqual(BASIC_QUESTIONS.map((q) => q.id));
    expect(r.data.questions[0]).toMatchObject({
      title: '你的性别是？',
      kind: 'single',
      input: 'choice',
      options: [
        { id: 1, text: '男', exclusive: false },
        { id: 2, text: '女', exclusive: false },
      ],
      answer: null,
    });
    expect(r.data.questions[1]).toMatchObject({ kind: 'text', input: 'date', options: [] });
    expect(r.data.questions[2]).toMatchObject({ kind: 'text', input: 'region' });
    expect(r.data.questions.every((q) => q.answer === null)).toBe(true);
    expect(JSON.stringify(r.data)).not.toContain('property');
  });
});

describe('POST /v1/users/survey/basic', () => {
  it('saves part of it without completing; completing pays the reward once', async () => {
    const m = await newMember(h.ctx);
    const part = await submit(m, only(1, 2, 3, 4));
    expect(part.data).toEqual({ completed: false, pointsAwarded: 0 });
    expect((await check(m)).data).toMatchObject({ completed: false, answered: 4, total: BASIC_QUESTIONS.length });
    const rest = await submit(m, only(5, 6, 7, 8, 9, 10, 11));
    expect(rest.data).toEqual({ completed: true, pointsAwarded: BASIC_SURVEY_REWARD });
    const again = await submit(m, replace(4, { optionIds: [5] }));
    expect(again.data).toEqual({ completed: true, pointsAwarded: 0 });
    const rows = await ledgerOf(m);
    expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([[BASIC_SURVEY_REWARD, `basic-survey:${m}`]]);
    expect(await balanceOf(h.ctx.db, m)).toBe(BASIC_SURVEY_REWARD);
    expect((await check(m)).data).toMatchObject({ completed: true, answered: 11, rewardPoints: 0 });
    expect((await survey(m)).data).toMatchObject({ completed: true, rewardPoints: 0 });
    expect(
      await h.ctx.db.select().from(basicSurveyCompletions).where(eq(basicSurveyCompletions.memberId, m)),
    ).toHaveLength(1);
  });

  it('writes the member properties and keeps every answer', async () => {
    const m = await newMember(h.ctx);
    await submit(m, ALL);
    expect((await getProp(m)).data).toMatchObject({ ...FULL, regionName: '广东省 深圳市 南山区', complete: true });
    const rows = await h.ctx.db.select().from(basicSurveyAnswers).where(eq(basicSurveyAnswers.memberId, m));
    expect(rows.length).toBe(ALL.length);
    expect(rows.find((r) => r.questionId === 11)!.optionIds).toEqual([1, 3, 7]);
    const q = (await survey(m)).data.questions;
    expect(q[0]!.answer).toEqual({ optionIds: [2], text: null });
    expect(q[1]!.answer).toEqual({ optionIds: [], text: '1995-06-18' });
    expect(q[2]!.answer).toEqual({ optionIds: [], text: '440305' });
    expect(q[10]!.answer).toEqual({ optionIds: [1, 3, 7], text: null });
  });

  it('shows attributes changed on the property page as its answers', async () => {
    const m = await newMember(h.ctx);
    await setProp(m, { education: 6, provinceId: 110000, cityId: 110100 });
    const q = (await survey(m)).data.questions;
    expect(q[3]!.answer).toEqual({ optionIds: [6], text: null });
    expect(q[2]!.answer).toEqual({ optionIds: [], text: '110100' });
    // the property page alone does not complete the questionnaire (the non-attribute questions remain)
    await setProp(m, FULL);
    expect((await check(m)).data).toMatchObject({ completed: false, answered: 7 });
  });

  it.each([
    ['a question that does not exist', [{ questionId: 99, optionIds: [1] }], /没有这道题/],
    ['two options on a single choice', [{ questionId: 4, optionIds: [1, 2] }], /第 4 题.*单选题/],
    ['an option of no such kind', [{ questionId: 5, optionIds: [11] }], /第 5 题.*不属于本题的选项/],
    ['an empty answer', [{ questionId: 7, optionIds: [] }], /第 7 题.*必答/],
    ['more than maxChoices', [{ questionId: 10, optionIds: [1, 2, 3, 4] }], /第 10 题.*最多选择 3 项/],
    ['an exclusive option with others', [{ questionId: 10, optionIds: [1, 7] }], /第 10 题.*“基本不网购”/],
    ['text on a choice question', [{ questionId: 4, optionIds: [], text: '本科' }], /第 4 题.*选择题/],
    ['options on a text question', [{ questionId: 2, optionIds: [1] }], /第 2 题.*填空题/],
    ['a birthday that is not a day', [{ questionId: 2, optionIds: [], text: '1995-02-30' }], /第 2 题.*不是有效的日期/],
    ['an age under 10', [{ questionId: 2, optionIds: [], text: '2024-01-01' }], /第 2 题.*10–100 岁/],
    ['a province without a city', [{ questionId: 3, optionIds: [], text: '440000' }], /第 3 题.*城市或区县/],
    ['an unknown region code', [{ questionId: 3, optionIds: [], text: '999999' }], /第 3 题.*城市或区县/],
    ['a region that is not a code', [{ questionId: 3, optionIds: [], text: '深圳' }], /第 3 题.*城市或区县/],
    [
      'a question answered twice',
      [
        { questionId: 4, optionIds: [1] },
        { questionId: 4, optionIds: [2] },
      ],
      /第 4 题.*重复作答/,
    ],
  ] as [string, SurveyAnswer[], RegExp][])('refuses %s and saves nothing', async (_, answers, msg) => {
    const m = await newMember(h.ctx);
    const r = await submit(m, [...only(1), ...answers]);
    expect(r.code).toBe(Code.POLL_ANSWERS_INVALID);
    expect(r.msg).toMatch(msg);
    expect(await h.ctx.db.select().from(basicSurveyAnswers).where(eq(basicSurveyAnswers.memberId, m))).toEqual([]);
    expect((await getProp(m)).data.gender).toBeNull();
  });

  it('keeps gender locked here too, naming the question, and saves nothing of that submit', async () => {
    const m = await newMember(h.ctx);
    await setProp(m, { gender: 1 });
    const r = await submit(m, ALL);
    expect(r.code).toBe(Code.PROPERTY_LOCKED);
    expect(r.msg).toMatch(/第 1 题.*性别填写后不可修改/);
    expect((await getProp(m)).data).toMatchObject({ gender: 1, education: null });
    expect(await ledgerOf(m)).toEqual([]);
  });

  it('a member only ever sees their own answers', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    await submit(a, ALL);
    const other = await survey(b);
    expect(other.data.questions.every((q) => q.answer === null)).toBe(true);
    expect(other.data.completed).toBe(false);
  });
});

describe('GET /v1/users/survey/check', () => {
  it('says whether a given task needs it first', async () => {
    const m = await newMember(h.ctx);
    const needs = await newTask(h.ctx, { requiresBasicSurvey: true });
    const free = await newTask(h.ctx);
    expect((await check(m, needs.id)).data).toMatchObject({ required: true, completed: false, rewardPoints: 20 });
    expect((await check(m, free.id)).data).toMatchObject({ required: false });
    expect((await check(m)).data).toMatchObject({ required: true }); // an open task is waiting for it
    await submit(m, ALL);
    expect((await check(m, needs.id)).data).toMatchObject({ required: false, completed: true });
    expect((await check(m)).data).toMatchObject({ required: false });
    expect((await check(m, 999_999)).code).toBe(Code.NOT_FOUND);
  });
});

describe('targeting', () => {
  /** A partner survey task (startable) with these settings. */
  const surveyTask = async (o: Parameters<typeof newTask>[1]) =>
    newTask(h.ctx, { partnerId: (await newPartner(h.ctx)).id, ...o });
  const visible = async (member: number, hashId: string) => {
    const list = await h.call<{ list: { hashId: string }[] }>('GET', '/api/v1/tasks?page=1&pageSize=100', { member });
    return list.data.list.some((t) => t.hashId === hashId);
  };
  const start = (member: number, hashId: string) => h.call('POST', `/api/v1/process/tasks/${hashId}/start`, { member });

  it('a task for women becomes visible and startable after the property update', async () => {
    const task = await surveyTask({ targeting: { genders: [2] } });
    const m = await newMember(h.ctx);
    expect(await visible(m, task.hashId)).toBe(false);
    expect((await start(m, task.hashId)).code).toBe(Code.TASK_NOT_ELIGIBLE);
    await setProp(m, { gender: 2 });
    expect(await visible(m, task.hashId)).toBe(true);
    expect((await start(m, task.hashId)).code).toBe(200);
  });

  it('a task for a province and an age band becomes visible after the basic questionnaire', async () => {
    const task = await surveyTask({ targeting: { provinceIds: [440000], ageMin: 25, ageMax: 40 } });
    const m = await newMember(h.ctx);
    expect(await visible(m, task.hashId)).toBe(false);
    await submit(m, ALL); // 广东 深圳 南山, born 1995-06-18: 34 on 2030-01-01
    expect(await visible(m, task.hashId)).toBe(true);
    expect((await start(m, task.hashId)).code).toBe(200);
    const elsewhere = await newMember(h.ctx);
    await submit(elsewhere, replace(3, { optionIds: [], text: '110101' }));
    expect(await visible(elsewhere, task.hashId)).toBe(false);
  });

  it('a task that requires the questionnaire starts only after it', async () => {
    const task = await surveyTask({ requiresBasicSurvey: true });
    const m = await newMember(h.ctx);
    const before = await start(m, task.hashId);
    expect(before.code).toBe(Code.PREREQUISITE_REQUIRED);
    const detail = await h.call<{ block: string | null }>('GET', `/api/v1/tasks/${task.hashId}`, { member: m });
    expect(detail.data.block).toBe('basic_survey');
    await submit(m, ALL);
    expect((await start(m, task.hashId)).code).toBe(200);
  });
});
