import type { z } from 'zod';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import type { FocusMember as FocusMemberSchema, FocusTask as FocusTaskSchema } from '../openapi/schemas/forum';
import { FORUM_NAME } from '../openapi/rules/forum';
import { textProblem } from '../openapi/rules/text';
import type { PickedFile, UploadedObject } from './avatarUpload';
import { pagedListMachine, type PagedListSnapshot } from './pagedList';
import { codeOf, errorMessage, notProvided } from './shared';

/**
 * The board of a discussion group (座谈会 `/bbs/{taskHashId}`): who the visitor is there, the
 * sections and the topic list's filters, and the member's forum identity (a display name and
 * avatar per board, so the account's nickname is not shown).
 *
 * States
 * - `loading`    actor `loadBoard` (the board by its hash id, and — logged in — the member's forum
 *                identity). Done → `visitor` (not logged in: the board's title and a login),
 *                `noAccess` (logged in, not one of the board's members), or `ready`. A board that
 *                does not exist → `notFound`; another failure → `failed` (`user.retry` → `loading`).
 * - `ready`      entry: action `storeForum` (the login state's forum fields). The `topics` child
 *                (machines/pagedList.ts) lists the topics of `{ sectionId, filter }`;
 *                `user.section { sectionId }` and `user.filter { filter }` change them (the list
 *                starts again from page 1); `user.loadMore` and `user.retryTopics` go to the list.
 *   - `browsing`        `user.editIdentity` → `editingIdentity` (the current name and avatar).
 *   - `editingIdentity` `user.setName { name }`, `user.pickAvatar { file }` → `uploadingAvatar`,
 *                       `user.cancelIdentity` → `browsing`, `user.saveIdentity` → `savingIdentity`
 *                       when the name passes the contract's check (else the error shows).
 *   - `uploadingAvatar` actor `uploadAvatar` (the signed upload, module `forum`). Done → editing
 *                       with the new picture; failed → editing with `identityError`.
 *   - `savingIdentity`  actor `saveIdentity`. Done → `browsing` with the new identity (and
 *                       `storeForum` again); failed → editing with `identityError`.
 * - `visitor`, `noAccess`, `notFound`: nothing more to do here (the page offers login / the tasks).
 *
 * Tags: `busy` (loading, uploadingAvatar, savingIdentity).
 */

export type FocusTask = z.output<typeof FocusTaskSchema>;
export type FocusMember = z.output<typeof FocusMemberSchema>;
export type TopicFilter = 'all' | 'required' | 'unanswered' | 'pinned';
export const TOPIC_FILTERS: readonly TopicFilter[] = ['all', 'required', 'unanswered', 'pinned'];

/** What the topic list is asked for. */
export interface TopicQuery {
  sectionId: number | null;
  filter: TopicFilter;
}

export interface BoardLoad {
  board: FocusTask;
  /** The member's identity on this board; null for a visitor or a member without access. */
  member: FocusMember | null;
  access: 'visitor' | 'denied' | 'member';
}

export interface ForumBoardInput {
  taskHashId: string;
  loggedIn: boolean;
}

/** Result codes that mean "no such board" (a bad hash id is one too). */
const NOT_FOUND_CODES: readonly number[] = [Code.FORUM_NOT_FOUND, Code.NOT_FOUND, Code.INVALID_PARAMS];

export interface ForumBoardContext extends ForumBoardInput {
  board: FocusTask | null;
  member: FocusMember | null;
  query: TopicQuery;
  error: string | null;
  /** The identity form. */
  name: string;
  avatarKey: string | null | undefined;
  avatarUrl: string | null;
  showNameError: boolean;
  identityError: string | null;
}

export type ForumBoardEvent =
  | { type: 'user.retry' }
  | { type: 'user.section'; sectionId: number | null }
  | { type: 'user.filter'; filter: TopicFilter }
  | { type: 'user.loadMore' }
  | { type: 'user.retryTopics' }
  | { type: 'user.editIdentity' }
  | { type: 'user.setName'; name: string }
  | { type: 'user.pickAvatar'; file: PickedFile }
  | { type: 'user.cancelIdentity' }
  | { type: 'user.saveIdentity' };

export interface IdentityRequest {
  taskHashId: string;
  name: string;
  avatarKey?: string | null;
}

/**
 * The display name's problem: the contract's UpdateFocusMemberBody check of the name (the server
 * checks the same), without zod so the board's first load stays small. The body's taskHashId is the
 * board's own, which the server already took when it loaded the board.
 */
export function nameProblem(c: Pick<ForumBoardContext, 'name'>): string | null {
  return textProblem(c.name, FORUM_NAME, '显示名');
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const forumBoardMachine = setup({
  types: {} as {
    context: ForumBoardContext;
    events: ForumBoardEvent;
    input: ForumBoardInput;
    tags: 'busy';
  },
  actors: {
    loadBoard: fromPromise<BoardLoad, { taskHashId: string; loggedIn: boolean }>(
      notProvided('forumBoardMachine', 'loadBoard'),
    ),
    uploadAvatar: fromPromise<UploadedObject, { file: PickedFile }>(notProvided('forumBoardMachine', 'uploadAvatar')),
    saveIdentity: fromPromise<FocusMember, IdentityRequest>(notProvided('forumBoardMachine', 'saveIdentity')),
    topics: pagedListMachine,
  },
  guards: {
    isVisitor: ({ event }) => (event as { output?: BoardLoad }).output?.access === 'visitor',
    isDenied: ({ event }) => (event as { output?: BoardLoad }).output?.access !== 'member',
    notFound: ({ event }) => NOT_FOUND_CODES.includes(codeOf(errorOf(event)) ?? 0),
    nameOk: ({ context }) => nameProblem(context) === null,
  },
  actions: {
    /** The login state's forum fields (topicName, topicAvatar, role, taskId, taskHashId, bbsRole). */
    storeForum: (_, _member: FocusMember) => {},
    keepLoad: assign(({ event }) => {
      const out = (event as unknown as { output: BoardLoad }).output;
      return { board: out.board, member: out.member, error: null };
    }),
    askTopics: sendTo('topics', ({ context }) => ({ type: 'user.filter' as const, filter: context.query })),
    openIdentity: assign(({ context }) => ({
      name: context.member?.name ?? '',
      avatarKey: undefined,
      avatarUrl: context.member?.avatar ?? null,
      showNameError: false,
      identityError: null,
    })),
  },
}).createMachine({
  id: 'forumBoard',
  context: ({ input }) => ({
    ...input,
    board: null,
    member: null,
    query: { sectionId: null, filter: 'all' },
    error: null,
    name: '',
    avatarKey: undefined,
    avatarUrl: null,
    showNameError: false,
    identityError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        input: ({ context }) => ({ taskHashId: context.taskHashId, loggedIn: context.loggedIn }),
        onDone: [
          { guard: 'isVisitor', target: 'visitor', actions: 'keepLoad' },
          { guard: 'isDenied', target: 'noAccess', actions: 'keepLoad' },
          { target: 'ready', actions: 'keepLoad' },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    visitor: {},
    noAccess: {},
    ready: {
      entry: { type: 'storeForum', params: ({ context }) => context.member! },
      invoke: { id: 'topics', src: 'topics', input: ({ context }) => ({ filter: context.query }) },
      on: {
        'user.section': {
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, sectionId: event.sectionId } })),
            'askTopics',
          ],
        },
        'user.filter': {
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, filter: event.filter } })),
            'askTopics',
          ],
        },
        'user.loadMore': { actions: sendTo('topics', { type: 'user.loadMore' }) },
        'user.retryTopics': { actions: sendTo('topics', { type: 'user.retry' }) },
      },
      initial: 'browsing',
      states: {
        browsing: {
          on: { 'user.editIdentity': { target: 'editingIdentity', actions: 'openIdentity' } },
        },
        editingIdentity: {
          on: {
            'user.setName': { actions: assign(({ event }) => ({ name: event.name, identityError: null })) },
            'user.pickAvatar': 'uploadingAvatar',
            'user.cancelIdentity': 'browsing',
            'user.saveIdentity': [
              { guard: 'nameOk', target: 'savingIdentity' },
              { actions: assign({ showNameError: true }) },
            ],
          },
        },
        uploadingAvatar: {
          tags: ['busy'],
          entry: assign({ identityError: null }),
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ event }) => ({ file: (event as Extract<ForumBoardEvent, { type: 'user.pickAvatar' }>).file }),
            onDone: {
              target: 'editingIdentity',
              actions: assign(({ event }) => ({ avatarKey: event.output.key, avatarUrl: event.output.url })),
            },
            onError: {
              target: 'editingIdentity',
              actions: assign({ identityError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        savingIdentity: {
          tags: ['busy'],
          entry: assign({ identityError: null }),
          invoke: {
            id: 'saveIdentity',
            src: 'saveIdentity',
            input: ({ context }): IdentityRequest => ({
              taskHashId: context.taskHashId,
              name: context.name.trim(),
              ...(context.avatarKey !== undefined ? { avatarKey: context.avatarKey } : {}),
            }),
            onDone: {
              target: 'browsing',
              actions: [
                assign(({ event }) => ({ member: event.output })),
                { type: 'storeForum', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'editingIdentity',
              actions: assign({ identityError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type ForumBoardSnapshot = SnapshotFrom<typeof forumBoardMachine>;
export type ForumBoardActor = ActorRefFrom<typeof forumBoardMachine>;

export type ForumBoardStatus = 'loading' | 'failed' | 'notFound' | 'visitor' | 'noAccess' | 'ready';
export type IdentityStatus = 'closed' | 'editing' | 'uploading' | 'saving';

/** What the board's view shows (the topic list comes from the `topics` child: `topicsOf`). */
export interface ForumBoardView {
  status: ForumBoardStatus;
  board: FocusTask | null;
  member: FocusMember | null;
  query: TopicQuery;
  error: string | null;
  identity: {
    status: IdentityStatus;
    name: string;
    avatarUrl: string | null;
    nameError: string | null;
    error: string | null;
  };
}

export function selectForumBoardView(snapshot: ForumBoardSnapshot): ForumBoardView {
  const c = snapshot.context;
  const value = snapshot.value;
  const status: ForumBoardStatus = typeof value === 'string' ? (value as ForumBoardStatus) : 'ready';
  const sub = typeof value === 'object' ? (value as { ready: string }).ready : null;
  const identityStatus: IdentityStatus =
    sub === 'editingIdentity'
      ? 'editing'
      : sub === 'uploadingAvatar'
        ? 'uploading'
        : sub === 'savingIdentity'
          ? 'saving'
          : 'closed';
  return {
    status,
    board: c.board,
    member: c.member,
    query: c.query,
    error: c.error,
    identity: {
      status: identityStatus,
      name: c.name,
      avatarUrl: c.avatarUrl,
      nameError: c.showNameError ? nameProblem(c) : null,
      error: c.identityError,
    },
  };
}

/** The topic list's snapshot (null before `ready`). */
export function topicsOf(snapshot: ForumBoardSnapshot): PagedListSnapshot | null {
  const child = snapshot.children.topics as ActorRefFrom<typeof pagedListMachine> | undefined;
  return child ? child.getSnapshot() : null;
}
