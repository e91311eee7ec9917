/**
 * The spec's enumerations (§3) as typed constants with their zh-CN labels.
 * `X.NAME` is the wire value; `xLabels[value]` is what members read.
 * No zod here, so pages showing labels carry none; an enumeration's schema is
 * `enumSchema(X)` (openapi/schemas/enum.ts).
 */
function enumOf<const T extends Record<string, number>>(values: T, labels: { [K in T[keyof T]]: string }) {
  const list = Object.values(values) as T[keyof T][];
  return { values, labels, list };
}

export const SnsPlatform = enumOf(
  { WECHAT: 1, QQ: 2, WEIBO: 3, ALIPAY: 4 },
  { 1: '微信', 2: 'QQ', 3: '微博', 4: '支付宝' },
);

export const ExchangeType = enumOf({ CASH: 1, VIRTUAL: 2, PHYSICAL: 3 }, { 1: '现金', 2: '虚拟', 3: '实物' });

export const TaskModule = enumOf(
  { DEFAULT: 0, NEWCOMER: 1, DAILY: 2, SNAP: 3, TAOBAO: 4 },
  { 0: '常规任务', 1: '新手任务', 2: '日常任务', 3: '抢答任务', 4: '淘宝任务' },
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
    5: '网络环境受限',
    6: '重复参与',
    7: '地区受限',
    8: '已超时',
  },
);

export const TaskType = enumOf(
  {
    DEFAULT: 0,
    WELCOME: 1,
    QUESTIONNAIRE: 2,
    PRIZE_TRIAL: 3,
    DISCUSSION_GROUP: 4,
    SNAP: 5,
    APP_TRIAL: 6,
    WATCH_VIDEO: 7,
  },
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

/** What a feedback ticket is about (our own; the member picks one when asking). */
export const FeedbackCategory = enumOf(
  { TASK: 1, EXCHANGE: 2, BENEFIT: 3, ACCOUNT: 4, SUGGESTION: 5, OTHER: 6 },
  { 1: '任务与微豆', 2: '兑换与提现', 3: '权益与福利', 4: '账号与安全', 5: '意见建议', 6: '其他问题' },
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

/* ------------------------------------------------------------------------------------------
 * Our own enumerations (not in the spec). Same shape as the spec's: numeric wire values with
 * zh-CN labels, because members read them. Code-facing discriminants (QR status, SMS scene,
 * callback outcome) are lowercase string enums in the schema files instead.
 * ---------------------------------------------------------------------------------------- */

/** Forum role per focus group (spec §6: points hidden for 1 and 2). */
export const BbsRole = enumOf(
  { RESPONDENT: 0, MODERATOR: 1, OBSERVER: 2 },
  { 0: '受访者', 1: '主持人', 2: '客户观察员' },
);

export const Gender = enumOf({ MALE: 1, FEMALE: 2 }, { 1: '男', 2: '女' });

export const Education = enumOf(
  { JUNIOR: 1, SENIOR: 2, COLLEGE: 3, BACHELOR: 4, MASTER: 5, DOCTOR: 6 },
  { 1: '初中及以下', 2: '高中/中专', 3: '大专', 4: '本科', 5: '硕士', 6: '博士' },
);

export const MaritalStatus = enumOf(
  { SINGLE: 1, MARRIED: 2, DIVORCED: 3, WIDOWED: 4 },
  { 1: '未婚', 2: '已婚', 3: '离异', 4: '丧偶' },
);

/** Personal monthly income (yuan). */
export const IncomeRange = enumOf(
  { NONE: 1, UNDER_3K: 2, FROM_3K: 3, FROM_5K: 4, FROM_8K: 5, FROM_12K: 6, FROM_20K: 7, FROM_50K: 8 },
  {
    1: '无收入',
    2: '3000 元以下',
    3: '3000-4999 元',
    4: '5000-7999 元',
    5: '8000-11999 元',
    6: '12000-19999 元',
    7: '20000-49999 元',
    8: '50000 元及以上',
  },
);

export const Occupation = enumOf(
  {
    STUDENT: 1,
    EMPLOYEE: 2,
    CIVIL_SERVANT: 3,
    SELF_EMPLOYED: 4,
    FREELANCER: 5,
    WORKER: 6,
    FARMER: 7,
    RETIRED: 8,
    UNEMPLOYED: 9,
    OTHER: 10,
  },
  {
    1: '学生',
    2: '企业职员',
    3: '公务员/事业单位',
    4: '个体经营',
    5: '自由职业',
    6: '工人',
    7: '农民',
    8: '退休',
    9: '待业',
    10: '其他',
  },
);

/** Real-name verification (实名认证) state. */
export const IdVerifyState = enumOf(
  { NONE: 0, REVIEWING: 1, VERIFIED: 2, FAILED: 3 },
  { 0: '未认证', 1: '审核中', 2: '已认证', 3: '未通过' },
);

/** Kinds of benefit (权益), GLOSSARY "Benefits". */
export const BenefitKind = enumOf(
  { BOOST: 1, COUPON: 2, LOTTERY_SPIN: 3, EARLY_ACCESS: 4 },
  { 1: '微豆加成卡', 2: '兑换折扣券', 3: '抽奖次数', 4: '抢答优先' },
);

export const BenefitStatus = enumOf({ UNUSED: 0, USED: 1, EXPIRED: 2 }, { 0: '未使用', 1: '已使用', 2: '已过期' });

/** Where a credit (权益值) change came from. */
export const CreditSource = enumOf(
  { TASK: 1, QUALITY: 2, INVITE: 3, BENEFIT: 4, CAMPAIGN: 5, ADJUSTMENT: 6, EXPIRY: 7 },
  { 1: '完成任务', 2: '答题质量', 3: '邀请好友', 4: '兑换权益', 5: '活动奖励', 6: '人工调整', 7: '过期清零' },
);

export const MessageType = enumOf(
  { SYSTEM: 1, TASK: 2, EXCHANGE: 3, FEEDBACK: 4, ACTIVITY: 5 },
  { 1: '系统通知', 2: '任务消息', 3: '兑换消息', 4: '反馈回复', 5: '活动消息' },
);

/** Address hierarchy level (JD area codes). */
export const RegionLevel = enumOf(
  { PROVINCE: 1, CITY: 2, COUNTY: 3, TOWN: 4 },
  { 1: '省', 2: '市', 3: '区县', 4: '乡镇' },
);

/** Any enumeration of this file: the shape tests and UI helpers rely on. */
export interface EnumDef<V extends number = number> {
  values: Record<string, V>;
  labels: Record<V, string>;
  list: readonly V[];
}
