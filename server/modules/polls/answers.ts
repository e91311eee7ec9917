/**
 * In-house questionnaire answers: what members see of a stored question (never the trap answer,
 * the fictional flags or the logic rules) and the validation of a submission against the questions.
 *
 * A validation failure is POLL_ANSWERS_INVALID with a zh-CN message naming the question
 * (「第 3 题“…”」) and `data: { questionId }` so the page can scroll to it.
 */
import type { z } from 'zod';
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

/** Characters as a member counts them (a CJK character or an emoji is one). */
export const charCount = (s: string) => Array.from(s).length;

function refuse(q: StoredPollQuestion, index: number, what: string): never {
  throw new AppError('POLL_ANSWERS_INVALID', `第 ${index + 1} 题“${q.title}”${what}`, { questionId: q.id });
}

function isEmpty(a: PollAnswerData | undefined): boolean {
  if (!a) return true;
  return a.optionIds.length === 0 && (a.text ?? '').trim() === '' && a.matrix.length === 0;
}

function checkChoice(q: StoredPollQuestion, i: number, a: PollAnswerData): number[] {
  if (a.matrix.length > 0 || (a.text ?? '').trim() !== '') refuse(q, i, '是选择题，请选择选项作答');
  const ids = [...new Set(a.optionIds)];
  if (ids.length !== a.optionIds.length) refuse(q, i, '的选项重复');
  const byId = new Map(q.options.map((o) => [o.id, o]));
  for (const id of ids) if (!byId.has(id)) refuse(q, i, '中有不属于本题的选项');
  if (q.kind === 'single' && ids.length !== 1) refuse(q, i, '是单选题，请只选择一项');
  if (q.kind === 'multiple') {
    if (q.maxChoices && ids.length > q.maxChoices) refuse(q, i, `最多选择 ${q.maxChoices} 项`);
    const exclusive = ids.map((id) => byId.get(id)!).find((o) => o.exclusive);
    if (exclusive && ids.length > 1) refuse(q, i, `中的“${exclusive.text}”不能与其他选项同时选择`);
  }
  return ids.sort((x, y) => x - y);
}

function checkText(q: StoredPollQuestion, i: number, a: PollAnswerData): string {
  if (a.optionIds.length > 0 || a.matrix.length > 0) refuse(q, i, '是填空题，请填写文字作答');
  const text = (a.text ?? '').trim();
  const min = q.minLength ?? 0;
  if (charCount(text) < min) refuse(q, i, `至少填写 ${min} 个字（已填 ${charCount(text)} 个字）`);
  return text;
}

function checkMatrix(q: StoredPollQuestion, i: number, a: PollAnswerData): CleanAnswer['matrix'] {
  if (a.optionIds.length > 0 || (a.text ?? '').trim() !== '') refuse(q, i, '是矩阵题，请每行选择一列');
  const rows = q.rows ?? [];
  const rowIds = new Set(rows.map((r) => r.id));
  const colIds = new Set(q.options.map((o) => o.id));
  const seen = new Map<number, number>();
  for (const cell of a.matrix) {
    if (!rowIds.has(cell.rowId)) refuse(q, i, '中有不属于本题的行');
    if (!colIds.has(cell.optionId)) refuse(q, i, '中有不属于本题的选项');
    if (seen.has(cell.rowId)) refuse(q, i, '每行只能选择一项');
    seen.set(cell.rowId, cell.optionId);
  }
  const missing = rows.filter((r) => !seen.has(r.id));
  if (missing.length > 0) refuse(q, i, `还有 ${missing.length} 行未作答（“${missing[0]!.text}”等）`);
  return rows.map((r) => ({ rowId: r.id, optionId: seen.get(r.id)! }));
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
