/**
 * The rules an answer to a questionnaire follows — an in-house poll (POST /v1/polls) or the
 * personal questionnaire (POST /v1/users/survey/basic). The server refuses a submission that
 * breaks them; the answer form shows the same problems before it submits. Each side words a
 * problem its own way (the server names the question, the form speaks beside it), so these
 * return what is wrong, not a message.
 */

/** Longest open answer the contract takes (PollAnswer.text). */
export const TEXT_MAX_LENGTH = 2000;

/** Characters of an open answer as counted: trimmed, one per code point (一个汉字算一个字). */
export function textLength(text: string): number {
  return Array.from(text.trim()).length;
}

interface ChoiceQuestion<O> {
  kind: 'single' | 'multiple' | 'text' | 'matrix';
  options: readonly O[];
  /** Most options a multiple-choice answer may pick; null or 0 for no limit. */
  maxChoices?: number | null;
}

/** What is wrong with the options picked for a single- or multiple-choice question. */
export type ChoiceProblem<O> =
  | { kind: 'repeated' }
  | { kind: 'foreign' }
  | { kind: 'notOne' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'exclusive'; option: O };

/**
 * The first problem of a choice answer, or null: no option twice, every option of this question,
 * a single choice picks exactly one, a multiple choice at most `maxChoices` and an exclusive
 * option (“以上都没有”) alone.
 */
export function choiceProblem<O extends { id: number; exclusive?: boolean | null }>(
  question: ChoiceQuestion<O>,
  optionIds: readonly number[],
): ChoiceProblem<O> | null {
  if (new Set(optionIds).size !== optionIds.length) return { kind: 'repeated' };
  const byId = new Map(question.options.map((o) => [o.id, o]));
  if (optionIds.some((id) => !byId.has(id))) return { kind: 'foreign' };
  if (question.kind === 'single' && optionIds.length !== 1) return { kind: 'notOne' };
  if (question.kind === 'multiple') {
    if (question.maxChoices && optionIds.length > question.maxChoices)
      return { kind: 'tooMany', max: question.maxChoices };
    const exclusive = optionIds.map((id) => byId.get(id)!).find((o) => o.exclusive);
    if (exclusive && optionIds.length > 1) return { kind: 'exclusive', option: exclusive };
  }
  return null;
}

/** What is wrong with the cells picked for a matrix question (one column per row). */
export type MatrixProblem<R> =
  { kind: 'foreignRow' } | { kind: 'foreignOption' } | { kind: 'repeatedRow' } | { kind: 'missingRows'; rows: R[] };

/** The first problem of a matrix answer, or null: known rows and columns, every row answered once. */
export function matrixProblem<R extends { id: number }>(
  question: { options: readonly { id: number }[]; rows?: readonly R[] | null },
  cells: readonly { rowId: number; optionId: number }[],
): MatrixProblem<R> | null {
  const rows = question.rows ?? [];
  const rowIds = new Set(rows.map((r) => r.id));
  const columnIds = new Set(question.options.map((o) => o.id));
  const answered = new Set<number>();
  for (const cell of cells) {
    if (!rowIds.has(cell.rowId)) return { kind: 'foreignRow' };
    if (!columnIds.has(cell.optionId)) return { kind: 'foreignOption' };
    if (answered.has(cell.rowId)) return { kind: 'repeatedRow' };
    answered.add(cell.rowId);
  }
  const missing = rows.filter((r) => !answered.has(r.id));
  return missing.length > 0 ? { kind: 'missingRows', rows: missing } : null;
}
