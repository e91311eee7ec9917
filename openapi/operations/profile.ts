/** Personal attributes and their questionnaire. */
import { op } from '../op';
import {
  BasicSurvey,
  BasicSurveyBody,
  BasicSurveyResult,
  Property,
  PropertyBody,
  PropertyProblem,
  SurveyCheck,
  SurveyCheckQuery,
} from '../schemas/profile';
import { AnswerProblem } from '../schemas/polls';

export const getProperty = op({
  id: 'getProperty',
  method: 'get',
  path: '/v1/users/property',
  auth: 'member',
  tag: 'user',
  summary: '个人属性',
  response: Property,
});

export const updateProperty = op({
  id: 'updateProperty',
  method: 'post',
  path: '/v1/users/property',
  auth: 'member',
  tag: 'user',
  summary: '修改个人属性',
  body: PropertyBody,
  response: Property,
  refusals: { PROPERTY_INVALID: PropertyProblem, PROPERTY_LOCKED: PropertyProblem },
});

export const checkBasicSurvey = op({
  id: 'checkBasicSurvey',
  method: 'get',
  path: '/v1/users/survey/check',
  auth: 'member',
  tag: 'user',
  summary: '个人属性问卷是否已完成（可针对某任务）',
  query: SurveyCheckQuery,
  response: SurveyCheck,
});

export const getBasicSurvey = op({
  id: 'getBasicSurvey',
  method: 'get',
  path: '/v1/users/survey/basic',
  auth: 'member',
  tag: 'user',
  summary: '个人属性问卷题目与已有回答',
  response: BasicSurvey,
});

export const submitBasicSurvey = op({
  id: 'submitBasicSurvey',
  method: 'post',
  path: '/v1/users/survey/basic',
  auth: 'member',
  tag: 'user',
  summary: '提交个人属性问卷（首次完成发放微豆）',
  body: BasicSurveyBody,
  response: BasicSurveyResult,
  refusals: { POLL_ANSWERS_INVALID: AnswerProblem, PROPERTY_LOCKED: AnswerProblem, PROPERTY_INVALID: PropertyProblem },
});
