/**
 * A text field's length limits and their zh-CN words, shared by the contract's schemas (zod's
 * `.trim().min().max()`) and the forms' own checks: the forms check without loading zod, and both
 * say the same words for the same limits.
 */

/** Lengths of the trimmed text, in characters (`charCount`). */
export interface TextLimits {
  min: number;
  max: number;
}

/** What a form says when `what` (e.g. 问题描述) is shorter than `limits.min` or longer than `limits.max`. */
export function textMessages(limits: TextLimits, what: string): { min: string; max: string } {
  return {
    min: limits.min > 1 ? `${what}至少 ${limits.min} 个字` : `请填写${what}`,
    max: `${what}最多 ${limits.max} 个字`,
  };
}

/**
 * Characters as the contract's length limits count them (zod's min/max on a string): code points,
 * so an emoji or a rare 汉字 outside the BMP is one, not two UTF-16 units.
 */
export const charCount = (value: string) => [...value].length;

/** `value`'s problem against `limits` once trimmed, or null: the contract's check, without zod. */
export function textProblem(value: string, limits: TextLimits, what: string): string | null {
  const length = charCount(value.trim());
  if (length < limits.min) return textMessages(limits, what).min;
  if (length > limits.max) return textMessages(limits, what).max;
  return null;
}
