import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import type { FocusProgress } from '../openapi/schemas/forum';
import { errorMessage, notProvided } from './shared';

/**
 * A moderator marks a respondent of a discussion group complete (标记为完成 on the respondent's
 * 发言记录): the task completes and its 微豆 are paid once, so it is confirmed first. The page
 * shows the respondent's progress before; the confirmation repeats who, what they answered and how
 * many 微豆 will be paid.
 *
 * States
 * - `idle`        nothing open. `user.complete` → `confirming`.
 * - `confirming`  the confirmation shows (确认 / 取消). `user.confirm` → `completing`;
 *                 `user.cancel` → `idle`. A failed mark comes back here with `error`.
 * - `completing`  actor `complete` ({ memberId }) → `completed` with the new `progress` (action
 *                 `completed`: the page reads the respondent again) | `confirming` + `error`.
 *                 The server marks once, so a retry after an unclear failure pays nothing twice.
 * - `completed`   done: `progress` says what was paid. `user.close` → `idle`.
 *
 * Tags: `busy` (completing), `open` (confirming, completing, completed: the dialog shows).
 */

export type ForumProgressData = z.output<typeof FocusProgress>;

export interface ForumCompleteInput {
  memberId: number;
}

export interface ForumCompleteContext {
  memberId: number;
  progress: ForumProgressData | null;
  error: string | null;
}

export type ForumCompleteEvent =
  { type: 'user.complete' } | { type: 'user.confirm' } | { type: 'user.cancel' } | { type: 'user.close' };

export const forumCompleteMachine = setup({
  types: {} as {
    input: ForumCompleteInput;
    context: ForumCompleteContext;
    events: ForumCompleteEvent;
    tags: 'busy' | 'open';
  },
  actors: {
    complete: fromPromise<ForumProgressData, ForumCompleteInput>(notProvided('forumCompleteMachine', 'complete')),
  },
  actions: {
    /** The respondent is complete: the page reads their progress again. */
    completed: () => {},
  },
}).createMachine({
  id: 'forumComplete',
  context: ({ input }) => ({ memberId: input.memberId, progress: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.complete': { target: 'confirming', actions: assign({ error: null }) } },
    },
    confirming: {
      tags: ['open'],
      on: {
        'user.confirm': { target: 'completing', actions: assign({ error: null }) },
        'user.cancel': { target: 'idle', actions: assign({ error: null }) },
      },
    },
    completing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'completed', actions: [assign({ progress: ({ event }) => event.output }), 'completed'] },
        onError: { target: 'confirming', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    completed: {
      tags: ['open'],
      on: { 'user.close': 'idle' },
    },
  },
});

export type ForumCompleteActor = ActorRefFrom<typeof forumCompleteMachine>;
export type ForumCompleteSnapshot = SnapshotFrom<typeof forumCompleteMachine>;

export type ForumCompleteStep = 'idle' | 'confirming' | 'completing' | 'completed';

/** Plain props for the view. */
export function selectForumComplete(s: ForumCompleteSnapshot) {
  return {
    step: s.value as ForumCompleteStep,
    error: s.context.error,
    progress: s.context.progress,
    canConfirm: s.can({ type: 'user.confirm' }),
  };
}
