/**
 * Answer-quality rules for in-house questionnaires (spec §3 low-quality reasons):
 *
 * 1 random open answers — an open answer that is gibberish (`isRandomText`): one or two characters
 *   repeated, a short unit repeated (哈哈哈哈, abcabc), keyboard mash (asdfgh, sdfjkl, qwer…),
 *   no Chinese and no word at all (digits, punctuation), or a copy of the question itself;
 * 2 duplicated data — the same normalised answers (`answersHash`) as another participation on
 *   this poll, or the same device id as another member's response (decided in the service, which
 *   has the database);
 * 3 logic errors — both answers of a `polls.logic` contradicting pair chosen;
 * 4 trap question failed — a question with `trapOptionId` not answered with exactly that option;
 * 5 implausible cognition — an option flagged `fictional` (a brand that does not exist) chosen.
 *
 * A low-quality complete still counts as complete; what it pays is `polls.lowQualityPay`.
 */
import { createHash } from 'node:crypto';
import { LowQualityReason } from '../../../openapi/enums';
import type { PollLogicRule, StoredPollQuestion } from '../../db/schema-tasks';
import type { CleanAnswer } from './answers';

const Q = LowQualityReason.values;

/** NFKC, lower case, without whitespace, punctuation and symbols. */
function normaliseText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const HAN = /\p{Script=Han}/u;

/** Four or more neighbouring keys of one keyboard row, either direction (asdf, lkjh, qwer, 7890). */
function hasKeyboardRun(s: string): boolean {
  for (const row of KEYBOARD_ROWS) {
    const rev = [...row].reverse().join('');
    for (let i = 0; i + 4 <= row.length; i++) {
      if (s.includes(row.slice(i, i + 4)) || s.includes(rev.slice(i, i + 4))) return true;
    }
  }
  return false;
}

/** Latin letters only from one keyboard row (sdfjkl, hjkhjk): mashing, not typing. */
const oneRow = (word: string) => KEYBOARD_ROWS.slice(1).some((row) => [...word].every((c) => row.includes(c)));

/** Is this open answer gibberish? `title` is the question (a copy of it is not an answer). */
export function isRandomText(text: string, title: string): boolean {
  const norm = normaliseText(text);
  if (norm.length === 0) return text.trim().length > 0; // only punctuation / symbols
  const chars = Array.from(norm);
  // repeated characters: 啊啊啊啊, 1111, ababab
  if (chars.length >= 4 && new Set(chars).size <= 2) return true;
  // a short unit repeated three times or more: 不知道不知道不知道, abcabcabc
  if (/^(.{1,6}?)\1{2,}$/u.test(norm)) return true;
  // a copy of the question (or of a sizeable part of it)
  const t = normaliseText(title);
  if (chars.length >= 4 && t.includes(norm)) return true;
  if (t.length >= 4 && norm.includes(t) && chars.length - Array.from(t).length < 4) return true;
  if (!HAN.test(norm)) {
    // no Chinese at all: it must at least read as words
    const words = text
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
    if (words.length === 0) return true; // digits only
    if (hasKeyboardRun(norm)) return true;
    const real = words.filter((w) => /[aeiouy]/.test(w) && !(w.length >= 5 && oneRow(w)));
    if (real.length === 0) return true;
    if (words.some((w) => w.length >= 5 && !/[aeiouy]/.test(w))) return true;
  }
  return false;
}

/** sha256 over the normalised answers (question order, sorted options, normalised text). */
export function answersHash(answers: CleanAnswer[]): string {
  const canonical = [...answers]
    .sort((a, b) => a.questionId - b.questionId)
    .map((a) => [
      a.questionId,
      a.optionIds,
      a.text === null ? null : normaliseText(a.text),
      a.matrix.map((m) => [m.rowId, m.optionId]),
    ]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const chose = (byQ: Map<number, CleanAnswer>, questionId: number, optionId: number) =>
  byQ.get(questionId)?.optionIds.includes(optionId) ?? false;

/**
 * The reasons that follow from the answers alone (1, 3, 4, 5); duplicates (2) need the database.
 * Sorted, each at most once.
 */
export function answerReasons(
  questions: StoredPollQuestion[],
  logic: PollLogicRule[],
  answers: CleanAnswer[],
): number[] {
  const byQ = new Map(answers.map((a) => [a.questionId, a]));
  const reasons = new Set<number>();
  for (const q of questions) {
    const a = byQ.get(q.id);
    if (q.kind === 'text' && a?.text && isRandomText(a.text, q.title)) reasons.add(Q.RANDOM_OPEN_ANSWERS);
    if (q.trapOptionId !== undefined) {
      const ids = a?.optionIds ?? [];
      if (ids.length !== 1 || ids[0] !== q.trapOptionId) reasons.add(Q.TRAP_FAILED);
    }
    const fictional = new Set(q.options.filter((o) => o.fictional).map((o) => o.id));
    if (a && fictional.size > 0) {
      if (a.optionIds.some((id) => fictional.has(id)) || a.matrix.some((m) => fictional.has(m.optionId)))
        reasons.add(Q.IMPLAUSIBLE_COGNITION);
    }
  }
  for (const rule of logic) {
    if (
      chose(byQ, rule.if.questionId, rule.if.optionId) &&
      chose(byQ, rule.contradicts.questionId, rule.contradicts.optionId)
    )
      reasons.add(Q.LOGIC_ERRORS);
  }
  return [...reasons].sort((a, b) => a - b);
}

/** What a low-quality complete pays under the poll's rule. */
export function lowQualityPoints(points: number, pay: 'full' | 'half' | 'none'): number {
  if (pay === 'full') return points;
  if (pay === 'half') return Math.floor(points / 2);
  return 0;
}
