/** The help centre. */
import { z } from 'zod';
import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  CategoryQuery,
  HelpCategory,
  HelpQuestionDetail,
  HelpQuestionPage,
  HelpVoteBody,
  HelpVoteResult,
  QuestionQuery,
} from '../schemas/help';

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

export const getQuestion = op({
  id: 'getQuestion',
  method: 'get',
  path: '/v1/questions/{id}',
  auth: 'optional',
  tag: 'content',
  summary: '帮助问题详情（登录会员带上自己的评价）',
  params: IdParam,
  response: HelpQuestionDetail,
});

export const voteQuestion = op({
  id: 'voteQuestion',
  method: 'post',
  path: '/v1/questions/{id}/vote',
  auth: 'member',
  tag: 'content',
  summary: '这篇解答有没有帮助（每人一票）',
  params: IdParam,
  body: HelpVoteBody,
  response: HelpVoteResult,
});
