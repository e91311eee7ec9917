/**
 * The forum's and feedback's forms check without zod (so their pages' first load does not carry
 * it). Each check must say what the contract's schema says — the server applies the schema — so
 * each is compared with that schema's first message per field, on the limit values and around them.
 */
import { describe, expect, it } from 'vitest';
import { askErrors, rateErrors, reopenErrors, replyErrors, type FeedbackContext } from '../../../machines/feedback';
import { nameProblem } from '../../../machines/forumBoard';
import { replyProblems, textToHtml } from '../../../machines/forumEditor';
import { topicProblems } from '../../../machines/forumTopicEditor';
import { FeedbackCategory } from '../../../openapi/enums';
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TEXT, RATING_COMMENT_MAX, REPLY_TEXT } from '../../../openapi/rules/feedback';
import { FORUM_BODY_MAX, FORUM_MAX_IMAGES, FORUM_NAME, FORUM_TITLE } from '../../../openapi/rules/forum';
import { UPLOAD_KEY_MAX } from '../../../openapi/rules/uploads';
import {
  CreateFeedbackBody,
  FeedbackRateBody,
  FeedbackReopenBody,
  FeedbackReplyBody,
} from '../../../openapi/schemas/feedback';
import { CreateForumReplyBody, CreateForumTopicBody, UpdateFocusMemberBody } from '../../../openapi/schemas/forum';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The schema's first message for each of `fields`. */
function schemaErrors(result: Parsed, fields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Texts of `n` characters around each limit: with spaces around (the contract trims), and of emoji
 * (one character each, two UTF-16 units).
 */
function textsAround(limits: { min: number; max: number }): string[] {
  const lengths = [0, 1, limits.min - 1, limits.min, limits.min + 1, limits.max - 1, limits.max, limits.max + 1];
  return [...new Set(lengths.filter((n) => n >= 0))].flatMap((n) => [
    '好'.repeat(n),
    ` ${'字'.repeat(n)}\n`,
    '😀'.repeat(n),
  ]);
}

const key = (i: number) => `forum/7/${1700000000000 + i}.png`;
const keys = (n: number) => Array.from({ length: n }, (_, i) => key(i));
const longKey = 'k'.repeat(UPLOAD_KEY_MAX + 1);
const imageLists = (max: number) => [
  [],
  keys(max - 1),
  keys(max),
  keys(max + 1),
  ['k'.repeat(UPLOAD_KEY_MAX)],
  ['😀'.repeat(UPLOAD_KEY_MAX)],
  [longKey],
  [...keys(max + 1), longKey],
];

describe('the forum forms check as the contract does', () => {
  it('a display name (UpdateFocusMemberBody)', () => {
    for (const name of textsAround(FORUM_NAME)) {
      const want = schemaErrors(UpdateFocusMemberBody.safeParse({ taskHashId: 'Fg7x2K', name }), ['name']);
      expect(nameProblem({ name }), JSON.stringify(name)).toBe(want.name ?? null);
    }
    expect(nameProblem({ name: '好'.repeat(FORUM_NAME.max + 1) })).toBe('显示名最多 20 个字');
    expect(nameProblem({ name: '😀'.repeat(FORUM_NAME.max) })).toBeNull();
  });

  it("a topic's title and its body as sent (CreateForumTopicBody)", () => {
    // 1000 `&` are 5000 characters of text but 5000 + 7 of HTML (`&amp;` each): over FORUM_BODY_MAX.
    const bodies = ['问题', '&'.repeat(FORUM_BODY_MAX / 5 - 2), '&'.repeat(FORUM_BODY_MAX / 5)];
    for (const title of textsAround(FORUM_TITLE))
      for (const body of bodies) {
        const want = schemaErrors(
          CreateForumTopicBody.safeParse({ taskHashId: 'Fg7x2K', sectionId: 3, title, body: textToHtml(body) }),
          ['title', 'body'],
        );
        expect(topicProblems({ sectionId: 3, title, body }), `${title.length} ${body.length}`).toEqual(want);
      }
    expect(topicProblems({ sectionId: 3, title: '标题', body: '&'.repeat(4000) }).body).toBe('内容过长，请分几次发布');
  });

  it("a reply's body as sent and its pictures (CreateForumReplyBody)", () => {
    const bodies = ['好', '&'.repeat(FORUM_BODY_MAX / 5 - 2), '&'.repeat(FORUM_BODY_MAX / 5)];
    for (const body of bodies)
      for (const images of imageLists(FORUM_MAX_IMAGES)) {
        const result = CreateForumReplyBody.safeParse({ requestKey: 'k', body: textToHtml(body), images });
        const first = result.error?.issues[0];
        const want = !first ? {} : first.path[0] === 'images' ? { images: first.message } : { body: first.message };
        expect(replyProblems({ body, images }), `${body.length} ${images.length}`).toEqual(want);
      }
    expect(replyProblems({ body: '好', images: keys(FORUM_MAX_IMAGES + 1) })).toEqual({ images: '最多上传 9 张图片' });
  });
});

const form = (c: Partial<FeedbackContext>) =>
  ({
    category: FeedbackCategory.values.OTHER,
    content: '',
    images: [],
    shotsBusy: false,
    shotsFailed: false,
    reply: '',
    reason: '',
    stars: 0,
    comment: '',
    ...c,
  }) as FeedbackContext;

describe('the feedback forms check as the contract does', () => {
  it("a ticket's description and screenshots (CreateFeedbackBody)", () => {
    for (const content of textsAround(FEEDBACK_TEXT))
      for (const images of imageLists(FEEDBACK_MAX_IMAGES)) {
        const body = { requestKey: 'k', category: FeedbackCategory.values.OTHER, content, images };
        const want = schemaErrors(CreateFeedbackBody.safeParse(body), ['content', 'images']);
        expect(askErrors(form({ content, images })), `${content.length} ${images.length}`).toEqual(want);
      }
    expect(askErrors(form({ content: '好'.repeat(FEEDBACK_TEXT.min - 1) }))).toEqual({
      content: '问题描述至少 10 个字',
    });
  });

  it('a reply and a reason to reopen (FeedbackReplyBody, FeedbackReopenBody)', () => {
    for (const text of textsAround(REPLY_TEXT)) {
      for (const images of imageLists(FEEDBACK_MAX_IMAGES)) {
        const want = schemaErrors(FeedbackReplyBody.safeParse({ content: text, images }), ['content', 'images']);
        expect(replyErrors(form({ reply: text, images })), `${text.length} ${images.length}`).toEqual(want);
      }
      const want = schemaErrors(FeedbackReopenBody.safeParse({ content: text }), ['content']);
      expect(reopenErrors(form({ reason: text })), `${text.length}`).toEqual(want);
    }
    expect(reopenErrors(form({ reason: '  ' }))).toEqual({ content: '请填写重新打开的原因' });
  });

  it("a rating's stars and comment (FeedbackRateBody)", () => {
    for (const stars of [0, 1, 2.5, 5, 6])
      for (const comment of textsAround({ min: 0, max: RATING_COMMENT_MAX })) {
        const want = schemaErrors(FeedbackRateBody.safeParse({ stars, comment }), ['stars', 'comment']);
        expect(rateErrors(form({ stars, comment })), `${stars} ${comment.length}`).toEqual(
          // zod names a fraction by its type; the form says the same as for no choice.
          stars === 2.5 ? { ...want, stars: '请选择评分' } : want,
        );
      }
    expect(rateErrors(form({ stars: 0, comment: '好'.repeat(RATING_COMMENT_MAX + 1) }))).toEqual({
      stars: '请选择评分',
      comment: '评价最多 200 个字',
    });
  });
});
