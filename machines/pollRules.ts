/**
 * The questionnaire answer form's model, apart from the machine that runs it
 * (machines/pollAnswer.ts): what a question and an answer are, what is wrong with an answer (in
 * the form's words; the rules themselves are the contract's, openapi/rules/pollAnswers.ts, which
 * the server applies too), and the edits a tap makes.
 */
import type { z } from 'zod';
import {
  choiceProblem,
  matrixProblem,
  textLength,
  TEXT_MAX_LENGTH,
  type ChoiceProblem,
} from '../openapi/rules/pollAnswers';
import type { PollQuestion as PollQuestionSchema } from '../openapi/schemas/polls';

/**
 * A question as the contract sends it (PollQuestion), plus what the personal questionnaire's
 * questions add (SurveyQuestion): the control to answer with and an input hint.
 */
export type ContractPollQuestion = z.output<typeof PollQuestionSchema>;
export type FormQuestion = ContractPollQuestion & {
  /** Most characters an open answer may have (default TEXT_MAX_LENGTH). */
  maxLength?: number;
  /**
   * choice: options laid out (default); select: a drop-down (single choice with many options);
   * date: a day `YYYY-MM-DD` (text); region: a city or county code of /v1/jd/cities (text).
   */
  input?: 'choice' | 'select' | 'date' | 'region';
  placeholder?: string | null;
};
export type FormOption = FormQuestion['options'][number];

/** One answer as the form holds it, whatever the question kind. */
export interface Answer {
  optionIds: number[];
  text: string;
  matrix: { rowId: number; optionId: number }[];
}

export type Answers = Record<number, Answer>;
/** zh-CN message per question id. */
export type QuestionErrors = Record<number, string>;

/** One answer as submitted (PollAnswer of the contract). */
export interface SubmittedAnswer {
  questionId: number;
  optionIds: number[];
  text?: string;
  matrix: { rowId: number; optionId: number }[];
}

export const EMPTY_ANSWER: Answer = Object.freeze({ optionIds: [], text: '', matrix: [] }) as Answer;

/** A real calendar day written `YYYY-MM-DD`. */
function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A 6-digit GB/T 2260 code below the province level (a city or a county). */
function isCityCode(text: string): boolean {
  return /^\d{6}$/.test(text) && Number(text) % 10000 !== 0;
}

/** Whether the member gave any answer to the question. */
function isAnswered(question: FormQuestion, answer: Answer | undefined): boolean {
  if (!answer) return false;
  switch (question.kind) {
    case 'single':
    case 'multiple':
      return answer.optionIds.length > 0;
    case 'text':
      return textLength(answer.text) > 0;
    case 'matrix':
      return answer.matrix.length > 0;
  }
}

/** Rows of a matrix question the answer leaves without a choice. */
export function missingRows(question: FormQuestion, answer: Answer | undefined): number[] {
  const chosen = new Set((answer?.matrix ?? []).map((m) => m.rowId));
  return question.rows.filter((r) => !chosen.has(r.id)).map((r) => r.id);
}

/** The zh-CN problem with one answer, or null when it is acceptable. */
export function validateQuestion(question: FormQuestion, answer: Answer | undefined): string | null {
  const a = answer ?? EMPTY_ANSWER;
  if (!isAnswered(question, a)) {
    if (!question.required) return null;
    switch (question.kind) {
      case 'single':
        return '请选择一项';
      case 'multiple':
        return '请至少选择一项';
      case 'text':
        if (question.input === 'date') return '请选择日期';
        if (question.input === 'region') return '请选择所在的城市';
        return question.minLength > 0 ? `请填写本题，至少 ${question.minLength} 个字` : '请填写本题';
      case 'matrix':
        return '请为每一行选择一项';
    }
  }
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const problem = choiceProblem(question, a.optionIds);
      return problem && choiceError(question, problem);
    }
    case 'text': {
      if (question.input === 'date') return isDay(a.text.trim()) ? null : '请选择正确的日期';
      if (question.input === 'region') return isCityCode(a.text.trim()) ? null : '请选择到城市或区县';
      const length = textLength(a.text);
      if (length < question.minLength) return `请至少填写 ${question.minLength} 个字（已填 ${length} 个字）`;
      const max = question.maxLength ?? TEXT_MAX_LENGTH;
      if (a.text.length > max) return `最多填写 ${max} 个字`;
      return null;
    }
    case 'matrix': {
      const problem = matrixProblem(question, a.matrix);
      if (!problem) return null;
      return problem.kind === 'missingRows'
        ? `请为每一行选择一项（还有 ${problem.rows.length} 行未选）`
        : '所选选项无效，请重新选择';
    }
  }
}

/** How the form words a choice problem beside the question. */
function choiceError(question: FormQuestion, problem: ChoiceProblem<FormOption>): string {
  if (question.kind === 'single') return '请选择一项';
  switch (problem.kind) {
    case 'exclusive':
      return `“${problem.option.text}”不能与其他选项同时选择`;
    case 'tooMany':
      return `最多可选 ${problem.max} 项`;
    default:
      return '所选选项无效，请重新选择';
  }
}

/** Every problem of the form, by question id (empty when it may be submitted). */
export function validateAll(questions: FormQuestion[], answers: Answers): QuestionErrors {
  const errors: QuestionErrors = {};
  for (const q of questions) {
    const problem = validateQuestion(q, answers[q.id]);
    if (problem) errors[q.id] = problem;
  }
  return errors;
}

/** The first question (in order) that has an error, or null. */
export function firstInvalid(questions: FormQuestion[], errors: QuestionErrors): number | null {
  return questions.find((q) => errors[q.id] !== undefined)?.id ?? null;
}

/**
 * The choices of a multiple-choice question after the member taps one option: an exclusive
 * option (“以上都没有”) clears the others and any other option clears the exclusive ones; at
 * `maxChoices` a further option is not added (unchecking always works).
 */
export function toggleChoice(question: FormQuestion, current: number[], optionId: number): number[] {
  if (current.includes(optionId)) return current.filter((id) => id !== optionId);
  const option = question.options.find((o) => o.id === optionId);
  if (!option) return current;
  if (option.exclusive) return [optionId];
  const kept = current.filter((id) => !question.options.find((o) => o.id === id)?.exclusive);
  if (question.maxChoices !== null && kept.length >= question.maxChoices) return current;
  return [...kept, optionId];
}

/** The matrix answer after choosing `optionId` in row `rowId` (one choice per row, rows kept in order). */
export function chooseInRow(question: FormQuestion, current: Answer['matrix'], rowId: number, optionId: number) {
  const next = [...current.filter((m) => m.rowId !== rowId), { rowId, optionId }];
  const order = new Map(question.rows.map((r, i) => [r.id, i]));
  return next.sort((a, b) => (order.get(a.rowId) ?? 0) - (order.get(b.rowId) ?? 0));
}

/** What is sent: the answered questions, in question order, in the contract's shape. */
export function toSubmission(questions: FormQuestion[], answers: Answers): SubmittedAnswer[] {
  const out: SubmittedAnswer[] = [];
  for (const q of questions) {
    const a = answers[q.id];
    if (!a || !isAnswered(q, a)) continue;
    switch (q.kind) {
      case 'single':
      case 'multiple':
        out.push({ questionId: q.id, optionIds: a.optionIds, matrix: [] });
        break;
      case 'text':
        out.push({ questionId: q.id, optionIds: [], text: a.text.trim(), matrix: [] });
        break;
      case 'matrix':
        out.push({ questionId: q.id, optionIds: [], matrix: a.matrix });
        break;
    }
  }
  return out;
}

/** How far the member is: answered questions, all questions, required ones still open. */
export function progressOf(questions: FormQuestion[], answers: Answers) {
  let answered = 0;
  let requiredLeft = 0;
  for (const q of questions) {
    const done = q.kind === 'matrix' ? missingRows(q, answers[q.id]).length === 0 : isAnswered(q, answers[q.id]);
    if (done) answered += 1;
    else if (q.required) requiredLeft += 1;
  }
  return { answered, total: questions.length, requiredLeft };
}
