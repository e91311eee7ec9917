import type { z } from 'zod';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FocusContext, LoginResult as LoginResultSchema } from '../openapi/schemas/auth';
import { notProvided } from './shared';

/**
 * The visitor's session (spec §2 "Routing rules", §4 "Session").
 *
 * States
 * - `start`        transient: `loggedIn` when the input says a token is stored, else `loggedOut`.
 * - `loggedOut`    no token.
 * - `fetchingUser` a token but no cached nickname on a non-public page: user info first
 *                  (actor `fetchUser`). Done → `loggedIn` (+ `cacheUser`); error → `loggedOut`
 *                  with actions `clearLogin` and `reload` (spec §2: logged out, page reloaded).
 * - `loggedIn`     a token; child region for the header's message bell:
 *     - `loggedIn.idle`              the new-message flag is what `hasNewMessage` says;
 *     - `loggedIn.checkingMessages`  `checkMessages` (GET /v1/messages/new) in flight;
 *                                    done sets the flag, error keeps it; a `messages.set`
 *                                    meanwhile wins (the check is dropped: its answer may
 *                                    predate the read that the page just reported).
 *
 * Events
 * - `session.loggedIn { result }`    a login / registration succeeded (LoginResult): actions
 *                                    `persistLogin(result)` and `storeForum(result.focus)` — a login
 *                                    without a task (focus null) resets the forum context (spec §4).
 * - `session.logout { reason? }`     from anywhere: `clearLogin` (token, user info, local storage
 *                                    except MAKEMONEYSTATUS and device) then `goToLogin`.
 * - `route.enter { path, isPublic }` a page opens; logged in, non-public and no cached nickname →
 *                                    `fetchingUser`.
 * - `messages.check`                 ask the server for the new-message flag (logged in only).
 * - `messages.set { hasNew }`        a page that knows (the inbox, after reading one or all) sets it.
 * - `user.updated { user }`          nickname / avatar changed in the personal centre (+ `cacheUser`).
 *
 * Tags: `authenticated` (fetchingUser, loggedIn), `busy` (fetchingUser).
 * Context: `user` (SessionUser; `{}` when logged in with nothing cached; null when logged out), `hasNewMessage`, `forum` (FocusContext | null), `lastPath`.
 * Actors: `fetchUser` (output `{ user, hasNewMessage }`), `checkMessages` (output `{ hasNew }`).
 * Actions (implemented by the app): `persistLogin`, `storeForum`, `cacheUser`, `clearLogin`,
 * `goToLogin`, `reload`.
 */

export type LoginResult = z.output<typeof LoginResultSchema>;
export type Forum = z.output<typeof FocusContext>;

/** The cached user info of the login state (spec §3); every field optional (a cache). */
export interface SessionUser {
  nickname?: string;
  avatar?: string | null;
  mobile?: string | null;
  memberCode?: string;
  memberId?: number;
  /** When the member registered (ms): /home greets a newcomer from it. */
  registeredAt?: number;
}

export interface SessionInput {
  /** A token is stored. */
  loggedIn: boolean;
  /** The cached user info, if any. */
  user?: SessionUser | null;
  hasNewMessage?: boolean;
}

export interface SessionContext {
  user: SessionUser | null;
  hasNewMessage: boolean;
  forum: Forum | null;
  /** The path of the last `route.enter` (the page a reload returns to). */
  lastPath: string | null;
}

export type LogoutReason = 'unauthorized' | 'refresh-failed' | 'user' | 'user-fetch-failed';

export type SessionEvent =
  | { type: 'session.loggedIn'; result: LoginResult }
  | { type: 'session.logout'; reason?: LogoutReason }
  | { type: 'route.enter'; path: string; isPublic: boolean }
  | { type: 'messages.check' }
  | { type: 'messages.set'; hasNew: boolean }
  | { type: 'user.updated'; user: SessionUser };

export interface FetchedUser {
  user: SessionUser;
  hasNewMessage: boolean;
}

function userFromLogin(result: LoginResult): SessionUser {
  const { member } = result;
  return {
    nickname: member.nickname,
    avatar: member.avatar,
    mobile: member.mobile,
    memberCode: member.memberCode,
    memberId: member.id,
  };
}

export const sessionMachine = setup({
  types: {} as { input: SessionInput; context: SessionContext; events: SessionEvent; tags: 'authenticated' | 'busy' },
  actors: {
    fetchUser: fromPromise<FetchedUser>(notProvided('sessionMachine', 'fetchUser')),
    checkMessages: fromPromise<{ hasNew: boolean }>(notProvided('sessionMachine', 'checkMessages')),
  },
  guards: {
    /** The input said a token is stored (then `user` is at least `{}`). */
    hasToken: ({ context }) => context.user !== null,
    needsUser: ({ context, event }) => event.type === 'route.enter' && !event.isPublic && !context.user?.nickname,
  },
  actions: {
    /** Store token, refresh token, expiry and user of a fresh login (cookies, local storage, token machine). */
    persistLogin: (_, _result: LoginResult) => {},
    /** Remember the forum context of the login, or reset it (clear topicName/topicAvatar/taskId/taskHashId/bbsRole). */
    storeForum: (_, _forum: Forum | null) => {},
    /** Update the cached user info. */
    cacheUser: (_, _user: SessionUser) => {},
    /** Clear token and user info; local storage except MAKEMONEYSTATUS (and device). */
    clearLogin: () => {},
    /** Go to /login. */
    goToLogin: () => {},
    /** Reload the page (user info could not be fetched). */
    reload: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.loggedIn ? (input.user ?? {}) : null,
    hasNewMessage: input.loggedIn ? (input.hasNewMessage ?? false) : false,
    forum: null,
    lastPath: null,
  }),
  initial: 'start',
  on: {
    'session.loggedIn': {
      target: '.loggedIn',
      actions: [
        assign(({ event }) => ({
          user: userFromLogin(event.result),
          forum: event.result.focus,
          hasNewMessage: false,
        })),
        { type: 'persistLogin', params: ({ event }) => event.result },
        { type: 'storeForum', params: ({ event }) => event.result.focus },
      ],
    },
    'session.logout': {
      target: '.loggedOut',
      actions: [assign({ user: null, hasNewMessage: false, forum: null }), 'clearLogin', 'goToLogin'],
    },
    'route.enter': { actions: assign({ lastPath: ({ event }) => event.path }) },
  },
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {},
    fetchingUser: {
      tags: ['authenticated', 'busy'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({ user: event.output.user, hasNewMessage: event.output.hasNewMessage })),
            { type: 'cacheUser', params: ({ event }) => event.output.user },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: [assign({ user: null, hasNewMessage: false, forum: null }), 'clearLogin', 'reload'],
        },
      },
    },
    loggedIn: {
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        'route.enter': {
          guard: 'needsUser',
          target: 'fetchingUser',
          actions: assign({ lastPath: ({ event }) => event.path }),
        },
        'messages.set': { actions: assign({ hasNewMessage: ({ event }) => event.hasNew }) },
        'user.updated': {
          actions: [
            assign({ user: ({ context, event }) => ({ ...context.user, ...event.user }) }),
            { type: 'cacheUser', params: ({ context }) => context.user ?? {} },
          ],
        },
      },
      states: {
        idle: {
          on: { 'messages.check': { target: 'checkingMessages' } },
        },
        checkingMessages: {
          on: {
            'messages.set': { target: 'idle', actions: assign({ hasNewMessage: ({ event }) => event.hasNew }) },
          },
          invoke: {
            id: 'checkMessages',
            src: 'checkMessages',
            onDone: { target: 'idle', actions: assign({ hasNewMessage: ({ event }) => event.output.hasNew }) },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** What the header (and the shell) shows about the visitor. */
export interface SessionView {
  loggedIn: boolean;
  /** Logged in but the user info is still being fetched. */
  loadingUser: boolean;
  user: { nickname?: string; avatar?: string | null } | null;
  hasNewMessage: boolean;
}

export function selectSessionView(snapshot: SessionSnapshot): SessionView {
  const loggedIn = snapshot.hasTag('authenticated');
  const user = snapshot.context.user;
  return {
    loggedIn,
    loadingUser: snapshot.hasTag('busy'),
    user: loggedIn ? { nickname: user?.nickname, avatar: user?.avatar ?? null } : null,
    hasNewMessage: loggedIn && snapshot.context.hasNewMessage,
  };
}
