/**
 * The prompts "my home" shows when it loads.
 */
import { z } from 'zod';

export const HomeCheck = z
  .object({
    basicSurveyDone: z.boolean().meta({ description: '个人属性问卷是否已完成（未完成时提示填写）' }),
    mobileBound: z.boolean().meta({ description: '是否已绑定手机号' }),
    checkedInToday: z.boolean().meta({ description: '今天是否已签到' }),
    unreadNotices: z.int().nonnegative().meta({ description: '未读公告数' }),
    newMessage: z.boolean().meta({ description: '是否有未读消息' }),
    hasScreenMessage: z.boolean().meta({ description: '是否有待展示的弹屏消息（随后取 /v1/messages/screen）' }),
  })
  .meta({ id: 'HomeCheck', description: '我的主页加载时需要提示的事项' });
