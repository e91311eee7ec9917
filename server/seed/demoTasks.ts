/**
 * The demo tasks seeded on a first start (see ./demo.ts): every task type (0–7) and module (0–4),
 * partner surveys through the local demo partner, video and browse tasks served under
 * /demo-partner/, and one in-house poll task per demo poll. Times are relative to the seeding.
 */
import type { TaskTargeting } from '../db/schema-tasks';

/** The demo discussion group (its board, staff and posts: ./demoForum.ts). */
export const DEMO_FORUM_TITLE = '新能源汽车车主线上讨论组（第一期）';

export interface DemoTask {
  title: string;
  description: string;
  rules: string[];
  type: number;
  module: number;
  /** forum: a discussion group whose board server/seed/demoForum.ts makes. */
  kind: 'survey' | 'video' | 'browse' | 'forum';
  points: number;
  screenOutPoints?: number;
  quotaFullPoints?: number;
  minutes: number;
  minSeconds?: number;
  timeoutMinutes?: number;
  quota?: number;
  /** Days from the seeding until it closes; absent = no end. */
  closeInDays?: number;
  devices?: number[];
  targeting?: TaskTargeting;
  requiresBasicSurvey?: boolean;
  /** Minimum answer-quality level (openapi/rules/quality.ts); absent = any. */
  minQualityLevel?: number;
  /** video/browse: a page under /demo-partner/ (works offline). */
  targetUrl?: string;
  watchSeconds?: number;
  sort: number;
}

/** Metadata of the poll task made for a demo poll (`DEMO_POLLS[].key`). */
export interface DemoPollTask {
  type: number;
  module: number;
  points: number;
  minutes: number;
  minSeconds: number;
  sort: number;
  description: string;
}

const SURVEY_RULES = [
  '每位会员限参加一次，中途退出可在任务详情页继续作答。',
  '请根据真实情况作答，答题过快或前后矛盾将不发放奖励。',
  '被甄别（提前结束）或名额已满时，按上方展示的安慰微豆发放。',
];

export const DEMO_TASKS: DemoTask[] = [
  {
    title: '新会员欢迎问卷：认识一下你',
    description: '欢迎加入微豆调研！花两分钟告诉我们你的基本情况，我们会据此为你推荐更合适的调研任务。',
    rules: ['每位会员限参加一次。', '完成后微豆立即到账。'],
    type: 1,
    module: 1,
    kind: 'survey',
    points: 50,
    minutes: 2,
    minSeconds: 5,
    sort: 100,
  },
  {
    title: '年轻人咖啡消费习惯调研',
    description:
      '某连锁咖啡品牌希望了解 18–35 岁消费者的购买渠道、口味偏好和价格接受度。\n问卷约 8 分钟，请在安静的环境下作答。',
    rules: SURVEY_RULES,
    type: 2,
    module: 2,
    kind: 'survey',
    points: 150,
    screenOutPoints: 10,
    quotaFullPoints: 5,
    minutes: 8,
    minSeconds: 8,
    quota: 500,
    sort: 90,
  },
  {
    title: '家用智能设备使用情况调查（认真作答版）',
    description:
      '了解扫地机器人、智能音箱、智能门锁等设备在家庭中的使用情况。\n本问卷题目较多，系统会核对作答时长：少于 8 分钟完成将被判为“答题过快”，不发放奖励。',
    rules: [...SURVEY_RULES, '本任务的最短有效作答时长为 8 分钟。'],
    type: 2,
    module: 0,
    kind: 'survey',
    points: 200,
    screenOutPoints: 10,
    quotaFullPoints: 5,
    minutes: 15,
    minSeconds: 480,
    sort: 60,
  },
  {
    title: '新品氨基酸洗发水免费试用招募',
    description:
      '招募 200 位试用官，免费领取正装新品洗发水，试用两周后完成一份使用反馈问卷。\n先完成报名问卷，入选后将通过站内消息通知寄送安排。',
    rules: [...SURVEY_RULES, '入选名额有限，报名问卷完成即得微豆，是否入选以通知为准。'],
    type: 3,
    module: 2,
    kind: 'survey',
    points: 300,
    screenOutPoints: 20,
    quotaFullPoints: 10,
    minutes: 6,
    minSeconds: 6,
    quota: 200,
    sort: 80,
  },
  {
    title: '新能源汽车车主线上讨论组招募',
    description:
      '面向 22–50 岁、近两年购车或有购车计划的会员，参加为期一周的线上讨论组，每天回答 2–3 个话题。\n先完成筛选问卷，符合条件者将收到讨论组邀请。',
    rules: [...SURVEY_RULES, '讨论组期间需每天登录发言，全部完成后另有奖励。'],
    type: 4,
    module: 0,
    kind: 'survey',
    points: 500,
    screenOutPoints: 15,
    quotaFullPoints: 10,
    minutes: 10,
    minSeconds: 8,
    targeting: { ageMin: 22, ageMax: 50 },
    sort: 70,
  },
  {
    title: DEMO_FORUM_TITLE,
    description:
      '入选的车主会员在这里参加为期一周的线上讨论：主持人每天发布 2–3 个话题，请用文字和图片分享你的真实经历。\n答完全部必答话题即完成任务，微豆自动到账。',
    rules: [
      '仅限受邀会员参加；点击“开始讨论”进入座谈会。',
      '截止前答完全部必答话题即完成任务，奖励微豆一次性到账。',
      '部分话题需先发表自己的看法，才能看到其他人的回复。',
      '请文明发言，违规内容会被主持人隐藏且不计入完成。',
    ],
    type: 4,
    module: 0,
    kind: 'forum',
    points: 800,
    minutes: 15,
    closeInDays: 5,
    sort: 69,
  },
  {
    title: '限时抢答：外卖平台满意度调研',
    description: '仅限 30 个名额，先到先得！说说你最近一次点外卖的体验。',
    rules: ['名额满即止，开始后请尽快完成。', ...SURVEY_RULES.slice(1)],
    type: 5,
    module: 3,
    kind: 'survey',
    points: 80,
    screenOutPoints: 5,
    quotaFullPoints: 5,
    minutes: 3,
    minSeconds: 5,
    quota: 30,
    timeoutMinutes: 30,
    closeInDays: 3,
    sort: 95,
  },
  {
    title: '网购退换货体验调研',
    description: '最近半年在淘宝、天猫或其他电商平台有过退换货经历的会员，聊聊你的退换货体验。',
    rules: SURVEY_RULES,
    type: 2,
    module: 4,
    kind: 'survey',
    points: 120,
    screenOutPoints: 8,
    quotaFullPoints: 5,
    minutes: 6,
    minSeconds: 6,
    sort: 75,
  },
  {
    title: '双十一购物清单回顾',
    description: '回顾你今年双十一买了什么、花了多少、满不满意。参加前需要先完成个人属性问卷。',
    rules: [...SURVEY_RULES, '需先完成个人属性问卷。'],
    type: 2,
    module: 4,
    kind: 'survey',
    points: 100,
    screenOutPoints: 8,
    quotaFullPoints: 5,
    minutes: 5,
    minSeconds: 5,
    requiresBasicSurvey: true,
    sort: 65,
  },
  {
    title: '优秀答题者专享：家庭消费决策深度访谈问卷',
    description:
      '合作方指定由答题质量「优秀」的会员参与：近 90 天至少 10 份答卷且有效率 90% 及以上。问卷较长，开放题较多，请预留充足时间认真作答。',
    rules: [...SURVEY_RULES, '仅限答题质量「优秀」的会员参加，可在「质量等级」页查看你的等级。'],
    type: 2,
    module: 2,
    kind: 'survey',
    points: 400,
    screenOutPoints: 20,
    quotaFullPoints: 10,
    minutes: 20,
    minSeconds: 20,
    minQualityLevel: 3,
    sort: 60,
  },
  {
    title: '女性护肤习惯调研',
    description: '面向女性会员：日常护肤步骤、常用品牌与购买渠道。',
    rules: SURVEY_RULES,
    type: 2,
    module: 2,
    kind: 'survey',
    points: 120,
    screenOutPoints: 8,
    quotaFullPoints: 5,
    minutes: 7,
    minSeconds: 7,
    targeting: { genders: [2] },
    sort: 55,
  },
  {
    title: '手机端专属：短视频使用习惯调查',
    description: '本问卷含竖屏视频题，只能在手机上作答。',
    rules: [...SURVEY_RULES, '仅支持手机参与。'],
    type: 2,
    module: 2,
    kind: 'survey',
    points: 90,
    screenOutPoints: 5,
    quotaFullPoints: 5,
    minutes: 5,
    minSeconds: 5,
    devices: [1],
    sort: 50,
  },
  {
    title: '试玩「小鹿记账」App 并完成体验',
    description: '阅读小鹿记账 App 的功能介绍并在页面停留 20 秒，即可领取微豆。',
    rules: ['每位会员限参加一次。', '停留满规定时间后点击“领取微豆”。'],
    type: 6,
    module: 2,
    kind: 'browse',
    points: 40,
    minutes: 1,
    timeoutMinutes: 30,
    targetUrl: '/demo-partner/page/app-trial',
    watchSeconds: 20,
    sort: 45,
  },
  {
    title: '观看 30 秒新品短片',
    description: '看完一段新品介绍短片即可领取微豆。',
    rules: ['每位会员限参加一次。', '看完后点击“领取微豆”。'],
    type: 7,
    module: 2,
    kind: 'video',
    points: 20,
    minutes: 1,
    timeoutMinutes: 30,
    targetUrl: '/demo-partner/video',
    watchSeconds: 15,
    sort: 85,
  },
  {
    title: '新手指南：一分钟了解微豆调研',
    description: '看一段简短的新手指南，了解如何做任务、赚微豆和兑换奖励。',
    rules: ['每位会员限参加一次。'],
    type: 7,
    module: 1,
    kind: 'video',
    points: 10,
    minutes: 1,
    timeoutMinutes: 30,
    targetUrl: '/demo-partner/video?topic=guide',
    watchSeconds: 10,
    sort: 98,
  },
  {
    title: '阅读：如何挑选适合自己的百万医疗险',
    description: '阅读一篇保险科普文章，停留 15 秒即可领取微豆。',
    rules: ['每位会员限参加一次。'],
    type: 0,
    module: 2,
    kind: 'browse',
    points: 15,
    minutes: 1,
    timeoutMinutes: 30,
    targetUrl: '/demo-partner/page/insurance',
    watchSeconds: 15,
    sort: 40,
  },
];

/** Poll task metadata by demo poll key; a poll not listed here gets `DEFAULT_POLL_TASK`. */
export const DEMO_POLL_TASKS: Record<string, DemoPollTask> = {
  'daily-travel': {
    type: 0,
    module: 2,
    points: 30,
    minutes: 2,
    minSeconds: 10,
    sort: 88,
    description: '站内问卷：聊聊你日常的出行方式，约 2 分钟。',
  },
};

export const DEFAULT_POLL_TASK: DemoPollTask = {
  type: 2,
  module: 2,
  points: 30,
  minutes: 3,
  minSeconds: 10,
  sort: 35,
  description: '站内问卷，约 3 分钟。',
};

export const POLL_RULES = {
  full: '低质量答卷（如开放题乱填、陷阱题未通过）照常发放微豆，但会记入你的答卷质量。',
  half: '低质量答卷（如开放题乱填、陷阱题未通过）只发放一半微豆。',
  none: '低质量答卷（如开放题乱填、陷阱题未通过）不发放微豆。',
} as const;
