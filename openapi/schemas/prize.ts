/**
 * Prize trials (产品试用): the trials open to apply, one trial with the member's standing, an
 * application, and the draw's result with what lets anyone recompute it (openapi/rules/prize.ts).
 */
import { z } from 'zod';
import { PRIZE_PHASES } from '../rules/prize';
import { Id, Timestamp, Url } from './common';

const Phase = z
  .enum(PRIZE_PHASES)
  .meta({ description: '试用阶段：upcoming 即将开始；open 申请中；closed 已截止等待开奖；drawn 已开奖' });

export const PrizeTrial = z
  .object({
    id: Id.meta({ description: '试用编号' }),
    title: z.string().meta({ description: '试用产品名称' }),
    summary: z.string().meta({ description: '试用说明（纯文本，可多行）' }),
    images: z.array(Url).meta({ description: '产品图片地址，第一张为封面' }),
    units: z.int().positive().meta({ description: '试用份数（中签人数）' }),
    opensAt: Timestamp.meta({ description: '开始申请时间' }),
    closesAt: Timestamp.meta({ description: '截止申请时间，之后开奖' }),
    minQualityLevel: z.int().min(0).meta({ description: '申请所需的最低答题质量等级；0 不限' }),
    minQualityLabel: z.string().meta({ description: '最低答题质量的文字，如“良好及以上”“不限”' }),
    region: z.string().nullable().meta({ description: '限定的收货省份名称；null 不限地区' }),
    applicants: z.int().min(0).meta({ description: '已申请人数' }),
    phase: Phase,
    seedHash: z.string().meta({ description: '开奖种子的 SHA-256（十六进制），申请开始时公布' }),
  })
  .meta({ id: 'PrizeTrial', description: '一个产品试用' });

export const PrizeMine = z
  .object({
    applied: z.boolean().meta({ description: '我是否已申请' }),
    eligible: z.boolean().meta({ description: '我现在是否符合申请条件' }),
    reason: z.string().nullable().meta({ description: '不符合条件时的原因（中文）；符合时为 null' }),
    applicationId: Id.nullable().meta({ description: '我的申请编号（复核开奖用）；未申请为 null' }),
    won: z.boolean().nullable().meta({ description: '我是否中签；未开奖或未申请为 null' }),
    shipTo: z.string().nullable().meta({ description: '中签后确认的收货地址（仅本人可见）；未确认为 null' }),
  })
  .meta({ id: 'PrizeMine', description: '我在这个试用中的情况' });

export const PrizeTrialList = z
  .object({ items: z.array(PrizeTrial).meta({ description: '试用列表：进行中的在前，随后是最近开奖的' }) })
  .meta({ id: 'PrizeTrialList', description: '产品试用列表' });

export const PrizeTrialDetail = z
  .object({
    trial: PrizeTrial,
    mine: PrizeMine.nullable().meta({ description: '我的情况；未登录为 null' }),
  })
  .meta({ id: 'PrizeTrialDetail', description: '一个试用及我的情况' });

export const PrizeApplyResult = z
  .object({
    applicationId: Id.meta({ description: '我的申请编号' }),
    replayed: z.boolean().meta({ description: '之前已申请过（这次没有新建申请）' }),
    applicants: z.int().min(0).meta({ description: '申请后的申请人数' }),
  })
  .meta({ id: 'PrizeApplyResult', description: '申请结果（同一试用只申请一次）' });

export const PrizeEntry = z
  .object({
    applicationId: Id.meta({ description: '申请编号（公布顺序按它从小到大）' }),
    digest: z.string().meta({ description: 'HMAC-SHA256(种子, “试用编号:申请编号”)，十六进制' }),
    won: z.boolean().meta({ description: '是否中签' }),
  })
  .meta({ id: 'PrizeEntry', description: '开奖时的一位申请人（不含会员信息）' });

export const PrizeWinner = z
  .object({
    rank: z.int().positive().meta({ description: '中签名次（按 HMAC 值从小到大）' }),
    applicationId: Id.meta({ description: '申请编号' }),
    nickname: z.string().meta({ description: '脱敏昵称，如 张*丰' }),
  })
  .meta({ id: 'PrizeWinner', description: '一位中签者' });

export const PrizeResult = z
  .object({
    trial: PrizeTrial,
    drawnAt: Timestamp.nullable().meta({ description: '开奖时间；未开奖为 null' }),
    seed: z.string().nullable().meta({ description: '开奖种子（64 位十六进制）；开奖后公开，之前为 null' }),
    winners: z.array(PrizeWinner).meta({ description: '中签者（按名次）；未开奖为空' }),
    entries: z.array(PrizeEntry).meta({ description: '全部申请（按申请编号），复核开奖用；未开奖为空' }),
    verifySteps: z.array(z.string()).meta({ description: '复核开奖的步骤说明' }),
    mine: PrizeMine.nullable().meta({ description: '我的情况；未登录为 null' }),
  })
  .meta({ id: 'PrizeResult', description: '试用开奖结果与复核数据' });

export const PrizeShipTo = z
  .object({ shipTo: z.string().meta({ description: '确认的收货地址（收货人、手机、地区与详细地址）' }) })
  .meta({ id: 'PrizeShipTo', description: '中签者确认的收货地址' });
