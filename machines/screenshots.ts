import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fileProblem, type UploadModule } from '../openapi/rules/uploads';
import {
  NETWORK_MESSAGE,
  isNoAnswer,
  tooLargeMessage,
  wrongTypeMessage,
  type FileFacts,
  type PickedFile,
  type UploadedObject,
} from './avatarUpload';
import { errorMessage, notProvided } from './shared';

/**
 * Screenshots attached to a form (a feedback ticket, a reply): the member picks pictures, each is
 * checked (its first bytes: a picture of a type the module takes, within its size) and uploaded,
 * one at a time, in the order picked. A child of the form's machine (machines/feedback/ invokes
 * it as `screenshots`): after every change it tells its parent `screenshots.changed` with the list,
 * the keys uploaded so far and whether any is still on its way.
 *
 * States
 * - `idle`       nothing on its way; a waiting picture starts `checking` at once.
 * - `checking`   actor `inspect` reads the first waiting picture's bytes. Not a picture the module
 *                takes, or too large → that picture `failed` (not retryable: pick another); else
 *                `uploading`.
 * - `uploading`  actor `upload` (a policy for the module, then the post to the upload host). Done →
 *                the picture is `done` with its key and URL; refused or no answer → `failed` with the
 *                zh-CN reason (`user.retry { id }` uploads it again).
 *
 * Events in every state: `user.add { files }` (beyond `max` the rest are left out, with a notice),
 * `user.remove { id }` (the picture on its way is abandoned), `user.retry { id }`.
 * Actors (the app provides them, src/flows/feedback.ts): `inspect` input `{ file }` → `FileFacts`;
 * `upload` input `{ file, module }` → `UploadedObject`. Action `report` tells the parent.
 */

export type ShotStatus = 'waiting' | 'checking' | 'uploading' | 'done' | 'failed';

export interface Shot {
  id: number;
  file: PickedFile;
  status: ShotStatus;
  /** The upload's key and URL once `done`. */
  key: string | null;
  url: string | null;
  /** Why it `failed`, in zh-CN. */
  error: string | null;
  /** A failed upload may be tried again; a failed check may not (the file itself is wrong). */
  retryable: boolean;
}

export interface ScreenshotsInput {
  module: UploadModule;
  max: number;
}

export interface ScreenshotsContext extends ScreenshotsInput {
  items: Shot[];
  nextId: number;
  /** Pictures beyond `max` were left out. */
  notice: string | null;
}

/** What the parent is told after every change. */
export interface ScreenshotsSummary {
  shots: Shot[];
  /** Keys of the uploaded pictures, in the order picked. */
  keys: string[];
  /** A picture is still waiting, being checked or uploading. */
  busy: boolean;
  /** A picture failed and is still in the list. */
  failed: boolean;
  notice: string | null;
}

export type ScreenshotsChanged = { type: 'screenshots.changed' } & ScreenshotsSummary;

export type ScreenshotsEvent =
  { type: 'user.add'; files: PickedFile[] } | { type: 'user.remove'; id: number } | { type: 'user.retry'; id: number };

/** What a form keeps of its pictures (machines/feedback/, machines/forumEditor.ts): none at first. */
export const NO_SHOTS = {
  shots: [] as Shot[],
  images: [] as string[],
  shotsBusy: false,
  shotsFailed: false,
  shotsNotice: null as string | null,
};

/** The form's copy of what its `screenshots` child told it last. */
export const shotsOf = (event: ScreenshotsChanged): typeof NO_SHOTS => ({
  shots: event.shots,
  images: event.keys,
  shotsBusy: event.busy,
  shotsFailed: event.failed,
  shotsNotice: event.notice,
});

export const tooManyMessage = (max: number) => `最多上传 ${max} 张截图`;

export function summarize(context: Pick<ScreenshotsContext, 'items' | 'notice'>): ScreenshotsSummary {
  return {
    shots: context.items,
    keys: context.items.flatMap((s) => (s.status === 'done' && s.key ? [s.key] : [])),
    busy: context.items.some((s) => s.status === 'waiting' || s.status === 'checking' || s.status === 'uploading'),
    failed: context.items.some((s) => s.status === 'failed'),
    notice: context.notice,
  };
}

const current = (c: ScreenshotsContext) =>
  c.items.find((s) => s.status === 'checking' || s.status === 'uploading') ?? null;

const update = (c: ScreenshotsContext, id: number | undefined, patch: Partial<Shot>): Shot[] =>
  c.items.map((s) => (s.id === id ? { ...s, ...patch } : s));

/** The picture on its way failed: why, and whether to offer a retry. */
const failed = (c: ScreenshotsContext, error: string, retryable: boolean) => ({
  items: update(c, current(c)?.id, { status: 'failed', error, retryable }),
});

const outputOf = (event: unknown) => (event as { output: FileFacts }).output;
const errorOf = (event: unknown) => (event as { error: unknown }).error;

/** The events every state takes. */
const editing = {
  'user.add': { actions: ['add', 'report'] },
  'user.retry': { guard: 'retryable', actions: ['retry', 'report'] },
} as const;

export const screenshotsMachine = setup({
  types: {} as {
    context: ScreenshotsContext;
    events: ScreenshotsEvent;
    input: ScreenshotsInput;
    tags: 'busy';
  },
  actors: {
    inspect: fromPromise<FileFacts, { file: PickedFile }>(notProvided('screenshotsMachine', 'inspect')),
    upload: fromPromise<UploadedObject, { file: PickedFile; module: UploadModule }>(
      notProvided('screenshotsMachine', 'upload'),
    ),
  },
  guards: {
    hasWaiting: ({ context }) => context.items.some((s) => s.status === 'waiting'),
    isCurrent: ({ context, event }) => 'id' in event && current(context)?.id === event.id,
    retryable: ({ context, event }) =>
      'id' in event && context.items.some((s) => s.id === event.id && s.status === 'failed' && s.retryable),
    wrongType: ({ context, event }) => {
      const problem = fileProblem(context.module, outputOf(event));
      return problem === 'type' || problem === 'empty';
    },
    tooLarge: ({ context, event }) => fileProblem(context.module, outputOf(event)) === 'size',
    noAnswer: ({ event }) => isNoAnswer(errorOf(event)),
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'user.add') return {};
      const room = Math.max(0, context.max - context.items.length);
      const taken = event.files.slice(0, room);
      const added = taken.map((file, i): Shot => ({
        id: context.nextId + i,
        file,
        status: 'waiting',
        key: null,
        url: null,
        error: null,
        retryable: false,
      }));
      return {
        items: [...context.items, ...added],
        nextId: context.nextId + added.length,
        notice: event.files.length > room ? tooManyMessage(context.max) : null,
      };
    }),
    remove: assign(({ context, event }) =>
      event.type === 'user.remove' ? { items: context.items.filter((s) => s.id !== event.id), notice: null } : {},
    ),
    retry: assign(({ context, event }) =>
      event.type === 'user.retry' ? { items: update(context, event.id, { status: 'waiting', error: null }) } : {},
    ),
    /** The first waiting picture is the one on its way now. */
    startNext: assign(({ context }) => {
      const next = context.items.find((s) => s.status === 'waiting');
      return { items: update(context, next?.id, { status: 'checking' }) };
    }),
    notAPicture: assign(({ context }) => failed(context, wrongTypeMessage(context.module), false)),
    tooLarge: assign(({ context, event }) =>
      failed(context, tooLargeMessage(outputOf(event).size, context.module), false),
    ),
    lost: assign(({ context }) => failed(context, NETWORK_MESSAGE, true)),
    refused: assign(({ context, event }) => failed(context, errorMessage(errorOf(event)), true)),
    report: sendParent(({ context }): ScreenshotsChanged => ({ type: 'screenshots.changed', ...summarize(context) })),
  },
}).createMachine({
  id: 'screenshots',
  context: ({ input }) => ({ module: input.module, max: input.max, items: [], nextId: 1, notice: null }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasWaiting', target: 'checking' },
      on: { ...editing, 'user.remove': { actions: ['remove', 'report'] } },
    },
    checking: {
      tags: ['busy'],
      entry: ['startNext', 'report'],
      invoke: {
        id: 'inspect',
        src: 'inspect',
        input: ({ context }) => ({ file: current(context)!.file }),
        onDone: [
          {
            guard: 'wrongType',
            target: 'idle',
            actions: ['notAPicture', 'report'],
          },
          {
            guard: 'tooLarge',
            target: 'idle',
            actions: ['tooLarge', 'report'],
          },
          {
            target: 'uploading',
            actions: [
              assign(({ context }) => ({ items: update(context, current(context)?.id, { status: 'uploading' }) })),
              'report',
            ],
          },
        ],
        onError: { target: 'idle', actions: ['notAPicture', 'report'] },
      },
      on: {
        ...editing,
        'user.remove': [
          { guard: 'isCurrent', target: 'idle', actions: ['remove', 'report'] },
          { actions: ['remove', 'report'] },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ file: current(context)!.file, module: context.module }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              items: update(context, current(context)?.id, {
                status: 'done',
                key: event.output.key,
                url: event.output.url,
              }),
            })),
            'report',
          ],
        },
        onError: [
          { guard: 'noAnswer', target: 'idle', actions: ['lost', 'report'] },
          { target: 'idle', actions: ['refused', 'report'] },
        ],
      },
      on: {
        ...editing,
        'user.remove': [
          { guard: 'isCurrent', target: 'idle', actions: ['remove', 'report'] },
          { actions: ['remove', 'report'] },
        ],
      },
    },
  },
});

export type ScreenshotsSnapshot = SnapshotFrom<typeof screenshotsMachine>;
export type ScreenshotsActor = ActorRefFrom<typeof screenshotsMachine>;
