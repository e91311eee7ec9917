/**
 * Inviting friends: the member's invite code, statistics and invitees.
 */
import { z } from 'zod';
import { Id, MaskedMobile, Page, PageQuery, Points, Timestamp, Url } from './common';

export const InviteInfo = z
  .object({
    inviteCode: z.string().meta({ description: '我的邀请码' }),
    inviteUrl: Url.meta({ description: '邀请链接（/app/invite?code=…）' }),
    invitedCount: z.int().nonnegative().meta({ description: '已邀请注册人数' }),
    activeCount: z.int().nonnegative().meta({ description: '其中已成为活跃会员（完成首个有效任务）的人数' }),
    rewardPoints: Points.meta({ description: '通过邀请累计获得的微豆' }),
    rewardCredit: z.int().nonnegative().meta({ description: '通过邀请累计获得的权益值' }),
    registerReward: Points.meta({ description: '好友通过我的邀请注册后，我可得的微豆' }),
    inviterReward: Points.meta({ description: '好友完成首个有效任务（成为活跃会员）后，我再得的微豆' }),
    activeCredit: z.int().nonnegative().meta({ description: '好友成为活跃会员后，我可得的权益值' }),
    inviteeReward: Points.meta({ description: '被邀请人可得的新人微豆（0 为无）' }),
    withheldCount: z.int().nonnegative().meta({ description: '因风控未发放奖励的好友人数' }),
    rules: z.array(z.string()).meta({ description: '活动规则，每条一段' }),
  })
  .meta({ id: 'InviteInfo', description: '我的邀请' });

export const InviteRewardState = z
  .object({
    state: z
      .enum(['waiting', 'granted', 'withheld'])
      .meta({ description: 'waiting 尚未达成（等待好友完成首个有效任务）；granted 已发放；withheld 未发放（风控）' }),
    points: Points.meta({ description: '已发放的微豆；未发放为 0' }),
    reason: z.string().nullable().meta({ description: '未发放的原因（zh-CN）；其他状态为 null' }),
    at: Timestamp.nullable().meta({ description: '发放或判定未发放的时间；等待中为 null' }),
  })
  .meta({ id: 'InviteRewardState', description: '一项邀请奖励的状态' });

export const Invitee = z
  .object({
    id: Id.meta({ description: '邀请记录 id' }),
    nickname: z.string().meta({ description: '被邀请人昵称（脱敏）' }),
    avatar: Url.nullable().meta({ description: '被邀请人头像' }),
    mobile: MaskedMobile.nullable().meta({ description: '被邀请人脱敏手机号' }),
    registeredAt: Timestamp.meta({ description: '注册时间' }),
    active: z.boolean().meta({ description: '是否已成为活跃会员（完成首个有效任务）' }),
    activatedAt: Timestamp.nullable().meta({ description: '成为活跃会员的时间；尚未时为 null' }),
    rewardPoints: Points.meta({ description: '因该好友获得的微豆' }),
    registerReward: InviteRewardState.meta({ description: '好友注册奖励' }),
    firstTaskReward: InviteRewardState.meta({ description: '好友首个有效任务奖励' }),
  })
  .meta({ id: 'Invitee', description: '一位被我邀请的好友' });

export const InviteeListQuery = PageQuery.extend({
  active: z.enum(['0', '1']).optional().meta({ description: '可选：1 只看活跃；0 只看未活跃' }),
});

export const InviteePage = Page(Invitee).meta({ id: 'InviteePage', description: '我邀请的好友分页' });
