/**
 * The newcomer course (lessons with each member's progress) and the answer sheet (a quiz drawn
 * from a bank). The quiz's answers never leave the server before an attempt is submitted: an
 * attempt carries the questions and their options in the order drawn for it, identified by
 * position only.
 */
import { z } from 'zod';
import { Id, IdParam, Points, Timestamp } from './common';

export const CourseIdParam = IdParam;

const LessonSummary = z
  .object({
    id: Id.meta({ description: '课程 id' }),
    title: z.string().meta({ description: '课程标题' }),
    summary: z.string().meta({ description: '一句话简介（纯文本）' }),
    minutes: z.int().positive().meta({ description: '预计阅读分钟数' }),
    read: z.boolean().meta({ description: '当前会员是否已学完（未登录为 false）' }),
  })
  .meta({ id: 'CourseLessonSummary', description: '课程列表中的一课' });

export const QuizSettings = z
  .object({
    questionCount: z.int().positive().meta({ description: '每次答题的题数' }),
    passMark: z.int().positive().meta({ description: '及格线：答对的题数' }),
    rewardPoints: Points.meta({ description: '首次及格奖励的微豆（每人一次）' }),
    attemptsPerDay: z.int().positive().meta({ description: '每个北京时间自然日可开始的答题次数' }),
  })
  .meta({ id: 'QuizSettings', description: '答题规则' });

export const CourseList = z
  .object({
    lessons: z.array(LessonSummary).meta({ description: '已发布的课程，按顺序' }),
    readCount: z.int().nonnegative().meta({ description: '已学完的课数（未登录为 0）' }),
    quiz: QuizSettings,
    quizPassed: z.boolean().meta({ description: '是否已通过答题（未登录为 false）' }),
  })
  .meta({ id: 'CourseList', description: '新手课程与学习进度' });

export const CourseLesson = z
  .object({
    id: Id.meta({ description: '课程 id' }),
    title: z.string().meta({ description: '课程标题' }),
    content: z.string().meta({ description: '正文（经过清洗的 HTML）' }),
    minutes: z.int().positive().meta({ description: '预计阅读分钟数' }),
    read: z.boolean().meta({ description: '当前会员是否已学完（未登录为 false）' }),
    position: z.int().positive().meta({ description: '第几课' }),
    total: z.int().positive().meta({ description: '共几课' }),
    prevId: Id.nullable().meta({ description: '上一课 id（没有为 null）' }),
    nextId: Id.nullable().meta({ description: '下一课 id（没有为 null）' }),
  })
  .meta({ id: 'CourseLesson', description: '一课的正文' });

export const CourseProgress = z
  .object({
    read: z.literal(true).meta({ description: '已学完' }),
    readCount: z.int().nonnegative().meta({ description: '已学完的课数' }),
    total: z.int().nonnegative().meta({ description: '共几课' }),
  })
  .meta({ id: 'CourseProgress', description: '学完一课后的进度' });

export const QuizStatus = z
  .object({
    settings: QuizSettings,
    attemptsLeft: z.int().nonnegative().meta({ description: '今天还能开始的答题次数' }),
    openAttemptId: Id.nullable().meta({ description: '今天未提交的答题（继续作答），没有为 null' }),
    passed: z.boolean().meta({ description: '是否已通过过答题' }),
    rewarded: z.boolean().meta({ description: '新手奖励是否已发放' }),
    lastAttemptId: Id.nullable().meta({ description: '最近一次已提交答题的 id（查看结果），没有为 null' }),
  })
  .meta({ id: 'QuizStatus', description: '我的答题情况' });

const QuizQuestion = z
  .object({
    id: Id.meta({ description: '题目 id' }),
    stem: z.string().meta({ description: '题干' }),
    options: z
      .array(z.string())
      .meta({ description: '选项文字，按本次答题打乱后的顺序；作答时提交选项的位置（从 0 起）' }),
  })
  .meta({ id: 'QuizQuestion', description: '一道单选题（不含答案）' });

export const QuizAttempt = z
  .object({
    attemptId: Id.meta({ description: '本次答题 id（提交时带上；重复提交只算一次）' }),
    questions: z.array(QuizQuestion).meta({ description: '本次抽到的题目，按打乱后的顺序' }),
    settings: QuizSettings,
    attemptsLeft: z.int().nonnegative().meta({ description: '今天还能开始的答题次数（不含本次）' }),
    startedAt: Timestamp.meta({ description: '开始时间' }),
  })
  .meta({ id: 'QuizAttempt', description: '一次答题' });

export const QuizSubmitBody = z
  .object({
    answers: z
      .array(
        z.object({
          questionId: Id.meta({ description: '题目 id' }),
          option: z.int().nonnegative().max(9).meta({ description: '所选选项在本次顺序中的位置（从 0 起）' }),
        }),
      )
      .min(1)
      .max(50)
      .meta({ description: '每道题的答案（每题一个）' }),
  })
  .meta({ id: 'QuizSubmitBody', description: '提交答卷' });

const MissedQuestion = z
  .object({
    questionId: Id.meta({ description: '题目 id' }),
    stem: z.string().meta({ description: '题干' }),
    yourAnswer: z.string().meta({ description: '你选的答案' }),
    rightAnswer: z.string().meta({ description: '正确答案' }),
    explanation: z.string().meta({ description: '为什么' }),
    lessonId: Id.meta({ description: '要复习的课程 id' }),
    lessonTitle: z.string().meta({ description: '要复习的课程标题' }),
  })
  .meta({ id: 'QuizMissedQuestion', description: '答错的一道题（提交之后才给出）' });

export const QuizResult = z
  .object({
    attemptId: Id.meta({ description: '答题 id' }),
    score: z.int().nonnegative().meta({ description: '答对题数' }),
    total: z.int().positive().meta({ description: '总题数' }),
    passMark: z.int().positive().meta({ description: '本次的及格线' }),
    passed: z.boolean().meta({ description: '本次是否及格' }),
    rewardPoints: Points.meta({ description: '本次发放的微豆；没有发放为 0' }),
    rewardedBefore: z.boolean().meta({ description: '及格但奖励此前已发放过（再次及格不再发放）' }),
    missed: z.array(MissedQuestion).meta({ description: '答错的题，附正确答案与要复习的课程' }),
    attemptsLeft: z.int().nonnegative().meta({ description: '今天还能开始的答题次数' }),
    submittedAt: Timestamp.meta({ description: '提交时间' }),
  })
  .meta({ id: 'QuizResult', description: '一次答题的结果' });

export const QuizNoAttemptsLeft = z
  .object({ nextAt: Timestamp.meta({ description: '下次可以开始答题的时间（北京时间次日 0 点）' }) })
  .meta({ id: 'QuizNoAttemptsLeft', description: '今天的答题次数已用完' });
