/**
 * In-house questionnaires (站内问卷): questions and the answers a member submits.
 */
import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../rules/pollAnswers';
import { Id, Points } from './common';
import { RespondentId } from './tasks';

/** An option of a choice question (a column of a matrix question). */
export const ChoiceOption = z.object({
  id: Id.meta({ description: '选项 id' }),
  text: z.string().meta({ description: '选项文字' }),
  exclusive: z.boolean().meta({ description: '互斥选项（如“以上都没有”）' }),
});

export const PollQuestion = z
  .object({
    id: Id.meta({ description: '题目 id' }),
    kind: z
      .enum(['single', 'multiple', 'text', 'matrix'])
      .meta({ description: 'single 单选；multiple 多选；text 开放题；matrix 矩阵单选（每行选一列）' }),
    title: z.string().meta({ description: '题干' }),
    required: z.boolean().meta({ description: '是否必答' }),
    maxChoices: z.int().positive().nullable().meta({ description: '多选最多可选几项；不限或非多选为 null' }),
    minLength: z.int().nonnegative().meta({ description: '开放题最少字数（其他题为 0）' }),
    options: z.array(ChoiceOption).meta({ description: '选项（矩阵题为列）；开放题为空数组' }),
    rows: z
      .array(z.object({ id: Id.meta({ description: '行 id' }), text: z.string().meta({ description: '行文字' }) }))
      .meta({ description: '矩阵题的行；其他题为空数组' }),
  })
  .meta({ id: 'PollQuestion', description: '站内问卷的一道题' });

export const PollQuery = z.object({
  rid: RespondentId.optional().meta({ description: '答卷编号（作为任务作答时给出）' }),
});

export const Poll = z
  .object({
    id: Id.meta({ description: '问卷 id' }),
    title: z.string().meta({ description: '问卷标题' }),
    intro: z.string().meta({ description: '开场说明' }),
    questions: z.array(PollQuestion).meta({ description: '题目，按顺序' }),
    taskHashId: z.string().nullable().meta({ description: '所属任务的哈希 id' }),
    points: Points.meta({ description: '完成可得的微豆' }),
    submitted: z.boolean().meta({ description: '该答卷编号是否已提交过' }),
  })
  .meta({ id: 'Poll', description: '站内问卷' });

export const PollAnswer = z.object({
  questionId: Id.meta({ description: '题目 id' }),
  optionIds: z.array(Id).max(50).default([]).meta({ description: '单选/多选的选项 id' }),
  text: z.string().max(TEXT_MAX_LENGTH).optional().meta({ description: '开放题内容' }),
  matrix: z
    .array(z.object({ rowId: Id, optionId: Id }))
    .max(50)
    .default([])
    .meta({ description: '矩阵题：每行选中的列' }),
});

export const PollSubmitBody = z
  .object({
    pollId: Id.meta({ description: '问卷 id' }),
    respondentId: RespondentId.meta({ description: '答卷编号（开始任务时得到）' }),
    answers: z.array(PollAnswer).min(1).max(200).meta({ description: '全部回答' }),
  })
  .meta({ id: 'PollSubmitBody', description: '提交站内问卷（每个答卷编号一次）' });

/** `data` of a refusal about one answer (POLL_ANSWERS_INVALID, and PROPERTY_LOCKED in the basic survey). */
export const AnswerProblem = z
  .object({
    questionId: Id.meta({ description: '出问题的题目 id' }),
  })
  .meta({ id: 'AnswerProblem', description: '出问题的题目' });
