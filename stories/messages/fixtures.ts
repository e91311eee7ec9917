import type { ShownScreenMessage } from '../../machines/screenMessage';
import type { InboxMessage } from '../../src/flows/messages';

/** Sample data of the message stories (the contract's Message and ScreenMessage). */

/** 2026-11-22 09:05 Beijing. */
export const T = Date.UTC(2026, 10, 22, 1, 5);
const HOUR = 3_600_000;

/** One message of each type, the newest first; the first three unread. */
export const messages: InboxMessage[] = [
  {
    id: 31,
    type: 3,
    title: '兑换已发放：京东E卡 50 元',
    summary: '你兑换的京东E卡 50 元已发放，卡密已放入兑换记录，请尽快使用。',
    content:
      '<p>你兑换的 <strong>京东E卡 50 元</strong> 已发放。</p><p>卡密：<strong>JD-8842-1190-5521</strong></p><p>请在有效期内到京东绑定使用。</p>',
    link: '/home/exchange?id=12',
    read: false,
    createdAt: T,
  },
  {
    id: 30,
    type: 2,
    title: '任务审核通过，奖励已到账',
    summary: '家电使用习惯调查 审核通过，+200 微豆已到账。',
    content: '<p>你参与的「家电使用习惯调查」已审核通过，<strong>200 微豆</strong>已到账。</p>',
    link: '/home/task',
    read: false,
    createdAt: T - 2 * HOUR,
  },
  {
    id: 29,
    type: 5,
    title: '双十一加码：任务奖励翻倍',
    summary: '11 月 11 日当天完成任意任务，奖励翻倍，名额有限。',
    content:
      '<p>11 月 11 日 0 点至 24 点完成任意任务，奖励翻倍。</p><ul><li>每人限 5 次</li><li>奖励次日到账</li></ul>',
    link: '/task',
    read: false,
    createdAt: T - 26 * HOUR,
  },
  {
    id: 28,
    type: 4,
    title: '你的反馈有了回复',
    summary: '关于“问卷中途无法提交”的反馈，客服已回复。',
    content: '<p>你好，问卷提交失败是合作方系统临时故障所致，现已恢复，补发的 50 微豆已到账。</p>',
    link: null,
    read: true,
    createdAt: T - 50 * HOUR,
  },
  {
    id: 27,
    type: 1,
    title: '系统维护通知',
    summary: '11 月 25 日 02:00–04:00 系统维护，期间暂停兑换。',
    content: '<p>为提供更稳定的服务，11 月 25 日 02:00–04:00 进行系统维护，期间暂停兑换，任务可正常参与。</p>',
    link: null,
    read: true,
    createdAt: T - 75 * HOUR,
  },
];

export const allRead: InboxMessage[] = messages.map((m) => ({ ...m, read: true }));

export const screenMessage: ShownScreenMessage = {
  id: 8,
  title: '双十一加码：任务奖励翻倍',
  content:
    '<p>11 月 11 日当天完成任意任务，奖励<strong>翻倍</strong>。</p><p>活动名额有限，先到先得，奖励将在次日到账。</p>',
  image:
    'data:image/svg+xml;utf8,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="360"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f9730f"/><stop offset="1" stop-color="#b84b05"/></linearGradient></defs><rect width="800" height="360" fill="url(#g)"/><text x="400" y="200" font-size="64" text-anchor="middle" fill="#fff" font-family="sans-serif">11.11 奖励翻倍</text></svg>',
    ),
  link: { href: '/task', external: false },
  buttonText: '去做任务',
  endAt: T + 7 * 24 * HOUR,
};

export const plainScreenMessage: ShownScreenMessage = {
  ...screenMessage,
  id: 9,
  title: '隐私政策更新提示',
  content: '<p>我们更新了《隐私政策》，进一步说明了个人信息的使用范围。继续使用即表示你同意更新后的政策。</p>',
  image: null,
  link: null,
  buttonText: '我知道了',
};
