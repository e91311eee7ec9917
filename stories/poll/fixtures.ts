import type { Answer, Answers, FormQuestion } from '../../machines/pollRules';
import { progressOf } from '../../machines/pollRules';
import type { RegionLoader, RegionOption } from '../../src/components/poll';
import type { PollInfo, PollOutcome } from '../../src/components/poll/types';
import { fn } from 'storybook/test';

/** Sample questionnaires of the questionnaire stories: every question kind, zh-CN. */

/** The callbacks of a questionnaire view (answer, submit, reload), as fresh spies. */
export const answerCallbacks = () => ({ onAnswer: fn(), onSubmit: fn(), onRetry: fn() });

const o = (id: number, text: string, exclusive = false) => ({ id, text, exclusive });

export const singleQuestion: FormQuestion = {
  id: 1,
  kind: 'single',
  title: '你工作日最常用的出行方式是？',
  required: true,
  maxChoices: null,
  minLength: 0,
  options: [o(1, '地铁 / 公交'), o(2, '私家车'), o(3, '电动车 / 自行车'), o(4, '网约车 / 出租车'), o(5, '步行')],
  rows: [],
};

export const multipleQuestion: FormQuestion = {
  id: 2,
  kind: 'multiple',
  title: '周末出行时，你会用到哪些方式？',
  required: true,
  maxChoices: 3,
  minLength: 0,
  options: [
    o(1, '地铁 / 公交'),
    o(2, '私家车'),
    o(3, '共享单车'),
    o(4, '网约车 / 出租车'),
    o(5, '周末基本不出门', true),
  ],
  rows: [],
};

export const matrixQuestion: FormQuestion = {
  id: 3,
  kind: 'matrix',
  title: '请评价你所在城市以下几方面的出行体验',
  required: true,
  maxChoices: null,
  minLength: 0,
  options: [o(1, '很好'), o(2, '较好'), o(3, '一般'), o(4, '较差'), o(5, '很差')],
  rows: [
    { id: 1, text: '公共交通准点' },
    { id: 2, text: '高峰期道路通畅' },
    { id: 3, text: '停车方便' },
  ],
};

export const textQuestion: FormQuestion = {
  id: 4,
  kind: 'text',
  title: '你觉得所在城市的出行还有哪些可以改进的地方？',
  required: true,
  maxChoices: null,
  minLength: 5,
  options: [],
  rows: [],
};

export const optionalText: FormQuestion = {
  ...textQuestion,
  id: 5,
  title: '还有什么想对我们说的吗？',
  required: false,
  minLength: 0,
};

export const pollQuestions: FormQuestion[] = [
  singleQuestion,
  multipleQuestion,
  matrixQuestion,
  textQuestion,
  optionalText,
];

export const answer = (over: Partial<Answer>): Answer => ({ optionIds: [], text: '', matrix: [], ...over });

export const partialAnswers: Answers = {
  1: answer({ optionIds: [1] }),
  2: answer({ optionIds: [1, 3] }),
  3: answer({ matrix: [{ rowId: 1, optionId: 2 }] }),
  4: answer({ text: '地铁太挤' }),
};

export const fullAnswers: Answers = {
  1: answer({ optionIds: [1] }),
  2: answer({ optionIds: [1, 3] }),
  3: answer({
    matrix: [
      { rowId: 1, optionId: 2 },
      { rowId: 2, optionId: 4 },
      { rowId: 3, optionId: 5 },
    ],
  }),
  4: answer({ text: '早高峰地铁太挤，希望增加班次。' }),
};

export const progress = (answers: Answers, questions: FormQuestion[] = pollQuestions) => progressOf(questions, answers);

export const pollInfo: PollInfo = {
  title: '日常出行方式小调查',
  intro: '了解你平时上班、上学和周末出行的方式，大约需要 2 分钟。回答没有对错之分，请按实际情况填写。',
  points: 60,
  taskHashId: 't8Kq2mZ',
};

export const completeOutcome: PollOutcome = {
  respondentId: 'rid_5f2c9a7e3b1d',
  taskHashId: 't8Kq2mZ',
  title: '日常出行方式小调查',
  joinResult: 1,
  points: 60,
  pointsStatus: 'posted',
  lowQualityReasons: [],
};

export const lowQualityOutcome: PollOutcome = {
  ...completeOutcome,
  points: 30,
  lowQualityReasons: [1, 4],
};

/* ---- the personal questionnaire ---- */

const choice = {
  kind: 'single' as const,
  required: true,
  maxChoices: null,
  minLength: 0,
  rows: [],
  input: 'choice' as const,
};
/** A question answered by typing or picking (a date, a region). */
const typed = {
  kind: 'text' as const,
  required: true,
  maxChoices: null,
  minLength: 0,
  maxLength: 500,
  options: [],
  rows: [],
};

export const basicQuestions: FormQuestion[] = [
  { id: 1, title: '你的性别是？', ...choice, options: [o(1, '男'), o(2, '女')] },
  { id: 2, title: '你的出生日期是？', ...typed, input: 'date', placeholder: '如 1995-06-18' },
  { id: 3, title: '你目前常住在哪个城市？', ...typed, input: 'region', placeholder: '请选择省 / 市 / 区县' },
  {
    id: 4,
    title: '你的最高学历是？',
    ...choice,
    options: [o(1, '初中及以下'), o(2, '高中 / 中专'), o(3, '大专'), o(4, '本科'), o(5, '硕士及以上')],
  },
  {
    id: 6,
    title: '你的个人月收入（税后）大约是？',
    ...choice,
    input: 'select',
    options: [
      o(1, '3000 元以下'),
      o(2, '3000–5999 元'),
      o(3, '6000–9999 元'),
      o(4, '10000–19999 元'),
      o(5, '20000 元及以上'),
    ],
  },
  {
    id: 10,
    title: '你平时常用哪些网购平台？（最多选 3 项）',
    ...choice,
    kind: 'multiple',
    maxChoices: 3,
    options: [o(1, '淘宝 / 天猫'), o(2, '京东'), o(3, '拼多多'), o(4, '抖音商城'), o(7, '基本不网购', true)],
  },
];

export const basicAnswers: Answers = {
  1: answer({ optionIds: [2] }),
  2: answer({ text: '1995-06-18' }),
  3: answer({ text: '440305' }),
  4: answer({ optionIds: [4] }),
  6: answer({ optionIds: [3] }),
  10: answer({ optionIds: [1, 2] }),
};

const REGIONS: Record<number, RegionOption[]> = {
  0: [
    { id: 110000, name: '北京市', leaf: false },
    { id: 310000, name: '上海市', leaf: false },
    { id: 440000, name: '广东省', leaf: false },
  ],
  110000: [{ id: 110100, name: '北京市', leaf: false }],
  310000: [{ id: 310100, name: '上海市', leaf: false }],
  440000: [
    { id: 440100, name: '广州市', leaf: false },
    { id: 440300, name: '深圳市', leaf: false },
    { id: 441900, name: '东莞市', leaf: true },
  ],
  110100: [
    { id: 110101, name: '东城区', leaf: true },
    { id: 110105, name: '朝阳区', leaf: true },
  ],
  310100: [
    { id: 310104, name: '徐汇区', leaf: true },
    { id: 310115, name: '浦东新区', leaf: true },
  ],
  440100: [{ id: 440106, name: '天河区', leaf: true }],
  440300: [
    { id: 440304, name: '福田区', leaf: true },
    { id: 440305, name: '南山区', leaf: true },
  ],
};

/** /v1/jd/cities from a small table. */
export const loadRegions: RegionLoader = async (parentId) => REGIONS[parentId] ?? [];
