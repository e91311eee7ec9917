import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code, describeCode } from '../openapi/codes';
import { FORUM_BODY_MAX, FORUM_BODY_TOO_LONG, FORUM_MAX_IMAGES, FORUM_TEXT_MAX } from '../openapi/rules/forum';
import { charCount } from '../openapi/rules/text';
import { imageKeysProblem } from '../openapi/rules/uploads';
import type { PickedFile } from './avatarUpload';
import {
  NO_SHOTS,
  screenshotsMachine,
  shotsOf,
  type ScreenshotsChanged,
  type ScreenshotsInput,
  type Shot,
} from './screenshots';
import { codeOf, errorMessage, notProvided } from './shared';
import { attemptOf, submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

/**
 * The forum's post editor (座谈会回帖) at the bottom of a topic: the member writes a reply, may
 * quote another reply and attach pictures (the member centre's signed upload, through the
 * `screenshots` child of machines/screenshots.ts with the `forum` module), and sends it once
 * (plain text, sent as the contract's small rich text: `textToHtml`).
 * The text and the quote are a draft the app keeps in storage, so a reload does not lose them.
 *
 * States
 * - `composing`   the form; the `screenshots` child uploads pictures and tells `screenshots.changed`.
 *   - `editing`     `user.input { body }`, `user.quote { quote }`, `user.unquote` (each saves the
 *                   draft: action `saveDraft`), pictures (`user.addImages`, `user.removeImage`,
 *                   `user.retryImage`). `user.submit` → `submitting` when the reply passes
 *                   `problemsOf` (and no picture is on its way or failed); else the inline errors show.
 *   - `submitting`  the `submitOnce` child (machines/submitOnce.ts) sends actor `submit` with a request
 *                   key it holds until a definite answer. `submit.done` → `posted`; `submit.uncertain`
 *                   (no answer / 5xx) → `failed`; refused: a refusal that ends posting here
 *                   (`endsPosting`: the topic closed, an observer, no access) → `refused`; another
 *                   refusal → `editing` with `error`.
 *   - `failed`      `user.retry` → `submitting`, the child re-sending the SAME key (nothing can be
 *                   edited meanwhile, so the server creates the reply once).
 * - `posted`      transient: actions `clearDraft` and `posted` (the page reloads its replies), then
 *                 a fresh `composing` (an empty form, a new picture list).
 * - `refused`     the server will not take replies from this member here: `refusal` says why.
 *
 * Actor `submit` (src/flows/forum.ts): input `ReplyRequest` → the new reply's id.
 * Actions the app provides: `saveDraft { body, quote }`, `clearDraft`, `posted { id }`.
 * Tags: `busy` (submitting).
 */

/** The reply a new one quotes: its id and what the editor shows of it. */
export interface ForumQuote {
  id: number;
  author: string;
  excerpt: string;
}

/** What storage keeps of an unsent reply. */
export interface ForumDraft {
  body: string;
  quote: ForumQuote | null;
}

export interface ReplyRequest {
  topicId: number;
  body: string;
  images: string[];
  quoteId?: number;
  requestKey: string;
}

export type ReplyProblems = Partial<Record<'body' | 'images', string>>;

export interface ForumEditorInput {
  topicId: number;
  /** The draft storage held for this topic, if any. */
  draft?: ForumDraft | null;
}

export interface ForumEditorContext {
  topicId: number;
  maxImages: number;
  body: string;
  quote: ForumQuote | null;
  /** The draft came from storage (the form says so until it is sent or emptied). */
  restored: boolean;
  shots: Shot[];
  images: string[];
  shotsBusy: boolean;
  shotsFailed: boolean;
  shotsNotice: string | null;
  showErrors: boolean;
  error: string | null;
  refusal: string | null;
}

export type ForumEditorEvent =
  | { type: 'user.input'; body: string }
  | { type: 'user.quote'; quote: ForumQuote }
  | { type: 'user.unquote' }
  | { type: 'user.addImages'; files: PickedFile[] }
  | { type: 'user.removeImage'; id: number }
  | { type: 'user.retryImage'; id: number }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | ScreenshotsChanged
  | SubmitOnceReport;

/** Refusals after which this member cannot post on this topic: the editor gives way to why. */
const ENDING_CODES: readonly number[] = [
  Code.FORUM_TOPIC_CLOSED,
  Code.FORUM_ENDED,
  Code.FORUM_READ_ONLY,
  Code.FORUM_NO_ACCESS,
  Code.FORUM_NOT_OPEN,
];

/**
 * The member types plain text; the contract takes the small rich text of openapi/rules/forum.ts.
 * Each paragraph (a blank line apart) becomes a `<p>`, single line breaks `<br>`, and `<`, `>`, `&`
 * and quotes are escaped, so what was typed is what is shown.
 */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The reply's own problems: text or a picture at least, then the contract's CreateForumReplyBody
 * check (the body's length as sent, then the pictures), without zod so the topic's first load
 * stays small.
 */
export function replyProblems(reply: { body: string; images: string[] }): ReplyProblems {
  const text = reply.body.trim();
  if (!text && reply.images.length === 0)
    return { body: describeCode(Code.FORUM_POST_EMPTY)?.msg ?? '请填写内容或添加图片' };
  if (text.length > FORUM_TEXT_MAX) return { body: `内容最多 ${FORUM_TEXT_MAX} 字，请分几次发表` };
  if (charCount(textToHtml(text)) > FORUM_BODY_MAX) return { body: FORUM_BODY_TOO_LONG };
  const images = imageKeysProblem(reply.images, FORUM_MAX_IMAGES, '图片');
  return images ? { images } : {};
}

export const IMAGES_BUSY_MESSAGE = '图片还在上传，请稍候再发表';
export const IMAGES_FAILED_MESSAGE = '有图片没有上传成功，请重试或删除后再发表';

/** The form's errors: the contract's check, then the pictures' own state. */
export function editorProblems(c: ForumEditorContext): ReplyProblems {
  const problems = replyProblems({ body: c.body, images: c.images });
  const shots = c.shotsBusy ? IMAGES_BUSY_MESSAGE : c.shotsFailed ? IMAGES_FAILED_MESSAGE : undefined;
  return shots && !problems.images ? { ...problems, images: shots } : problems;
}

const draftOf = (c: Pick<ForumEditorContext, 'body' | 'quote'>): ForumDraft => ({ body: c.body, quote: c.quote });

export const forumEditorMachine = setup({
  types: {} as {
    context: ForumEditorContext;
    events: ForumEditorEvent;
    input: ForumEditorInput;
    tags: 'busy';
  },
  actors: {
    submit: fromPromise<{ id: number }, ReplyRequest>(notProvided('forumEditorMachine', 'submit')),
    screenshots: screenshotsMachine,
    submitOnce: submitOnceMachine,
  },
  guards: {
    valid: ({ context }) => Object.keys(editorProblems(context)).length === 0,
    endsPosting: ({ event }) => ENDING_CODES.includes(codeOf((event as { error?: unknown }).error) ?? 0),
  },
  actions: {
    saveDraft: (_, _draft: ForumDraft) => {},
    clearDraft: () => {},
    posted: (_, _reply: { id: number }) => {},
    /** The reply to the child, which adds its key. */
    send: sendTo('submitOnce', ({ context }) => ({
      type: 'submit' as const,
      request: {
        topicId: context.topicId,
        body: textToHtml(context.body),
        images: context.images,
        ...(context.quote ? { quoteId: context.quote.id } : {}),
      },
    })),
    mirrorShots: assign(({ event }) => (event.type === 'screenshots.changed' ? shotsOf(event) : {})),
    addImages: sendTo('screenshots', ({ event }) => ({
      type: 'user.add' as const,
      files: event.type === 'user.addImages' ? event.files : [],
    })),
    removeImage: sendTo('screenshots', ({ event }) => ({
      type: 'user.remove' as const,
      id: event.type === 'user.removeImage' ? event.id : 0,
    })),
    retryImage: sendTo('screenshots', ({ event }) => ({
      type: 'user.retry' as const,
      id: event.type === 'user.retryImage' ? event.id : 0,
    })),
  },
}).createMachine({
  id: 'forumEditor',
  context: ({ input }) => ({
    topicId: input.topicId,
    maxImages: FORUM_MAX_IMAGES,
    body: input.draft?.body ?? '',
    quote: input.draft?.quote ?? null,
    restored: Boolean(input.draft && (input.draft.body.trim() || input.draft.quote)),
    ...NO_SHOTS,
    showErrors: false,
    error: null,
    refusal: null,
  }),
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'submit') },
  initial: 'composing',
  states: {
    composing: {
      entry: assign(NO_SHOTS),
      invoke: {
        id: 'screenshots',
        src: 'screenshots',
        input: ({ context }): ScreenshotsInput => ({ module: 'forum', max: context.maxImages }),
      },
      on: { 'screenshots.changed': { actions: 'mirrorShots' } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.input': {
              actions: [
                assign(({ event }) => ({ body: event.body, error: null, restored: false })),
                { type: 'saveDraft', params: ({ context }) => draftOf(context) },
              ],
            },
            'user.quote': {
              actions: [
                assign(({ event }) => ({ quote: event.quote, error: null })),
                { type: 'saveDraft', params: ({ context }) => draftOf(context) },
              ],
            },
            'user.unquote': {
              actions: [assign({ quote: null }), { type: 'saveDraft', params: ({ context }) => draftOf(context) }],
            },
            'user.addImages': { actions: 'addImages' },
            'user.removeImage': { actions: 'removeImage' },
            'user.retryImage': { actions: 'retryImage' },
            'user.submit': [
              { guard: 'valid', target: 'submitting', actions: 'send' },
              { actions: assign({ showErrors: true }) },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ error: null }),
          on: {
            'submit.done': {
              target: '#forumEditor.posted',
              actions: { type: 'posted', params: ({ event }) => ({ id: (event.output as { id: number }).id }) },
            },
            'submit.uncertain': {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
            'submit.refused': [
              {
                guard: 'endsPosting',
                target: '#forumEditor.refused',
                actions: assign({ refusal: ({ event }) => errorMessage(event.error) }),
              },
              { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
            ],
          },
        },
        failed: {
          on: { 'user.retry': { target: 'submitting', actions: sendTo('submitOnce', { type: 'retry' as const }) } },
        },
      },
    },
    posted: {
      entry: ['clearDraft', assign({ body: '', quote: null, restored: false, showErrors: false, error: null })],
      always: 'composing',
    },
    refused: {},
  },
});

export type ForumEditorSnapshot = SnapshotFrom<typeof forumEditorMachine>;
export type ForumEditorActor = ActorRefFrom<typeof forumEditorMachine>;

export type ForumEditorStatus = 'editing' | 'submitting' | 'failed' | 'refused';

/** What the editor's view shows. */
export interface ForumEditorView {
  status: ForumEditorStatus;
  body: string;
  quote: ForumQuote | null;
  restored: boolean;
  shots: Shot[];
  shotsNotice: string | null;
  maxImages: number;
  /** The inline errors, once the member tried to send. */
  problems: ReplyProblems;
  error: string | null;
  refusal: string | null;
  /** Retries of the current attempt so far. */
  retries: number;
  canSubmit: boolean;
  canRetry: boolean;
  canAddImages: boolean;
}

export function selectForumEditorView(snapshot: ForumEditorSnapshot): ForumEditorView {
  const c = snapshot.context;
  const status: ForumEditorStatus = snapshot.matches('refused')
    ? 'refused'
    : snapshot.matches({ composing: 'submitting' })
      ? 'submitting'
      : snapshot.matches({ composing: 'failed' })
        ? 'failed'
        : 'editing';
  return {
    status,
    body: c.body,
    quote: c.quote,
    restored: c.restored,
    shots: c.shots,
    shotsNotice: c.shotsNotice,
    maxImages: c.maxImages,
    problems: c.showErrors ? editorProblems(c) : {},
    error: c.error,
    refusal: c.refusal,
    retries: attemptOf(snapshot.children.submitOnce).retries,
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canAddImages: snapshot.can({ type: 'user.addImages', files: [] }) && c.shots.length < c.maxImages,
  };
}
