/**
 * What staff read for the member pages' values: the contract's enumerations and keys in zh-CN,
 * instants in Beijing time. An unknown value says 其他 rather than showing a key.
 */
import {
  BenefitKind,
  ExchangeState,
  ExchangeType,
  FeedbackCategory,
  FeedbackState,
  JoinResult,
  SnsPlatform,
} from '../../../../openapi/enums';

const label = (labels: Record<number | string, string>, value: number | string | null | undefined, other = '其他') =>
  value === null || value === undefined ? '—' : (labels[value] ?? other);

const beijing = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-29 19:14` in Beijing time (the console keeps to its own chunks: not the member site's helper). */
export const when = (ms: number | null | undefined) => (ms ? beijing.format(ms).replaceAll('/', '-') : '—');

export const MATCHED_BY: Record<string, string> = {
  mobile: '手机号',
  memberCode: '会员编号',
  id: 'ID',
  nickname: '昵称',
  inviteCode: '邀请码',
};
export const matchedByText = (by: string) => `按${label(MATCHED_BY, by)}`;

export const joinResultText = (v: number) => label(JoinResult.labels, v);
export const participationText = (status: string) => label({ started: '进行中', finished: '已结束' }, status);
export const pointsStatusText = (status: string) =>
  label({ none: '未发放', posted: '已发放', reversed: '已扣回' }, status);

export const exchangeTypeText = (v: number) => label(ExchangeType.labels, v);
export const exchangeStateText = (v: number) => label(ExchangeState.labels, v);

export const benefitKindText = (v: number) => label(BenefitKind.labels, v);
export const benefitSourceText = (source: string) =>
  label({ claim: '会员领取', grant: '系统发放', value: '权益值兑换' }, source);
export const benefitStatusText = (status: string) =>
  label({ unused: '未使用', used: '已使用', expired: '已过期' }, status);

export const feedbackCategoryText = (v: number) => label(FeedbackCategory.labels, v);
export const feedbackStateText = (v: number) => label(FeedbackState.labels, v);

export const platformText = (v: number) => label(SnsPlatform.labels, v);

export const ipSourceText = (from: readonly string[]) =>
  from.map((f) => label({ register: '注册', login: '登录', task: '做任务' }, f)).join('、');

export const ledgerStatusText = (status: string) => label({ posted: '已入账', pending: '待审核' }, status);

export const loginMethodText = (method: string | null) =>
  method === null
    ? '未记录'
    : label(
        {
          password: '密码登录',
          sms: '短信验证码登录',
          register: '注册后登录',
          sms_register: '注册后登录',
          invite: '邀请注册后登录',
          sns: '第三方账号登录',
          qrcode: '扫码登录',
        },
        method,
      );

/** Why a login ended. */
export const sessionEndText = (reason: string | null) =>
  label(
    {
      logout: '会员退出登录',
      reuse: '登录凭证被重复使用，已结束',
      password_change: '会员修改了密码',
      password_reset: '会员重置了密码',
      frozen: '账号被冻结',
      staff: '客服结束了全部登录',
    },
    reason ?? '',
  );

/** A browser identification as staff say it: 「微信 · 安卓」, 「Chrome · Windows」. */
export function deviceText(userAgent: string | null): string {
  if (!userAgent) return '未记录';
  const ua = userAgent;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? '安卓'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : '其他系统';
  const browser = /MicroMessenger/.test(ua)
    ? '微信'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '其他浏览器';
  return `${browser} · ${os}`;
}

/** 微豆 with a sign: +50, -1,200. */
export const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('zh-CN')}`;
export const count = (n: number) => n.toLocaleString('zh-CN');
