import { z } from 'zod';

/**
 * The spec's enumerations (§3) as typed constants with their zh-CN labels.
 * `X.NAME` is the wire value; `xLabels[value]` is what members read.
 */
function enumOf<const T extends Record<string, number>>(values: T, labels: { [K in T[keyof T]]: string }) {
  const list = Object.values(values) as T[keyof T][];
  const schema = z
    .union(list.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[keyof T]>, ...z.ZodLiteral<T[keyof T]>[]])
    .meta({ description: list.map((v) => `${v} ${labels[v]}`).join('；') });
  return { values, labels, list, schema };
}

export const SnsPlatform = enumOf(
  { WECHAT: 1, QQ: 2, WEIBO: 3, ALIPAY: 4 },
  { 1: '微信', 2: 'QQ', 3: '微博', 4: '支付宝' },
);

export const ExchangeType = enumOf({ CASH: 1, VIRTUAL: 2, PHYSICAL: 3 }, { 1: '现金', 2: '虚拟', 3: '实物' });

export const TaskModule = enumOf(
  { DEFAULT: 0, NEWCOMER: 1, DAILY: 2, SNAP: 3, TAOBAO: 4 },
  { 0: '默认', 1: '新手任务', 2: '日常任务', 3: '抢答任务', 4: '淘宝任务' },
);

export const AuditState = enumOf({ PENDING: 0, VALID: 1, INVALID: 2 }, { 0: '待审核', 1: '有效', 2: '无效' });

export const JoinResult = enumOf(
  {
    INCOMPLETE: 0,
    COMPLETE: 1,
    SCREENED_OUT: 2,
    QUOTA_FULL: 3,
    TOO_SHORT: 4,
    IP_BLOCKED: 5,
    COOKIE_BLOCKED: 6,
    CITY_BLOCKED: 7,
    TIMED_OUT: 8,
  },
  {
    0: '未完成',
    1: '已完成',
    2: '被甄别',
    3: '配额已满',
    4: '答题过快',
    5: 'IP 受限',
    6: '重复参与（Cookie）',
    7: '地区受限',
    8: '已超时',
  },
);

export const TaskType = enumOf(
  { DEFAULT: 0, WELCOME: 1, QUESTIONNAIRE: 2, PRIZE_TRIAL: 3, DISCUSSION_GROUP: 4, SNAP: 5, APP_TRIAL: 6, WATCH_VIDEO: 7 },
  { 0: '默认', 1: '欢迎问卷', 2: '问卷调查', 3: '有奖试用', 4: '讨论组', 5: '抢答', 6: '应用试玩', 7: '观看视频' },
);

export const ExchangeState = enumOf(
  { PENDING_REVIEW: 0, ISSUED: 1, TO_BE_ISSUED: 2, REVOKED: 3, REJECTED: 4, ISSUING_FAILED: 5 },
  { 0: '待审核', 1: '已发放', 2: '待发放', 3: '已撤销', 4: '已驳回', 5: '发放失败' },
);

export const FeedbackState = enumOf(
  { TO_ACCEPT: 0, TO_HANDLE: 1, PROCESSING: 2, AWAITING_FEEDBACK: 3, AWAITING_CONFIRMATION: 4, CONFIRMED: 5 },
  { 0: '待受理', 1: '待处理', 2: '处理中', 3: '待反馈', 4: '待确认', 5: '已确认' },
);

export const LowQualityReason = enumOf(
  { RANDOM_OPEN_ANSWERS: 1, DUPLICATED_DATA: 2, LOGIC_ERRORS: 3, TRAP_FAILED: 4, IMPLAUSIBLE_COGNITION: 5 },
  { 1: '开放题乱填', 2: '数据重复', 3: '逻辑错误', 4: '陷阱题未通过', 5: '认知不合理' },
);

export const DeviceType = enumOf({ MOBILE: 1, DESKTOP: 2, TABLET: 3 }, { 1: '手机', 2: '电脑', 3: '平板' });

/** Points ranges (spec §3): used to filter tasks and history by reward size. Upper bound inclusive; null = open. */
export const POINTS_RANGES = [
  { id: 1, min: 0, max: 34, label: '0-34' },
  { id: 2, min: 35, max: 84, label: '35-84' },
  { id: 3, min: 85, max: 299, label: '85-299' },
  { id: 4, min: 300, max: 499, label: '300-499' },
  { id: 5, min: 500, max: null, label: '500 及以上' },
] as const;
export const PointsRangeId = z
  .union(POINTS_RANGES.map((r) => z.literal(r.id)) as unknown as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]])
  .meta({ description: POINTS_RANGES.map((r) => `${r.id} ${r.label}`).join('；') });

export function pointsRangeOf(points: number) {
  return POINTS_RANGES.find((r) => points >= r.min && (r.max === null || points <= r.max));
}

/** Forum roles for which points are hidden (moderator, client observer). */
export const BBS_ROLES_WITHOUT_POINTS = [1, 2] as const;
