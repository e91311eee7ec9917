import {
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TEXT,
  RATING_COMMENT_MAX,
  RATING_STARS,
  REPLY_TEXT,
} from '../../openapi/rules/feedback';
import { textProblem } from '../../openapi/rules/text';
import { imageKeysProblem } from '../../openapi/rules/uploads';
import type { AskField, FeedbackContext } from './types';

export const SHOTS_BUSY_MESSAGE = '截图还在上传，请稍候再提交';
export const SHOTS_FAILED_MESSAGE = '有截图没有上传成功，请重试或删除后再提交';
export const RECORD_MISSING_NOTE = '没有找到这条记录，这条反馈将不关联记录';

/** The screenshots' own error, shared by the form and the reply box. */
function shotsError(c: FeedbackContext): string | undefined {
  if (c.shotsBusy) return SHOTS_BUSY_MESSAGE;
  if (c.shotsFailed) return SHOTS_FAILED_MESSAGE;
  return undefined;
}

/**
 * The forms' checks: the contract's (openapi/schemas/feedback.ts, which the server applies), on the
 * same limits and in the same words, without zod so the pages' first load stays small. Only a
 * field that has a problem has a key.
 */
function problems<F extends string>(checks: Record<F, string | null>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [field, problem] of Object.entries(checks) as [F, string | null][]) if (problem) errors[field] = problem;
  return errors;
}

const imagesProblem = (images: readonly string[]) => imageKeysProblem(images, FEEDBACK_MAX_IMAGES, '截图');

/** The form's errors: CreateFeedbackBody's content and images, then the screenshots' own state. */
export function askErrors(c: FeedbackContext): Partial<Record<AskField, string>> {
  const errors = problems({
    content: textProblem(c.content, FEEDBACK_TEXT, '问题描述'),
    images: imagesProblem(c.images),
  });
  const shots = shotsError(c);
  return {
    ...(c.category === null ? { category: '请选择问题类型' } : {}),
    ...errors,
    ...(shots && !errors.images ? { images: shots } : {}),
  };
}

/** FeedbackReplyBody's check, then the screenshots' own state. */
export function replyErrors(c: FeedbackContext): Partial<Record<'content' | 'images', string>> {
  const errors = problems({ content: textProblem(c.reply, REPLY_TEXT, '回复内容'), images: imagesProblem(c.images) });
  const shots = shotsError(c);
  return { ...errors, ...(shots && !errors.images ? { images: shots } : {}) };
}

/** FeedbackReopenBody's check. */
export function reopenErrors(c: FeedbackContext): Partial<Record<'content', string>> {
  return problems({ content: textProblem(c.reason, REPLY_TEXT, '重新打开的原因') });
}

/** FeedbackRateBody's check: whole stars in RATING_STARS, a comment of at most RATING_COMMENT_MAX. */
export function rateErrors(c: FeedbackContext): Partial<Record<'stars' | 'comment', string>> {
  const starsOk = Number.isInteger(c.stars) && c.stars >= RATING_STARS.min && c.stars <= RATING_STARS.max;
  return problems({
    stars: starsOk ? null : '请选择评分',
    comment: textProblem(c.comment, { min: 0, max: RATING_COMMENT_MAX }, '评价'),
  });
}

export const none = (errors: object) => Object.keys(errors).length === 0;
