import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code, describeCode } from '../openapi/codes';
import { FORUM_BODY_MAX, FORUM_BODY_TOO_LONG, FORUM_TEXT_MAX, FORUM_TITLE } from '../openapi/rules/forum';
import { charCount, textProblem } from '../openapi/rules/text';
import { textToHtml } from './forumEditor';
import { errorMessage, notProvided } from './shared';
import { submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

/**
 * The moderator's 发起话题 on the board (座谈会: moderators post the questions): a
 * section, a title, the question's text, 必答 and 先回复后可见, sent once with createForumTopic.
 * The board's container renders it for a moderator (bbsRole 1) only; the server refuses anyone else.
 * A sibling of machines/forumEditor.ts (the reply editor) rather than a mode of it: a topic has a
 * title, a section and two switches, and no quote, pictures or draft.
 *
 * A posting is sent by the `submitOnce` child (machines/submitOnce.ts) with a request key it keeps
 * after a lost answer: the form stays filled and says so, the board reloads its list (action
 * `maybePosted`), and sending again with the same key answers the topic already posted instead of
 * posting it twice. Any change to the form makes the child forget the key (and a refusal drops it):
 * a different topic is a new posting.
 *
 * States
 * - `closed`       the board shows a 发起话题 button (and `posted`, the last topic sent, to open it).
 *                  `user.open { sectionId }` → `open.editing` with that section chosen.
 * - `open`
 *   - `editing`    `user.section`, `user.title`, `user.body`, `user.required`, `user.seeAfterPosting`;
 *                  `user.cancel` → `closed` (the form is kept for the next open); `user.submit` →
 *                  `submitting` when `topicProblems` finds nothing, else the inline errors show.
 *   - `submitting` the child sends actor `submit`. `submit.done` → `closed` with a fresh form,
 *                  `posted { id, sectionId }`; `submit.uncertain` → `editing` with the warning and
 *                  `maybePosted`; `submit.refused` → `editing` with its zh-CN message.
 *
 * Actor `submit` (src/flows/forum.ts): input `TopicRequest` → the new topic's `{ id, sectionId, title }`.
 * Actions the app provides: `posted { id, sectionId }`, `maybePosted`.
 * Tags: `busy` (submitting).
 */

export interface TopicRequest {
  requestKey: string;
  taskHashId: string;
  sectionId: number;
  title: string;
  body: string;
  required: boolean;
  seeAfterPosting: boolean;
}

export interface PostedTopic {
  id: number;
  sectionId: number;
  title: string;
}

export type TopicProblems = Partial<Record<'section' | 'title' | 'body', string>>;

export interface ForumTopicEditorInput {
  taskHashId: string;
}

export interface ForumTopicEditorContext {
  taskHashId: string;
  sectionId: number | null;
  title: string;
  body: string;
  required: boolean;
  seeAfterPosting: boolean;
  showErrors: boolean;
  error: string | null;
  /** The last topic this form posted (the board offers to open it). */
  posted: PostedTopic | null;
}

export type ForumTopicEditorEvent =
  | { type: 'user.open'; sectionId: number | null }
  | { type: 'user.cancel' }
  | { type: 'user.section'; sectionId: number }
  | { type: 'user.title'; title: string }
  | { type: 'user.body'; body: string }
  | { type: 'user.required'; required: boolean }
  | { type: 'user.seeAfterPosting'; seeAfterPosting: boolean }
  | { type: 'user.submit' }
  | SubmitOnceReport;

/** Said when the answer was lost: the topic may be on the board already. */
export const MAYBE_POSTED_MESSAGE = '网络不稳定，话题可能没有发出：请再点一次“发布话题”，同一个话题不会重复发布';

const EMPTY_FORM = {
  title: '',
  body: '',
  required: false,
  seeAfterPosting: false,
  showErrors: false,
  error: null,
};

/**
 * The form's problems: the contract's CreateForumTopicBody check of the title and the body as sent
 * (the server checks the same), without zod so the board's first load stays small.
 */
export function topicProblems(c: Pick<ForumTopicEditorContext, 'sectionId' | 'title' | 'body'>) {
  const problems: TopicProblems = {};
  if (c.sectionId === null) problems.section = '请选择版块';
  const text = c.body.trim();
  if (!text) problems.body = describeCode(Code.FORUM_POST_EMPTY)?.msg ?? '请填写内容';
  else if (text.length > FORUM_TEXT_MAX) problems.body = `内容最多 ${FORUM_TEXT_MAX} 字`;
  const title = textProblem(c.title, FORUM_TITLE, '标题');
  if (title) problems.title = title;
  if (!problems.body && charCount(textToHtml(text)) > FORUM_BODY_MAX) problems.body = FORUM_BODY_TOO_LONG;
  return problems;
}

export const forumTopicEditorMachine = setup({
  types: {} as {
    context: ForumTopicEditorContext;
    events: ForumTopicEditorEvent;
    input: ForumTopicEditorInput;
    tags: 'busy';
  },
  actors: {
    submit: fromPromise<PostedTopic, TopicRequest>(notProvided('forumTopicEditorMachine', 'submit')),
    submitOnce: submitOnceMachine,
  },
  guards: {
    valid: ({ context }) => Object.keys(topicProblems(context)).length === 0,
  },
  actions: {
    posted: (_, _topic: { id: number; sectionId: number }) => {},
    maybePosted: () => {},
    /** A change to the form: the child forgets a lost posting's key (a different topic is a new posting). */
    forget: sendTo('submitOnce', { type: 'forget' as const }),
    /** The topic to the child, which adds its key. */
    send: sendTo('submitOnce', ({ context }) => ({
      type: 'submit' as const,
      request: {
        taskHashId: context.taskHashId,
        sectionId: context.sectionId ?? 0,
        title: context.title.trim(),
        body: textToHtml(context.body),
        required: context.required,
        seeAfterPosting: context.seeAfterPosting,
      },
    })),
  },
}).createMachine({
  id: 'forumTopicEditor',
  context: ({ input }) => ({ taskHashId: input.taskHashId, sectionId: null, ...EMPTY_FORM, posted: null }),
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'submit') },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.open': {
          target: 'open',
          actions: assign(({ context, event }) => ({ sectionId: event.sectionId ?? context.sectionId, error: null })),
        },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.cancel': '#forumTopicEditor.closed',
            'user.section': {
              actions: [assign(({ event }) => ({ sectionId: event.sectionId, error: null })), 'forget'],
            },
            'user.title': { actions: [assign(({ event }) => ({ title: event.title, error: null })), 'forget'] },
            'user.body': { actions: [assign(({ event }) => ({ body: event.body, error: null })), 'forget'] },
            'user.required': { actions: [assign(({ event }) => ({ required: event.required })), 'forget'] },
            'user.seeAfterPosting': {
              actions: [assign(({ event }) => ({ seeAfterPosting: event.seeAfterPosting })), 'forget'],
            },
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
              target: '#forumTopicEditor.closed',
              actions: [
                assign(({ event }) => ({ ...EMPTY_FORM, posted: event.output as PostedTopic })),
                {
                  type: 'posted',
                  params: ({ event }) => {
                    const topic = event.output as PostedTopic;
                    return { id: topic.id, sectionId: topic.sectionId };
                  },
                },
              ],
            },
            'submit.uncertain': {
              target: 'editing',
              actions: [assign({ error: MAYBE_POSTED_MESSAGE }), 'maybePosted'],
            },
            'submit.refused': {
              target: 'editing',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type ForumTopicEditorSnapshot = SnapshotFrom<typeof forumTopicEditorMachine>;
export type ForumTopicEditorActor = ActorRefFrom<typeof forumTopicEditorMachine>;

export type ForumTopicEditorStatus = 'closed' | 'editing' | 'submitting';

/** What the board shows of the form. */
export interface ForumTopicEditorView {
  status: ForumTopicEditorStatus;
  sectionId: number | null;
  title: string;
  body: string;
  required: boolean;
  seeAfterPosting: boolean;
  /** The inline errors, once the moderator tried to send. */
  problems: TopicProblems;
  error: string | null;
  posted: PostedTopic | null;
  canSubmit: boolean;
}

export function selectForumTopicEditorView(snapshot: ForumTopicEditorSnapshot): ForumTopicEditorView {
  const c = snapshot.context;
  const status: ForumTopicEditorStatus = snapshot.matches('closed')
    ? 'closed'
    : snapshot.matches({ open: 'submitting' })
      ? 'submitting'
      : 'editing';
  return {
    status,
    sectionId: c.sectionId,
    title: c.title,
    body: c.body,
    required: c.required,
    seeAfterPosting: c.seeAfterPosting,
    problems: c.showErrors ? topicProblems(c) : {},
    error: c.error,
    posted: c.posted,
    canSubmit: snapshot.can({ type: 'user.submit' }),
  };
}
