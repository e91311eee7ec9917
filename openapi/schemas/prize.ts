/**
 * Prize trials (产品试用): the trials open to apply, one trial with the member's standing, an
 * application, and the draw's result with what lets anyone recompute it (openapi/rules/prize.ts).
 */
import { z } from 'zod';
import { DRAW_RULES } from '../rules/lottery';
import { PRIZE_PHASES, PRIZE_REPORT_STATES, PRIZE_SCREENER_STATES } from '../rules/prize';
import { Id, Timestamp, Url } from './common';
import { PollAnswer, PollQuestion } from './polls';

const Phase = z
  .enum(PRIZE_PHASES)
  .meta({ description: '试用阶段：upcoming 即将开始；open 申请中；closed 已截止等待开奖；drawn 已开奖' });

export const PrizeScreener = z
  .object({
    title: z.string().meta({ description: '甄别问卷的标题' }),
    taskHashId: z
      .string()
      .nullable()
      .meta({ description: '作答这份问卷的任务（/task/detail/{hashId}）；暂无可作答的任务为 null' }),
  })
  .meta({ id: 'PrizeScreener', description: '申请前须完成的甄别问卷（站内问卷）' });

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
    drawRule: z.literal(DRAW_RULES).meta({
      description:
        '开奖规则版本：2 为现行规则（HMAC 消息 = prize-trial:试用编号|申请编号）；1 为 2026-11-29 之前创建的试用（消息 = 试用编号:申请编号）',
    }),
    screener: PrizeScreener.nullable().meta({ description: '申请前须完成并通过的甄别问卷；null 不需要' }),
    reportPoints: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: '中签者收到试用品后提交试用报告可得的微豆；null 表示这个试用没有试用报告' }),
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
    screener: z.enum(PRIZE_SCREENER_STATES).meta({
      description: '我的甄别问卷：none 这个试用不需要；todo 还没完成；passed 已完成且通过；failed 已作答但未通过',
    }),
    shippedAt: Timestamp.nullable().meta({ description: '试用品寄出时间；未寄出为 null' }),
    report: z.enum(PRIZE_REPORT_STATES).meta({
      description: '我的试用报告：none 不需要（未中签或没有报告）；waiting 等待寄出；todo 可以填写；done 已提交',
    }),
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
    digest: z.string().meta({ description: 'HMAC-SHA256(种子, 申请的消息：见 trial.drawRule)，十六进制' }),
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

export const PrizeReportForm = z
  .object({
    trialId: Id.meta({ description: '试用编号' }),
    trialTitle: z.string().meta({ description: '试用产品名称' }),
    title: z.string().meta({ description: '试用报告问卷的标题' }),
    intro: z.string().meta({ description: '问卷开场说明' }),
    questions: z.array(PollQuestion).meta({ description: '题目，按顺序' }),
    points: z.int().min(0).meta({ description: '提交后可得的微豆' }),
    submitted: z.boolean().meta({ description: '我是否已提交过' }),
  })
  .meta({ id: 'PrizeReportForm', description: '中签者的试用报告问卷' });

export const PrizeReportBody = z
  .object({ answers: z.array(PollAnswer).min(1).max(200).meta({ description: '全部回答' }) })
  .meta({ id: 'PrizeReportBody', description: '提交试用报告（每个中签申请一次）' });

export const PrizeReportResult = z
  .object({
    points: z.int().min(0).meta({ description: '这份报告得到的微豆' }),
    replayed: z.boolean().meta({ description: '之前已提交过（这次没有再记入微豆）' }),
    reportedAt: Timestamp.meta({ description: '提交时间' }),
  })
  .meta({ id: 'PrizeReportResult', description: '试用报告的提交结果' });
