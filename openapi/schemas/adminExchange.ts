/** The console's exchange review queue: pending exchanges with the member's risk signals. */
import { z } from 'zod';
import { ExchangeState, ExchangeType } from '../enums';
import { RiskFlagSchema, RiskLevelSchema, RiskSignalKeySchema } from '../rules/risk';
import { Reason, TotpCode } from '../rules/staff';
import { Id, Page, PageQuery, Timestamp } from './common';
import { enumSchema } from './enum';

export const RiskMemberRef = z
  .object({ id: Id, memberCode: z.string().meta({ description: '会员编号' }) })
  .meta({ id: 'RiskMemberRef', description: '作为证据列出的另一个会员' });

export const RiskSignal = z
  .object({
    key: RiskSignalKeySchema.meta({ description: '标识' }),
    label: z.string().meta({ description: '信号名称' }),
    flag: RiskFlagSchema,
    summary: z.string().meta({ description: '一句话的证据，如「注册 3 天」「另有 2 个账号用过同一设备」' }),
    count: z.int().nonnegative().nullable().meta({ description: '相关的数量（账号数、参与数等）；不适用为 null' }),
    ratio: z.number().min(0).max(1).nullable().meta({ description: '比例（0–1）；不适用或样本太少为 null' }),
    members: z.array(RiskMemberRef).meta({ description: '作为证据的其他会员（列表里最多 3 个，详情里最多 20 个）' }),
  })
  .meta({ id: 'RiskSignal', description: '一个风险信号及其证据' });

export const ReviewMember = z
  .object({
    id: Id,
    memberCode: z.string().meta({ description: '会员号' }),
    mobile: z.string().nullable().meta({ description: '脱敏手机号，如 138****8000' }),
    nickname: z.string().meta({ description: '昵称' }),
  })
  .meta({ id: 'ReviewMember', description: '兑换的会员' });

export const ReviewRisk = z
  .object({
    level: RiskLevelSchema,
    signals: z.array(RiskSignal).meta({ description: '各项信号（无法从数据得出的信号不列出）' }),
  })
  .meta({ id: 'ReviewRisk', description: '会员的风险等级与信号（规则见 openapi/rules/risk.ts）' });

export const ReviewRow = z
  .object({
    id: Id.meta({ description: '兑换单 id（订单号）' }),
    state: enumSchema(ExchangeState),
    member: ReviewMember.meta({ description: '会员' }),
    reward: z
      .object({
        id: Id,
        title: z.string().meta({ description: '标题' }),
        type: enumSchema(ExchangeType),
        faceValue: z.int().nonnegative().meta({ description: '面值（分）' }),
      })
      .meta({ description: '兑换的商品' }),
    points: z.int().nonnegative().meta({ description: '扣除的微豆' }),
    createdAt: Timestamp.meta({ description: '兑换时间' }),
    ageMs: z.int().nonnegative().meta({ description: '已等待的毫秒数' }),
    risk: ReviewRisk,
  })
  .meta({ id: 'ReviewRow', description: '待审核队列中的一条兑换' });

export const ReviewQueueQuery = PageQuery;
export const ReviewQueuePage = Page(ReviewRow).meta({ id: 'ReviewQueuePage', description: '待审核兑换，最早的在前' });

export const ReviewItem = ReviewRow.extend({
  identity: z
    .object({
      realName: z.string().meta({ description: '真实姓名（脱敏）' }),
      idNumberMasked: z.string().meta({ description: '脱敏证件号' }),
    })
    .nullable()
    .meta({ description: '实名信息（脱敏）；未实名为 null' }),
  balance: z.int().nonnegative().meta({ description: '会员当前可用微豆' }),
  events: z
    .array(
      z.object({
        from: enumSchema(ExchangeState).nullable().meta({ description: '变动前的状态；下单时为 null' }),
        to: enumSchema(ExchangeState),
        actor: z.string().meta({ description: '会员 / 操作员名 / 系统' }),
        reason: z.string().nullable().meta({ description: '原因' }),
        at: Timestamp.meta({ description: '时间' }),
      }),
    )
    .meta({ description: '状态历史' }),
}).meta({ id: 'ReviewItem', description: '一条兑换的全部审核信息' });

export const ReviewDecision = z
  .object({
    id: Id,
    state: enumSchema(ExchangeState).meta({ description: '处理后的状态' }),
    refunded: z.int().nonnegative().meta({ description: '退还的微豆（驳回时）' }),
    waitingForCode: z.boolean().meta({ description: '虚拟商品已通过但卡密已发完，等待导入后发放' }),
  })
  .meta({ id: 'ReviewDecision', description: 'ReviewDecision' });

export const RejectExchangeBody = z.object({
  reason: Reason.meta({ description: '驳回原因（会展示给会员）' }),
});

export const BulkApproveBody = z.object({
  ids: z.array(Id).min(1, '请选择兑换单').max(50, '一次最多 50 条').meta({ description: '兑换单 id，最多 50 个' }),
  totp: TotpCode.meta({ description: '身份验证器上的新动态验证码' }),
});

export const BulkApproveResult = z
  .object({
    approved: z.array(ReviewDecision).meta({ description: '已通过的订单 id' }),
    skipped: z
      .array(
        z.object({
          id: Id,
          reason: z.string().meta({ description: '未通过的原因，如「风险等级为中」「已被其他同事处理」' }),
          level: RiskLevelSchema.nullable().meta({ description: '风险等级；兑换单不存在或已处理时为 null' }),
        }),
      )
      .meta({ description: '未处理的兑换单及原因' }),
  })
  .meta({ id: 'BulkApproveResult', description: '批量通过：只通过风险等级为低的兑换单' });
