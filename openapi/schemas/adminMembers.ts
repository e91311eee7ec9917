/**
 * The console's member pages: search, the member 360 view, the writes staff make on a member
 * (reveal, freeze, end sessions, message) and 微豆 adjustments with four-eyes review.
 * Mobile and ID number are masked everywhere but in `revealMemberContact` (audited).
 */
import { z } from 'zod';
import { adjustmentAmountProblem, Reason, TotpCode } from '../rules/staff';
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
  .object({ at: Timestamp.meta({ description: '时间' }), reason: z.string().meta({ description: '原因' }) })
  .nullable()
  .meta({ description: '冻结时间与原因；未冻结为 null' });

export const MemberSearchRow = z
  .object({
    id: Id,
    memberCode: z.string().meta({ description: '会员号' }),
    nickname: z.string().meta({ description: '昵称' }),
    mobile: z.string().nullable().meta({ description: '脱敏手机号，如 138****0000' }),
    registeredAt: Timestamp,
    balance: z.int().nonnegative().meta({ description: '可用微豆' }),
    frozen: Frozen.meta({ description: '冻结状态' }),
    matchedBy: z.enum(['mobile', 'memberCode', 'id', 'nickname', 'inviteCode']).meta({ description: '按哪一项匹配到' }),
  })
  .meta({ id: 'MemberSearchRow', description: '一条会员搜索结果' });

export const MemberSearchPage = z
  .object({
    list: z.array(MemberSearchRow).meta({ description: '本页记录' }),
    total: z.int().nonnegative().meta({ description: '符合条件的总数' }),
    page: z.int().meta({ description: '页码' }),
    pageSize: z.int().meta({ description: '每页条数' }),
  })
  .meta({ id: 'MemberSearchPage', description: '会员搜索结果的一页' });

export const MemberLedgerRow = z
  .object({
    id: BigId,
    amount: z.int().meta({ description: '正数收入，负数支出' }),
    balanceAfter: z.int().nonnegative().meta({ description: '变动后余额' }),
    reason: z.string().meta({ description: '原因' }),
    reasonLabel: z.string().meta({ description: '变动类型' }),
    description: z.string().meta({ description: '会员在微豆明细里看到的说明' }),
    status: z.enum(['posted', 'pending']).meta({ description: '状态' }),
    idempotencyKey: z.string().meta({ description: '幂等键' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'MemberLedgerRow', description: '一条微豆流水' });

export const MemberLedgerPage = z
  .object({
    list: z.array(MemberLedgerRow).meta({ description: '本页记录' }),
    total: z.int().nonnegative().meta({ description: '符合条件的总数' }),
    page: z.int().meta({ description: '页码' }),
    pageSize: z.int().meta({ description: '每页条数' }),
  })
  .meta({ id: 'MemberLedgerPage', description: '微豆流水的一页' });

export const AdjustmentState = z.enum(['pending', 'applied', 'rejected']).meta({
  description: 'pending 待复核，applied 已入账，rejected 已驳回',
});

export const Adjustment = z
  .object({
    id: Id,
    memberId: Id,
    memberCode: z.string().meta({ description: '会员号' }),
    nickname: z.string().meta({ description: '昵称' }),
    amount: z.int().meta({ description: '微豆，正数增加，负数扣减' }),
    reason: z.string().meta({ description: '调整原因（会员在微豆明细里看到）' }),
    state: AdjustmentState.meta({ description: '状态' }),
    requestedBy: z.string().meta({ description: '发起人登录名' }),
    requestedAt: Timestamp,
    decidedBy: z.string().nullable().meta({ description: '复核人登录名（小额直接入账时为发起人）' }),
    decidedAt: Timestamp.nullable().meta({ description: '复核时间' }),
    decisionReason: z.string().nullable().meta({ description: '驳回原因' }),
    ledgerId: BigId.nullable().meta({ description: '入账的微豆流水 id' }),
  })
  .meta({ id: 'Adjustment', description: '一笔微豆调整' });

export const AdjustmentPage = z
  .object({
    list: z.array(Adjustment).meta({ description: '本页记录' }),
    total: z.int().nonnegative().meta({ description: '符合条件的总数' }),
    page: z.int().meta({ description: '页码' }),
    pageSize: z.int().meta({ description: '每页条数' }),
  })
  .meta({ id: 'AdjustmentPage', description: '微豆调整的一页' });

export const AdjustmentQuery = PageQuery.extend({
  state: AdjustmentState.optional().meta({ description: '状态' }),
  memberId: z.coerce.number().int().positive().max(2_147_483_647).optional().meta({ description: '只看这位会员的' }),
});

export const Member360 = z
  .object({
    profile: z
      .object({
        id: Id,
        memberCode: z.string().meta({ description: '会员号' }),
        nickname: z.string().meta({ description: '昵称' }),
        avatar: z.string().nullable().meta({ description: '头像' }),
        mobile: z.string().nullable().meta({ description: '脱敏手机号' }),
        email: z.string().nullable().meta({ description: '脱敏邮箱' }),
        inviteCode: z.string().meta({ description: '邀请码' }),
        registeredAt: Timestamp,
        registerIp: z.string().nullable().meta({ description: '注册 IP' }),
        hasPassword: z.boolean().meta({ description: '是否设置了登录密码' }),
        passwordChangedAt: Timestamp.nullable().meta({ description: '最近改密码时间' }),
        realName: z
          .object({
            verified: z.boolean().meta({ description: '是否已实名认证' }),
            name: z.string().meta({ description: '脱敏姓名' }),
            idNumber: z.string().meta({ description: '脱敏证件号' }),
            verifiedAt: Timestamp.nullable().meta({ description: '认证时间' }),
          })
          .nullable()
          .meta({ description: '实名认证；未认证为 null' }),
      })
      .meta({ description: '资料（手机号、证件号脱敏）' }),
    frozen: Frozen.meta({ description: '冻结状态' }),
    balances: z
      .object({
        points: z.int().nonnegative().meta({ description: '可用微豆' }),
        pointsPending: z.int().nonnegative().meta({ description: '待审核的微豆' }),
        pointsIncome: z.int().nonnegative().meta({ description: '累计收入微豆' }),
        pointsSpent: z.int().nonnegative().meta({ description: '累计支出微豆' }),
        credit: z.int().nonnegative().meta({ description: '权益值' }),
        creditEarned: z.int().nonnegative().meta({ description: '累计获得权益值' }),
      })
      .meta({ description: '余额与累计' }),
    ledger: MemberLedgerPage.meta({ description: '微豆流水第一页（更多见 getMemberLedger）' }),
    participations: z
      .array(
        z.object({
          id: Id,
          taskId: Id,
          taskTitle: z.string().meta({ description: '任务标题' }),
          status: z.enum(['started', 'finished']).meta({ description: '状态' }),
          joinResult: z.int().meta({ description: '参与结果' }),
          points: z.int().meta({ description: '微豆数量' }),
          pointsStatus: z.enum(['none', 'posted', 'reversed']).meta({ description: '微豆发放状态' }),
          ip: z.string().nullable().meta({ description: 'IP 地址' }),
          deviceId: z.string().nullable().meta({ description: '设备 id' }),
          startedAt: Timestamp,
          finishedAt: Timestamp.nullable().meta({ description: '完成时间' }),
        }),
      )
      .meta({ description: '最近参与的任务及结果' }),
    exchanges: z
      .array(
        z.object({
          id: Id,
          title: z.string().meta({ description: '标题' }),
          rewardType: z.int().meta({ description: '商品类型' }),
          points: z.int().nonnegative().meta({ description: '微豆数量' }),
          state: z.int().meta({ description: '状态' }),
          reason: z.string().nullable().meta({ description: '原因' }),
          createdAt: Timestamp,
        }),
      )
      .meta({ description: '最近的兑换' }),
    benefits: z
      .array(
        z.object({
          id: Id,
          name: z.string().meta({ description: '名称' }),
          kind: z.int().meta({ description: '种类' }),
          source: z.string().meta({ description: '来源' }),
          status: z.enum(['unused', 'used', 'expired']).meta({ description: '状态' }),
          obtainedAt: Timestamp,
          expiresAt: Timestamp.nullable().meta({ description: '到期时间' }),
        }),
      )
      .meta({ description: '持有的权益' }),
    invites: z
      .object({
        inviter: z
          .object({
            id: Id,
            memberCode: z.string().meta({ description: '会员号' }),
            nickname: z.string().meta({ description: '昵称' }),
          })
          .nullable()
          .meta({ description: '邀请人' }),
        inviteeCount: z.int().nonnegative().meta({ description: '邀请的人数' }),
        invitees: z
          .array(
            z.object({
              id: Id,
              memberCode: z.string().meta({ description: '会员号' }),
              nickname: z.string().meta({ description: '昵称' }),
              registeredAt: Timestamp,
              registerIp: z.string().nullable().meta({ description: '注册 IP' }),
            }),
          )
          .meta({ description: '最近的 10 位' }),
      })
      .meta({ description: '邀请人与被邀请人' }),
    feedback: z
      .array(
        z.object({
          id: Id,
          category: z.int().meta({ description: '分类' }),
          state: z.int().meta({ description: '状态' }),
          excerpt: z.string().meta({ description: '摘要' }),
          createdAt: Timestamp,
          updatedAt: Timestamp,
        }),
      )
      .meta({ description: '反馈工单' }),
    sessions: z
      .array(
        z.object({
          id: z.string().meta({ description: '会话 id（前 8 位）' }),
          method: z.string().nullable().meta({ description: '登录方式' }),
          ip: z.string().nullable().meta({ description: 'IP 地址' }),
          userAgent: z.string().nullable().meta({ description: '浏览器标识' }),
          startedAt: Timestamp,
          expiresAt: Timestamp.meta({ description: '到期时间' }),
          active: z.boolean().meta({ description: '是否仍有效' }),
          revokedReason: z.string().nullable().meta({ description: '结束原因' }),
        }),
      )
      .meta({ description: '最近 20 次登录（含已结束的）' }),
    devicesAndIps: z
      .object({
        ips: z
          .array(
            z.object({
              ip: z.string().meta({ description: 'IP 地址' }),
              seen: z.int().positive().meta({ description: '出现次数' }),
              lastAt: Timestamp.meta({ description: '最近一次' }),
              from: z
                .array(z.enum(['register', 'login', 'task']))
                .meta({ description: '在哪里出现：register 注册，login 登录，task 做任务' }),
            }),
          )
          .meta({ description: '出现过的 IP' }),
        devices: z
          .array(
            z.object({
              deviceId: z.string().meta({ description: '设备 id' }),
              seen: z.int().positive().meta({ description: '出现次数' }),
              lastAt: Timestamp,
            }),
          )
          .meta({ description: '出现过的设备' }),
      })
      .meta({ description: '注册、登录与答题时记录的 IP 和设备（任务的 cookie 设备号）' }),
    socialBindings: z
      .array(
        z.object({
          platform: z.int().meta({ description: '平台' }),
          nickname: z.string().nullable().meta({ description: '昵称' }),
          boundAt: Timestamp,
        }),
      )
      .meta({ description: '绑定的第三方账号' }),
    pendingAdjustments: z.array(Adjustment).meta({ description: '待复核的微豆调整' }),
  })
  .meta({ id: 'Member360', description: '会员的全部信息' });

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
  .meta({ id: 'MemberContact', description: 'MemberContact' });

export const MemberState = z
  .object({
    id: Id,
    frozen: Frozen.meta({ description: '冻结状态' }),
    sessionsEnded: z.int().nonnegative().meta({ description: '结束的登录数' }),
  })
  .meta({ id: 'MemberState', description: '会员的状态' });

export const ReasonBody = z.object({ reason: Reason.meta({ description: '原因' }) });

export const MessageMemberBody = z.object({
  title: z.string().trim().min(1, '请填写消息标题').max(60, '消息标题最多 60 个字').meta({ description: '标题' }),
  content: z.string().trim().min(1, '请填写消息内容').max(5000, '消息内容最多 5000 个字').meta({ description: '内容' }),
});

export const MessageSent = z.object({ messageId: Id }).meta({ id: 'MessageSent', description: 'MessageSent' });

export const AdjustmentAmount = z
  .int('调整数量须为整数')
  .superRefine((n, ctx) => {
    const problem = adjustmentAmountProblem(n);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: '微豆，正数增加，负数扣减，不能为 0' });

export const RequestAdjustmentBody = z.object({
  amount: AdjustmentAmount,
  reason: Reason.meta({ description: '原因' }),
  totp: TotpCode.meta({ description: '身份验证器上的新动态验证码' }),
});

export const DecideAdjustmentBody = z.object({
  reason: Reason.optional().meta({ description: '原因' }),
  totp: TotpCode.meta({ description: '身份验证器上的新动态验证码' }),
});
export const RejectAdjustmentBody = z.object({
  reason: Reason.meta({ description: '原因' }),
  totp: TotpCode.meta({ description: '身份验证器上的新动态验证码' }),
});
