import type { DeskTicket } from '../../machines/ticketDesk';
import type { DeskRow, SavedReplyItem } from '../../src/admin/flows/desk';
import { canMove } from '../../openapi/rules/feedback';
import type { FeedbackStateValue } from '../../openapi/rules/feedback';
import { ticketImages } from '../home/feedbackFixtures';

/** Tickets on the console's feedback desk, as the desk's stories and its machine test use them. */

const HOUR = 3_600_000;
/** 2026-11-29 16:00 Beijing: the stories' "now". */
export const DESK_NOW = Date.UTC(2026, 10, 29, 8, 0);

const member = { id: 7, memberCode: 'WD10086', mobile: '138****0000', nickname: '豆友小陈' };

export const deskRow = (id: number, state: FeedbackStateValue, waitingHours: number, extra: Partial<DeskRow> = {}) =>
  ({
    id,
    state,
    category: 1,
    summary: '答到第三页提示不符合条件，但我前面的答案都符合题目要求，想确认一下甄别原因。',
    member,
    operator: state === 0 ? null : '客服小林',
    createdAt: DESK_NOW - (waitingHours + 2) * HOUR,
    stateChangedAt: DESK_NOW - waitingHours * HOUR,
    waitingMs: waitingHours * HOUR,
    ...extra,
  }) satisfies DeskRow;

export const deskRows: DeskRow[] = [
  deskRow(12, 0, 30),
  deskRow(11, 1, 5, {
    category: 2,
    summary: '提现到支付宝三天了还没到账',
    member: { ...member, id: 8, nickname: '晴天' },
  }),
  deskRow(10, 2, 0.5, { category: 4, summary: '换手机后收不到验证码', member: { ...member, id: 9, nickname: 'Lucy' } }),
];

const can = (state: FeedbackStateValue): DeskTicket['can'] => ({
  take: canMove('accept', state),
  process: canMove('process', state),
  ask: canMove('ask', state),
  answer: canMove('answer', state),
  close: canMove('close', state),
});

/** A ticket of the desk in `state`: a member's description with two screenshots, a reply each way once taken. */
export function deskTicket(state: FeedbackStateValue, extra: Partial<DeskTicket> = {}): DeskTicket {
  const row = deskRow(12, state, state === 0 ? 30 : 2);
  const taken = state !== 0;
  return {
    ...row,
    content: '答到第三页提示不符合条件，但我前面的答案都符合题目要求，想确认一下甄别原因。微豆也没有到账。',
    images: ticketImages,
    record: {
      kind: 'task',
      id: 41,
      title: '年轻人咖啡消费习惯调研',
      detail: '答卷编号 R8K2QX7 · 被甄别',
      rid: 'R8K2QX7',
      link: '/home/task',
      at: row.createdAt - HOUR,
    },
    posts: taken
      ? [
          {
            id: 1,
            author: 'staff',
            name: '客服小林',
            content: '你好，请补充一下答题结束时的页面截图。',
            images: [],
            createdAt: row.createdAt + HOUR,
          },
          {
            id: 2,
            author: 'member',
            name: '豆友小陈',
            content: '补充了截图，请看。',
            images: [ticketImages[1]!],
            createdAt: row.createdAt + 1.5 * HOUR,
          },
        ]
      : [],
    moves: [
      { from: null, to: 0, by: 'member', actorName: null, reason: '提交反馈', at: row.createdAt },
      ...(taken
        ? [
            {
              from: 0,
              to: 1,
              by: 'staff',
              actorName: '客服小林',
              reason: '客服已受理',
              at: row.createdAt + HOUR,
            } as const,
          ]
        : []),
    ],
    context: {
      level: 3,
      qualityLevel: 2,
      registeredAt: Date.UTC(2025, 2, 1),
      participations: [
        {
          id: 41,
          taskTitle: '年轻人咖啡消费习惯调研',
          joinResult: 2,
          points: 10,
          startedAt: row.createdAt - HOUR,
        },
        { id: 40, taskTitle: '家电品牌认知问卷', joinResult: 1, points: 300, startedAt: row.createdAt - 30 * HOUR },
      ],
      exchanges: [{ id: 5, title: '支付宝提现 10 元', state: 1, points: 1000, createdAt: row.createdAt - 80 * HOUR }],
    },
    can: can(state),
    ...extra,
  };
}

export const savedReplies: SavedReplyItem[] = [
  {
    id: 1,
    title: '甄别说明',
    content: '已核实：该问卷的配额条件不符，属于正常甄别，甄别补偿微豆已发放到你的账户。',
    createdBy: '客服小林',
    createdAt: DESK_NOW - 48 * HOUR,
  },
  {
    id: 2,
    title: '请补充截图',
    content: '你好，请补充一下出现问题时的页面截图，方便我们核实。',
    createdBy: '管理员老王',
    createdAt: DESK_NOW - 24 * HOUR,
  },
];
