/**
 * Tasks: the list and detail, the member's records, hand-off to a partner survey and the return
 * that settles it, and browse tasks.
 */
import { z } from 'zod';
import { AuditState, DeviceType, JoinResult, LowQualityReason, TaskModule, TaskType } from '../enums';
import { MinQualityLevel } from './quality';
import { Id, NonEmpty, Page, PageQuery, Points, QueryEnum, QueryId, Timestamp, Url } from './common';
import { enumSchema } from './enum';

export const TaskKind = z.enum(['survey', 'poll', 'video', 'browse', 'forum']).meta({
  description:
    '做任务的方式：survey 跳转合作方问卷（回跳结算）；poll 站内问卷；video 观看视频（看完结算）；browse 浏览页面（停留结算）；forum 座谈会（进入 /bbs/{任务哈希 id}，答完必答话题结算）',
});

/** An answer id (respondent id): given when a task starts, carried to the partner and back. */
export const RespondentId = z.string().min(8).max(64);

/** Where the member stands with a task (null = never started). */
const MyTaskState = z
  .object({
    respondentId: z.string().meta({ description: '本次参与的答卷编号' }),
    status: z.enum(['started', 'finished']).meta({ description: 'started 进行中（未回跳）；finished 已结算' }),
    joinResult: enumSchema(JoinResult).meta({
      description:
        '参与结果：0 未完成；1 已完成；2 被甄别；3 配额已满；4 答题过快；5 网络环境受限；6 重复参与；7 地区受限；8 已超时',
    }),
    points: Points.meta({ description: '本次获得的微豆（未结算为 0）' }),
  })
  .meta({ id: 'MyTaskState', description: '我参与该任务的情况' });

export const TaskCard = z
  .object({
    id: Id.meta({ description: '任务 id' }),
    hashId: z.string().meta({ description: '任务对外哈希 id（详情、跳转页使用）' }),
    title: z.string().meta({ description: '任务标题' }),
    type: enumSchema(TaskType).meta({
      description: '任务类型：0 默认；1 欢迎问卷；2 问卷调查；3 有奖试用；4 讨论组；5 抢答；6 应用试玩；7 观看视频',
    }),
    module: enumSchema(TaskModule).meta({
      description: '任务模块：0 默认；1 新手任务；2 日常任务；3 抢答任务；4 淘宝任务',
    }),
    kind: TaskKind,
    points: Points.meta({ description: '完成可得的微豆' }),
    screenOutPoints: Points.meta({ description: '被甄别（提前结束）时的安慰微豆，开始前展示' }),
    quotaFullPoints: Points.meta({ description: '配额已满时的安慰微豆，开始前展示' }),
    minutes: z.int().positive().meta({ description: '预计用时（分钟）' }),
    devices: z.array(enumSchema(DeviceType)).meta({ description: '支持的设备：1 手机；2 电脑；3 平板' }),
    remaining: z.int().nonnegative().nullable().meta({ description: '剩余名额；不限为 null' }),
    openAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.nullable().meta({ description: '截止时间；长期有效为 null' }),
    cover: Url.nullable().meta({ description: '封面图' }),
    minQualityLevel: MinQualityLevel,
    mine: MyTaskState.nullable().meta({ description: '我的参与情况；未参与或未登录为 null' }),
  })
  .meta({ id: 'TaskCard', description: '任务卡片（列表项）' });

export const TaskListQuery = PageQuery.extend({
  module: QueryEnum(TaskModule, '按模块筛选（可选）：0 默认；1 新手任务；2 日常任务；3 抢答任务；4 淘宝任务')
    .optional()
    .meta({ description: '按模块筛选（可选）：0 默认；1 新手任务；2 日常任务；3 抢答任务；4 淘宝任务' }),
  pointsRange: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .meta({ description: '按奖励区间筛选：1 0-34；2 35-84；3 85-299；4 300-499；5 500 及以上' }),
});

export const TaskPage = Page(TaskCard).meta({
  id: 'TaskPage',
  description: '任务列表（只含我可参加的开放任务，以及答题质量等级或个人属性问卷未达要求、补足后即可参加的任务）',
});

/** Why a member cannot start a task now (null when they can). */
export const TaskBlock = z
  .enum(['closed', 'not_open', 'quota_full', 'not_eligible', 'device', 'quality_level', 'basic_survey', 'joined'])
  .meta({
    description:
      'closed 已结束；not_open 未开始；quota_full 名额已满；not_eligible 不符合条件；device 不支持当前设备；quality_level 答题质量等级不足；basic_survey 需先完成个人属性问卷；joined 已参与过',
  });

export const TaskDetail = TaskCard.extend({
  description: z.string().meta({ description: '任务说明（纯文本，可多段，以换行分隔）' }),
  rules: z.array(z.string()).meta({ description: '参与须知（逐条）' }),
  earlyMinutes: z.int().min(0).meta({
    description: '我在本任务上用了抢答优先卡时，可比开始时间提前的分钟数（任务开始前有效）；没有则为 0',
  }),
  canStart: z.boolean().meta({ description: '当前能否开始（或继续）该任务（已计入抢答优先卡的提前）' }),
  block: TaskBlock.nullable().meta({ description: '不能开始的原因；可以开始时为 null' }),
  blockMessage: z.string().nullable().meta({ description: '不能开始的 zh-CN 说明' }),
}).meta({ id: 'TaskDetail', description: '任务详情' });

export const TaskSummary = z
  .object({
    modules: z
      .array(
        z.object({
          module: enumSchema(TaskModule).meta({ description: '模块' }),
          label: z.string().meta({ description: '模块名称' }),
          available: z.int().nonnegative().meta({ description: '我可参加的任务数' }),
        }),
      )
      .meta({ description: '各模块可参加的任务数' }),
    joined: z.int().nonnegative().meta({ description: '累计参与次数' }),
    completed: z.int().nonnegative().meta({ description: '累计完成次数' }),
    screenedOut: z.int().nonnegative().meta({ description: '被甄别、配额已满等未完成但已结算的次数' }),
    lowQuality: z.int().nonnegative().meta({ description: '被判为低质量的答卷数' }),
    pointsEarned: Points.meta({ description: '任务累计获得的微豆' }),
    todayPoints: Points.meta({ description: '今日任务获得的微豆（北京时间）' }),
    inProgress: z.int().nonnegative().meta({ description: '进行中（未回跳）的任务数' }),
  })
  .meta({ id: 'TaskSummary', description: '我的任务概况' });

export const TaskRecordQuery = PageQuery.extend({
  result: QueryEnum(JoinResult, '按参与结果筛选（可选）').optional().meta({ description: '按参与结果筛选（可选）' }),
});

export const TaskAudit = z
  .object({
    state: enumSchema(AuditState).meta({ description: '审核状态：0 待审核（合作方复核期内）；1 有效；2 无效' }),
    reason: z.string().nullable().meta({ description: '无效的原因（如“合作方复核未通过”“逻辑错误”）；否则为 null' }),
    reviewUntil: Timestamp.nullable().meta({ description: '待审核时：合作方可复核到何时；否则为 null' }),
  })
  .meta({ id: 'TaskAudit', description: '一次完成的审核状态（spec §3）；未完成的结果没有' });

export const TaskRecord = z
  .object({
    id: Id.meta({ description: '参与记录 id' }),
    respondentId: z.string().meta({ description: '答卷编号（反馈问题时提供）' }),
    taskId: Id.meta({ description: '任务 id' }),
    taskHashId: z.string().meta({ description: '任务哈希 id' }),
    title: z.string().meta({ description: '任务标题' }),
    type: enumSchema(TaskType).meta({ description: '任务类型' }),
    kind: TaskKind,
    status: z.enum(['started', 'finished']).meta({ description: 'started 进行中；finished 已结算' }),
    joinResult: enumSchema(JoinResult).meta({ description: '参与结果' }),
    points: Points.meta({ description: '获得的微豆（冲正后为 0）' }),
    pointsStatus: z
      .enum(['none', 'posted', 'reversed'])
      .meta({ description: 'none 无奖励或未结算；posted 已入账；reversed 合作方审核后撤回' }),
    lowQualityReasons: z
      .array(enumSchema(LowQualityReason))
      .meta({ description: '低质量原因：1 开放题乱填；2 数据重复；3 逻辑错误；4 陷阱题未通过；5 认知不合理' }),
    startedAt: Timestamp.meta({ description: '开始时间' }),
    finishedAt: Timestamp.nullable().meta({ description: '结算时间；进行中为 null' }),
    audit: TaskAudit.nullable().meta({ description: '完成的审核状态；其他结果为 null' }),
  })
  .meta({ id: 'TaskRecord', description: '一次任务参与记录' });

export const TaskRecordPage = Page(TaskRecord).meta({ id: 'TaskRecordPage', description: '我的任务记录' });

export const TaskStart = z
  .object({
    respondentId: z.string().meta({ description: '本次参与的唯一答卷编号（随跳转带给合作方，回跳时带回）' }),
    kind: TaskKind,
    entryUrl: Url.meta({
      description:
        '要跳转到的地址：合作方问卷的完整 URL，或站内问卷/视频页的站内路径；座谈会（kind=forum）为其论坛 /bbs/{任务哈希 id}',
    }),
    seconds: z.int().nonnegative().meta({ description: '观看/浏览类任务需停留的秒数（其他为 0）' }),
    resumed: z.boolean().meta({ description: '是否为继续之前未完成的参与（同一答卷编号）' }),
  })
  .meta({ id: 'TaskStart', description: '开始任务：去哪里答题' });

export const TaskCallbackBody = z
  .object({
    url: NonEmpty(2048).meta({
      description: '会员回到站内时的完整路径与查询串（如 /task/back?rid=…&status=10&ts=…&sig=…）',
    }),
  })
  .meta({ id: 'TaskCallbackBody', description: '回跳结算：原样转交合作方回跳地址，由服务器校验签名' });

export const TaskOutcome = z
  .object({
    respondentId: z.string().meta({ description: '答卷编号' }),
    taskHashId: z.string().meta({ description: '任务哈希 id' }),
    title: z.string().meta({ description: '任务标题' }),
    type: enumSchema(TaskType).meta({ description: '任务类型' }),
    kind: TaskKind,
    joinResult: enumSchema(JoinResult).meta({ description: '参与结果' }),
    points: Points.meta({ description: '本次获得的微豆' }),
    pointsStatus: z
      .enum(['none', 'posted', 'reversed'])
      .meta({ description: 'none 无奖励；posted 已入账；reversed 已撤回' }),
    lowQualityReasons: z.array(enumSchema(LowQualityReason)).meta({ description: '低质量原因（有则列出）' }),
    finishedAt: Timestamp.meta({ description: '结算时间' }),
    audit: TaskAudit.nullable().meta({ description: '完成的审核状态；其他结果为 null' }),
    screenerFor: z
      .object({
        trialId: z.int().positive().meta({ description: '产品试用 id' }),
        title: z.string().meta({ description: '产品试用名称' }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          '这份问卷是某个正在申请中的产品试用的甄别问卷时，那个试用（答完回到它的申请）；仅查看结算结果时给出',
      }),
  })
  .meta({ id: 'TaskOutcome', description: '任务结算结果（重复回跳得到同一结果）' });

export const RespondentParam = z.object({
  rid: RespondentId.meta({ description: '答卷编号' }),
});

/** Partner server-to-server postback: the signed query string (no member session). */
export const PartnerParam = z.object({
  partner: z.string().min(2).max(32).meta({ description: '合作方代码' }),
});

export const PostbackQuery = z
  .object({
    rid: RespondentId.meta({ description: '答卷编号' }),
    status: NonEmpty(8).meta({
      description: '状态：10 完成；20 甄别；30 质量/重复/安全；40 配额已满；90 撤回此前的完成（对账）',
    }),
    ts: NonEmpty(16).meta({ description: '签名时间（Unix 秒）' }),
    sig: NonEmpty(128).meta({ description: 'HMAC-SHA256（hex）：对“路径?查询串”中 &sig= 之前的部分签名' }),
  })
  .loose();

export const PostbackAck = z
  .object({
    accepted: z.boolean().meta({ description: '是否已处理（重复通知同样返回 true）' }),
    duplicate: z.boolean().meta({ description: '是否为重复通知（未产生任何变化）' }),
  })
  .meta({ id: 'PostbackAck', description: '合作方服务器回调的应答' });

export const RecommendQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(6).meta({ description: '条数，1–20，默认 6' }),
});

export const BrowseRedirectQuery = z.object({
  taskId: QueryId.meta({ description: '浏览/观看类任务 id' }),
});

export const BrowseRedirect = z
  .object({
    url: Url.meta({ description: '要跳转到的目标地址' }),
    seconds: z.int().nonnegative().meta({ description: '需停留的秒数（0 表示不要求）' }),
    points: Points.meta({ description: '完成浏览可得的微豆；未登录为 0' }),
  })
  .meta({ id: 'BrowseRedirect', description: '浏览任务跳转信息（/browse/redirect），登录会员记录一次浏览' });

/** `data` of WATCH_TOO_SHORT (3010). */
export const WatchRemaining = z
  .object({
    remainingSeconds: z.int().positive().meta({ description: '还需停留的秒数' }),
  })
  .meta({ id: 'WatchRemaining', description: '停留时间不足：还需停留的秒数' });
