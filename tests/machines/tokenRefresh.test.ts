import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  TOKEN_REFRESH_LEAD_MS,
  TokenRefreshError,
  requestToken,
  tokenAnswer,
  tokenRefreshMachine,
  type TokenRefreshInput,
  type TokenRefreshSnapshot,
  type TokenSet,
} from '../../machines/tokenRefresh';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the token-refresh machine (DESIGN §6), then the rules one by one:
 * refresh at exactly expired − 90 s (not at −91 s), single flight, failure → logout.
 */

const E1 = 10_000_000;
const T1: TokenSet = { token: 'access-1', refreshToken: 'refresh-1', expired: E1 };
const T2: TokenSet = { token: 'access-2', refreshToken: 'refresh-2', expired: E1 + 3_600_000 };
const T3: TokenSet = { token: 'access-3', refreshToken: 'refresh-3', expired: E1 + 7_200_000 };

const events: ModelEvent[] = [
  { type: 'token.request', now: E1 - TOKEN_REFRESH_LEAD_MS - 1000 },
  { type: 'token.request', now: E1 - TOKEN_REFRESH_LEAD_MS },
  { type: 'token.set', tokens: T3 },
  { type: 'token.clear' },
  ...answers('refresh', [T2], [{ code: 401, msg: '' }]),
];

const inputs: TokenRefreshInput[] = [{ tokens: T1 }, { tokens: null }];

/** Independent oracle: what a request would get at the end of the path. */
function expectedAnswer(input: TokenRefreshInput, steps: Path['steps']) {
  let tokens = input.tokens;
  let phase: 'idle' | 'valid' | 'refreshing' | 'failed' = tokens ? 'valid' : 'idle';
  let persisted = 0;
  let logouts = 0;
  for (const { event } of steps) {
    switch (event.type) {
      case 'token.set':
        tokens = event.tokens as TokenSet;
        phase = 'valid';
        break;
      case 'token.clear':
        tokens = null;
        phase = 'idle';
        break;
      case 'token.request':
        if (phase === 'valid' && tokens && (event.now as number) >= tokens.expired - 90_000) phase = 'refreshing';
        break;
      case 'xstate.done.actor.refresh':
        tokens = event.output as TokenSet;
        phase = 'valid';
        persisted++;
        break;
      case 'xstate.error.actor.refresh':
        tokens = null;
        phase = 'failed';
        logouts++;
        break;
    }
  }
  const answer =
    phase === 'valid'
      ? { kind: 'token', token: tokens!.token }
      : phase === 'refreshing'
        ? { kind: 'wait' }
        : phase === 'failed'
          ? { kind: 'failed' }
          : { kind: 'none' };
  return { answer, persisted, logouts };
}

describePathTests({
  name: 'token-refresh machine',
  machine: tokenRefreshMachine,
  plans: inputs.map((input) => ({ name: `input tokens=${input.tokens ? 'T1' : 'none'}`, input, events })),
  async test({ path, input, stubs, drive }) {
    const persist = vi.fn();
    const logout = vi.fn();
    const actor = await drive(
      tokenRefreshMachine.provide({
        actors: stubs.actors(['refresh']),
        actions: { persist: (_, tokens) => persist(tokens), logout },
      }),
    );
    const snapshot = actor.getSnapshot() as TokenRefreshSnapshot;
    const expected = expectedAnswer(input, path.steps);
    const answer = tokenAnswer(snapshot);
    expect(answer.kind).toBe(expected.answer.kind);
    if (answer.kind === 'token') expect(answer.token).toBe(expected.answer.token);
    expect(persist).toHaveBeenCalledTimes(expected.persisted);
    expect(logout).toHaveBeenCalledTimes(expected.logouts);
    // A refresh runs exactly while the machine is refreshing, with the current refresh token.
    expect(stubs.pending('refresh') !== undefined).toBe(snapshot.matches('refreshing'));
    if (snapshot.matches('refreshing'))
      expect(stubs.pending('refresh')!.input).toEqual({ token: T1.token, refreshToken: T1.refreshToken });
    expect(snapshot.hasTag('hasToken')).toBe(answer.kind === 'token');
    expect(snapshot.hasTag('busy')).toBe(answer.kind === 'wait');
  },
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function actorWith(
  refresh: () => Promise<TokenSet>,
  extra: { persist?: (t: TokenSet) => void; logout?: () => void } = {},
) {
  const calls = { refresh: 0 };
  const machine = tokenRefreshMachine.provide({
    actors: {
      refresh: fromPromise(async () => {
        calls.refresh++;
        return refresh();
      }),
    },
    actions: {
      persist: (_, tokens) => extra.persist?.(tokens),
      logout: () => extra.logout?.(),
    },
  });
  return { actor: createActor(machine, { input: { tokens: T1 } }).start(), calls };
}

describe('token-refresh rules', () => {
  it('answers the current token without refreshing at expired − 91 s', async () => {
    const { actor, calls } = actorWith(async () => T2);
    await expect(requestToken(actor, E1 - 91_000)).resolves.toBe(T1.token);
    expect(calls.refresh).toBe(0);
  });

  it('refreshes at exactly expired − 90 s and answers the new token', async () => {
    const persisted: TokenSet[] = [];
    const { actor, calls } = actorWith(async () => T2, { persist: (t) => persisted.push(t) });
    await expect(requestToken(actor, E1 - 90_000)).resolves.toBe(T2.token);
    expect(calls.refresh).toBe(1);
    expect(persisted).toEqual([T2]);
    expect(actor.getSnapshot().context).toMatchObject({
      token: T2.token,
      refreshToken: T2.refreshToken,
      expired: T2.expired,
    });
  });

  it('refreshes a token that is already past its expiry', async () => {
    const { actor, calls } = actorWith(async () => T2);
    await expect(requestToken(actor, E1 + 5_000)).resolves.toBe(T2.token);
    expect(calls.refresh).toBe(1);
  });

  it('serves 10 concurrent requests with exactly one refresh (single flight)', async () => {
    const gate = deferred<TokenSet>();
    const { actor, calls } = actorWith(() => gate.promise);
    const answers = Array.from({ length: 10 }, () => requestToken(actor, E1));
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    gate.resolve(T2);
    await expect(Promise.all(answers)).resolves.toEqual(Array(10).fill(T2.token));
    expect(calls.refresh).toBe(1);
    // Later requests use the new token without another refresh.
    await expect(requestToken(actor, E1)).resolves.toBe(T2.token);
    expect(calls.refresh).toBe(1);
  });

  it('on refresh failure rejects every waiting request, logs out once and forgets the token', async () => {
    const gate = deferred<TokenSet>();
    const logout = vi.fn();
    const { actor, calls } = actorWith(() => gate.promise, { logout });
    const answers = Array.from({ length: 3 }, () => requestToken(actor, E1).catch((e: unknown) => e));
    gate.reject(new Error('refresh token reused'));
    const results = await Promise.all(answers);
    for (const r of results) expect(r).toBeInstanceOf(TokenRefreshError);
    expect(calls.refresh).toBe(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
    // After logout (token.clear) requests go out without a token; a new login stores one.
    actor.send({ type: 'token.clear' });
    await expect(requestToken(actor, E1)).resolves.toBeNull();
    actor.send({ type: 'token.set', tokens: T3 });
    await expect(requestToken(actor, E1)).resolves.toBe(T3.token);
  });

  it('answers no token when logged out', async () => {
    const actor = createActor(tokenRefreshMachine, { input: { tokens: null } }).start();
    await expect(requestToken(actor, E1)).resolves.toBeNull();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a logout during a refresh cancels it: the waiting requests get no token', async () => {
    const gate = deferred<TokenSet>();
    const persist = vi.fn();
    const { actor } = actorWith(() => gate.promise, { persist });
    const answer = requestToken(actor, E1);
    actor.send({ type: 'token.clear' });
    await expect(answer).resolves.toBeNull();
    gate.resolve(T2);
    await new Promise((r) => setTimeout(r, 0));
    expect(persist).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
