import { Code } from '../../openapi/codes';
import { NETWORK_ERROR_MSG } from './errors';

/**
 * The survey hand-off's refusals and rejections (machines/surveyHandoff.ts): their reasons, their
 * zh-CN words, and the pure readers that turn an API error into one of them or into a message.
 */

export type TaskBlock =
  'closed' | 'not_open' | 'quota_full' | 'not_eligible' | 'device' | 'quality_level' | 'basic_survey' | 'joined';

export type RefusalReason =
  'closed' | 'notOpen' | 'quotaFull' | 'device' | 'notEligible' | 'qualityLevel' | 'basicSurvey' | 'notFound';
export type RejectionReason = 'invalid' | 'foreign' | 'expired' | 'notFound';

export interface Refusal {
  reason: RefusalReason;
  message: string;
}
export interface Rejection {
  reason: RejectionReason;
  message: string;
}

/** zh-CN titles and default explanations of each refusal (a server message may be more specific). */
export const REFUSAL_TEXT: Record<RefusalReason, { title: string; message: string }> = {
  closed: { title: '任务已结束', message: '该任务已经结束或暂停，去看看其他任务吧。' },
  notOpen: { title: '任务尚未开始', message: '该任务还没有开放，请在开始时间之后再来。' },
  quotaFull: { title: '名额已满', message: '该任务的名额已经满了，下次早点来哦。' },
  device: {
    title: '不支持当前设备',
    message: '该任务不支持你正在使用的设备，请换用任务说明中的设备（手机/电脑/平板）参加。',
  },
  notEligible: { title: '暂不符合参与条件', message: '根据你的个人资料，你暂不符合该任务的参与条件。' },
  qualityLevel: {
    title: '答题质量等级不足',
    message: '该任务需要更高的答题质量等级。提高答卷有效率后即可参加，可在「质量等级」页查看各等级的要求。',
  },
  basicSurvey: { title: '请先完成个人属性问卷', message: '完成个人属性问卷后，我们才能为你匹配合适的任务。' },
  notFound: { title: '任务不存在', message: '找不到这个任务，它可能已经下线，或者链接不完整。' },
};

/** zh-CN titles and explanations of each rejected return. */
export const REJECTION_TEXT: Record<RejectionReason, { title: string; message: string }> = {
  invalid: {
    title: '回跳链接校验失败',
    message:
      '这个链接的签名与合作方的不一致，可能被改动过或不完整，本次结果无法确认，也没有发放微豆。请不要手动修改回跳链接。',
  },
  foreign: {
    title: '这条答题记录不属于当前账号',
    message: '这条答题记录是另一个账号开始的。请登录开始这次答题的账号后，再打开这个链接。',
  },
  expired: {
    title: '回跳链接已过期',
    message: '这个链接已超过有效时间，无法再用来结算。如果你确实完成了问卷，请带上答卷编号联系客服核实。',
  },
  notFound: {
    title: '找不到这条答题记录',
    message: '链接中的答题记录不存在或不完整，请从任务记录中查看你的答题结果。',
  },
};

export const NETWORK_MSG = `${NETWORK_ERROR_MSG}，请检查网络后重试`;

/** Fields of an API client rejection the machine reads (code, msg, data). */
interface ErrorLike {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}
export const codeOf = (e: unknown): number | null => {
  const c = (e as ErrorLike | null)?.code;
  return typeof c === 'number' ? c : null;
};
const msgOf = (e: unknown): string | null => {
  const m = (e as ErrorLike | null)?.msg;
  return typeof m === 'string' && m ? m : null;
};

const REFUSAL_BY_CODE: Partial<Record<number, RefusalReason>> = {
  [Code.TASK_CLOSED]: 'closed',
  [Code.TASK_NOT_OPEN]: 'notOpen',
  [Code.TASK_QUOTA_FULL]: 'quotaFull',
  [Code.TASK_DEVICE_UNSUPPORTED]: 'device',
  [Code.TASK_NOT_ELIGIBLE]: 'notEligible',
  [Code.TASK_QUALITY_LEVEL_REQUIRED]: 'qualityLevel',
  [Code.PREREQUISITE_REQUIRED]: 'basicSurvey',
  [Code.NOT_FOUND]: 'notFound',
};

export const REFUSAL_BY_BLOCK: Record<Exclude<TaskBlock, 'joined'>, RefusalReason> = {
  closed: 'closed',
  not_open: 'notOpen',
  quota_full: 'quotaFull',
  device: 'device',
  not_eligible: 'notEligible',
  quality_level: 'qualityLevel',
  basic_survey: 'basicSurvey',
};

const REJECTION_BY_CODE: Partial<Record<number, RejectionReason>> = {
  [Code.CALLBACK_INVALID]: 'invalid',
  [Code.PARTICIPATION_FOREIGN]: 'foreign',
  [Code.CALLBACK_EXPIRED]: 'expired',
  [Code.NOT_FOUND]: 'notFound',
};

/** A refusal to start, from an API error (null when the error is not one). */
export function refusalOf(error: unknown): Refusal | null {
  const code = codeOf(error);
  const reason = code === null ? undefined : REFUSAL_BY_CODE[code];
  if (!reason) return null;
  return { reason, message: msgOf(error) ?? REFUSAL_TEXT[reason].message };
}

/** A rejected return/record, from an API error (null when the error is not one). */
export function rejectionOf(error: unknown): Rejection | null {
  const code = codeOf(error);
  const reason = code === null ? undefined : REJECTION_BY_CODE[code];
  if (!reason) return null;
  // Our own zh-CN explanation: it says what happened AND that nothing was credited.
  return { reason, message: REJECTION_TEXT[reason].message };
}

/** The zh-CN message of a failure that is neither a refusal nor a rejection. */
export function failureMessage(error: unknown): string {
  const code = codeOf(error);
  const msg = msgOf(error);
  // No reply at all, or the client's bare 网络错误: say what to do about it.
  if (code === null || code === 0 || !msg || msg === NETWORK_ERROR_MSG) return NETWORK_MSG;
  return msg;
}

/** Seconds left per a WATCH_TOO_SHORT refusal (`data.remainingSeconds`), at least 1. */
export function remainingOf(error: unknown): number {
  const data = (error as ErrorLike | null)?.data as { remainingSeconds?: unknown } | undefined;
  const left = data?.remainingSeconds;
  return typeof left === 'number' && Number.isFinite(left) && left > 0 ? Math.ceil(left) : 1;
}

/** An entry URL that leaves the site (absolute http(s) or protocol-relative) vs an in-site path. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}
