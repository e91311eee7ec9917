import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, sendTo, type AnyMachineSnapshot } from 'xstate';
import { NETWORK_MESSAGE, type FileFacts, type PickedFile, type UploadedObject } from '../../machines/avatarUpload';
import {
  screenshotsMachine,
  summarize,
  tooManyMessage,
  type ScreenshotsChanged,
  type ScreenshotsSnapshot,
  type ScreenshotsSummary,
} from '../../machines/screenshots';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, flush, type ModelEvent } from './model';

/**
 * Model-based test of the screenshot list (pick → check → upload, one at a time): every state and
 * transition on some path (with room for two pictures, so the limit is on the paths too). After each
 * path: at most one picture is on its way and it is the one the state works on; the list never
 * holds more than the limit; what the parent was told last is the list as it is.
 */

const file = (name: string): PickedFile => ({ name, size: 48_213, type: 'image/png' });
const ok: FileFacts = { size: 48_213, sniffed: 'image/png' };
const notImage: FileFacts = { size: 1_200, sniffed: null };
const big: FileFacts = { size: 6 * 1024 * 1024, sniffed: 'image/jpeg' };
const uploaded: UploadedObject = {
  key: 'feedback/7/17637000000001234.png',
  url: '/uploads/feedback/7/17637000000001234.png',
};
const noAnswer = new TypeError('Failed to fetch');
const hostRefused = { ossCode: 'AccessDenied', msg: '上传凭证已过期，请重新选择图片' };
const policyRefused = { code: Code.RATE_LIMITED, msg: '上传太频繁，请稍后再试' };

const events: ModelEvent[] = [
  { type: 'user.add', files: [file('a.png')] },
  { type: 'user.add', files: [file('b.png'), file('c.png'), file('d.png')] },
  { type: 'user.remove', id: 1 },
  { type: 'user.remove', id: 2 },
  { type: 'user.retry', id: 1 },
  ...answers('inspect', [ok, notImage, big], [new Error('unreadable')]),
  ...answers('upload', [uploaded], [noAnswer, hostRefused, policyRefused]),
];

function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as ScreenshotsSnapshot).context;
  return JSON.stringify({ v: s.value, items: c.items.map((i) => [i.id, i.status, i.retryable]) });
}

const input = { module: 'feedback' as const, max: 2 };

describePathTests({
  name: 'screenshotsMachine',
  // The planner runs actions: without a parent, `report` has nobody to tell.
  machine: screenshotsMachine.provide({ actions: { report: () => {} } }),
  plans: [{ input, events }],
  serializeState,
  async test({ stubs, drive }) {
    const told: ScreenshotsSummary[] = [];
    const actor = await drive(
      screenshotsMachine.provide({
        actors: stubs.actors(['inspect', 'upload']),
        actions: { report: ({ context }) => void told.push(summarize(context)) },
      }),
    );
    const snapshot = actor.getSnapshot() as ScreenshotsSnapshot;
    const c = snapshot.context;
    expect(c.items.length).toBeLessThanOrEqual(2);
    const moving = c.items.filter((i) => i.status === 'checking' || i.status === 'uploading');
    if (snapshot.value === 'idle') expect(moving).toEqual([]);
    else {
      expect(moving).toHaveLength(1);
      expect(moving[0]!.status).toBe(snapshot.value);
      expect(snapshot.hasTag('busy')).toBe(true);
    }
    for (const item of c.items) {
      expect(item.key !== null).toBe(item.status === 'done');
      expect(item.error !== null).toBe(item.status === 'failed');
    }
    if (told.length > 0) expect(told.at(-1)).toEqual(summarize(c));
  },
});

/** A parent that holds the list as told, like the feedback machine does. */
function withParent(answer: { inspect: (f: PickedFile) => FileFacts; upload: (n: number) => UploadedObject }) {
  let uploads = 0;
  const child = screenshotsMachine.provide({
    actors: {
      inspect: fromPromise(async ({ input }: { input: { file: PickedFile } }) => answer.inspect(input.file)),
      upload: fromPromise(async () => answer.upload(uploads++)),
    },
  });
  const parent = createMachine({
    types: {} as {
      context: { told: ScreenshotsChanged[] };
      events: ScreenshotsChanged | { type: 'add'; files: PickedFile[] };
    },
    context: { told: [] },
    invoke: { id: 'shots', src: child, input },
    on: {
      'screenshots.changed': {
        actions: ({ context, event }) => void context.told.push(event as ScreenshotsChanged),
      },
      add: {
        actions: sendTo('shots', ({ event }) => ({
          type: 'user.add',
          files: (event as { files: PickedFile[] }).files,
        })),
      },
    },
  });
  return createActor(parent).start();
}

describe('screenshotsMachine (details)', () => {
  it('uploads pictures one at a time in the order picked and tells the parent each step', async () => {
    const parent = withParent({
      inspect: () => ok,
      upload: (n) => ({ key: `feedback/7/${n}.png`, url: `/uploads/feedback/7/${n}.png` }),
    });
    parent.send({ type: 'add', files: [file('a.png'), file('b.png')] });
    for (let i = 0; i < 6; i++) await flush();
    const last = parent.getSnapshot().context.told.at(-1)!;
    expect(last.keys).toEqual(['feedback/7/0.png', 'feedback/7/1.png']);
    expect(last.busy).toBe(false);
    expect(last.shots.map((s) => s.file.name)).toEqual(['a.png', 'b.png']);
    const statuses = parent.getSnapshot().context.told.map((t) => t.shots.map((s) => s.status).join(','));
    expect(statuses).toContain('checking,waiting');
    expect(statuses).toContain('done,checking');
  });

  it('a file that is not a picture, or too large, fails with the member’s words and no retry', async () => {
    const parent = withParent({
      inspect: (f) => (f.name === 'x.txt' ? notImage : big),
      upload: () => uploaded,
    });
    parent.send({ type: 'add', files: [file('x.txt'), file('huge.jpg')] });
    for (let i = 0; i < 6; i++) await flush();
    const [a, b] = parent.getSnapshot().context.told.at(-1)!.shots;
    expect([a!.status, a!.error, a!.retryable]).toEqual([
      'failed',
      '请选择PNG、JPG、GIF 或 WebP 图片，不超过 5 MB',
      false,
    ]);
    expect(b!.error).toBe('图片有 6 MB，不能超过 5 MB，请换一张或压缩后再试');
  });

  it('more than the limit: the first ones are kept and the member is told', () => {
    const actor = createActor(screenshotsMachine.provide({ actions: { report: () => {} } }), { input }).start();
    actor.send({ type: 'user.add', files: [file('a'), file('b'), file('c')] });
    const c = actor.getSnapshot().context;
    expect(c.items.map((i) => i.file.name)).toEqual(['a', 'b']);
    expect(c.notice).toBe(tooManyMessage(2));
    actor.stop();
  });

  it('a lost upload can be retried; the network words are the avatar’s', async () => {
    let fail = true;
    const parent = withParent({
      inspect: () => ok,
      upload: () => {
        if (fail) throw noAnswer;
        return uploaded;
      },
    });
    parent.send({ type: 'add', files: [file('a.png')] });
    for (let i = 0; i < 4; i++) await flush();
    const shot = parent.getSnapshot().context.told.at(-1)!.shots[0]!;
    expect([shot.status, shot.error, shot.retryable]).toEqual(['failed', NETWORK_MESSAGE, true]);
    fail = false;
    const child = parent.getSnapshot().children.shots!;
    child.send({ type: 'user.retry', id: shot.id });
    for (let i = 0; i < 4; i++) await flush();
    expect(parent.getSnapshot().context.told.at(-1)!.keys).toEqual([uploaded.key]);
  });
});
