import type { FeedbackDetail, FeedbackRecord } from '../../machines/feedback';
import type { Shot } from '../../machines/screenshots';
import { AUTO_CONFIRM_DAYS, REOPEN_DAYS, type FeedbackStateValue } from '../../openapi/rules/feedback';

/** A member's feedback ticket in each state, as the stories, the machine tests and the page tests use it. */

const DAY = 86_400_000;
/** 2026-11-22 09:05 Beijing: the stories' "now". */
export const NOW = Date.UTC(2026, 10, 22, 1, 5);
const T0 = NOW - 3 * DAY;

export const taskRecord: FeedbackRecord = {
  kind: 'task',
  id: 41,
  title: '新品口味测试问卷',
  detail: '答卷编号 R8K2QX7 · 被甄别',
  rid: 'R8K2QX7',
  link: '/home/task',
  at: T0 - DAY,
};

const staffName = '客服小微';

const CAN_NONE = { reply: false, confirm: false, reopen: false, rate: false };

/** What the server lets the member do in each state (a confirmed ticket: within the window, not rated). */
const CAN: Record<FeedbackStateValue, FeedbackDetail['can']> = {
  0: { ...CAN_NONE, reply: true },
  1: { ...CAN_NONE, reply: true },
  2: { ...CAN_NONE, reply: true },
  3: { ...CAN_NONE, reply: true },
  4: { ...CAN_NONE, reply: true, confirm: true },
  5: { ...CAN_NONE, reopen: true, rate: true },
};

const SHOT_URL = (n: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="520"><rect width="300" height="520" fill="#eef2ff"/><rect x="24" y="40" width="252" height="40" rx="8" fill="#c7d2fe"/><text x="150" y="300" font-size="28" text-anchor="middle" fill="#4f46e5">截图 ${n}</text></svg>`,
  )}`;

export const ticketImages = [
  { key: 'feedback/7/17637000000001234.png', url: SHOT_URL(1) },
  { key: 'feedback/7/17637000000005678.png', url: SHOT_URL(2) },
];

const moves: Record<FeedbackStateValue, FeedbackDetail['moves']> = {
  0: [{ from: null, to: 0, by: 'member', reason: '提交反馈', at: T0 }],
  1: [
    { from: null, to: 0, by: 'member', reason: '提交反馈', at: T0 },
    { from: 0, to: 1, by: 'staff', reason: '客服已受理', at: T0 + 2 * 3_600_000 },
  ],
  2: [],
  3: [],
  4: [],
  5: [],
};
moves[2] = [...moves[1], { from: 1, to: 2, by: 'staff', reason: '已联系合作方核实', at: T0 + DAY }];
moves[3] = [...moves[1], { from: 1, to: 3, by: 'staff', reason: '需要你补充截图', at: T0 + DAY }];
moves[4] = [...moves[2], { from: 2, to: 4, by: 'staff', reason: '客服已给出处理结果', at: NOW - 3_600_000 }];
moves[5] = [...moves[4], { from: 4, to: 5, by: 'member', reason: '你确认问题已解决', at: NOW - 1_800_000 }];

const posts: Record<FeedbackStateValue, FeedbackDetail['posts']> = {
  0: [],
  1: [],
  2: [
    {
      id: 11,
      author: 'staff',
      name: staffName,
      content: '你好，我们已经联系合作方核实这份答卷，请耐心等待。',
      images: [],
      createdAt: T0 + DAY,
    },
  ],
  3: [
    {
      id: 11,
      author: 'staff',
      name: staffName,
      content: '你好，麻烦提供一下答题结束时页面的截图，方便我们核实。',
      images: [],
      createdAt: T0 + DAY,
    },
  ],
  4: [],
  5: [],
};
posts[4] = [
  ...posts[2],
  {
    id: 12,
    author: 'member',
    name: '我',
    content: '好的，谢谢。',
    images: [],
    createdAt: T0 + DAY + 3_600_000,
  },
  {
    id: 13,
    author: 'staff',
    name: staffName,
    content: '经核实，合作方已补发 20 微豆安慰奖，请在「微豆明细」查看。',
    images: [],
    createdAt: NOW - 3_600_000,
  },
];
posts[5] = posts[4];

/** The ticket in `state`, with what the server allows then. */
export function ticket(state: FeedbackStateValue, over: Partial<FeedbackDetail> = {}): FeedbackDetail {
  return {
    id: 7,
    category: 1,
    summary: '答完问卷显示被甄别，但我完全符合条件，微豆也没有到账',
    state,
    awaitingMe: state === 3 || state === 4,
    createdAt: T0,
    updatedAt: moves[state].at(-1)!.at,
    content:
      '答完问卷显示被甄别，但我完全符合条件，微豆也没有到账。答题大概用了 15 分钟，最后一页提交后跳转到了甄别页面。',
    images: ticketImages,
    record: taskRecord,
    posts: posts[state],
    moves: moves[state],
    rating: null,
    can: CAN[state],
    autoConfirmAt: state === 4 ? NOW - 3_600_000 + AUTO_CONFIRM_DAYS * DAY : null,
    reopenUntil: state === 5 ? NOW - 1_800_000 + REOPEN_DAYS * DAY : null,
    ...over,
  };
}

/** Confirmed and rated: nothing more to do but reopen. */
export const ratedTicket = ticket(5, {
  rating: { stars: 5, comment: '处理很快，谢谢！' },
  can: { ...CAN_NONE, reopen: true },
});

/** Confirmed more than REOPEN_DAYS ago, not rated. */
export const expiredTicket = ticket(5, {
  reopenUntil: NOW - DAY,
  moves: [
    ...moves[4],
    { from: 4, to: 5, by: 'system', reason: `${AUTO_CONFIRM_DAYS} 天未确认，系统自动确认`, at: NOW - 8 * DAY },
  ],
  can: { ...CAN_NONE, rate: true },
});

const pictureFile = (name: string) => ({ name, size: 182_000, type: 'image/png' });

/** The form's screenshots: one uploaded, one on its way, one refused. */
export const shots: Shot[] = [
  {
    id: 1,
    file: pictureFile('结束页.png'),
    status: 'done',
    key: 'feedback/7/17637000000001234.png',
    url: SHOT_URL(1),
    error: null,
    retryable: false,
  },
  {
    id: 2,
    file: pictureFile('微豆明细.png'),
    status: 'uploading',
    key: null,
    url: null,
    error: null,
    retryable: false,
  },
];

export const failedShot: Shot = {
  id: 3,
  file: pictureFile('聊天记录.png'),
  status: 'failed',
  key: null,
  url: null,
  error: '网络错误，请检查网络后重试',
  retryable: true,
};

/** Object URLs the page makes for previews, as the stories draw them. */
export const previews: Record<number, string> = { 1: SHOT_URL(1), 2: SHOT_URL(2), 3: SHOT_URL(3) };
