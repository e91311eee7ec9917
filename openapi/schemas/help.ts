/**
 * The help centre: categories and questions.
 */
import { z } from 'zod';
import { Id, Page, PageQuery, QueryId, Timestamp, Url } from './common';

export const CategoryQuery = z.object({
  categoryId: QueryId.optional().meta({ description: '父分类 id；帮助中心用 21。省略时返回顶级分类' }),
});

export const HelpCategory = z
  .object({
    id: Id.meta({ description: '分类 id' }),
    name: z.string().meta({ description: '分类名称' }),
    icon: Url.nullable().meta({ description: '分类图标' }),
    questions: z
      .array(
        z.object({
          id: Id.meta({ description: '问题 id' }),
          title: z.string().meta({ description: '问题标题' }),
        }),
      )
      .meta({ description: '该分类下的问题标题（按排序，最多 10 条）' }),
  })
  .meta({ id: 'HelpCategory', description: '帮助分类' });

export const QuestionQuery = PageQuery.extend({
  categoryId: QueryId.optional().meta({ description: '分类 id（可选）' }),
  keyword: z.string().trim().max(50).optional().meta({ description: '搜索关键词（可选）' }),
  hot: z.enum(['1']).optional().meta({ description: '1 只看常见问题' }),
});

const HelpQuestion = z
  .object({
    id: Id.meta({ description: '问题 id' }),
    categoryId: Id.meta({ description: '所属分类 id' }),
    title: z.string().meta({ description: '问题标题' }),
    content: z.string().meta({ description: '解答正文（经过清洗的 HTML）' }),
    hot: z.boolean().meta({ description: '是否常见问题' }),
    updatedAt: Timestamp.meta({ description: '更新时间' }),
  })
  .meta({ id: 'HelpQuestion', description: '帮助问题' });

export const HelpQuestionPage = Page(HelpQuestion).meta({ id: 'HelpQuestionPage', description: '帮助问题分页' });

export const HelpQuestionDetail = HelpQuestion.extend({
  categoryName: z.string().meta({ description: '所属分类名称' }),
  helpful: z.int().nonnegative().meta({ description: '觉得有帮助的人数' }),
  myVote: z.boolean().nullable().meta({ description: '我的评价：true 有帮助；false 没帮助；未评价或未登录为 null' }),
  related: z
    .array(z.object({ id: Id.meta({ description: '问题 id' }), title: z.string().meta({ description: '问题标题' }) }))
    .meta({ description: '同分类的其他问题（最多 5 条）' }),
}).meta({ id: 'HelpQuestionDetail', description: '帮助问题详情' });

export const HelpVoteBody = z
  .object({ helpful: z.boolean().meta({ description: 'true 有帮助；false 没帮助' }) })
  .meta({ id: 'HelpVoteBody', description: '这篇解答有没有帮助（每人一票，再投覆盖）' });

export const HelpVoteResult = z
  .object({
    helpful: z.int().nonnegative().meta({ description: '觉得有帮助的人数' }),
    myVote: z.boolean().meta({ description: '我的评价' }),
  })
  .meta({ id: 'HelpVoteResult', description: '评价后的人数' });
