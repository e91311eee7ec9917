/**
 * The focus-group forum (座谈会): sections and the member's role in one.
 */
import { z } from 'zod';
import { BbsRole } from '../enums';
import { HashId, Id, Timestamp, Url } from './common';

export const FocusTaskQuery = z.object({
  taskHashId: HashId.meta({ description: '座谈会任务哈希 id（/bbs/{taskHashId}）' }),
});

export const FocusMember = z
  .object({
    memberId: Id.meta({ description: '会员 id' }),
    name: z.string().meta({ description: '在该座谈会中的显示名' }),
    avatar: Url.nullable().meta({ description: '在该座谈会中的头像' }),
    role: BbsRole.schema.meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
  })
  .meta({ id: 'FocusMember', description: '当前会员在某座谈会中的论坛身份' });

const FocusSection = z
  .object({
    id: Id.meta({ description: '版块 id' }),
    name: z.string().meta({ description: '版块名称' }),
    topicCount: z.int().nonnegative().meta({ description: '话题数' }),
  })
  .meta({ id: 'FocusSection', description: '座谈会版块' });

export const FocusTask = z
  .object({
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
    title: z.string().meta({ description: '座谈会标题' }),
    intro: z.string().nullable().meta({ description: '简介' }),
    startAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.meta({ description: '结束时间' }),
    sections: z.array(FocusSection).meta({ description: '版块' }),
  })
  .meta({ id: 'FocusTask', description: '由任务哈希 id 解析得到的座谈会' });
