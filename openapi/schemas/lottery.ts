/**
 * The lucky wheel (幸运大转盘): the wheel and the member's spins left, a spin, and the member's spin
 * records with what verifies each draw (openapi/rules/lottery.ts says how).
 */
import { z } from 'zod';
import { ExchangeType } from '../enums';
import { DRAW_RULES, LOTTERY_MEMBER_SEED_RE, LOTTERY_SOURCES } from '../rules/lottery';
import { Day, Id, Page, PageQuery, Points, Timestamp } from './common';
import { enumSchema } from './enum';

const PrizeKind = z.enum(['points', 'benefit', 'reward', 'none']).meta({
  description:
    '奖品类型：points 微豆；benefit 权益；reward 兑换商品（卡券或实物，中奖后生成 0 微豆的兑换单，见兑换记录）；none 谢谢参与（未中奖）',
});

const Source = z
  .enum(LOTTERY_SOURCES)
  .meta({ description: '抽奖次数来源：free 每日免费；points 用微豆购买；benefit 权益赠送的次数' });

export const LotteryPrize = z
  .object({
    id: Id.meta({ description: '奖品 id' }),
    name: z.string().meta({ description: '奖品名称，如“88 微豆”“谢谢参与”' }),
    kind: PrizeKind,
    points: Points.nullable().meta({ description: '微豆奖品的数量；其他类型为 null' }),
    weight: z.int().nonnegative().meta({ description: '抽中权重（在当前奖品表中）' }),
    chance: z.number().min(0).max(1).meta({ description: '抽中概率 = 权重 / 总权重' }),
    stock: z.int().nonnegative().nullable().meta({ description: '剩余库存；null 不限量' }),
  })
  .meta({ id: 'LotteryPrize', description: '转盘上的一个奖品' });

export const LotterySpinsLeft = z
  .object({
    free: z.int().nonnegative().meta({ description: '今天剩余的免费次数' }),
    points: z.int().nonnegative().meta({ description: '今天还能用微豆购买的次数' }),
    benefit: z.int().nonnegative().meta({ description: '权益赠送、尚未用完的次数' }),
  })
  .meta({ id: 'LotterySpinsLeft', description: '我的剩余抽奖次数（按来源）' });

export const LotteryCommitment = z
  .object({
    day: Day.meta({ description: '这把服务端种子所用的日期（北京时间）' }),
    seedHash: z.string().meta({ description: '服务端种子的 SHA-256（十六进制），当天开始前公布' }),
    committedAt: Timestamp.meta({ description: '公布哈希的时间' }),
    seed: z.string().nullable().meta({ description: '服务端种子（64 位十六进制）；当天结束后公开，之前为 null' }),
  })
  .meta({ id: 'LotteryCommitment', description: '某一天抽奖的服务端种子承诺' });

export const LotteryOverview = z
  .object({
    prizes: z.array(LotteryPrize).meta({ description: '当前奖品表中的奖品（按转盘顺序）' }),
    tableVersion: z.int().min(0).meta({ description: '当前奖品表版本；0 表示尚未设置奖品' }),
    spinPrice: Points.meta({ description: '购买一次抽奖的微豆' }),
    freePerDay: z.int().nonnegative().meta({ description: '每天免费次数' }),
    boughtPerDay: z.int().nonnegative().meta({ description: '每天最多购买次数' }),
    left: LotterySpinsLeft.nullable().meta({ description: '我的剩余次数；未登录为 null' }),
    balance: Points.nullable().meta({ description: '我的微豆余额；未登录为 null' }),
    today: LotteryCommitment.meta({ description: '今天的种子承诺（种子未公开）' }),
    tomorrow: LotteryCommitment.nullable().meta({ description: '明天的种子承诺（已提前公布哈希时）' }),
    yesterday: LotteryCommitment.nullable().meta({ description: '昨天的种子（已公开），没有抽奖日时为 null' }),
  })
  .meta({ id: 'LotteryOverview', description: '幸运大转盘：奖品、我的次数、种子承诺' });

export const LotterySpinBody = z
  .object({
    source: Source,
    requestKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号应为 8–64 位字母、数字、- 或 _')
      .meta({
        description:
          '客户端为这次抽奖生成的请求编号，8–64 位字母、数字、- 或 _。网络重试时原样重发：同一编号只抽一次，重发返回第一次的结果；同一编号换了内容则拒绝',
      }),
    memberSeed: z
      .string()
      .regex(LOTTERY_MEMBER_SEED_RE, '会员种子应为 16–64 位小写十六进制')
      .meta({ description: '会员种子：16–64 位小写十六进制，由页面随机生成，参与本次结果的计算' }),
  })
  .meta({ id: 'LotterySpinBody', description: '抽一次奖' });

/** What a draw's HMAC message names besides the member's seed and the nonce (openapi/rules/lottery.ts). */
export const DrawMessageFields = {
  rule: z.literal(DRAW_RULES).meta({
    description:
      '抽奖规则版本：2 为现行规则（消息 = 类别|会员编号|会员种子|序号）；1 为 2026-11-29 之前的规则（消息 = 会员种子:序号）',
  }),
  kind: z
    .string()
    .nullable()
    .meta({ description: '抽奖类别：wheel 幸运大转盘；campaign:<活动路径> 季节活动；规则 1 为 null' }),
  member: z.string().nullable().meta({ description: '会员编号（规则 2 的消息包含它）；规则 1 为 null' }),
};

export const LotteryVerification = z
  .object({
    ...DrawMessageFields,
    day: Day.meta({ description: '所用服务端种子的日期' }),
    seedHash: z.string().meta({ description: '该日服务端种子的 SHA-256（事先公布）' }),
    committedAt: Timestamp.meta({ description: '哈希公布时间' }),
    seed: z.string().nullable().meta({ description: '服务端种子；该日结束后公开，之前为 null' }),
    memberSeed: z.string().meta({ description: '会员种子' }),
    nonce: z.int().min(1).meta({ description: '序号：当天第几次抽奖' }),
    tableVersion: z.int().min(1).meta({ description: '所用奖品表版本' }),
    table: z
      .array(
        z.object({
          prizeId: Id.meta({ description: '奖品 id' }),
          name: z.string().meta({ description: '奖品名称' }),
          weight: z.int().nonnegative().meta({ description: '权重' }),
        }),
      )
      .meta({ description: '所用奖品表（按顺序，累计权重决定落点）' }),
    roll: z.int().nonnegative().meta({ description: '抽出的数（0 ≤ 数 < 总权重）' }),
  })
  .meta({ id: 'LotteryVerification', description: '复核一次抽奖所需的全部输入' });

export const LotterySpin = z
  .object({
    id: Id.meta({ description: '抽奖记录 id' }),
    createdAt: Timestamp.meta({ description: '抽奖时间' }),
    source: Source,
    outcome: z
      .enum(['prize', 'none', 'out_of_stock'])
      .meta({ description: '结果：prize 中奖；none 未中奖（谢谢参与）；out_of_stock 抽中的奖品已无库存，本次未中奖' }),
    drawnPrizeId: Id.meta({ description: '转盘落点的奖品 id' }),
    prizeName: z.string().meta({ description: '落点奖品的名称' }),
    prizeKind: PrizeKind,
    points: Points.nullable().meta({ description: '到账的微豆（中微豆时）' }),
    memberBenefitId: Id.nullable().meta({ description: '发放的权益持有 id（中权益时）' }),
    exchangeId: Id.nullable().meta({ description: '生成的兑换单号（中兑换商品时，见兑换记录）' }),
    rewardType: enumSchema(ExchangeType)
      .nullable()
      .meta({ description: '中兑换商品时的商品类型：2 虚拟（卡券，审核后发放）；3 实物（寄到收货地址）；其他为 null' }),
    cost: Points.meta({ description: '本次花费的微豆（购买的次数），否则 0' }),
    verification: LotteryVerification,
  })
  .meta({ id: 'LotterySpin', description: '一次抽奖及其复核数据' });

export const LotterySpinResult = z
  .object({
    spin: LotterySpin,
    left: LotterySpinsLeft,
    balance: Points.meta({ description: '抽奖后的微豆余额' }),
    replayed: z.boolean().meta({ description: '是否为同一请求编号的重发（返回第一次的结果，未再次抽奖）' }),
  })
  .meta({ id: 'LotterySpinResult', description: '抽奖结果' });

export const LotterySpinsQuery = PageQuery;
export const LotterySpinPage = Page(LotterySpin).meta({ id: 'LotterySpinPage', description: '我的抽奖记录' });
