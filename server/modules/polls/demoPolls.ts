/**
 * Demo in-house questionnaires, seeded with the demo tasks (server/seed). Each becomes a `polls`
 * row and a poll task; `key` ties a poll to its task's metadata in server/seed/demoTasks.ts
 * (a poll without metadata there still gets a default daily task).
 *
 * The paid demo questionnaire (daily-travel) exercises every quality rule (./quality.ts): an open
 * question (random answers), a trap question (`trapOptionId`), a contradicting pair (`logic`) and a
 * fictitious brand (`fictional`). The skin-screener is a prize trial's short screener.
 */
import type { PollLogicRule, StoredPollQuestion } from '../../db/schema-tasks';

export interface DemoPoll {
  key: string;
  title: string;
  intro: string;
  questions: StoredPollQuestion[];
  logic: PollLogicRule[];
  lowQualityPay: 'full' | 'half' | 'none';
}

type OptionSpec = string | { text: string; exclusive?: true; fictional?: true };

/** Options (or matrix rows) numbered 1, 2, 3… in the order given. */
export function numbered(...specs: OptionSpec[]) {
  return specs.map((spec, i) => (typeof spec === 'string' ? { id: i + 1, text: spec } : { id: i + 1, ...spec }));
}

export const DEMO_POLLS: DemoPoll[] = [
  {
    key: 'daily-travel',
    title: '日常出行方式小调查',
    intro: '了解你平时上班、上学和周末出行的方式，大约需要 2 分钟。回答没有对错之分，请按实际情况填写。',
    questions: [
      {
        id: 1,
        kind: 'single',
        title: '你工作日最常用的出行方式是？',
        required: true,
        options: numbered('地铁 / 公交', '私家车', '电动车 / 自行车', '网约车 / 出租车', '步行'),
      },
      {
        id: 2,
        kind: 'multiple',
        title: '周末出行时，你会用到哪些方式？（最多选 3 项）',
        required: true,
        maxChoices: 3,
        options: numbered('地铁 / 公交', '私家车', '共享单车', '网约车 / 出租车', {
          text: '周末基本不出门',
          exclusive: true,
        }),
      },
      {
        id: 3,
        kind: 'single',
        title: '为确认你在认真作答，本题请选择“比较满意”。',
        required: true,
        options: numbered('非常满意', '比较满意', '一般', '不满意'),
        trapOptionId: 2,
      },
      {
        id: 4,
        kind: 'single',
        title: '你家里有私家车吗（含家人共用）？',
        required: true,
        options: numbered('有', '没有'),
      },
      {
        id: 5,
        kind: 'single',
        title: '你家每月在私家车上的花费（油费 / 电费、停车费等）大约是？',
        required: true,
        options: numbered('家里没有私家车', '300 元以下', '300–1000 元', '1000 元以上'),
      },
      {
        id: 6,
        kind: 'multiple',
        title: '以下出行服务品牌，你听说过哪些？（可多选）',
        required: true,
        options: numbered(
          '滴滴出行',
          '高德打车',
          '哈啰',
          '曹操出行',
          { text: '速蜓出行', fictional: true },
          { text: '以上都没听说过', exclusive: true },
        ),
      },
      {
        id: 7,
        kind: 'matrix',
        title: '请评价你所在城市以下几方面的出行体验',
        required: true,
        options: numbered('很好', '较好', '一般', '较差', '很差'),
        rows: numbered('公共交通准点', '高峰期道路通畅', '停车方便'),
      },
      {
        id: 8,
        kind: 'text',
        title: '你觉得所在城市的出行还有哪些可以改进的地方？',
        required: true,
        minLength: 5,
        options: [],
      },
    ],
    // "有私家车" cannot go with "家里没有私家车".
    logic: [
      { if: { questionId: 4, optionId: 1 }, contradicts: { questionId: 5, optionId: 1 } },
      { if: { questionId: 4, optionId: 2 }, contradicts: { questionId: 5, optionId: 4 } },
    ],
    lowQualityPay: 'half',
  },
  {
    // The screener of the demo open prize trial (server/seed/demoPrize.ts): applying needs it done.
    key: 'skin-screener',
    title: '护肤习惯小调查（面霜试用甄别问卷）',
    intro: '申请「水润保湿面霜」试用前，请先回答 3 个关于护肤习惯的问题，约 1 分钟。',
    questions: [
      {
        id: 1,
        kind: 'single',
        title: '你的肤质是？',
        required: true,
        options: numbered('干性', '混合性', '油性', '中性', '不太清楚'),
      },
      {
        id: 2,
        kind: 'single',
        title: '你平时使用面霜的频率是？',
        required: true,
        options: numbered('每天都用', '每周几次', '偶尔使用', '从不使用'),
      },
      {
        id: 3,
        kind: 'single',
        title: '试用期间，你愿意连续 14 天使用并反馈感受吗？',
        required: true,
        options: numbered('愿意', '不确定'),
      },
    ],
    logic: [],
    lowQualityPay: 'full',
  },
];
