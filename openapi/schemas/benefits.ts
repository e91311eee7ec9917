/**
 * Benefits (权益): the catalogue, what the member holds, and using one.
 */
import { z } from 'zod';
import { BenefitKind, BenefitStatus } from '../enums';
import { Fen, Id, Points, QueryEnum, Timestamp, Url } from './common';
import { enumSchema } from './enum';

const kindDescription = '权益类型：1 微豆加成卡；2 兑换折扣券；3 抽奖次数；4 抢答优先';

const valueDescription =
  '效果数值：加成卡为加成百分比；折扣券为抵扣金额（分，1 分抵 1 微豆）或抵扣百分比（见 couponUnit）；抽奖次数为次数；抢答优先为提前分钟数';

const CouponUnit = z
  .enum(['fen', 'percent'])
  .meta({ description: '折扣券的抵扣方式：fen 按金额（分，1 分抵 1 微豆）；percent 按微豆价格的百分比' });

const BenefitSource = z
  .enum(['claim', 'grant', 'value'])
  .meta({ description: '获得方式：claim 用权益值领取（或免费领取）；grant 活动或运营发放；value 花权益值直接使用' });

export const Benefit = z
  .object({
    id: Id.meta({ description: '权益 id' }),
    kind: enumSchema(BenefitKind).meta({ description: kindDescription }),
    name: z.string().meta({ description: '名称' }),
    description: z.string().meta({ description: '简介' }),
    icon: Url.nullable().meta({ description: '图标' }),
    value: z.int().nonnegative().meta({ description: valueDescription }),
    couponUnit: CouponUnit.nullable().meta({ description: '折扣券的抵扣方式；其他类型为 null' }),
    minSpend: Points.nullable().meta({ description: '折扣券：商品微豆价格满多少可用；无门槛或其他类型为 null' }),
    creditCost: z.int().nonnegative().meta({ description: '领取所需权益值；0 为免费' }),
    minLevel: z.int().nonnegative().meta({ description: '领取所需的最低权益等级' }),
    validDays: z.int().positive().nullable().meta({ description: '领取后有效天数；长期有效为 null' }),
    stock: z.int().nonnegative().nullable().meta({ description: '剩余数量；不限为 null' }),
    limitPerMember: z.int().positive().nullable().meta({ description: '每人最多领取几份；不限为 null' }),
    claimable: z.boolean().meta({ description: '当前会员此刻能否领取（等级、权益值、库存、限领都满足）' }),
    claimBlocker: z.string().nullable().meta({ description: '不能领取的原因（zh-CN）；能领取时为 null' }),
    ownedCount: z.int().nonnegative().meta({ description: '当前会员持有的未使用数量' }),
  })
  .meta({ id: 'Benefit', description: '可领取的权益' });

export const BenefitTarget = z
  .object({
    type: z
      .enum(['task', 'exchange', 'lottery'])
      .meta({ description: '使用对象：task 任务（加成卡、抢答优先）；exchange 兑换（折扣券）；lottery 抽奖' }),
    id: Id.meta({ description: '对象 id（任务 id、兑换商品 id、抽奖活动 id：幸运大转盘为 1）' }),
  })
  .meta({ id: 'BenefitTarget', description: '权益的使用对象' });

export const BenefitEffect = z
  .object({
    extraPoints: Points.nullable().meta({ description: '加成卡：额外获得（或预计额外获得）的微豆' }),
    discount: Fen.nullable().meta({ description: '折扣券：抵扣金额（分）' }),
    discountPoints: Points.nullable().meta({ description: '折扣券：少扣的微豆（1 分抵 1 微豆）' }),
    spins: z.int().nonnegative().nullable().meta({ description: '抽奖次数：增加的次数' }),
    earlyMinutes: z.int().nonnegative().nullable().meta({ description: '抢答优先：可提前参与的分钟数' }),
  })
  .meta({ id: 'BenefitEffect', description: '使用权益的效果（与类型无关的项为 null）' });

export const MemberBenefit = z
  .object({
    id: Id.meta({ description: '持有记录 id' }),
    benefitId: Id.meta({ description: '权益 id' }),
    kind: enumSchema(BenefitKind).meta({ description: kindDescription }),
    name: z.string().meta({ description: '名称' }),
    value: z.int().nonnegative().meta({ description: valueDescription }),
    couponUnit: CouponUnit.nullable().meta({ description: '折扣券的抵扣方式；其他类型为 null' }),
    minSpend: Points.nullable().meta({ description: '折扣券：商品微豆价格满多少可用；无门槛或其他类型为 null' }),
    source: BenefitSource,
    status: enumSchema(BenefitStatus).meta({ description: '状态：0 未使用；1 已使用；2 已过期' }),
    obtainedAt: Timestamp.meta({ description: '获得时间' }),
    expiresAt: Timestamp.nullable().meta({ description: '过期时间；长期有效为 null' }),
    usedAt: Timestamp.nullable().meta({ description: '使用时间' }),
    usedOn: BenefitTarget.nullable().meta({ description: '用在了什么上；未使用为 null' }),
    appliedAt: Timestamp.nullable().meta({
      description: '效果兑现的时间（加成卡：任务入账时）；已使用但尚未兑现（加成卡等待任务入账）或未使用时为 null',
    }),
    effect: BenefitEffect.nullable().meta({ description: '已兑现的效果；未兑现时为 null' }),
  })
  .meta({ id: 'MemberBenefit', description: '我持有的一份权益' });

export const BenefitListQuery = z.object({
  status: QueryEnum(BenefitStatus, '我的权益按状态筛选（可选）：0 未使用；1 已使用；2 已过期')
    .optional()
    .meta({ description: '我的权益按状态筛选（可选）：0 未使用；1 已使用；2 已过期' }),
});

export const BenefitOverview = z
  .object({
    credit: z.int().nonnegative().meta({ description: '当前权益值' }),
    level: z.int().nonnegative().meta({ description: '权益等级' }),
    catalogue: z.array(Benefit).meta({ description: '可领取的权益' }),
    owned: z.array(MemberBenefit).meta({ description: '我的权益（按状态筛选，新的在前，最多 100 条）' }),
  })
  .meta({ id: 'BenefitOverview', description: '我的权益页：可领取与已持有' });

export const BenefitDetail = Benefit.extend({
  rules: z.string().meta({ description: '使用规则（经过清洗的 HTML）' }),
  owned: z.array(MemberBenefit).meta({ description: '我持有的该权益（未使用的在前）' }),
}).meta({ id: 'BenefitDetail', description: '权益详情' });

export const BenefitAllow = z
  .object({
    allowed: z.boolean().meta({ description: '是否可以领取' }),
    reason: z.string().nullable().meta({ description: '不能领取的原因；可以领取时为 null' }),
    creditCost: z.int().nonnegative().meta({ description: '领取所需权益值' }),
    credit: z.int().nonnegative().meta({ description: '我的当前权益值' }),
  })
  .meta({ id: 'BenefitAllow', description: '能否领取某权益' });

export const BenefitCheckBody = z
  .object({ target: BenefitTarget })
  .meta({ id: 'BenefitCheckBody', description: '校验把某份权益用在某对象上是否可行' });

export const BenefitCheck = z
  .object({
    usable: z.boolean().meta({ description: '是否可用' }),
    reason: z.string().nullable().meta({ description: '不可用的原因；可用时为 null' }),
    effect: BenefitEffect.nullable().meta({ description: '可用时的预计效果' }),
  })
  .meta({ id: 'BenefitCheck', description: '权益使用前的校验结果' });

export const UseBenefitBody = z
  .object({
    memberBenefitId: Id.meta({ description: '持有记录 id（MemberBenefit.id）' }),
    target: BenefitTarget,
  })
  .meta({ id: 'UseBenefitBody', description: '使用我持有的一份权益' });

export const UseBenefitValueBody = z
  .object({
    benefitId: Id.meta({ description: '权益 id（Benefit.id）' }),
    target: BenefitTarget,
  })
  .meta({ id: 'UseBenefitValueBody', description: '直接花权益值领取并立即使用一份权益' });

export const BenefitUsed = z
  .object({
    memberBenefit: MemberBenefit.meta({ description: '使用后的持有记录' }),
    effect: BenefitEffect,
    credit: z.int().nonnegative().meta({ description: '使用后的权益值' }),
  })
  .meta({ id: 'BenefitUsed', description: '权益使用结果' });
