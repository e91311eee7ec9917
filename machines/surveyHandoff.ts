import type { z } from 'zod';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import type { TaskKind as TaskKindSchema, TaskOutcome as TaskOutcomeSchema } from '../openapi/schemas/tasks';
import { everySecond, notProvided } from './shared';
import {
  REFUSAL_BY_BLOCK,
  REFUSAL_TEXT,
  codeOf,
  failureMessage,
  isExternal,
  refusalOf,
  rejectionOf,
  remainingOf,
  type Refusal,
  type Rejection,
  type TaskBlock,
} from './shared/handoffRefusals';

export {
  NETWORK_MSG,
  REFUSAL_TEXT,
  REJECTION_TEXT,
  failureMessage,
  isExternal,
  refusalOf,
  rejectionOf,
  remainingOf,
} from './shared/handoffRefusals';
export type { Refusal, RefusalReason, Rejection, RejectionReason, TaskBlock } from './shared/handoffRefusals';

/**
 * The survey hand-off and callback flow: one machine
 * behind the hand-off screens (`/task/go` …), the return screens (`/task/back` …, `/callback.php`,
 * `/survey/end`) and the watch/browse screen (`/browse/redirect`). The page says which part it
 * is with `input.mode`.
 *
 * States
 * - `entry`          (transient) not logged in → `loginRequired`; a link without what its mode
 *                    needs → `invalidLink`; else by mode: handoff → `loadingTask`, return →
 *                    `returning`, outcome → `loadingOutcome`, watch → `loadingTarget`.
 * - `loginRequired`  the routes are public, the calls are not: `user.login` → effect `goToLogin`
 *                    with the current path + query, so the login comes back to the same URL and
 *                    a partner's callback is not lost.
 * - `invalidLink`    the link lacks its task id / respondent id: nothing to do but leave.
 * - `loadingTask`    actor `loadTask` (task detail: title, points, consolation points, whether it
 *                    can start). Blocked (except `joined`) → `refused`; else → `starting`.
 * - `starting`       actor `startTask` (POST /v1/process/tasks/{id}/start). Done (also the normal
 *                    result 5013 ALREADY_JOINED, whose entry URL is the result page) → `redirecting`;
 *                    a refusal code → `refused`; anything else → `failed`.
 * - `redirecting`    entry: effect `redirect { url, external }` — absolute partner URLs leave the
 *                    site, in-site paths (/task/poll/…, /browse/redirect…, /survey/end…) are routed.
 *                    `user.redirect` runs it again (“没有自动跳转？”).
 * - `refused`        the task cannot be started: `refusal { reason, message }` (zh-CN).
 * - `returning`      actor `submitCallback` (POST /v1/process/tasks/callback with the full path and
 *                    query the partner sent back). Done → `settled`; CALLBACK_INVALID /
 *                    PARTICIPATION_FOREIGN / CALLBACK_EXPIRED → `rejected`; else → `failed`.
 * - `loadingOutcome` actor `loadOutcome` (GET /v1/process/participations/{rid}). Done →
 *                    `settled`; foreign / not found → `rejected`; else → `failed`.
 * - `settled`        the outcome (join result 0–8, points, points status, low-quality reasons).
 *                    Join result 0 means the partner has not answered yet: `user.refresh` →
 *                    `loadingOutcome`.
 * - `rejected`       `rejection { reason, message }`: forged or tampered link, another member's
 *                    record, an expired link, an unknown record. Nothing was credited.
 * - `loadingTarget`  actor `loadTarget` (GET /v1/browse/redirect): the page to watch and the
 *                    seconds to stay. Done → `watching`; not found → `rejected`; else → `failed`.
 * - `watching`       actor `countdown` (a ticker with cleanup) sends `clock.tick` each second;
 *                    `remaining` reaches 0 → `claimable`.
 * - `claimable`      `user.claim` → `claiming`.
 * - `claiming`       actor `finishWatch` (POST /v1/process/participations/{rid}/finish). Done →
 *                    `settled`; WATCH_TOO_SHORT (a normal refusal) → `watching` for the seconds the
 *                    server says are left, with a notice; foreign / not found → `rejected`; a
 *                    network or other failure → `claimable` with a notice (try again).
 * - `failed`         a network or server failure on the process path (silent in the client per
 *                    spec §8, so the page shows it): `error`; `user.retry` repeats the failed step.
 *
 * Events: `user.login`, `user.redirect`, `user.retry`, `user.refresh`, `user.claim`, `clock.tick`.
 * Tags: `busy` (every loading/submitting state). Effects (the app provides them with
 * `machine.provide({ actions })`): `redirect { url, external }`, `goToLogin { redirect }`.
 * Actors (the app provides them): `loadTask`, `startTask`, `submitCallback`, `loadOutcome`,
 * `loadTarget`, `finishWatch`, `countdown`.
 */

export type TaskKind = z.output<typeof TaskKindSchema>;
export type TaskOutcome = z.output<typeof TaskOutcomeSchema>;

/** What the hand-off screen shows before leaving (from the task detail). */
export interface TaskBrief {
  hashId: string;
  title: string;
  kind: TaskKind;
  points: number;
  screenOutPoints: number;
  quotaFullPoints: number;
  minutes: number;
  /** The detail's `block` (null: can start). */
  block: TaskBlock | null;
  /** The detail's zh-CN `blockMessage`. */
  blockMessage: string | null;
}

/** What `startTask` resolves: the start, and whether it was the normal result 5013. */
export interface StartOutcome {
  respondentId: string;
  kind: TaskKind;
  entryUrl: string;
  seconds: number;
  resumed: boolean;
  alreadyJoined: boolean;
}

/** What `loadTarget` resolves. */
export interface WatchTarget {
  url: string;
  seconds: number;
  points: number;
}

export type HandoffMode = 'handoff' | 'return' | 'outcome' | 'watch';

export interface HandoffInput {
  mode: HandoffMode;
  loggedIn: boolean;
  /** The current path + query: where a login comes back to. */
  here: string;
  /** handoff: `?id=` (task hash id). */
  taskHashId?: string | null;
  /** return: the full path + query the partner sent the member back to. */
  callbackUrl?: string | null;
  /** outcome, watch: `?rid=`. */
  rid?: string | null;
  /** watch: `?taskId=`. */
  taskId?: number | null;
}

/** The step a `failed` retry repeats. */
export type Step = 'loadTask' | 'startTask' | 'submitCallback' | 'loadOutcome' | 'loadTarget';

export interface HandoffContext {
  mode: HandoffMode;
  loggedIn: boolean;
  here: string;
  taskHashId: string | null;
  callbackUrl: string | null;
  rid: string | null;
  taskId: number | null;
  task: TaskBrief | null;
  start: StartOutcome | null;
  outcome: TaskOutcome | null;
  refusal: Refusal | null;
  rejection: Rejection | null;
  target: WatchTarget | null;
  /** Seconds left before 领取微豆 (watch). */
  remaining: number;
  /** A non-blocking notice (watch: too short / claim failed). */
  notice: string | null;
  /** The failed step's zh-CN message (`failed`). */
  error: string | null;
  failedStep: Step | null;
}

export type HandoffEvent =
  | { type: 'user.login' }
  | { type: 'user.redirect' }
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'user.claim' }
  | { type: 'clock.tick' };

const isBlocked = (task: TaskBrief) => task.block !== null && task.block !== 'joined';

export const surveyHandoffMachine = setup({
  types: {} as { context: HandoffContext; events: HandoffEvent; input: HandoffInput; tags: 'busy' },
  actors: {
    loadTask: fromPromise<TaskBrief, { taskHashId: string }>(notProvided('surveyHandoffMachine', 'loadTask')),
    startTask: fromPromise<StartOutcome, { taskHashId: string }>(notProvided('surveyHandoffMachine', 'startTask')),
    submitCallback: fromPromise<TaskOutcome, { url: string }>(notProvided('surveyHandoffMachine', 'submitCallback')),
    loadOutcome: fromPromise<TaskOutcome, { rid: string }>(notProvided('surveyHandoffMachine', 'loadOutcome')),
    loadTarget: fromPromise<WatchTarget, { taskId: number }>(notProvided('surveyHandoffMachine', 'loadTarget')),
    finishWatch: fromPromise<TaskOutcome, { rid: string }>(notProvided('surveyHandoffMachine', 'finishWatch')),
    /** Sends `clock.tick` every second until stopped. */
    countdown: everySecond('clock.tick'),
  },
  guards: {
    loggedOut: ({ context }) => !context.loggedIn,
    missingParams: ({ context }) => {
      switch (context.mode) {
        case 'handoff':
          return !context.taskHashId;
        case 'return':
          return !context.callbackUrl;
        case 'outcome':
          return !context.rid;
        case 'watch':
          return !context.rid || context.taskId === null;
      }
    },
    isHandoff: ({ context }) => context.mode === 'handoff',
    isReturn: ({ context }) => context.mode === 'return',
    isOutcome: ({ context }) => context.mode === 'outcome',
    taskBlocked: ({ event }) => isBlocked((event as unknown as { output: TaskBrief }).output),
    isRefusal: ({ event }) => refusalOf((event as unknown as { error: unknown }).error) !== null,
    isRejection: ({ event }) => rejectionOf((event as unknown as { error: unknown }).error) !== null,
    isTooShort: ({ event }) => codeOf((event as unknown as { error: unknown }).error) === Code.WATCH_TOO_SHORT,
    countdownDone: ({ context }) => context.remaining <= 0,
    notSettledYet: ({ context }) => context.outcome?.joinResult === 0 && context.rid !== null,
    retryLoadTask: ({ context }) => context.failedStep === 'loadTask',
    retryStartTask: ({ context }) => context.failedStep === 'startTask',
    retrySubmitCallback: ({ context }) => context.failedStep === 'submitCallback',
    retryLoadOutcome: ({ context }) => context.failedStep === 'loadOutcome',
    retryLoadTarget: ({ context }) => context.failedStep === 'loadTarget',
  },
  actions: {
    /** Leave for the task: absolute URLs with a full page load, in-site paths with the router. */
    redirect: (_, _params: { url: string; external: boolean }) => {},
    /** To /login?redirect=<here>. */
    goToLogin: (_, _params: { redirect: string }) => {},
    /** A failed step: its message, and which step `user.retry` runs again. */
    failStep: assign(({ event }, params: { step: Step }) => ({
      error: failureMessage((event as unknown as { error: unknown }).error),
      failedStep: params.step,
    })),
    refuseFromError: assign({
      refusal: ({ event }) => refusalOf((event as unknown as { error: unknown }).error),
    }),
    rejectFromError: assign({
      rejection: ({ event }) => rejectionOf((event as unknown as { error: unknown }).error),
    }),
    settle: assign(({ event, context }) => {
      const outcome = (event as unknown as { output: TaskOutcome }).output;
      return { outcome, rid: context.rid ?? outcome.respondentId, notice: null };
    }),
  },
}).createMachine({
  id: 'surveyHandoff',
  context: ({ input }) => ({
    mode: input.mode,
    loggedIn: input.loggedIn,
    here: input.here,
    taskHashId: input.taskHashId?.trim() || null,
    callbackUrl: input.callbackUrl || null,
    rid: input.rid?.trim() || null,
    taskId: input.taskId != null && Number.isSafeInteger(input.taskId) && input.taskId > 0 ? input.taskId : null,
    task: null,
    start: null,
    outcome: null,
    refusal: null,
    rejection: null,
    target: null,
    remaining: 0,
    notice: null,
    error: null,
    failedStep: null,
  }),
  initial: 'entry',
  states: {
    entry: {
      always: [
        { guard: 'loggedOut', target: 'loginRequired' },
        { guard: 'missingParams', target: 'invalidLink' },
        { guard: 'isHandoff', target: 'loadingTask' },
        { guard: 'isReturn', target: 'returning' },
        { guard: 'isOutcome', target: 'loadingOutcome' },
        { target: 'loadingTarget' },
      ],
    },
    loginRequired: {
      on: {
        'user.login': { actions: { type: 'goToLogin', params: ({ context }) => ({ redirect: context.here }) } },
      },
    },
    invalidLink: {},
    loadingTask: {
      tags: ['busy'],
      invoke: {
        id: 'loadTask',
        src: 'loadTask',
        input: ({ context }) => ({ taskHashId: context.taskHashId! }),
        onDone: [
          {
            guard: 'taskBlocked',
            target: 'refused',
            actions: assign(({ event }) => {
              const reason = REFUSAL_BY_BLOCK[event.output.block as Exclude<TaskBlock, 'joined'>];
              return {
                task: event.output,
                refusal: { reason, message: event.output.blockMessage || REFUSAL_TEXT[reason].message },
              };
            }),
          },
          { target: 'starting', actions: assign({ task: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isRefusal', target: 'refused', actions: 'refuseFromError' },
          { target: 'failed', actions: { type: 'failStep', params: { step: 'loadTask' } } },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startTask',
        src: 'startTask',
        input: ({ context }) => ({ taskHashId: context.taskHashId! }),
        onDone: {
          target: 'redirecting',
          actions: assign(({ event }) => ({ start: event.output, rid: event.output.respondentId })),
        },
        onError: [
          { guard: 'isRefusal', target: 'refused', actions: 'refuseFromError' },
          { target: 'failed', actions: { type: 'failStep', params: { step: 'startTask' } } },
        ],
      },
    },
    redirecting: {
      entry: {
        type: 'redirect',
        params: ({ context }) => ({ url: context.start!.entryUrl, external: isExternal(context.start!.entryUrl) }),
      },
      on: {
        'user.redirect': {
          actions: {
            type: 'redirect',
            params: ({ context }) => ({ url: context.start!.entryUrl, external: isExternal(context.start!.entryUrl) }),
          },
        },
      },
    },
    refused: {},
    returning: {
      tags: ['busy'],
      invoke: {
        id: 'submitCallback',
        src: 'submitCallback',
        input: ({ context }) => ({ url: context.callbackUrl! }),
        onDone: { target: 'settled', actions: 'settle' },
        onError: [
          { guard: 'isRejection', target: 'rejected', actions: 'rejectFromError' },
          { target: 'failed', actions: { type: 'failStep', params: { step: 'submitCallback' } } },
        ],
      },
    },
    loadingOutcome: {
      tags: ['busy'],
      invoke: {
        id: 'loadOutcome',
        src: 'loadOutcome',
        input: ({ context }) => ({ rid: context.rid! }),
        onDone: { target: 'settled', actions: 'settle' },
        onError: [
          { guard: 'isRejection', target: 'rejected', actions: 'rejectFromError' },
          { target: 'failed', actions: { type: 'failStep', params: { step: 'loadOutcome' } } },
        ],
      },
    },
    settled: {
      on: { 'user.refresh': { guard: 'notSettledYet', target: 'loadingOutcome' } },
    },
    rejected: {},
    loadingTarget: {
      tags: ['busy'],
      invoke: {
        id: 'loadTarget',
        src: 'loadTarget',
        input: ({ context }) => ({ taskId: context.taskId! }),
        onDone: {
          target: 'watching',
          actions: assign(({ event }) => ({ target: event.output, remaining: event.output.seconds })),
        },
        onError: [
          { guard: 'isRejection', target: 'rejected', actions: 'rejectFromError' },
          { target: 'failed', actions: { type: 'failStep', params: { step: 'loadTarget' } } },
        ],
      },
    },
    watching: {
      always: { guard: 'countdownDone', target: 'claimable' },
      invoke: { id: 'countdown', src: 'countdown' },
      on: {
        'clock.tick': { actions: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }) },
      },
    },
    claimable: {
      on: { 'user.claim': { target: 'claiming' } },
    },
    claiming: {
      tags: ['busy'],
      entry: assign({ notice: null }),
      invoke: {
        id: 'finishWatch',
        src: 'finishWatch',
        input: ({ context }) => ({ rid: context.rid! }),
        onDone: { target: 'settled', actions: 'settle' },
        onError: [
          {
            guard: 'isTooShort',
            target: 'watching',
            actions: assign(({ event }) => {
              const left = remainingOf(event.error);
              return { remaining: left, notice: `停留时间还不够，再等 ${left} 秒就可以领取了。` };
            }),
          },
          { guard: 'isRejection', target: 'rejected', actions: 'rejectFromError' },
          {
            target: 'claimable',
            actions: assign({ notice: ({ event }) => `领取失败：${failureMessage(event.error)}` }),
          },
        ],
      },
    },
    failed: {
      on: {
        'user.retry': [
          { guard: 'retryLoadTask', target: 'loadingTask' },
          { guard: 'retryStartTask', target: 'starting' },
          { guard: 'retrySubmitCallback', target: 'returning' },
          { guard: 'retryLoadOutcome', target: 'loadingOutcome' },
          { guard: 'retryLoadTarget', target: 'loadingTarget' },
        ],
      },
      exit: assign({ error: null, failedStep: null }),
    },
  },
});

export type HandoffSnapshot = SnapshotFrom<typeof surveyHandoffMachine>;
export type HandoffActor = ActorRefFrom<typeof surveyHandoffMachine>;

export type HandoffStatus =
  | 'loginRequired'
  | 'invalidLink'
  | 'loadingTask'
  | 'starting'
  | 'redirecting'
  | 'refused'
  | 'returning'
  | 'loadingOutcome'
  | 'settled'
  | 'rejected'
  | 'loadingTarget'
  | 'watching'
  | 'claimable'
  | 'claiming'
  | 'failed';

/** Plain props for the hand-off/return/watch views. */
export interface HandoffView {
  status: HandoffStatus;
  mode: HandoffMode;
  busy: boolean;
  task: TaskBrief | null;
  /** Where the hand-off goes (redirecting). */
  destination: { url: string; external: boolean; kind: TaskKind; resumed: boolean; alreadyJoined: boolean } | null;
  refusal: Refusal | null;
  rejection: Rejection | null;
  outcome: TaskOutcome | null;
  /** The respondent id known so far (start, link, outcome), for support. */
  rid: string | null;
  target: WatchTarget | null;
  remaining: number;
  notice: string | null;
  error: string | null;
  canLogin: boolean;
  canRedirect: boolean;
  canRetry: boolean;
  canRefresh: boolean;
  canClaim: boolean;
}

export function selectHandoffView(snapshot: HandoffSnapshot): HandoffView {
  const c = snapshot.context;
  const status = snapshot.value as HandoffStatus;
  return {
    status,
    mode: c.mode,
    busy: snapshot.hasTag('busy'),
    task: c.task,
    destination:
      status === 'redirecting' && c.start
        ? {
            url: c.start.entryUrl,
            external: isExternal(c.start.entryUrl),
            kind: c.start.kind,
            resumed: c.start.resumed,
            alreadyJoined: c.start.alreadyJoined,
          }
        : null,
    refusal: status === 'refused' ? c.refusal : null,
    rejection: status === 'rejected' ? c.rejection : null,
    outcome: status === 'settled' ? c.outcome : null,
    rid: c.rid,
    target: c.target,
    remaining: c.remaining,
    notice: c.notice,
    error: status === 'failed' ? c.error : null,
    canLogin: snapshot.can({ type: 'user.login' }),
    canRedirect: snapshot.can({ type: 'user.redirect' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
    canClaim: snapshot.can({ type: 'user.claim' }),
  };
}
