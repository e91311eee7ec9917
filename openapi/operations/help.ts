/** The help centre. */
import { z } from 'zod';
import { op } from '../op';
import { CategoryQuery, HelpCategory, HelpQuestionPage, QuestionQuery } from '../schemas/help';

export const listCategories = op({
  id: 'listCategories',
  method: 'get',
  path: '/v1/categories',
  auth: 'none',
  tag: 'content',
  summary: '帮助分类及其问题标题（帮助中心 categoryId=21）',
  query: CategoryQuery,
  response: z.array(HelpCategory).meta({ description: '子分类列表' }),
});

export const listQuestions = op({
  id: 'listQuestions',
  method: 'get',
  path: '/v1/questions',
  auth: 'none',
  tag: 'content',
  summary: '帮助问题（按分类、关键词）',
  query: QuestionQuery,
  response: HelpQuestionPage,
});
