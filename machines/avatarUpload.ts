import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import {
  UPLOAD_LIMITS,
  acceptWords,
  fileProblem,
  formatSize,
  type ImageType,
  type UploadModule,
} from '../openapi/rules/uploads';
import type { OssPolicy } from '../openapi/schemas/oss';
import { NETWORK_ERROR_MSG, errorMessage, notProvided } from './shared';

/**
 * Changing the avatar (头像) on the personal centre: the member picks a picture, the page checks
 * it, gets an upload policy, posts the file to the upload host, then sets it as the avatar.
 *
 * States
 * - `idle`          nothing picked. `user.pick { file }` → `checking`.
 * - `checking`      actor `inspect` reads the file's first bytes: its real type (magic bytes) and
 *                   size. Not a PNG/JPEG/GIF/WebP (or empty, or unreadable) → `wrongType`; over
 *                   the avatar's size → `tooLarge`; else → `gettingPolicy`.
 * - `gettingPolicy` actor `policy` (GET /v1/oss/policy?module=avatar). Done → `uploading`; no
 *                   answer → `network`; a refusal (too many in a short time…) → `policyRefused`.
 * - `uploading`     actor `upload` posts the form to the policy's host. Done → `saving` with the
 *                   object's key and URL; refused by the host (an OSS error code, in zh-CN words) →
 *                   `uploadRefused`; no answer → `network`.
 * - `saving`        actor `save` (POST /v1/users/avatar with the key). Done → `done` (action
 *                   `changed`: the app shows the new avatar everywhere); refused → `saveRefused`;
 *                   no answer → `network`.
 * - `done`          the new avatar is set.
 * - `wrongType`, `tooLarge`, `policyRefused`, `uploadRefused`, `saveRefused`: the zh-CN `error`.
 * - `network`       no answer: `user.retry` goes on where it stopped (saving again when the file is
 *                   already uploaded, else a new policy and upload).
 *
 * Every state but the busy ones takes `user.pick` (a new picture → `checking`) and `user.dismiss`
 * (→ `idle`). Tags: `busy` (checking, gettingPolicy, uploading, saving).
 * Actors (the app provides them, src/flows/upload.ts): `inspect` input `{ file }` → `FileFacts`;
 * `policy` input `{ module }` → `UploadPolicy`; `upload` input `{ policy, file }` → `UploadedObject`
 * (rejects with an `UploadRefusal` when the host refuses); `save` input `{ key }` → `{ avatar }`.
 */

export const AVATAR_MODULE: UploadModule = 'avatar';

/** The picked file, as far as the machine needs it (the app passes the browser's File). */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** What the file's bytes say: its size and the image type its magic bytes are (null: none we take). */
export interface FileFacts {
  size: number;
  sniffed: ImageType | null;
}

export type UploadPolicy = z.output<typeof OssPolicy>;

export interface UploadedObject {
  key: string;
  url: string;
}

/** The upload host refused the file: its error code and what it means for the member, in zh-CN. */
export interface UploadRefusal {
  ossCode: string;
  msg: string;
}

export const isUploadRefusal = (e: unknown): e is UploadRefusal =>
  typeof e === 'object' && e !== null && typeof (e as { ossCode?: unknown }).ossCode === 'string';

/** An API failure without any answer (the API client's code 0), or a thrown fetch. */
export const isNoAnswer = (e: unknown): boolean => {
  if (isUploadRefusal(e)) return false;
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code !== 'number' || code === 0;
};

export const wrongTypeMessage = (module: UploadModule = AVATAR_MODULE) => `请选择${acceptWords(module)}`;
export const tooLargeMessage = (size: number, module: UploadModule = AVATAR_MODULE) =>
  `图片有 ${formatSize(size)}，不能超过 ${formatSize(UPLOAD_LIMITS[module].maxSize)}，请换一张或压缩后再试`;
export const NETWORK_MESSAGE = `${NETWORK_ERROR_MSG}，请检查网络后重试`;

export type AvatarUploadEvent =
  { type: 'user.pick'; file: PickedFile } | { type: 'user.retry' } | { type: 'user.dismiss' };

export interface AvatarUploadContext {
  file: PickedFile | null;
  policy: UploadPolicy | null;
  uploaded: UploadedObject | null;
  avatar: string | null;
  error: string | null;
}

const empty: AvatarUploadContext = { file: null, policy: null, uploaded: null, avatar: null, error: null };

const pick = { target: '#avatarUpload.checking', actions: 'start' } as const;
const dismiss = { target: '#avatarUpload.idle' } as const;
const settled = { on: { 'user.pick': pick, 'user.dismiss': dismiss } };

export const avatarUploadMachine = setup({
  types: {} as { context: AvatarUploadContext; events: AvatarUploadEvent; tags: 'busy' },
  actors: {
    inspect: fromPromise<FileFacts, { file: PickedFile }>(notProvided('avatarUploadMachine', 'inspect')),
    policy: fromPromise<UploadPolicy, { module: UploadModule }>(notProvided('avatarUploadMachine', 'policy')),
    upload: fromPromise<UploadedObject, { policy: UploadPolicy; file: PickedFile }>(
      notProvided('avatarUploadMachine', 'upload'),
    ),
    save: fromPromise<{ avatar: string }, { key: string }>(notProvided('avatarUploadMachine', 'save')),
  },
  guards: {
    wrongType: ({ event }) => {
      const facts = (event as { output?: FileFacts }).output!;
      const problem = fileProblem(AVATAR_MODULE, facts);
      return problem === 'type' || problem === 'empty';
    },
    tooLarge: ({ event }) => fileProblem(AVATAR_MODULE, (event as { output?: FileFacts }).output!) === 'size',
    noAnswer: ({ event }) => isNoAnswer((event as { error?: unknown }).error),
    refusedByHost: ({ event }) => isUploadRefusal((event as { error?: unknown }).error),
    uploaded: ({ context }) => context.uploaded !== null,
  },
  actions: {
    /** A new picture: everything of the last one forgotten. */
    start: assign(({ event }) => ({ ...empty, file: (event as { file: PickedFile }).file })),
    noAnswer: assign({ error: NETWORK_MESSAGE }),
    refused: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    /** The app shows the new avatar (header, page) (provided with `machine.provide`). */
    changed: () => {},
  },
}).createMachine({
  id: 'avatarUpload',
  context: empty,
  initial: 'idle',
  states: {
    idle: {
      entry: assign(empty),
      on: { 'user.pick': pick },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'inspect',
        src: 'inspect',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          { guard: 'wrongType', target: 'wrongType', actions: assign({ error: () => wrongTypeMessage() }) },
          {
            guard: 'tooLarge',
            target: 'tooLarge',
            actions: assign({ error: ({ event }) => tooLargeMessage(event.output.size) }),
          },
          { target: 'gettingPolicy' },
        ],
        onError: { target: 'wrongType', actions: assign({ error: () => wrongTypeMessage() }) },
      },
    },
    gettingPolicy: {
      tags: ['busy'],
      invoke: {
        id: 'policy',
        src: 'policy',
        input: () => ({ module: AVATAR_MODULE }),
        onDone: { target: 'uploading', actions: assign({ policy: ({ event }) => event.output }) },
        onError: [
          { guard: 'noAnswer', target: 'network', actions: 'noAnswer' },
          { target: 'policyRefused', actions: 'refused' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ policy: context.policy!, file: context.file! }),
        onDone: { target: 'saving', actions: assign({ uploaded: ({ event }) => event.output }) },
        onError: [
          { guard: 'refusedByHost', target: 'uploadRefused', actions: 'refused' },
          { target: 'network', actions: 'noAnswer' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ key: context.uploaded!.key }),
        onDone: { target: 'done', actions: [assign({ avatar: ({ event }) => event.output.avatar }), 'changed'] },
        onError: [
          { guard: 'noAnswer', target: 'network', actions: 'noAnswer' },
          { target: 'saveRefused', actions: 'refused' },
        ],
      },
    },
    done: settled,
    wrongType: settled,
    tooLarge: settled,
    policyRefused: settled,
    uploadRefused: settled,
    saveRefused: settled,
    network: {
      on: {
        'user.retry': [{ guard: 'uploaded', target: 'saving' }, { target: 'gettingPolicy' }],
        'user.pick': pick,
        'user.dismiss': dismiss,
      },
    },
  },
});

export type AvatarUploadSnapshot = SnapshotFrom<typeof avatarUploadMachine>;
export type AvatarUploadActor = ActorRefFrom<typeof avatarUploadMachine>;

export type AvatarUploadStep =
  | 'idle'
  | 'checking'
  | 'gettingPolicy'
  | 'uploading'
  | 'saving'
  | 'done'
  | 'wrongType'
  | 'tooLarge'
  | 'policyRefused'
  | 'uploadRefused'
  | 'saveRefused'
  | 'network';

/** Plain props of the avatar uploader (besides the current avatar and the preview). */
export interface AvatarUploadView {
  step: AvatarUploadStep;
  /** The picked file's name, while one is being handled or its outcome shown. */
  fileName: string | null;
  /** The avatar just set (`done`). */
  avatar: string | null;
  error: string | null;
  busy: boolean;
  canPick: boolean;
  canRetry: boolean;
  canDismiss: boolean;
}

export function selectAvatarUploadView(snapshot: AvatarUploadSnapshot): AvatarUploadView {
  const c = snapshot.context;
  return {
    step: snapshot.value as AvatarUploadStep,
    fileName: c.file?.name ?? null,
    avatar: c.avatar,
    error: c.error,
    busy: snapshot.hasTag('busy'),
    canPick: snapshot.can({ type: 'user.pick', file: { name: '', size: 0, type: '' } }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canDismiss: snapshot.can({ type: 'user.dismiss' }),
  };
}
