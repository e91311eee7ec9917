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
