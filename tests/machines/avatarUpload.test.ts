import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  NETWORK_MESSAGE,
  avatarUploadMachine,
  isNoAnswer,
  isUploadRefusal,
  selectAvatarUploadView,
  tooLargeMessage,
  wrongTypeMessage,
  type AvatarUploadSnapshot,
  type AvatarUploadStep,
  type AvatarUploadView,
  type FileFacts,
  type PickedFile,
  type UploadPolicy,
  type UploadedObject,
} from '../../machines/avatarUpload';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the avatar upload (check the file → policy → upload → save): every state and
 * transition on some path; after each path the uploader's props are checked against an oracle
 * worked out from the events alone, and so are the calls (what was inspected, uploaded and saved,
 * how often) and how often the app was told the avatar changed.
 */

const file: PickedFile = { name: 'me.png', size: 48_213, type: 'image/png' };
const ok: FileFacts = { size: 48_213, sniffed: 'image/png' };
const notImage: FileFacts = { size: 1_200, sniffed: null };
const big: FileFacts = { size: 3 * 1024 * 1024, sniffed: 'image/jpeg' };
const policy: UploadPolicy = {
  host: '/uploads',
  fields: [{ name: 'policy', value: 'eyJ9' }],
  dir: 'avatar/7/',
  maxSize: 2 * 1024 * 1024,
  accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  publicBase: '/uploads/',
  expire: 1_900_000_600_000,
};
const uploaded: UploadedObject = {
  key: 'avatar/7/17000000000004821.png',
  url: '/uploads/avatar/7/17000000000004821.png',
};
const saved = { avatar: uploaded.url };
const noAnswer = { code: 0, msg: '网络错误' };
const tooOften = { code: Code.RATE_LIMITED, msg: '上传太频繁，请稍后再试' };
const hostRefused = { ossCode: 'InvalidImage', msg: '这个文件不是有效的图片，请换一张' };
const fetchFailed = new TypeError('Failed to fetch');
const keyRefused = { code: Code.UPLOAD_KEY_INVALID, msg: '图片不存在或已失效，请重新上传' };

const events: ModelEvent[] = [
  { type: 'user.pick', file },
  { type: 'user.retry' },
  { type: 'user.dismiss' },
  ...answers('inspect', [ok, notImage, big], [new Error('unreadable')]),
  ...answers('policy', [policy], [noAnswer, tooOften]),
  ...answers('upload', [uploaded], [hostRefused, fetchFailed]),
  ...answers('save', [saved], [noAnswer, keyRefused]),
];

const SETTLED: AvatarUploadStep[] = [
  'done',
  'wrongType',
  'tooLarge',
  'policyRefused',
  'uploadRefused',
  'saveRefused',
  'network',
];
const BUSY: AvatarUploadStep[] = ['checking', 'gettingPolicy', 'uploading', 'saving'];

interface Oracle {
  view: AvatarUploadView;
  calls: Record<'inspect' | 'policy' | 'upload' | 'save', number>;
  changed: number;
}

function oracle(steps: Path['steps']): Oracle {
  let step = 'idle' as AvatarUploadStep;
  let picked: PickedFile | null = null;
  let got: UploadedObject | null = null;
  let avatar: string | null = null;
  let error: string | null = null;
  const calls = { inspect: 0, policy: 0, upload: 0, save: 0 };
  let changed = 0;
  const go = (next: AvatarUploadStep) => {
    step = next;
    if (next === 'checking') calls.inspect += 1;
    if (next === 'gettingPolicy') calls.policy += 1;
    if (next === 'uploading') calls.upload += 1;
    if (next === 'saving') {
      calls.save += 1;
      error = null;
    }
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: unknown; file?: PickedFile };
    const fail = (next: AvatarUploadStep, message: string) => {
      step = next;
      error = message;
    };
    switch (e.type) {
      case 'user.pick':
        if (step === 'idle' || SETTLED.includes(step)) {
          picked = e.file!;
          got = avatar = error = null;
          go('checking');
        }
        break;
      case 'user.dismiss':
        if (SETTLED.includes(step)) {
          step = 'idle';
          picked = got = avatar = error = null;
        }
        break;
      case 'user.retry':
        if (step === 'network') go(got ? 'saving' : 'gettingPolicy');
        break;
      case 'xstate.done.actor.inspect': {
        if (step !== 'checking') break;
        const facts = e.output as FileFacts;
        if (facts.sniffed === null || facts.size === 0) fail('wrongType', wrongTypeMessage());
        else if (facts.size > 2 * 1024 * 1024) fail('tooLarge', tooLargeMessage(facts.size));
        else go('gettingPolicy');
        break;
      }
      case 'xstate.error.actor.inspect':
        if (step === 'checking') fail('wrongType', wrongTypeMessage());
        break;
      case 'xstate.done.actor.policy':
        if (step === 'gettingPolicy') go('uploading');
        break;
      case 'xstate.error.actor.policy':
        if (step === 'gettingPolicy') {
          const err = e.error as { code: number; msg: string };
          if (err.code === 0) fail('network', NETWORK_MESSAGE);
          else fail('policyRefused', err.msg);
        }
        break;
      case 'xstate.done.actor.upload':
        if (step === 'uploading') {
          got = e.output as UploadedObject;
          go('saving');
        }
        break;
      case 'xstate.error.actor.upload':
        if (step === 'uploading') {
          if (e.error === hostRefused) fail('uploadRefused', hostRefused.msg);
          else fail('network', NETWORK_MESSAGE);
        }
        break;
      case 'xstate.done.actor.save':
        if (step === 'saving') {
          step = 'done';
          avatar = (e.output as { avatar: string }).avatar;
          changed += 1;
        }
        break;
      case 'xstate.error.actor.save':
        if (step === 'saving') {
          const err = e.error as { code: number; msg: string };
          if (err.code === 0) fail('network', NETWORK_MESSAGE);
          else fail('saveRefused', err.msg);
        }
        break;
    }
  }
  const settled = step === 'idle' || SETTLED.includes(step);
  return {
    view: {
      step,
      fileName: picked ? picked.name : null,
      avatar,
      error,
      busy: BUSY.includes(step),
      canPick: settled,
      canRetry: step === 'network',
      canDismiss: SETTLED.includes(step),
    },
    calls,
    changed,
  };
}

describePathTests({
  name: 'avatarUpload machine',
  machine: avatarUploadMachine,
  plans: [{ events }],
  label: (event) => {
    if (event.type !== 'xstate.done.actor.inspect') return undefined;
    const facts = (event as { output?: FileFacts }).output!;
    return facts.sniffed === null ? 'not an image' : facts.size > 2 * 1024 * 1024 ? 'too large' : 'fine';
  },
  endStates: ['idle', ...BUSY, ...SETTLED],
  async test({ path, stubs, drive }) {
    let changed = 0;
    const actor = await drive(
      avatarUploadMachine.provide({
        actors: stubs.actors(['inspect', 'policy', 'upload', 'save']),
        actions: { changed: () => void (changed += 1) },
      }),
    );
    const snapshot = actor.getSnapshot() as AvatarUploadSnapshot;
    const want = oracle(path.steps);
    expect(selectAvatarUploadView(snapshot)).toEqual(want.view);
    for (const name of ['inspect', 'policy', 'upload', 'save'] as const)
      expect(stubs.started[name] ?? 0, name).toBe(want.calls[name]);
    for (const i of stubs.inputs.inspect ?? []) expect(i).toEqual({ file });
    for (const i of stubs.inputs.policy ?? []) expect(i).toEqual({ module: 'avatar' });
    for (const i of stubs.inputs.upload ?? []) expect(i).toEqual({ policy, file });
    for (const i of stubs.inputs.save ?? []) expect(i).toEqual({ key: uploaded.key });
    expect(changed).toBe(want.changed);
  },
});

describe('avatarUpload rules', () => {
  it('a network failure after the upload retries only the save: the picture is not uploaded twice', async () => {
    let uploads = 0;
    let saves = 0;
    const actor = createActor(
      avatarUploadMachine.provide({
        actors: {
          inspect: fromPromise(async () => ok),
          policy: fromPromise(async () => policy),
          upload: fromPromise(async () => {
            uploads += 1;
            return uploaded;
          }),
          save: fromPromise(async () => {
            saves += 1;
            if (saves === 1) throw noAnswer;
            return saved;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.pick', file });
    await flush();
    await flush();
    expect(selectAvatarUploadView(actor.getSnapshot())).toMatchObject({ step: 'network', canRetry: true });
    actor.send({ type: 'user.retry' });
    await flush();
    expect(selectAvatarUploadView(actor.getSnapshot())).toMatchObject({ step: 'done', avatar: uploaded.url });
    expect([uploads, saves]).toEqual([1, 2]);
    actor.stop();
  });

  it('tells a refusal from the upload host, an API refusal and no answer apart', () => {
    expect(isUploadRefusal(hostRefused)).toBe(true);
    expect(isNoAnswer(hostRefused)).toBe(false);
    expect(isNoAnswer(noAnswer)).toBe(true);
    expect(isNoAnswer(fetchFailed)).toBe(true);
    expect(isNoAnswer(tooOften)).toBe(false);
  });

  it('says in zh-CN what the avatar takes', () => {
    expect(wrongTypeMessage()).toBe('请选择PNG、JPG、GIF 或 WebP 图片，不超过 2 MB');
    expect(tooLargeMessage(3.4 * 1024 * 1024)).toBe('图片有 3.4 MB，不能超过 2 MB，请换一张或压缩后再试');
  });
});
