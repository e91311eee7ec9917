/**
 * Seasonal campaigns (季节活动, `/campaigns/{slug}`, `/christmas`): the live and upcoming ones, the campaign with the member's draw chances and the
 * leaderboard, a draw, and the member's draws. A draw is the lucky wheel's verifiable draw
 * (openapi/rules/lottery.ts) over the campaign's prize pool.
 */
import { z } from 'zod';
import { CAMPAIGN_CHANCE_SOURCES, CAMPAIGN_LIST_MAX, CAMPAIGN_SLUG_RE, CAMPAIGN_THEMES } from '../rules/campaign';
import { LOTTERY_MEMBER_SEED_RE } from '../rules/lottery';
import { Day, Id, Page, PageQuery, Points, Timestamp } from './common';
import { DrawMessageFields } from './lottery';

export const CampaignSlugParam = z.object({
  slug: z.string().regex(CAMPAIGN_SLUG_RE).meta({ description: '活动的路径名，如 christmas' }),
});

const PrizeKind = z.enum(['points', 'none']).meta({ description: '奖品类型：points 微豆；none 谢谢参与（未中奖）' });

export const CampaignPrize = z
  .object({
    id: Id.meta({ description: '奖品 id' }),
    name: z.string().meta({ description: '奖品名称' }),
    kind: PrizeKind,
    points: Points.nullable().meta({ description: '微豆奖品的数量；谢谢参与为 null' }),
    chance: z.number().min(0).max(1).meta({ description: '抽中概率 = 权重 / 总权重' }),
    stock: z.int().nonnegative().nullable().meta({ description: '剩余库存；null 不限量' }),
  })
  .meta({ id: 'CampaignPrize', description: '活动奖池中的一个奖品' });

export const CampaignChanceRow = z
  .object({
    source: z
      .enum(CAMPAIGN_CHANCE_SOURCES)
      .meta({ description: '获得方式：task 活动期间完成调查任务；checkin 活动期间每日签到' }),
    label: z.string().meta({ description: '获得方式的中文说明' }),
    count: z.int().nonnegative().meta({ description: '活动期间完成的次数' }),
    chances: z.int().nonnegative().meta({ description: '由此获得的抽奖机会' }),
  })
  .meta({ id: 'CampaignChanceRow', description: '一种获得抽奖机会的方式及我的所得' });

export const CampaignChances = z
  .object({
    earned: z.int().nonnegative().meta({ description: '活动期间共获得的抽奖机会' }),
    used: z.int().nonnegative().meta({ description: '已用的抽奖机会' }),
    left: z.int().nonnegative().meta({ description: '剩余抽奖机会' }),
    bySource: z.array(CampaignChanceRow).meta({ description: '按获得方式' }),
  })
  .meta({ id: 'CampaignChances', description: '我的抽奖机会' });

export const CampaignLeader = z
  .object({
    rank: z.int().min(1).meta({ description: '名次' }),
    nickname: z.string().meta({ description: '脱敏昵称' }),
    chances: z.int().nonnegative().meta({ description: '活动期间获得的抽奖机会' }),
  })
  .meta({ id: 'CampaignLeader', description: '排行榜的一行' });

export const CampaignOverview = z
  .object({
    slug: z.string().meta({ description: '活动路径名' }),
    title: z.string().meta({ description: '活动标题' }),
    theme: z.enum(CAMPAIGN_THEMES).meta({ description: '页面主题：christmas 圣诞；spring 春节；plain 普通' }),
    description: z.string().meta({ description: '活动说明' }),
    startsAt: Timestamp.meta({ description: '开始时间' }),
    endsAt: Timestamp.meta({ description: '结束时间（不含）' }),
    now: Timestamp.meta({ description: '服务器当前时间，倒计时以此为准' }),
    phase: z
      .enum(['upcoming', 'running', 'ended'])
      .meta({ description: '阶段：upcoming 未开始；running 进行中；ended 已结束' }),
    chancesPerTask: z.int().nonnegative().meta({ description: '每完成一个调查任务获得的抽奖机会' }),
    chancesPerCheckin: z.int().nonnegative().meta({ description: '每签到一天获得的抽奖机会' }),
    prizes: z.array(CampaignPrize).meta({ description: '奖池（按顺序）' }),
    chances: CampaignChances.nullable().meta({ description: '我的抽奖机会；未登录为 null' }),
    leaders: z.array(CampaignLeader).meta({ description: '排行榜：获得抽奖机会最多的会员' }),
  })
  .meta({ id: 'CampaignOverview', description: '季节活动：时间、奖池、我的机会、排行榜' });

export const CampaignSummary = z
  .object({
    slug: z.string().meta({ description: '活动路径名：页面在 /campaigns/{slug}（christmas 另有 /christmas）' }),
    title: z.string().meta({ description: '活动标题' }),
    theme: z.enum(CAMPAIGN_THEMES).meta({ description: '页面主题：christmas 圣诞；spring 春节；plain 普通' }),
    description: z.string().meta({ description: '活动说明' }),
    phase: z
      .enum(['upcoming', 'running'])
      .meta({ description: '阶段：upcoming 即将开始；running 进行中（已结束的活动不列出）' }),
    startsAt: Timestamp.meta({ description: '开始时间' }),
    endsAt: Timestamp.meta({ description: '结束时间（不含）' }),
  })
  .meta({ id: 'CampaignSummary', description: '活动列表中的一个活动' });

export const CampaignList = z
  .array(CampaignSummary)
  .max(CAMPAIGN_LIST_MAX)
  .meta({
    description: `进行中和即将开始的活动：进行中的在前（先结束的在前），再按开始时间，最多 ${CAMPAIGN_LIST_MAX} 个`,
  });

export const CampaignDrawBody = z
  .object({
    requestKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号应为 8–64 位字母、数字、- 或 _')
      .meta({
        description: '客户端为这次抽奖生成的请求编号。网络重试时原样重发：同一编号只抽一次，重发返回第一次的结果',
      }),
    memberSeed: z
      .string()
      .regex(LOTTERY_MEMBER_SEED_RE, '会员种子应为 16–64 位小写十六进制')
      .meta({ description: '会员种子：16–64 位小写十六进制，由页面随机生成，参与本次结果的计算' }),
  })
  .meta({ id: 'CampaignDrawBody', description: '用一次抽奖机会' });

export const CampaignDraw = z
  .object({
    id: Id.meta({ description: '抽奖记录 id' }),
    createdAt: Timestamp.meta({ description: '抽奖时间' }),
    outcome: z
      .enum(['prize', 'none', 'out_of_stock'])
      .meta({ description: '结果：prize 中奖；none 未中奖；out_of_stock 抽中的奖品已抽完，本次未中奖' }),
    prizeName: z.string().meta({ description: '抽中的奖品名称' }),
    points: Points.nullable().meta({ description: '到账的微豆（中奖时）' }),
    day: Day.meta({ description: '所用服务端种子的日期（与幸运大转盘同一承诺）' }),
    seedHash: z.string().meta({ description: '该日服务端种子的 SHA-256（事先公布）' }),
    seed: z.string().nullable().meta({ description: '服务端种子；该日结束后公开，之前为 null' }),
    ...DrawMessageFields,
    memberSeed: z.string().meta({ description: '会员种子' }),
    nonce: z.int().min(1).meta({ description: '序号：当天本活动第几次抽奖' }),
    roll: z.int().nonnegative().meta({ description: '抽出的数（0 ≤ 数 < 总权重）' }),
    drawnPrizeId: Id.meta({ description: '抽出的数落在的奖品 id（奖池中的 prizeId）' }),
    table: z
      .array(
        z.object({
          prizeId: Id.meta({ description: '奖品 id' }),
          weight: z.int().nonnegative().meta({ description: '权重' }),
        }),
      )
      .meta({ description: '抽奖时的奖池（按顺序，累计权重决定落点）' }),
  })
  .meta({ id: 'CampaignDraw', description: '一次活动抽奖及其复核数据' });

export const CampaignDrawResult = z
  .object({
    draw: CampaignDraw,
    chances: CampaignChances,
    replayed: z.boolean().meta({ description: '是否为同一请求编号的重发（返回第一次的结果）' }),
  })
  .meta({ id: 'CampaignDrawResult', description: '活动抽奖结果' });

export const CampaignDrawsQuery = PageQuery;
export const CampaignDrawPage = Page(CampaignDraw).meta({ id: 'CampaignDrawPage', description: '我的活动抽奖记录' });
