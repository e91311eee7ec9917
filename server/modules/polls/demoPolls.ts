/**
 * Demo in-house questionnaires, seeded with the demo tasks (server/seed). Each becomes a `polls`
 * row and a poll task; `key` ties a poll to its task's metadata in server/seed/demoTasks.ts
 * (a poll without metadata there still gets a default daily task).
 *
 * The demo exercises every quality rule (./quality.ts): an open question (random answers), a trap
 * question (`trapOptionId`), a contradicting pair (`logic`) and a fictitious brand (`fictional`).
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
        options: [
          { id: 1, text: '地铁 / 公交' },
          { id: 2, text: '私家车' },
          { id: 3, text: '电动车 / 自行车' },
          { id: 4, text: '网约车 / 出租车' },
          { id: 5, text: '步行' },
        ],
      },
      {
        id: 2,
        kind: 'multiple',
        title: '周末出行时，你会用到哪些方式？（最多选 3 项）',
        required: true,
        maxChoices: 3,
        options: [
          { id: 1, text: '地铁 / 公交' },
          { id: 2, text: '私家车' },
          { id: 3, text: '共享单车' },
          { id: 4, text: '网约车 / 出租车' },
          { id: 5, text: '周末基本不出门', exclusive: true },
        ],
      },
      {
        id: 3,
        kind: 'single',
        title: '为确认你在认真作答，本题请选择“比较满意”。',
        required: true,
        options: [
          { id: 1, text: '非常满意' },
          { id: 2, text: '比较满意' },
          { id: 3, text: '一般' },
          { id: 4, text: '不满意' },
        ],
        trapOptionId: 2,
      },
      {
        id: 4,
        kind: 'single',
        title: '你家里有私家车吗（含家人共用）？',
        required: true,
        options: [
          { id: 1, text: '有' },
          { id: 2, text: '没有' },
        ],
      },
      {
        id: 5,
        kind: 'single',
        title: '你家每月在私家车上的花费（油费 / 电费、停车费等）大约是？',
        required: true,
        options: [
          { id: 1, text: '家里没有私家车' },
          { id: 2, text: '300 元以下' },
          { id: 3, text: '300–1000 元' },
          { id: 4, text: '1000 元以上' },
        ],
      },
      {
        id: 6,
        kind: 'multiple',
        title: '以下出行服务品牌，你听说过哪些？（可多选）',
        required: true,
        options: [
          { id: 1, text: '滴滴出行' },
          { id: 2, text: '高德打车' },
          { id: 3, text: '哈啰' },
          { id: 4, text: '曹操出行' },
          { id: 5, text: '速蜓出行', fictional: true },
          { id: 6, text: '以上都没听说过', exclusive: true },
        ],
      },
      {
        id: 7,
        kind: 'matrix',
        title: '请评价你所在城市以下几方面的出行体验',
        required: true,
        options: [
          { id: 1, text: '很好' },
          { id: 2, text: '较好' },
          { id: 3, text: '一般' },
          { id: 4, text: '较差' },
          { id: 5, text: '很差' },
        ],
        rows: [
          { id: 1, text: '公共交通准点' },
          { id: 2, text: '高峰期道路通畅' },
          { id: 3, text: '停车方便' },
        ],
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
];
