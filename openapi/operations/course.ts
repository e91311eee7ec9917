/** The newcomer course and its answer sheet (quiz). */
import { op } from '../op';
import { IdParam } from '../schemas/common';
import {
  CourseLesson,
  CourseList,
  CourseProgress,
  QuizAttempt,
  QuizNoAttemptsLeft,
  QuizResult,
  QuizStatus,
  QuizSubmitBody,
} from '../schemas/course';

export const listCourses = op({
  id: 'listCourses',
  method: 'get',
  path: '/v1/courses',
  auth: 'optional',
  tag: 'content',
  summary: '新手课程列表（登录会员带上自己的学习进度）与答题规则',
  response: CourseList,
});

export const getCourse = op({
  id: 'getCourse',
  method: 'get',
  path: '/v1/courses/{id}',
  auth: 'optional',
  tag: 'content',
  summary: '一课的正文',
  params: IdParam,
  response: CourseLesson,
});

export const readCourse = op({
  id: 'readCourse',
  method: 'post',
  path: '/v1/courses/{id}/read',
  auth: 'member',
  tag: 'content',
  summary: '学完一课（重复调用不变）',
  params: IdParam,
  response: CourseProgress,
});

export const getQuizStatus = op({
  id: 'getQuizStatus',
  method: 'get',
  path: '/v1/answer-sheet',
  auth: 'member',
  tag: 'content',
  summary: '我的答题情况：规则、今天剩余次数、是否已通过、奖励是否已发',
  response: QuizStatus,
});

export const startQuiz = op({
  id: 'startQuiz',
  method: 'post',
  path: '/v1/answer-sheet/attempts',
  auth: 'member',
  tag: 'content',
  summary: '开始一次答题（今天有未提交的答题时继续那一次）；题目与选项顺序随机，不含答案',
  response: QuizAttempt,
  refusals: { QUIZ_NO_ATTEMPTS_LEFT: QuizNoAttemptsLeft },
});

export const submitQuiz = op({
  id: 'submitQuiz',
  method: 'post',
  path: '/v1/answer-sheet/attempts/{id}/submit',
  auth: 'member',
  tag: 'content',
  summary: '提交答卷：服务器判分；首次及格发放新手奖励（每人一次）；同一次答题重复提交返回第一次的结果',
  params: IdParam,
  body: QuizSubmitBody,
  response: QuizResult,
});

export const getQuizResult = op({
  id: 'getQuizResult',
  method: 'get',
  path: '/v1/answer-sheet/attempts/{id}',
  auth: 'member',
  tag: 'content',
  summary: '一次已提交答题的结果',
  params: IdParam,
  response: QuizResult,
});
