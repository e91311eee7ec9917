/**
 * 个人属性问卷 (/user/survey, /v1/users/survey/basic): a fixed zh-CN questionnaire. Questions 1–7
 * are the member's properties (member_properties, what task targeting reads) and are answered
 * from/into them; the rest are kept in basic_survey_answers only. Every answered question is also
 * recorded in basic_survey_answers.
 *
 * The first time all required questions are answered, basic_survey_completions gets its row and
 * the reward is credited once through the ledger (key `basic-survey:<memberId>`), in the same
 * transaction. Later edits pay nothing.
 */
import { and, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { Education, Gender, IncomeRange, MaritalStatus, Occupation } from '../../../openapi/enums';
import type { BasicSurvey, BasicSurveyBody, BasicSurveyResult, SurveyCheck } from '../../../openapi/schemas/profile';
import type { AppContext } from '../../context';
import { basicSurveyAnswers, basicSurveyCompletions, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { credit } from '../points/ledger';
import { regionById } from '../consignee/regions';
import {
  applyPatch,
  checkBirthday,
  checkRegion,
  lockProperties,
  propertiesOf,
  writeProperties,
  type PropertiesRow,
  type PropertyPatch,
} from './properties';
import type { Executor } from '../../kernel/db';

export type BasicSurveyData = z.output<typeof BasicSurvey>;
export type BasicSurveyBodyData = z.output<typeof BasicSurveyBody>;
export type BasicSurveyResultData = z.output<typeof BasicSurveyResult>;
export type SurveyCheckData = z.output<typeof SurveyCheck>;

/** Weidou for the first completion. */
export const BASIC_SURVEY_REWARD = 20;
export const basicSurveyKey = (memberId: number) => `basic-survey:${memberId}`;

type PropertyKey = 'gender' | 'birthday' | 'region' | 'education' | 'occupation' | 'income' | 'marital';

export interface BasicQuestion {
  id: number;
  title: string;
  kind: 'single' | 'multiple' | 'text';
  input: 'choice' | 'select' | 'date' | 'region';
  placeholder: string | null;
  required: boolean;
  maxChoices: number | null;
  options: { id: number; text: string; exclusive: boolean }[];
  /** The member property this question reads and writes. */
  property?: PropertyKey;
}

const fromEnum = (labels: Record<number, string>) =>
  Object.entries(labels).map(([id, text]) => ({ id: Number(id), text, exclusive: false }));
const opts = (...texts: string[]) => texts.map((text, i) => ({ id: i + 1, text, exclusive: false }));
const choice = {
  kind: 'single' as const,
  input: 'choice' as const,
  placeholder: null,
  required: true,
  maxChoices: null,
};
/** A question answered by typing or picking (a date, a region). */
const typed = { kind: 'text' as const, required: true, maxChoices: null, options: [] };

export const BASIC_QUESTIONS: BasicQuestion[] = [
  { id: 1, title: '你的性别是？', ...choice, options: fromEnum(Gender.labels), property: 'gender' },
  { id: 2, title: '你的出生日期是？', ...typed, input: 'date', placeholder: '如 1995-06-18', property: 'birthday' },
  {
    id: 3,
    title: '你目前常住在哪个城市？',
    ...typed,
    input: 'region',
    placeholder: '请选择省 / 市 / 区县',
    property: 'region',
  },
  { id: 4, title: '你的最高学历是？', ...choice, options: fromEnum(Education.labels), property: 'education' },
  { id: 5, title: '你目前的职业是？', ...choice, options: fromEnum(Occupation.labels), property: 'occupation' },
  {
    id: 6,
    title: '你的个人月收入（税后）大约是？',
    ...choice,
    input: 'select',
    options: fromEnum(IncomeRange.labels),
    property: 'income',
  },
  { id: 7, title: '你的婚姻状况是？', ...choice, options: fromEnum(MaritalStatus.labels), property: 'marital' },
  { id: 8, title: '你有几个孩子？', ...choice, options: opts('没有孩子', '1 个', '2 个', '3 个及以上') },
  {
    id: 9,
    title: '包括你在内，家里一起生活的有几口人？',
    ...choice,
    options: opts('1 人（独居）', '2 人', '3 人', '4 人', '5 人及以上'),
  },
  {
    id: 10,
    title: '你平时常用哪些网购平台？（最多选 3 项）',
    ...choice,
    kind: 'multiple',
    maxChoices: 3,
    options: [
      ...opts('淘宝 / 天猫', '京东', '拼多多', '抖音商城', '美团 / 饿了么', '其他平台'),
      { id: 7, text: '基本不网购', exclusive: true },
    ],
  },
  {
    id: 11,
    title: '你对哪些主题的调研感兴趣？（可多选）',
    ...choice,
    kind: 'multiple',
    options: opts(
      '数码电子',
      '美妆个护',
      '食品饮料',
      '汽车出行',
      '母婴亲子',
      '金融理财',
      '旅游酒店',
      '游戏娱乐',
      '教育培训',
      '家居家电',
    ),
  },
];

const byId = new Map(BASIC_QUESTIONS.map((q) => [q.id, q]));
const REQUIRED_IDS = BASIC_QUESTIONS.filter((q) => q.required).map((q) => q.id);

type Answer = { optionIds: number[]; text: string | null };

/** A property-backed question's answer as the member's properties have it (null: not filled). */
function answerFromProperties(q: BasicQuestion, props: PropertiesRow | null): Answer | null {
  if (!props || !q.property) return null;
  switch (q.property) {
    case 'birthday':
      return props.birthday ? { optionIds: [], text: props.birthday } : null;
    case 'region': {
      const code = props.countyId ?? props.cityId;
      return code === null ? null : { optionIds: [], text: String(code) };
    }
    default: {
      const v = props[q.property];
      return v === null ? null : { optionIds: [v], text: null };
    }
  }
}

async function storedAnswers(db: Executor, memberId: number) {
  const rows = await db.select().from(basicSurveyAnswers).where(eq(basicSurveyAnswers.memberId, memberId));
  return new Map(rows.map((r) => [r.questionId, { optionIds: r.optionIds, text: r.text } satisfies Answer]));
}

/** Has the member completed the basic questionnaire? (for the account's `basicSurveyDone`) */
export async function isCompleted(db: Executor, memberId: number) {
  const [row] = await db
    .select({ m: basicSurveyCompletions.memberId })
    .from(basicSurveyCompletions)
    .where(eq(basicSurveyCompletions.memberId, memberId))
    .limit(1);
  return Boolean(row);
}

/** Every question's current answer: properties first (they may have been edited since), then the stored one. */
function currentAnswers(props: PropertiesRow | null, stored: Map<number, Answer>) {
  return new Map(
    BASIC_QUESTIONS.map(
      (q) => [q.id, q.property ? answerFromProperties(q, props) : (stored.get(q.id) ?? null)] as const,
    ),
  );
}

export async function getBasicSurvey(ctx: AppContext, memberId: number): Promise<BasicSurveyData> {
  const [props, stored, completed] = await Promise.all([
    propertiesOf(ctx.db, memberId),
    storedAnswers(ctx.db, memberId),
    isCompleted(ctx.db, memberId),
  ]);
  const answers = currentAnswers(props, stored);
  return {
    completed,
    rewardPoints: completed ? 0 : BASIC_SURVEY_REWARD,
    questions: BASIC_QUESTIONS.map(({ property: _p, ...q }) => ({ ...q, answer: answers.get(q.id) ?? null })),
  };
}

function refuse(q: BasicQuestion, what: string): never {
  throw new AppError('POLL_ANSWERS_INVALID', `第 ${q.id} 题“${q.title}”${what}`, { questionId: q.id });
}

/** Validate one answer; returns the clean answer and the property patch it means. */
function checkAnswer(
  q: BasicQuestion,
  a: { optionIds: number[]; text?: string | undefined },
  now: number,
): { answer: Answer; patch: PropertyPatch } {
  const text = (a.text ?? '').trim();
  if (q.kind === 'text') {
    if (a.optionIds.length > 0) refuse(q, '是填空题，请填写内容');
    if (text === '') refuse(q, '为必答题，请作答');
    if (q.property === 'birthday') {
      try {
        checkBirthday(text, now);
      } catch (err) {
        refuse(q, `：${(err as Error).message}`);
      }
      return { answer: { optionIds: [], text }, patch: { birthday: text } };
    }
    // region: a city or county code of /v1/jd/cities
    const node = /^\d{6}$/.test(text) ? regionById(Number(text)) : undefined;
    if (!node || node.level === 1) refuse(q, '请选择到城市或区县');
    const region = checkRegion(
      node.level === 3
        ? { provinceId: null, cityId: null, countyId: node.id }
        : { provinceId: null, cityId: node.id, countyId: null },
    );
    return { answer: { optionIds: [], text }, patch: region };
  }
  if (text !== '') refuse(q, '是选择题，请选择选项作答');
  const ids = [...new Set(a.optionIds)];
  if (ids.length === 0) refuse(q, '为必答题，请作答');
  const options = new Map(q.options.map((o) => [o.id, o]));
  for (const id of ids) if (!options.has(id)) refuse(q, '中有不属于本题的选项');
  if (q.kind === 'single' && ids.length !== 1) refuse(q, '是单选题，请只选择一项');
  if (q.maxChoices !== null && ids.length > q.maxChoices) refuse(q, `最多选择 ${q.maxChoices} 项`);
  const exclusive = ids.map((id) => options.get(id)!).find((o) => o.exclusive);
  if (exclusive && ids.length > 1) refuse(q, `中的“${exclusive.text}”不能与其他选项同时选择`);
  ids.sort((x, y) => x - y);
  const patch: PropertyPatch = {};
  if (q.property && q.property !== 'birthday' && q.property !== 'region')
    (patch as Record<string, number>)[q.property] = ids[0]!;
  return { answer: { optionIds: ids, text: null }, patch };
}

/** POST /v1/users/survey/basic: save the answers (partial allowed); the first completion pays once. */
export async function submitBasicSurvey(
  ctx: AppContext,
  memberId: number,
  body: BasicSurveyBodyData,
): Promise<BasicSurveyResultData> {
  const now = ctx.now();
  const seen = new Set<number>();
  const checked = body.answers.map((a) => {
    const q = byId.get(a.questionId);
    if (!q)
      throw new AppError('POLL_ANSWERS_INVALID', `问卷中没有这道题（题目 id ${a.questionId}）`, {
        questionId: a.questionId,
      });
    if (seen.has(q.id)) refuse(q, '重复作答');
    seen.add(q.id);
    return { q, ...checkAnswer(q, a, now) };
  });
  const patch: PropertyPatch = Object.assign({}, ...checked.map((c) => c.patch));

  return ctx.db.transaction(async (tx) => {
    let props = await lockProperties(tx, memberId);
    if (Object.keys(patch).length > 0) {
      try {
        props = await writeProperties(tx, memberId, applyPatch(props, patch, now), now);
      } catch (err) {
        if (err instanceof AppError && err.codeName === 'PROPERTY_LOCKED') {
          const key = (err.data as { field: string }).field;
          const q = BASIC_QUESTIONS.find((x) => x.property === key)!;
          throw new AppError('PROPERTY_LOCKED', `第 ${q.id} 题“${q.title}”：${err.message}`, { questionId: q.id });
        }
        throw err;
      }
    }
    for (const c of checked) {
      const values = { optionIds: c.answer.optionIds, text: c.answer.text, updatedAt: new Date(now) };
      await tx
        .insert(basicSurveyAnswers)
        .values({ memberId, questionId: c.q.id, ...values })
        .onConflictDoUpdate({ target: [basicSurveyAnswers.memberId, basicSurveyAnswers.questionId], set: values });
    }
    const answers = currentAnswers(props, await storedAnswers(tx, memberId));
    const complete = REQUIRED_IDS.every((id) => answers.get(id) !== null);
    let pointsAwarded = 0;
    if (complete) {
      const [first] = await tx
        .insert(basicSurveyCompletions)
        .values({ memberId, completedAt: new Date(now) })
        .onConflictDoNothing()
        .returning();
      if (first) {
        const entry = await credit(tx, {
          memberId,
          amount: BASIC_SURVEY_REWARD,
          reason: 'task',
          source: '个人属性问卷',
          idempotencyKey: basicSurveyKey(memberId),
          at: now,
        });
        pointsAwarded = entry.replayed ? 0 : BASIC_SURVEY_REWARD;
      }
    }
    return { completed: complete || (await isCompleted(tx, memberId)), pointsAwarded };
  });
}

/** GET /v1/users/survey/check[?taskId]. */
export async function checkBasicSurvey(ctx: AppContext, memberId: number, taskId?: number): Promise<SurveyCheckData> {
  const [props, stored, completed] = await Promise.all([
    propertiesOf(ctx.db, memberId),
    storedAnswers(ctx.db, memberId),
    isCompleted(ctx.db, memberId),
  ]);
  const answers = currentAnswers(props, stored);
  let required: boolean;
  if (taskId !== undefined) {
    const [task] = await ctx.db
      .select({ requires: tasks.requiresBasicSurvey })
      .from(tasks)
      .where(eq(tasks.id, taskId))
      .limit(1);
    if (!task) throw new AppError('NOT_FOUND', '任务不存在或已下线');
    required = task.requires && !completed;
  } else {
    // In general: is some open task waiting for it?
    const now = new Date(ctx.now());
    const [open] = await ctx.db
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.requiresBasicSurvey, true),
          eq(tasks.status, 'active'),
          lte(tasks.openAt, now),
          or(isNull(tasks.closeAt), gt(tasks.closeAt, now)),
        ),
      );
    required = !completed && Number(open?.n ?? 0) > 0;
  }
  return {
    completed,
    answered: BASIC_QUESTIONS.filter((q) => answers.get(q.id) !== null).length,
    total: BASIC_QUESTIONS.length,
    required,
    rewardPoints: completed ? 0 : BASIC_SURVEY_REWARD,
  };
}
