/**
 * The console's member pages: search, the member 360 view, the writes staff make on a member
 * (reveal, freeze, end sessions, message) and 微豆 adjustments with four-eyes review.
 * Mobile and ID number are masked everywhere but in `revealMemberContact` (audited).
 */
import { z } from 'zod';
import { Reason, TotpCode } from '../rules/staff';
import { BigId, Id, IdParam, PageQuery, Timestamp } from './common';

export const MemberIdParam = IdParam;

export const MemberSearchQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .min(1, '请输入手机号、会员号、会员 id、昵称或邀请码')
    .max(40, '搜索内容最多 40 个字')
    .meta({ description: '手机号（11 位，精确）、会员号、数字 id、昵称（前缀）或邀请码' }),
});

const Frozen = z
  .object({ at: Timestamp, reason: z.string() })
  .nullable()
  .meta({ description: '冻结时间与原因；未冻结为 null' });

export const MemberSearchRow = z
  .object({
    id: Id,
    memberCode: z.string(),
    nickname: z.string(),
    mobile: z.string().nullable().meta({ description: '脱敏手机号，如 138****0000' }),
    registeredAt: Timestamp,
    balance: z.int().nonnegative().meta({ description: '可用微豆' }),
    frozen: Frozen,
    matchedBy: z.enum(['mobile', 'memberCode', 'id', 'nickname', 'inviteCode']).meta({ description: '按哪一项匹配到' }),
  })
  .meta({ id: 'MemberSearchRow' });

export const MemberSearchPage = z
  .object({ list: z.array(MemberSearchRow), total: z.int().nonnegative(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'MemberSearchPage' });

export const MemberLedgerRow = z
  .object({
    id: BigId,
    amount: z.int().meta({ description: '正数收入，负数支出' }),
    balanceAfter: z.int().nonnegative(),
    reason: z.string(),
    reasonLabel: z.string(),
    description: z.string().meta({ description: '会员在微豆明细里看到的说明' }),
    status: z.enum(['posted', 'pending']),
    idempotencyKey: z.string(),
    createdAt: Timestamp,
  })
  .meta({ id: 'MemberLedgerRow' });

export const MemberLedgerPage = z
  .object({ list: z.array(MemberLedgerRow), total: z.int().nonnegative(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'MemberLedgerPage' });

export const AdjustmentState = z.enum(['pending', 'applied', 'rejected']).meta({
  description: 'pending 待复核，applied 已入账，rejected 已驳回',
});

export const Adjustment = z
  .object({
    id: Id,
    memberId: Id,
    memberCode: z.string(),
    nickname: z.string(),
    amount: z.int().meta({ description: '微豆，正数增加，负数扣减' }),
    reason: z.string().meta({ description: '调整原因（会员在微豆明细里看到）' }),
    state: AdjustmentState,
    requestedBy: z.string().meta({ description: '发起人登录名' }),
    requestedAt: Timestamp,
    decidedBy: z.string().nullable().meta({ description: '复核人登录名（小额直接入账时为发起人）' }),
    decidedAt: Timestamp.nullable(),
    decisionReason: z.string().nullable().meta({ description: '驳回原因' }),
    ledgerId: BigId.nullable().meta({ description: '入账的微豆流水 id' }),
  })
  .meta({ id: 'Adjustment' });

export const AdjustmentPage = z
  .object({ list: z.array(Adjustment), total: z.int().nonnegative(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'AdjustmentPage' });

export const AdjustmentQuery = PageQuery.extend({
  state: AdjustmentState.optional(),
  memberId: z.coerce.number().int().positive().max(2_147_483_647).optional().meta({ description: '只看这位会员的' }),
});

export const Member360 = z
  .object({
    profile: z.object({
      id: Id,
      memberCode: z.string(),
      nickname: z.string(),
      avatar: z.string().nullable(),
      mobile: z.string().nullable().meta({ description: '脱敏手机号' }),
      email: z.string().nullable().meta({ description: '脱敏邮箱' }),
      inviteCode: z.string(),
      registeredAt: Timestamp,
      registerIp: z.string().nullable(),
      hasPassword: z.boolean(),
      passwordChangedAt: Timestamp.nullable(),
      realName: z
        .object({
          verified: z.boolean(),
          name: z.string().meta({ description: '脱敏姓名' }),
          idNumber: z.string().meta({ description: '脱敏证件号' }),
          verifiedAt: Timestamp.nullable(),
        })
        .nullable()
        .meta({ description: '实名认证；未认证为 null' }),
    }),
    frozen: Frozen,
    balances: z.object({
      points: z.int().nonnegative().meta({ description: '可用微豆' }),
      pointsPending: z.int().nonnegative().meta({ description: '待审核的微豆' }),
      pointsIncome: z.int().nonnegative(),
      pointsSpent: z.int().nonnegative(),
      credit: z.int().nonnegative().meta({ description: '权益值' }),
      creditEarned: z.int().nonnegative(),
    }),
    ledger: MemberLedgerPage.meta({ description: '微豆流水第一页（更多见 getMemberLedger）' }),
    participations: z.array(
      z.object({
        id: Id,
        taskId: Id,
        taskTitle: z.string(),
        status: z.enum(['started', 'finished']),
        joinResult: z.int(),
        points: z.int(),
        pointsStatus: z.enum(['none', 'posted', 'reversed']),
        ip: z.string().nullable(),
        deviceId: z.string().nullable(),
        startedAt: Timestamp,
        finishedAt: Timestamp.nullable(),
      }),
    ),
    exchanges: z.array(
      z.object({
        id: Id,
        title: z.string(),
        rewardType: z.int(),
        points: z.int().nonnegative(),
        state: z.int(),
        reason: z.string().nullable(),
        createdAt: Timestamp,
      }),
    ),
    benefits: z.array(
      z.object({
        id: Id,
        name: z.string(),
        kind: z.int(),
        source: z.string(),
        status: z.enum(['unused', 'used', 'expired']),
        obtainedAt: Timestamp,
        expiresAt: Timestamp.nullable(),
      }),
    ),
    invites: z.object({
      inviter: z.object({ id: Id, memberCode: z.string(), nickname: z.string() }).nullable(),
      inviteeCount: z.int().nonnegative(),
      invitees: z
        .array(z.object({ id: Id, memberCode: z.string(), nickname: z.string(), registeredAt: Timestamp, registerIp: z.string().nullable() }))
        .meta({ description: '最近的 10 位' }),
    }),
    feedback: z.array(
      z.object({ id: Id, category: z.int(), state: z.int(), excerpt: z.string(), createdAt: Timestamp, updatedAt: Timestamp }),
    ),
    sessions: z
      .array(
        z.object({
          id: z.string().meta({ description: '会话 id（前 8 位）' }),
          method: z.string().nullable(),
          ip: z.string().nullable(),
          userAgent: z.string().nullable(),
          startedAt: Timestamp,
          expiresAt: Timestamp,
          active: z.boolean(),
          revokedReason: z.string().nullable(),
        }),
      )
      .meta({ description: '最近 20 次登录（含已结束的）' }),
    devicesAndIps: z
      .object({
        ips: z.array(z.object({ ip: z.string(), seen: z.int().positive(), lastAt: Timestamp, from: z.array(z.enum(['register', 'login', 'task'])) })),
        devices: z.array(z.object({ deviceId: z.string(), seen: z.int().positive(), lastAt: Timestamp })),
      })
      .meta({ description: '注册、登录与答题时记录的 IP 和设备（任务的 cookie 设备号）' }),
    socialBindings: z.array(z.object({ platform: z.int(), nickname: z.string().nullable(), boundAt: Timestamp })),
    pendingAdjustments: z.array(Adjustment),
  })
  .meta({ id: 'Member360' });

export const MemberContact = z
  .object({
    mobile: z.string().nullable().meta({ description: '完整手机号' }),
    realName: z.string().nullable().meta({ description: '实名认证的完整姓名' }),
    idNumber: z
      .string()
      .nullable()
      .meta({ description: '证件号：站点只保存脱敏后的号码与哈希，完整号码无从查看，这里给出脱敏号码' }),
    idNumberComplete: z.boolean().meta({ description: 'idNumber 是否为完整号码（目前总是 false）' }),
  })
  .meta({ id: 'MemberContact' });

export const MemberState = z
  .object({ id: Id, frozen: Frozen, sessionsEnded: z.int().nonnegative() })
  .meta({ id: 'MemberState' });

export const ReasonBody = z.object({ reason: Reason });

export const MessageMemberBody = z.object({
  title: z.string().trim().min(1, '请填写消息标题').max(60, '消息标题最多 60 个字'),
  content: z.string().trim().min(1, '请填写消息内容').max(5000, '消息内容最多 5000 个字'),
});

export const MessageSent = z.object({ messageId: Id }).meta({ id: 'MessageSent' });

export const AdjustmentAmount = z
  .int('调整数量须为整数')
  .refine((n) => n !== 0, '调整数量不能为 0')
  .refine((n) => Math.abs(n) <= 10_000_000, '调整数量过大')
  .meta({ description: '微豆，正数增加，负数扣减，不能为 0' });

export const RequestAdjustmentBody = z.object({ amount: AdjustmentAmount, reason: Reason, totp: TotpCode });

export const DecideAdjustmentBody = z.object({ reason: Reason.optional(), totp: TotpCode });
export const RejectAdjustmentBody = z.object({ reason: Reason, totp: TotpCode });
