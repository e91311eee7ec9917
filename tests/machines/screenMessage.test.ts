import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  screenMessageMachine,
  selectScreenView,
  type ScreenLink,
  type ScreenMessageSnapshot,
  type ScreenMessageView,
  type ShownScreenMessage,
} from '../../machines/screenMessage';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the one-time screen message (check → show → mark seen → done): every
 * state and transition on some path; after each path the dialog's props, the calls made (how
 * often the message was asked for and marked seen, and for which id) and the links opened are
 * checked against an oracle worked out from the events alone.
 */

const linked: ShownScreenMessage = {
  id: 4,
  title: '双十一加码：任务奖励翻倍',
  content: '<p>11 月 11 日当天完成任务，奖励翻倍。</p>',
  image: 'https://cdn.example.com/screen/1111.png',
  link: { href: '/task', external: false },
  buttonText: '去做任务',
  endAt: 1_800_000_000_000,
};
const plain: ShownScreenMessage = { ...linked, id: 5, image: null, link: null, buttonText: '我知道了' };

const events: ModelEvent[] = [
  { type: 'check' },
  { type: 'user.close' },
  { type: 'user.follow' },
  ...answers('fetchScreen', [linked, plain, null], [{ code: 0, msg: '' }]),
  ...answers('markSeen', [undefined], [{ code: 500, msg: '服务繁忙' }]),
];

interface Oracle {
  view: ScreenMessageView;
  fetches: number;
  marks: number[];
  opened: ScreenLink[];
}

function oracle(steps: Path['steps']): Oracle {
  let state = 'idle' as 'idle' | 'checking' | 'showing' | 'markingSeen' | 'done';
  let message: ShownScreenMessage | null = null;
  let follow = false;
  let fetches = 0;
  const marks: number[] = [];
  const opened: ScreenLink[] = [];
  const finish = () => {
    if (follow && message?.link) opened.push(message.link);
    state = 'done';
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: ShownScreenMessage | null };
    switch (e.type) {
      case 'check':
        if (state === 'idle' || state === 'done') {
          state = 'checking';
          fetches += 1;
        }
        break;
      case 'xstate.done.actor.fetchScreen':
        if (state === 'checking') {
          message = e.output ?? null;
          follow = false;
          state = message ? 'showing' : 'idle';
        }
        break;
      case 'xstate.error.actor.fetchScreen':
        if (state === 'checking') {
          message = null;
          follow = false;
          state = 'idle';
        }
        break;
      case 'user.close':
        if (state === 'showing') {
          state = 'markingSeen';
          marks.push(message!.id);
        }
        break;
      case 'user.follow':
        if (state === 'showing' && message?.link) {
          state = 'markingSeen';
          follow = true;
          marks.push(message.id);
        }
        break;
      case 'xstate.done.actor.markSeen':
      case 'xstate.error.actor.markSeen':
        if (state === 'markingSeen') finish();
        break;
    }
  }
  const open = state === 'showing' || state === 'markingSeen';
  return {
    view: {
      open,
      message: open ? message : null,
      marking: state === 'markingSeen',
      following: state === 'markingSeen' && follow,
    },
    fetches,
    marks,
    opened,
  };
}

describePathTests({
  name: 'screenMessage machine',
  machine: screenMessageMachine,
  plans: [{ events }],
  label: (event) => {
    if (event.type !== 'xstate.done.actor.fetchScreen') return undefined;
    const output = (event as { output?: ShownScreenMessage | null }).output;
    return output === null ? 'none (1060)' : output?.link ? 'with link' : 'without link';
  },
  endStates: ['idle', 'checking', 'showing', 'markingSeen', 'done'],
  async test({ path, stubs, drive }) {
    const opened: ScreenLink[] = [];
    const actor = await drive(
      screenMessageMachine.provide({
        actors: stubs.actors(['fetchScreen', 'markSeen']),
        actions: { openLink: (_, link) => void opened.push(link) },
      }),
    );
    const snapshot = actor.getSnapshot() as ScreenMessageSnapshot;
    const want = oracle(path.steps);
    expect(selectScreenView(snapshot)).toEqual(want.view);
    expect(stubs.started.fetchScreen ?? 0).toBe(want.fetches);
    expect((stubs.inputs.markSeen ?? []).map((i) => (i as { id: number }).id)).toEqual(want.marks);
    expect(opened).toEqual(want.opened);
  },
});

describe('screenMessage rules', () => {
  function start(message: ShownScreenMessage | null, markSeen: () => Promise<void> = async () => {}) {
    const opened: ScreenLink[] = [];
    const calls = { fetch: 0, mark: [] as number[] };
    const actor = createActor(
      screenMessageMachine.provide({
        actors: {
          fetchScreen: fromPromise(async () => {
            calls.fetch += 1;
            return message;
          }),
          markSeen: fromPromise<void, { id: number }>(async ({ input }) => {
            calls.mark.push(input.id);
            return markSeen();
          }),
        },
        actions: { openLink: (_, link) => void opened.push(link) },
      }),
    ).start();
    return { actor, opened, calls };
  }

  it('a second check while one is running or the message is showing asks nothing more', async () => {
    const { actor, calls } = start(plain);
    actor.send({ type: 'check' });
    actor.send({ type: 'check' });
    await flush();
    actor.send({ type: 'check' });
    expect(calls.fetch).toBe(1);
    expect(selectScreenView(actor.getSnapshot()).open).toBe(true);
    actor.stop();
  });

  it('closing marks it seen once and opens nothing; the button of a message with a link opens it after marking', async () => {
    const closed = start(linked);
    closed.actor.send({ type: 'check' });
    await flush();
    closed.actor.send({ type: 'user.close' });
    closed.actor.send({ type: 'user.follow' });
    await flush();
    expect(closed.calls.mark).toEqual([4]);
    expect(closed.opened).toEqual([]);
    expect(closed.actor.getSnapshot().value).toBe('done');
    closed.actor.stop();

    const followed = start(linked);
    followed.actor.send({ type: 'check' });
    await flush();
    followed.actor.send({ type: 'user.follow' });
    expect(selectScreenView(followed.actor.getSnapshot())).toMatchObject({
      open: true,
      marking: true,
      following: true,
    });
    expect(followed.opened).toEqual([]);
    await flush();
    expect(followed.opened).toEqual([{ href: '/task', external: false }]);
    expect(selectScreenView(followed.actor.getSnapshot()).open).toBe(false);
    followed.actor.stop();
  });

  it('a message without a link ignores user.follow (its button closes it instead)', async () => {
    const { actor, calls } = start(plain);
    actor.send({ type: 'check' });
    await flush();
    expect(actor.getSnapshot().can({ type: 'user.follow' })).toBe(false);
    actor.send({ type: 'user.follow' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(calls.mark).toEqual([]);
    actor.stop();
  });

  it('a failed mark still closes and follows the link: the member is never stuck behind the dialog', async () => {
    const { actor, opened } = start(linked, async () => {
      throw { code: 500, msg: '服务繁忙' };
    });
    actor.send({ type: 'check' });
    await flush();
    actor.send({ type: 'user.follow' });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(opened).toEqual([{ href: '/task', external: false }]);
    actor.stop();
  });
});
