/**
 * Reward exchange (兑换): the catalogue of cash, virtual and physical rewards, redemption with a
 * client-generated request key, the member's records with their history, and what the member
 * still lacks before exchanging.
 */
import { z } from 'zod';
import { ExchangeState, ExchangeType, IdVerifyState, SnsPlatform } from '../enums';
import { MinQualityLevel } from './quality';
import { Fen, Id, Masked, MaskedMobile, Page, PageQuery, Points, QueryEnum, Timestamp, Url } from './common';
import { enumSchema } from './enum';

const typeDescription = '兑换类型：1 现金（打款到支付宝或微信）；2 虚拟（卡密、充值）；3 实物（快递寄送）';

const stateDescription = '兑换状态：0 待审核；1 已发放；2 待发放；3 已撤销；4 已驳回；5 发放失败';

/** Cash goes to one of these bound accounts (spec §3 social platform values). */
export const PayoutPlatform = z
  .union([z.literal(SnsPlatform.values.WECHAT), z.literal(SnsPlatform.values.ALIPAY)])
  .meta({ description: '收款账号平台：1 微信；4 支付宝' });

export const RewardListQuery = PageQuery.extend({
  type: QueryEnum(ExchangeType, `按类型筛选（可选）：${typeDescription}`)
    .optional()
    .meta({ description: `按类型筛选（可选）：${typeDescription}` }),
});

const RewardFields = {
  id: Id.meta({ description: '兑换商品 id' }),
  type: enumSchema(ExchangeType).meta({ description: typeDescription }),
  title: z.string().meta({ description: '商品名称' }),
  cover: Url.nullable().meta({ description: '封面图（第一张图片）；没有图片时为 null' }),
  pointsCost: Points.meta({ description: '兑换一份所需的微豆' }),
  faceValue: Fen.meta({ description: '面值（分），如 10 元话费为 1000' }),
  stock: z.int().nonnegative().meta({ description: '剩余库存' }),
  limitTotal: z.int().positive().nullable().meta({ description: '每人累计限兑次数；不限为 null' }),
  limitDaily: z.int().positive().nullable().meta({ description: '每人每天（北京时间）限兑次数；不限为 null' }),
  minLevel: z.int().nonnegative().meta({ description: '兑换所需的最低权益等级；0 为不限' }),
  minQualityLevel: MinQualityLevel,
  requiresIdentity: z.boolean().meta({ description: '是否需要先完成实名认证（现金类总是需要）' }),
};

export const RewardSummary = z.object(RewardFields).meta({ id: 'RewardSummary', description: '兑换商品（列表项）' });

export const RewardPage = Page(RewardSummary).meta({ id: 'RewardPage', description: '兑换商品分页' });

const RedeemBlocker = z
  .object({
    code: z.int().meta({ description: '对应的结果码，如 2001 微豆不足、2004 需要实名（见结果码表）' }),
    msg: z.string().meta({ description: '给会员看的原因' }),
  })
  .meta({ id: 'RedeemBlocker', description: '当前不能兑换的一个原因' });

const RewardEligibility = z
  .object({
    balance: Points.meta({ description: '当前微豆余额' }),
    redeemedTotal: z.int().nonnegative().meta({ description: '已兑换该商品的次数（不含已驳回、已撤销、发放失败）' }),
    redeemedToday: z.int().nonnegative().meta({ description: '今天已兑换该商品的次数' }),
    canRedeem: z.boolean().meta({ description: '此刻能否兑换（blockers 为空）' }),
    blockers: z.array(RedeemBlocker).meta({ description: '不能兑换的原因，按检查顺序；能兑换时为空数组' }),
  })
  .meta({ id: 'RewardEligibility', description: '当前会员能否兑换该商品' });

export const RewardDetail = RewardSummary.extend({
  images: z.array(Url).meta({ description: '商品图片（第一张为封面）' }),
  description: z.string().meta({ description: '商品说明（纯文本，换行分段）' }),
  eligibility: RewardEligibility.nullable().meta({ description: '当前会员能否兑换；未登录时为 null' }),
}).meta({ id: 'RewardDetail', description: '兑换商品详情' });

const RequestKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号应为 8–64 位字母、数字、- 或 _')
  .meta({
    description:
      '客户端为这次兑换生成的请求编号（如 UUID），8–64 位字母、数字、- 或 _。网络重试时原样重发：同一编号只兑换一次，重发返回第一次的兑换单',
  });

export const RedeemBody = z
  .object({
    rewardId: Id.meta({ description: '兑换商品 id' }),
    requestKey: RequestKey,
    payoutPlatform: PayoutPlatform.optional().meta({
      description: '现金兑换的收款账号：1 微信；4 支付宝（须已绑定）。省略时用已绑定的支付宝，其次微信；其他类型忽略',
    }),
    memberBenefitId: Id.optional().meta({
      description:
        '使用的兑换折扣券（MemberBenefit.id，可选）：在同一事务中少扣微豆并把券标为已使用；兑换被驳回、撤销或发放失败时券退回',
    }),
  })
  .meta({ id: 'RedeemBody', description: '兑换一份商品' });

const ExchangePayout = z
  .object({
    platform: PayoutPlatform,
    nickname: z.string().nullable().meta({ description: '收款账号的第三方昵称' }),
  })
  .meta({ id: 'ExchangePayout', description: '现金兑换的收款账号（兑换时的快照）' });

const ExchangeShipping = z
  .object({
    name: z.string().meta({ description: '收货人' }),
    mobile: MaskedMobile.meta({ description: '收货人手机号（脱敏）' }),
    regionName: z.string().meta({ description: '省市区，如“广东省 深圳市 南山区”' }),
    address: z.string().meta({ description: '详细地址' }),
  })
  .meta({ id: 'ExchangeShipping', description: '实物兑换的收货地址（兑换时的快照）' });

export const ExchangeRecord = z
  .object({
    id: Id.meta({ description: '兑换单号' }),
    rewardId: Id.meta({ description: '兑换商品 id' }),
    type: enumSchema(ExchangeType).meta({ description: typeDescription }),
    title: z.string().meta({ description: '商品名称（兑换时）' }),
    cover: Url.nullable().meta({ description: '商品封面；没有为 null' }),
    points: Points.meta({ description: '花费的微豆' }),
    faceValue: Fen.meta({ description: '面值（分）' }),
    state: enumSchema(ExchangeState).meta({ description: stateDescription }),
    stateLabel: z.string().meta({ description: '状态的中文名称，如“待审核”' }),
    reason: z.string().nullable().meta({ description: '驳回、撤销或发放失败的原因；其他状态为 null' }),
    refunded: z.boolean().meta({ description: '微豆是否已退还（驳回、撤销、发放失败时退还）' }),
    payout: ExchangePayout.nullable().meta({ description: '现金：收款账号；其他类型为 null' }),
    shipping: ExchangeShipping.nullable().meta({ description: '实物：收货地址；其他类型为 null' }),
    code: z.string().nullable().meta({ description: '虚拟：发放的卡密或兑换码；发放前为 null' }),
    transferRef: z.string().nullable().meta({ description: '现金：打款流水号；发放前为 null' }),
    trackingNo: z.string().nullable().meta({ description: '实物：快递单号；发货前为 null' }),
    won: z.boolean().meta({ description: '幸运大转盘抽中的奖品（0 微豆，无扣款）' }),
    awaitingAddress: z.boolean().meta({
      description: '实物奖品还没有收货地址：会员填写收货地址后，审核通过时寄往该地址；其他情况为 false',
    }),
    createdAt: Timestamp.meta({ description: '兑换时间' }),
    updatedAt: Timestamp.meta({ description: '最近状态变化时间' }),
  })
  .meta({ id: 'ExchangeRecord', description: '一条兑换记录' });

export const ExchangeActor = z
  .enum(['member', 'operator', 'system'])
  .meta({ description: '操作方：member 会员本人；operator 运营人员；system 系统自动' });

export const ExchangeEvent = z
  .object({
    from: enumSchema(ExchangeState)
      .nullable()
      .meta({ description: `变化前的状态；兑换提交时为 null。${stateDescription}` }),
    to: enumSchema(ExchangeState).meta({ description: `变化后的状态。${stateDescription}` }),
    toLabel: z.string().meta({ description: '变化后状态的中文名称' }),
    actor: ExchangeActor,
    reason: z.string().nullable().meta({ description: '说明（驳回原因、快递单号等）；没有为 null' }),
    at: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'ExchangeEvent', description: '兑换单的一次状态变化' });

export const ExchangeDetail = ExchangeRecord.extend({
  history: z.array(ExchangeEvent).meta({ description: '状态变化记录，按时间先后' }),
}).meta({ id: 'ExchangeDetail', description: '兑换单详情与状态历史' });

export const RedeemResult = z
  .object({
    exchange: ExchangeRecord,
    balance: Points.meta({ description: '兑换后的微豆余额' }),
    replayed: z.boolean().meta({ description: '是否为同一请求编号的重发（为 true 时本次未再扣微豆）' }),
  })
  .meta({ id: 'RedeemResult', description: '兑换结果：兑换单进入待审核' });

export const ExchangeListQuery = PageQuery.extend({
  state: QueryEnum(ExchangeState, `按状态筛选（可选）：${stateDescription}`)
    .optional()
    .meta({ description: `按状态筛选（可选）：${stateDescription}` }),
});

export const ExchangePage = Page(ExchangeRecord).meta({
  id: 'ExchangePage',
  description: '我的兑换记录（新的在前，分页）',
});

export const ExchangeInfo = z
  .object({
    balance: Points.meta({ description: '当前微豆余额' }),
    pointsPerYuan: z.int().positive().meta({ description: '兑换比例：多少微豆抵 1 元面值（100）' }),
    mobile: MaskedMobile.nullable().meta({ description: '脱敏手机号（虚拟商品充值默认号码）；未绑定时为 null' }),
    idVerifyState: enumSchema(IdVerifyState).meta({
      description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过',
    }),
    realName: Masked.nullable().meta({ description: '脱敏真实姓名；未实名时为 null' }),
    alipayBound: z.boolean().meta({ description: '是否已绑定支付宝（现金提现到账账号）' }),
    wechatBound: z.boolean().meta({ description: '是否已绑定微信' }),
    payoutAccounts: z
      .array(
        z.object({
          platform: z.union([z.literal(1), z.literal(4)]).meta({ description: '收款账号平台：1 微信；4 支付宝' }),
          nickname: z.string().nullable().meta({ description: '第三方昵称' }),
        }),
      )
      .meta({ description: '可用于现金兑换的已绑定账号（支付宝在前）' }),
    hasConsignee: z.boolean().meta({ description: '是否已填写收货地址（实物兑换需要）' }),
    level: z.int().nonnegative().meta({ description: '当前权益等级（部分商品有最低等级要求）' }),
    missing: z
      .object({
        cash: z.array(z.enum(['identity', 'payout_account', 'payout_unavailable'])).meta({
          description:
            '现金兑换还缺：identity 实名认证；payout_account 绑定支付宝或微信；payout_unavailable 本站暂未开放绑定支付宝或微信，现金暂不能兑换',
        }),
        physical: z.array(z.enum(['address'])).meta({ description: '实物兑换还缺：address 收货地址' }),
      })
      .meta({
        description:
          '现金、实物兑换还需要先完成的事项（虚拟商品一般无需准备）；空数组表示已齐备。个别商品另要求实名或等级，以商品详情的 eligibility 为准',
      }),
  })
  .meta({ id: 'ExchangeInfo', description: '兑换前需要的会员信息：还缺什么（实名、收款账号、收货地址）' });
