/**
 * Campus referral-officer recruitment (校园推广官): a member's one application, its review, and
 * for an approved officer the invites counted since approval. The form's limits are in
 * openapi/rules/recruit.ts.
 */
import { z } from 'zod';
import {
  RECRUIT_GRADES,
  RECRUIT_MOTIVATION,
  RECRUIT_SCHOOL,
  RECRUIT_STATES,
  type RecruitField,
} from '../rules/recruit';
import { Encrypted, Id, MaskedMobile, NonEmpty, Timestamp } from './common';

export const RecruitApplicationBody = z
  .object({
    // Generous outer bounds (a Han character may be several UTF-16 units); the rule counts characters.
    school: NonEmpty(RECRUIT_SCHOOL.max * 2).meta({
      description: `学校名称（${RECRUIT_SCHOOL.min}–${RECRUIT_SCHOOL.max} 个字）`,
    }),
    grade: z.enum(RECRUIT_GRADES).meta({ description: '年级' }),
    mobile: Encrypted('联系手机号'),
    motivation: NonEmpty(RECRUIT_MOTIVATION.max * 2).meta({
      description: `申请理由（${RECRUIT_MOTIVATION.min}–${RECRUIT_MOTIVATION.max} 个字）`,
    }),
    requestKey: NonEmpty(64).meta({ description: '防重复提交的请求 key：同一个 key 重发得到同一份申请' }),
  })
  .meta({ id: 'RecruitApplicationBody', description: '推广官申请表' });

const RecruitApplication = z
  .object({
    id: Id,
    school: z.string().meta({ description: '学校名称' }),
    grade: z.string().meta({ description: '年级' }),
    mobile: MaskedMobile,
    motivation: z.string().meta({ description: '申请理由' }),
    state: z.enum(RECRUIT_STATES).meta({ description: 'pending 审核中；approved 已通过；rejected 未通过' }),
    submittedAt: Timestamp.meta({ description: '提交时间' }),
    reviewedAt: Timestamp.nullable().meta({ description: '审核时间；审核中为 null' }),
    reviewMessage: z.string().nullable().meta({ description: '审核留言（给申请人看）；没有为 null' }),
  })
  .meta({ id: 'RecruitApplication', description: '我的推广官申请' });

const RecruitOfficer = z
  .object({
    since: Timestamp.meta({ description: '成为推广官的时间（申请通过的时间）' }),
    invitedCount: z.int().nonnegative().meta({ description: '成为推广官以来邀请注册的人数' }),
    activeCount: z.int().nonnegative().meta({ description: '其中已完成首个有效任务的人数' }),
  })
  .meta({ id: 'RecruitOfficer', description: '推广官的邀请统计（单独计算，只算通过之后的邀请）' });

export const RecruitStatus = z
  .object({
    application: RecruitApplication.nullable().meta({ description: '我的申请；未申请为 null' }),
    officer: RecruitOfficer.nullable().meta({ description: '已是推广官时的邀请统计；否则为 null' }),
  })
  .meta({ id: 'RecruitStatus', description: '我的推广官申请与邀请统计' });

const FIELDS = ['school', 'grade', 'mobile', 'motivation'] as const satisfies readonly RecruitField[];

export const RecruitFormProblems = z
  .object({
    problems: z
      .partialRecord(z.enum(FIELDS), z.string())
      .meta({ description: '每个填写有误的字段及原因（zh-CN）：school、grade、mobile、motivation' }),
  })
  .meta({ id: 'RecruitFormProblems', description: '申请表的问题' });
