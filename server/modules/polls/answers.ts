/**
 * In-house questionnaire answers: what members see of a stored question (never the trap answer,
 * the fictional flags or the logic rules) and the validation of a submission against the questions.
 *
 * A validation failure is POLL_ANSWERS_INVALID with a zh-CN message naming the question
 * (「第 3 题“…”」) and `data: { questionId }` so the page can scroll to it.
 */
import type { z } from 'zod';
import {
  choiceProblem,
  matrixProblem,
  textLength,
  type ChoiceProblem,
  type MatrixProblem,
} from '../../../openapi/rules/pollAnswers';
import type { PollAnswer, PollQuestion } from '../../../openapi/schemas/polls';
import type { StoredPollQuestion } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';

export type PollQuestionData = z.output<typeof PollQuestion>;
export type PollAnswerData = z.output<typeof PollAnswer>;

/** A validated answer: only answered questions, one entry per question, option ids sorted. */
export interface CleanAnswer {
  questionId: number;
  optionIds: number[];
  text: string | null;
  matrix: { rowId: number; optionId: number }[];
}

/** The question as members see it (contract PollQuestion): quality keys stripped. */
export function publicQuestion(q: StoredPollQuestion): PollQuestionData {
  return {
    id: q.id,
    kind: q.kind,
    title: q.title,
    required: q.required,
    maxChoices: q.kind === 'multiple' ? (q.maxChoices ?? null) : null,
    minLength: q.kind === 'text' ? (q.minLength ?? 0) : 0,
    options:
      q.kind === 'text' ? [] : q.options.map((o) => ({ id: o.id, text: o.text, exclusive: Boolean(o.exclusive) })),
    rows: q.kind === 'matrix' ? (q.rows ?? []).map((r) => ({ id: r.id, text: r.text })) : [],
  };
}

function refuse(q: StoredPollQuestion, index: number, what: string): never {
  throw new AppError('POLL_ANSWERS_INVALID', `第 ${index + 1} 题“${q.title}”${what}`, { questionId: q.id });
}

function isEmpty(a: PollAnswerData | undefined): boolean {
  if (!a) return true;
  return a.optionIds.length === 0 && (a.text ?? '').trim() === '' && a.matrix.length === 0;
}

/** What follows 「第 N 题“…”」 when a choice answer breaks a rule. */
function choiceRefusal(problem: ChoiceProblem<{ text: string }>): string {
  switch (problem.kind) {
    case 'repeated':
      return '的选项重复';
    case 'foreign':
      return '中有不属于本题的选项';
    case 'notOne':
      return '是单选题，请只选择一项';
    case 'tooMany':
      return `最多选择 ${problem.max} 项`;
    case 'exclusive':
      return `中的“${problem.option.text}”不能与其他选项同时选择`;
  }
}

function matrixRefusal(problem: MatrixProblem<{ text: string }>): string {
  switch (problem.kind) {
    case 'foreignRow':
      return '中有不属于本题的行';
    case 'foreignOption':
      return '中有不属于本题的选项';
    case 'repeatedRow':
      return '每行只能选择一项';
    case 'missingRows':
      return `还有 ${problem.rows.length} 行未作答（“${problem.rows[0]!.text}”等）`;
  }
}

function checkChoice(q: StoredPollQuestion, i: number, a: PollAnswerData): number[] {
  if (a.matrix.length > 0 || (a.text ?? '').trim() !== '') refuse(q, i, '是选择题，请选择选项作答');
  const problem = choiceProblem(q, a.optionIds);
  if (problem) refuse(q, i, choiceRefusal(problem));
  return [...a.optionIds].sort((x, y) => x - y);
}

function checkText(q: StoredPollQuestion, i: number, a: PollAnswerData): string {
  if (a.optionIds.length > 0 || a.matrix.length > 0) refuse(q, i, '是填空题，请填写文字作答');
  const text = (a.text ?? '').trim();
  const min = q.minLength ?? 0;
  if (textLength(text) < min) refuse(q, i, `至少填写 ${min} 个字（已填 ${textLength(text)} 个字）`);
  return text;
}

function checkMatrix(q: StoredPollQuestion, i: number, a: PollAnswerData): CleanAnswer['matrix'] {
  if (a.optionIds.length > 0 || (a.text ?? '').trim() !== '') refuse(q, i, '是矩阵题，请每行选择一列');
  const problem = matrixProblem(q, a.matrix);
  if (problem) refuse(q, i, matrixRefusal(problem));
  const chosen = new Map(a.matrix.map((cell) => [cell.rowId, cell.optionId]));
  return (q.rows ?? []).map((r) => ({ rowId: r.id, optionId: chosen.get(r.id)! }));
}

/**
 * Check the answers against the questions: every answer belongs to a question (once), required
 * questions are answered, options belong to their question, single = exactly one, multiple ≤
 * maxChoices with exclusive options alone, text ≥ minLength, matrix rows all answered once.
 * Returns the answered questions in question order.
 */
export function validateAnswers(questions: StoredPollQuestion[], answers: PollAnswerData[]): CleanAnswer[] {
  const known = new Set(questions.map((q) => q.id));
  const byQuestion = new Map<number, PollAnswerData>();
  for (const a of answers) {
    if (!known.has(a.questionId))
      throw new AppError('POLL_ANSWERS_INVALID', `答卷中有不属于本问卷的题目（题目 id ${a.questionId}）`, {
        questionId: a.questionId,
      });
    if (byQuestion.has(a.questionId)) {
      const i = questions.findIndex((q) => q.id === a.questionId);
      refuse(questions[i]!, i, '重复作答');
    }
    byQuestion.set(a.questionId, a);
  }
  const clean: CleanAnswer[] = [];
  questions.forEach((q, i) => {
    const a = byQuestion.get(q.id);
    if (isEmpty(a)) {
      if (q.required) refuse(q, i, '为必答题，请作答');
      return;
    }
    const answer = a!;
    switch (q.kind) {
      case 'single':
      case 'multiple':
        clean.push({ questionId: q.id, optionIds: checkChoice(q, i, answer), text: null, matrix: [] });
        break;
      case 'text':
        clean.push({ questionId: q.id, optionIds: [], text: checkText(q, i, answer), matrix: [] });
        break;
      case 'matrix':
        clean.push({ questionId: q.id, optionIds: [], text: null, matrix: checkMatrix(q, i, answer) });
        break;
    }
  });
  return clean;
}
