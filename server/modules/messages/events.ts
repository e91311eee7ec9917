/**
 * What the product tells a member when something happens to their records: every product-event
 * message's words, its type and the page it links to, in one place. The modules where the events
 * happen build one of these and write it with `postEventMessage` inside the event's transaction;
 * the event key (`<event>:<record id>`) makes a replayed event write nothing.
 *
 * zh-CN words members use, no codes. Text that comes from records (a reward's title, a reason,
 * a card code) is escaped: the content is stored as HTML.
 */
import { ExchangeType, JoinResult, MessageType, SnsPlatform } from '../../../openapi/enums';
import { AUTO_CONFIRM_DAYS, REOPEN_DAYS } from '../../../openapi/rules/feedback';
import { secretHtml } from '../../kernel/html';
import { beijingWallClock } from '../../kernel/time';
import type { EventMessage } from './send';

/** The pages event messages link to (each is a routed page; tests/api/messages-events.test.ts checks). */
export const EVENT_LINKS = {
  tasks: '/task',
  taskRecords: '/home/task',
  exchangeRecords: '/home/exchange',
  invite: '/home/invite',
  benefits: '/home/credit',
  feedback: '/home/feedback',
  appraise: '/appraise',
  recruit: '/activities/recruit',
  prizeResult: '/prize/result',
} as const;

/** One feedback ticket's page (`/home/feedback/<id>`). */
export const feedbackLink = (ticketId: number) => `${EVENT_LINKS.feedback}/${ticketId}`;

const T = MessageType.values;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<p>` per line; lines are HTML already (record text in them escaped); empty ones are left out. */
const paragraphs = (...lines: (string | false | null | undefined)[]) =>
  lines
    .filter((l): l is string => typeof l === 'string' && l.length > 0)
    .map((l) => `<p>${l}</p>`)
    .join('');

/** `1月4日 10:00` (Beijing). */
export function beijingDateTime(ms: number): string {
  const d = beijingWallClock(ms);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hh}:${mm}`;
}

const q = (title: string) => `「${escapeHtml(title)}」`;

/* ---- accounts ---- */

export function welcomeMessage(memberId: number): EventMessage {
  return {
    type: T.SYSTEM,
    title: '欢迎加入微豆调研',
    content: paragraphs(
      '欢迎你！在微豆调研参与问卷调查、完成任务就能赚取微豆，微豆可以在兑换中心兑换现金、卡券和实物礼品。',
      '先完成个人属性问卷，我们会为你推荐更合适的任务。去任务页看看吧！',
    ),
    link: EVENT_LINKS.tasks,
    eventKey: `welcome:${memberId}`,
  };
}

/* ---- exchange ---- */

export interface IssuedExchange {
  id: number;
  title: string;
  rewardType: number;
  /** Virtual: the card code or secret issued. */
  code: string | null;
  transferRef: string | null;
  trackingNo: string | null;
  payout: { platform: number; nickname: string | null } | null;
}

export function exchangeIssuedMessage(e: IssuedExchange): EventMessage {
  let body: string;
  if (e.rewardType === ExchangeType.values.VIRTUAL) {
    body = paragraphs(
      `你兑换的${q(e.title)}已发放，卡密：`,
      secretHtml(escapeHtml(e.code ?? '')),
      '卡密也可以在兑换记录和卡券专区查看。请妥善保管，不要告诉他人。',
    );
  } else if (e.rewardType === ExchangeType.values.CASH) {
    const platform = e.payout ? (SnsPlatform.labels[e.payout.platform as 1 | 2 | 3 | 4] ?? '') : '';
    const account = e.payout?.nickname ? `（${escapeHtml(e.payout.nickname)}）` : '';
    body = paragraphs(
      `你兑换的${q(e.title)}已打款到你的${platform}账户${account}，请注意查收。`,
      e.transferRef && `打款流水号：${escapeHtml(e.transferRef)}`,
    );
  } else {
    body = paragraphs(
      `你兑换的${q(e.title)}已发货，快递单号：<strong>${escapeHtml(e.trackingNo ?? '')}</strong>`,
      '可凭快递单号在快递公司查询物流。',
    );
  }
  return {
    type: T.EXCHANGE,
    title: `兑换已发放：${e.title}`,
    content: body,
    link: EVENT_LINKS.exchangeRecords,
    eventKey: `exchange.issued:${e.id}`,
  };
}

const REFUND_WORDS = {
  reject: { title: '兑换未通过审核', what: '未通过审核', event: 'exchange.rejected' },
  revoke: { title: '兑换已撤销', what: '已被撤销', event: 'exchange.revoked' },
  fail: { title: '兑换发放失败', what: '发放失败', event: 'exchange.failed' },
} as const;

export function exchangeRefundedMessage(
  action: keyof typeof REFUND_WORDS,
  e: { id: number; title: string; reason: string | null; refunded: number; couponReturned: boolean },
): EventMessage {
  const w = REFUND_WORDS[action];
  return {
    type: T.EXCHANGE,
    title: `${w.title}：${e.title}`,
    content: paragraphs(
      `你兑换的${q(e.title)}${w.what}。${e.reason ? `原因：${escapeHtml(e.reason)}` : ''}`,
      // A lottery prize (0 微豆) cost nothing, so nothing comes back.
      e.refunded > 0
        ? `兑换花费的 ${e.refunded} 微豆已退回你的账户${e.couponReturned ? '，使用的折扣券也已退回' : ''}。`
        : '',
    ),
    link: EVENT_LINKS.exchangeRecords,
    eventKey: `${w.event}:${e.id}`,
  };
}

/* ---- tasks ---- */

/** A partner confirmed a result after the member left (its postback), and it paid. */
export function taskCreditedMessage(p: {
  respondentId: string;
  title: string;
  joinResult: number;
  points: number;
}): EventMessage {
  const complete = p.joinResult === JoinResult.values.COMPLETE;
  const label = JoinResult.labels[p.joinResult as keyof typeof JoinResult.labels] ?? '';
  return {
    type: T.TASK,
    title: `任务奖励已到账：${p.title}`,
    content: paragraphs(
      complete
        ? `你参与的${q(p.title)}已通过合作方审核，${p.points} 微豆已到账。`
        : `你参与的${q(p.title)}结果已确认（${label}），${p.points} 微豆参与奖励已到账。`,
    ),
    link: EVENT_LINKS.taskRecords,
    eventKey: `task.credited:${p.respondentId}`,
  };
}

export function taskReversedMessage(p: { respondentId: string; title: string; points: number }): EventMessage {
  return {
    type: T.TASK,
    title: `任务奖励已撤回：${p.title}`,
    content: paragraphs(
      `合作方复核后认定你参与的${q(p.title)}答卷无效，此前发放的 ${p.points} 微豆已撤回。`,
      '认真作答能让答卷通过复核，也能提升你的权益等级。',
    ),
    link: EVENT_LINKS.taskRecords,
    eventKey: `task.reversed:${p.respondentId}`,
  };
}

/* ---- invites ---- */

export function inviteRewardMessage(
  kind: 'register' | 'first-task',
  r: { inviteeId: number; invitee: string; points: number; credit?: number },
): EventMessage {
  const who = `你邀请的好友 ${escapeHtml(r.invitee)} `;
  return {
    type: T.ACTIVITY,
    title: kind === 'register' ? '好友注册成功，邀请奖励已到账' : '好友完成首个任务，邀请奖励已到账',
    content: paragraphs(
      kind === 'register'
        ? `${who}已注册，${r.points} 微豆邀请奖励已到账。`
        : `${who}完成了首个有效任务，${r.points} 微豆${r.credit ? `和 ${r.credit} 权益值` : ''}已到账。`,
      kind === 'register' && '好友完成首个有效任务后，你还能再得一份奖励。',
    ),
    link: EVENT_LINKS.invite,
    eventKey: `invite.${kind}:${r.inviteeId}`,
  };
}

/* ---- benefits ---- */

export function benefitGrantedMessage(h: { holdingId: number; name: string; expiresAt: number | null }): EventMessage {
  return {
    type: T.ACTIVITY,
    title: `你获得了「${h.name}」`,
    content: paragraphs(
      `你获得了一份${q(h.name)}${h.expiresAt ? `，有效期至 ${beijingDateTime(h.expiresAt)}` : '，长期有效'}。`,
      '可在「我的权益」中查看和使用。',
    ),
    link: EVENT_LINKS.benefits,
    eventKey: `benefit.granted:${h.holdingId}`,
  };
}

/** How long before a benefit expires its member is told. */
export const EXPIRING_NOTICE_MS = 3 * 86_400_000;

export function benefitExpiringMessage(h: { holdingId: number; name: string; expiresAt: number }): EventMessage {
  return {
    type: T.ACTIVITY,
    title: `「${h.name}」即将过期`,
    content: paragraphs(`你的${q(h.name)}将于 ${beijingDateTime(h.expiresAt)} 过期，过期后不能再使用，请尽快使用。`),
    link: EVENT_LINKS.benefits,
    eventKey: `benefit.expiring:${h.holdingId}`,
  };
}

/* ---- feedback ---- */

/** Text a person wrote (a reply, a reason): escaped, one paragraph per line. */
const writtenLines = (text: string) => text.split(/\r?\n/).map((line) => escapeHtml(line.trim()));

/**
 * An operator replied on a ticket: asking the member for more (`ask`, the ticket waits for them)
 * or answering (`answer`, the member confirms or replies). One message per reply (its post id).
 */
export function feedbackReplyMessage(r: {
  ticketId: number;
  postId: number;
  kind: 'ask' | 'answer';
  staffName: string;
  content: string;
}): EventMessage {
  const ask = r.kind === 'ask';
  return {
    type: T.FEEDBACK,
    title: ask ? '客服需要你补充反馈信息' : '你的反馈有了答复',
    content: paragraphs(
      `${escapeHtml(r.staffName)}${ask ? '回复了你的反馈：' : '答复了你的反馈：'}`,
      ...writtenLines(r.content),
      ask
        ? '请在反馈详情中补充说明，补充后客服会继续为你处理。'
        : `问题已解决请点「已解决」，仍未解决可以继续回复；${AUTO_CONFIRM_DAYS} 天内未确认的，系统将自动确认。`,
    ),
    link: feedbackLink(r.ticketId),
    eventKey: `feedback.reply:${r.postId}`,
  };
}

/** An operator closed a ticket (its closing move), with the reason. */
export function feedbackClosedMessage(c: { ticketId: number; moveId: number; reason: string }): EventMessage {
  return {
    type: T.FEEDBACK,
    title: '你的反馈已关闭',
    content: paragraphs(
      `客服关闭了你的反馈。原因：${escapeHtml(c.reason)}`,
      `如果问题仍未解决，可以在 ${REOPEN_DAYS} 天内重新打开这条反馈。`,
    ),
    link: feedbackLink(c.ticketId),
    eventKey: `feedback.closed:${c.moveId}`,
  };
}

/* ---- 月度答题之星 ---- */

/** A member is among a month's best (`month` YYYY-MM) and their award was paid. */
export function appraiseAwardMessage(w: {
  month: string;
  memberId: number;
  rank: number;
  award: number;
}): EventMessage {
  const label = `${Number(w.month.slice(0, 4))}年${Number(w.month.slice(5, 7))}月`;
  return {
    type: T.ACTIVITY,
    title: `恭喜你当选${label}答题之星`,
    content: paragraphs(
      `你在${label}的答卷又多又认真，获评月度答题之星第 ${w.rank} 名。`,
      `奖励 ${w.award} 微豆已发放到你的微豆账户，感谢你的用心作答！`,
    ),
    link: EVENT_LINKS.appraise,
    eventKey: `appraise.award:${w.month}:${w.memberId}`,
  };
}

/* ---- campus recruitment ---- */

/** An operator approved or rejected a member's referral-officer application. */
export function recruitReviewedMessage(a: {
  applicationId: number;
  approved: boolean;
  message: string | null;
}): EventMessage {
  const note = a.message ? `运营留言：${escapeHtml(a.message)}` : null;
  return {
    type: T.ACTIVITY,
    title: a.approved ? '你已成为校园推广官' : '校园推广官申请未通过',
    content: a.approved
      ? paragraphs(
          '恭喜！你的校园推广官申请已通过审核。',
          '从现在起，你邀请的好友会单独计入推广官邀请统计，可在推广官页面查看。',
          note,
        )
      : paragraphs('很遗憾，你的校园推广官申请没有通过审核。', note, '感谢你的关注，你仍可以通过邀请好友获得奖励。'),
    link: EVENT_LINKS.recruit,
    eventKey: `recruit.${a.approved ? 'approved' : 'rejected'}:${a.applicationId}`,
  };
}

/* ---- prize trials ---- */

/** A member's application won a prize trial's draw. */
export function prizeWonMessage(w: { trialId: number; title: string; applicationId: number }): EventMessage {
  return {
    type: T.ACTIVITY,
    title: '恭喜你获得试用资格',
    content: paragraphs(
      `你申请的试用「${escapeHtml(w.title)}」已开奖，你中签了！`,
      '请在开奖结果页确认收货地址，我们会尽快寄出试用品。',
    ),
    link: `${EVENT_LINKS.prizeResult}?id=${w.trialId}`,
    eventKey: `prize.won:${w.applicationId}`,
  };
}

/** An operator sent a winner's trial product; the report-back (if the trial has one) is open now. */
export function prizeShippedMessage(s: {
  trialId: number;
  title: string;
  applicationId: number;
  reportPoints: number | null;
}): EventMessage {
  return {
    type: T.ACTIVITY,
    title: '你的试用品已寄出',
    content: paragraphs(
      `你中签的试用「${escapeHtml(s.title)}」已寄出，请留意查收。`,
      s.reportPoints !== null &&
        `收到并试用后，请在开奖结果页填写试用报告${s.reportPoints > 0 ? `，提交后可得 ${s.reportPoints} 微豆` : ''}。`,
    ),
    link: `${EVENT_LINKS.prizeResult}?id=${s.trialId}`,
    eventKey: `prize.shipped:${s.applicationId}`,
  };
}

/** A winner's report-back was received (and credited, when the trial pays for it). */
export function prizeReportedMessage(r: {
  trialId: number;
  title: string;
  applicationId: number;
  points: number;
}): EventMessage {
  return {
    type: T.ACTIVITY,
    title: '试用报告已收到',
    content: paragraphs(
      `感谢你提交「${escapeHtml(r.title)}」的试用报告。`,
      r.points > 0 && `${r.points} 微豆已记入你的账户。`,
    ),
    link: `${EVENT_LINKS.prizeResult}?id=${r.trialId}`,
    eventKey: `prize.report:${r.applicationId}`,
  };
}
