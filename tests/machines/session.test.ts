import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  selectSessionView,
  sessionMachine,
  type Forum,
  type LoginResult,
  type SessionInput,
  type SessionSnapshot,
  type SessionUser,
} from '../../machines/session';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/** Model-based test of the session machine (DESIGN §6), then spec §2 / §4 rules one by one. */

const forum: Forum = { taskId: 7, taskHashId: 'abcd1234', topicName: '受访者 7', topicAvatar: null, bbsRole: 0 };
const member = {
  id: 1,
  memberCode: 'M000001',
  nickname: '小明',
  avatar: 'https://cdn.example.com/a.png',
  mobile: '138****5678',
  registeredAt: 1,
};
const plainLogin: LoginResult = { token: 't', refreshToken: 'r', expired: 1, member, isNew: false, focus: null };
const forumLogin: LoginResult = { ...plainLogin, member: { ...member, id: 2, nickname: '小红' }, focus: forum };
const fetched = { user: { nickname: '小刚', avatar: null, memberId: 3 } as SessionUser, hasNewMessage: true };

const events: ModelEvent[] = [
  { type: 'session.loggedIn', result: plainLogin },
  { type: 'session.loggedIn', result: forumLogin },
  { type: 'session.logout', reason: 'user' },
  { type: 'route.enter', path: '/home', isPublic: false },
  { type: 'route.enter', path: '/about', isPublic: true },
  { type: 'messages.check' },
  { type: 'messages.set', hasNew: false },
  { type: 'user.updated', user: { nickname: '新昵称' } },
  ...answers('fetchUser', [fetched], [{ code: 500, msg: '服务繁忙' }]),
  ...answers('checkMessages', [{ hasNew: true }], [{ code: 500, msg: '' }]),
];

const inputs: Array<[string, SessionInput]> = [
  ['logged out', { loggedIn: false }],
  ['token, nickname cached', { loggedIn: true, user: { nickname: '缓存昵称', avatar: null } }],
  ['token, nothing cached', { loggedIn: true, user: null }],
];

/** Vertices by what the header can show; the raw context (paths, names) would only multiply them. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as SessionSnapshot).context;
  return JSON.stringify([s.value, c.user === null, !!c.user?.nickname, c.hasNewMessage, c.forum !== null]);
};

/** Independent oracle of the header facts and the side effects along a path. */
function expected(input: SessionInput, steps: Path['steps']) {
  let phase: 'loggedOut' | 'fetching' | 'idle' | 'checking' = input.loggedIn ? 'idle' : 'loggedOut';
  let user: SessionUser | null = input.loggedIn ? (input.user ?? {}) : null;
  let hasNew = false;
  const effects = {
    persistLogin: 0,
    storeForum: [] as Array<Forum | null>,
    clearLogin: 0,
    goToLogin: 0,
    reload: 0,
    cacheUser: 0,
  };
  const loggedIn = () => phase === 'idle' || phase === 'checking';
  for (const { event } of steps) {
    switch (event.type) {
      case 'session.loggedIn': {
        const r = event.result as LoginResult;
        phase = 'idle';
        user = { nickname: r.member.nickname, avatar: r.member.avatar };
        hasNew = false;
        effects.persistLogin++;
        effects.storeForum.push(r.focus);
        break;
      }
      case 'session.logout':
        phase = 'loggedOut';
        user = null;
        hasNew = false;
        effects.clearLogin++;
        effects.goToLogin++;
        break;
      case 'route.enter':
        if (loggedIn() && !event.isPublic && !user?.nickname) phase = 'fetching';
        break;
      case 'messages.check':
        if (phase === 'idle') phase = 'checking';
        break;
      case 'messages.set':
        if (loggedIn()) hasNew = event.hasNew as boolean;
        // A page's report wins over a check in flight: the check is dropped.
        if (phase === 'checking') phase = 'idle';
        break;
      case 'user.updated':
        if (loggedIn()) {
          user = { ...user, ...(event.user as SessionUser) };
          effects.cacheUser++;
        }
        break;
      case 'xstate.done.actor.fetchUser':
        phase = 'idle';
        user = fetched.user;
        hasNew = fetched.hasNewMessage;
        effects.cacheUser++;
        break;
      case 'xstate.error.actor.fetchUser':
        phase = 'loggedOut';
        user = null;
        hasNew = false;
        effects.clearLogin++;
        effects.reload++;
        break;
      case 'xstate.done.actor.checkMessages':
        phase = 'idle';
        hasNew = (event.output as { hasNew: boolean }).hasNew;
        break;
      case 'xstate.error.actor.checkMessages':
        phase = 'idle';
        break;
    }
  }
  const isIn = phase !== 'loggedOut';
  return {
    view: {
      loggedIn: isIn,
      loadingUser: phase === 'fetching',
      user: isIn ? { nickname: user?.nickname, avatar: user?.avatar ?? null } : null,
      hasNewMessage: isIn && hasNew,
    },
    effects,
  };
}

function spies() {
  return {
    persistLogin: vi.fn(),
    storeForum: vi.fn(),
    cacheUser: vi.fn(),
    clearLogin: vi.fn(),
    goToLogin: vi.fn(),
    reload: vi.fn(),
  };
}

type SessionActors = NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>;

/** The session machine on the given actors, with every effect it asks of the app recorded in `fx`. */
function sessionWith(fx: ReturnType<typeof spies>, actors: SessionActors) {
  return sessionMachine.provide({
    actors,
    actions: {
      persistLogin: (_, r) => fx.persistLogin(r),
      storeForum: (_, f) => fx.storeForum(f),
      cacheUser: (_, u) => fx.cacheUser(u),
      clearLogin: fx.clearLogin,
      goToLogin: fx.goToLogin,
      reload: fx.reload,
    },
  });
}

describePathTests({
  name: 'session machine',
  machine: sessionMachine,
  plans: inputs.map(([name, input]) => ({ name, input, events })),
  serializeState,
  async test({ path, input, stubs, drive }) {
    const fx = spies();
    const actor = await drive(sessionWith(fx, stubs.actors(['fetchUser', 'checkMessages'])));
    const snapshot = actor.getSnapshot() as SessionSnapshot;
    const want = expected(input, path.steps);
    // What the header shows.
    expect(selectSessionView(snapshot)).toEqual(want.view);
    // What the app was asked to do.
    expect(fx.persistLogin).toHaveBeenCalledTimes(want.effects.persistLogin);
    expect(fx.storeForum.mock.calls.map((c) => c[0])).toEqual(want.effects.storeForum);
    expect(fx.clearLogin).toHaveBeenCalledTimes(want.effects.clearLogin);
    expect(fx.goToLogin).toHaveBeenCalledTimes(want.effects.goToLogin);
    expect(fx.reload).toHaveBeenCalledTimes(want.effects.reload);
    expect(fx.cacheUser).toHaveBeenCalledTimes(want.effects.cacheUser);
    // A user fetch runs exactly while fetchingUser.
    expect(stubs.pending('fetchUser') !== undefined).toBe(snapshot.matches('fetchingUser'));
  },
});

describe('session rules', () => {
  function start(input: SessionInput, fetchUser: () => Promise<typeof fetched>) {
    const fx = spies();
    const calls = { fetchUser: 0 };
    const machine = sessionWith(fx, {
      fetchUser: fromPromise(() => {
        calls.fetchUser++;
        return fetchUser();
      }),
      checkMessages: fromPromise<{ hasNew: boolean }>(async () => ({ hasNew: true })),
    });
    return { actor: createActor(machine, { input }).start(), fx, calls };
  }

  it('fetches user info on a non-public page when no nickname is cached, not on a public one', async () => {
    const { actor, calls } = start({ loggedIn: true, user: null }, async () => fetched);
    actor.send({ type: 'route.enter', path: '/about', isPublic: true });
    expect(calls.fetchUser).toBe(0);
    actor.send({ type: 'route.enter', path: '/home', isPublic: false });
    expect(selectSessionView(actor.getSnapshot()).loadingUser).toBe(true);
    await flush();
    expect(calls.fetchUser).toBe(1);
    expect(selectSessionView(actor.getSnapshot())).toEqual({
      loggedIn: true,
      loadingUser: false,
      user: { nickname: '小刚', avatar: null },
      hasNewMessage: true,
    });
    // Cached now: the next page does not fetch again.
    actor.send({ type: 'route.enter', path: '/home/task', isPublic: false });
    expect(calls.fetchUser).toBe(1);
  });

  it('does not fetch when the nickname is cached', () => {
    const { actor, calls } = start({ loggedIn: true, user: { nickname: '缓存' } }, async () => fetched);
    actor.send({ type: 'route.enter', path: '/home', isPublic: false });
    expect(calls.fetchUser).toBe(0);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('a failed user fetch logs out and reloads the page (no navigation)', async () => {
    const { actor, fx } = start({ loggedIn: true }, async () => {
      throw new Error('500');
    });
    actor.send({ type: 'route.enter', path: '/home', isPublic: false });
    await flush();
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(fx.clearLogin).toHaveBeenCalledTimes(1);
    expect(fx.reload).toHaveBeenCalledTimes(1);
    expect(fx.goToLogin).not.toHaveBeenCalled();
  });

  it('a login without a task resets the forum context; one with a task stores it', () => {
    const { actor, fx } = start({ loggedIn: false }, async () => fetched);
    actor.send({ type: 'session.loggedIn', result: forumLogin });
    expect(fx.storeForum).toHaveBeenLastCalledWith(forum);
    expect(actor.getSnapshot().context.forum).toEqual(forum);
    actor.send({ type: 'session.loggedIn', result: plainLogin });
    expect(fx.storeForum).toHaveBeenLastCalledWith(null);
    expect(actor.getSnapshot().context.forum).toBeNull();
    expect(fx.persistLogin).toHaveBeenCalledTimes(2);
  });

  it('logout clears and goes to /login from any state, even when already logged out', () => {
    const { actor, fx } = start({ loggedIn: true, user: { nickname: 'x' } }, async () => fetched);
    actor.send({ type: 'session.logout', reason: 'user' });
    expect(selectSessionView(actor.getSnapshot()).loggedIn).toBe(false);
    actor.send({ type: 'session.logout', reason: 'unauthorized' });
    expect(fx.clearLogin).toHaveBeenCalledTimes(2);
    expect(fx.goToLogin).toHaveBeenCalledTimes(2);
  });

  it('messages.check sets the new-message flag from the server', async () => {
    const { actor } = start({ loggedIn: true, user: { nickname: 'x' } }, async () => fetched);
    expect(selectSessionView(actor.getSnapshot()).hasNewMessage).toBe(false);
    actor.send({ type: 'messages.check' });
    await flush();
    expect(selectSessionView(actor.getSnapshot()).hasNewMessage).toBe(true);
    actor.send({ type: 'messages.set', hasNew: false });
    expect(selectSessionView(actor.getSnapshot()).hasNewMessage).toBe(false);
  });

  it('a page that read the last message clears the bell even when a check begun before the read answers later', async () => {
    let answerCheck: (flag: { hasNew: boolean }) => void = () => {};
    const fx = spies();
    const actor = createActor(
      sessionWith(fx, {
        fetchUser: fromPromise(async () => fetched),
        checkMessages: fromPromise<{ hasNew: boolean }>(() => new Promise((resolve) => (answerCheck = resolve))),
      }),
      { input: { loggedIn: true, user: { nickname: 'x' }, hasNewMessage: true } },
    ).start();
    actor.send({ type: 'messages.check' });
    actor.send({ type: 'messages.set', hasNew: false });
    answerCheck({ hasNew: true });
    await flush();
    expect(selectSessionView(actor.getSnapshot()).hasNewMessage).toBe(false);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    actor.stop();
  });
});
