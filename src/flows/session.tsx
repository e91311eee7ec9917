import { useSelector } from '@xstate/react';
import Cookies from 'js-cookie';
import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import {
  selectSessionView,
  sessionMachine,
  type FetchedUser,
  type Forum,
  type LoginResult,
  type SessionActor,
  type SessionUser,
  type SessionView,
} from '../../machines/session';

/** The API client (with zod and the contract schemas) loads after the first paint, not in the entry. */
const loadApi = () => import('../api').then((m) => m.api);
/** The same without toasts: the bell's check fails unseen (the marker stays as it was). */
const loadQuietApi = () => import('../api').then((m) => m.quietApi);
import { clearLogin, readLogin, saveLogin, saveUser, type StoredUser } from '../services/storage';
import { clearTokens, expiryOnDeviceClock, getTokenActor, setLogoutHandler, setTokens } from '../api/tokenSession';
import { LOGIN_PATH } from '../routing/paths';

/**
 * The session machine bound to the app (spec §2 routing rules, §4 session): one actor for the
 * whole page, created from the stored login; its side effects are storage, the token machine,
 * navigation and the API. `SessionProvider` hands it to the tree (tests may inject another)
 * and lets its `goToLogin` use the router.
 */

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The session's `goToLogin` navigates with this (the router's, from the provider). */
export function navigateWith(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

function goToLogin() {
  const here = typeof location === 'undefined' ? '' : location.pathname;
  if (here !== LOGIN_PATH) navigateTo(LOGIN_PATH);
}

/** StoredUser has no nulls: drop them. */
function toStored(user: SessionUser): StoredUser {
  const out: StoredUser = {};
  for (const [key, value] of Object.entries(user)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}

const FORUM_KEYS = ['topicName', 'topicAvatar', 'taskId', 'taskHashId', 'bbsRole'] as const;

/**
 * Remember the login's forum context, or reset it (spec §4: a login without a task). The task's
 * hash id also goes in the `taskHashId` cookie, which outlives a logout: a visitor who opens a
 * forum page later is sent to that board (src/routing/guards.ts) rather than to /login.
 */
function storeForum(forum: Forum | null) {
  const user: StoredUser = { ...(readLogin()?.user ?? {}) };
  for (const key of FORUM_KEYS) delete user[key];
  if (forum) {
    Object.assign(user, toStored(forum as unknown as SessionUser));
    Cookies.set('taskHashId', forum.taskHashId, { path: '/', sameSite: 'lax', expires: 30 });
  } else {
    Cookies.remove('taskHashId', { path: '/' });
    try {
      localStorage.removeItem('taskHashId');
    } catch {
      // storage disabled
    }
  }
  if (readLogin()) saveUser(user);
}

/**
 * The member opened a board (getFocusMember): its identity there is the login state's forum
 * context — topicName, topicAvatar, taskId, taskHashId and bbsRole (the role that hides points).
 */
export function rememberForum(member: {
  name: string;
  avatar: string | null;
  role: Forum['bbsRole'];
  taskId: number;
  taskHashId: string;
}): void {
  storeForum({
    taskId: member.taskId,
    taskHashId: member.taskHashId,
    topicName: member.name,
    topicAvatar: member.avatar,
    bbsRole: member.role,
  });
}

const appSessionMachine = sessionMachine.provide({
  actors: {
    fetchUser: fromPromise<FetchedUser>(async () => {
      const account = await (await loadApi()).call('getAccount');
      return {
        user: {
          nickname: account.nickname,
          avatar: account.avatar,
          mobile: account.mobile,
          memberCode: account.memberCode,
          memberId: account.id,
          registeredAt: account.registeredAt,
        },
        hasNewMessage: account.newMessage,
      };
    }),
    checkMessages: fromPromise<{ hasNew: boolean }>(async () => {
      const flag = await (await loadQuietApi()).call('checkNewMessages');
      return { hasNew: flag.hasNew };
    }),
  },
  actions: {
    persistLogin: (_, result: LoginResult) => {
      const tokens = {
        token: result.token,
        refreshToken: result.refreshToken,
        expired: expiryOnDeviceClock(result.token, result.expired),
      };
      const m = result.member;
      saveLogin({
        ...tokens,
        user: toStored({
          nickname: m.nickname,
          avatar: m.avatar,
          mobile: m.mobile,
          memberCode: m.memberCode,
          memberId: m.id,
          registeredAt: m.registeredAt,
        }),
      });
      setTokens(tokens);
    },
    storeForum: (_, forum) => storeForum(forum),
    cacheUser: (_, user) => {
      if (readLogin()) saveUser({ ...(readLogin()?.user ?? {}), ...toStored(user) });
    },
    clearLogin: () => {
      clearLogin();
      clearTokens();
    },
    goToLogin,
    reload: () => window.location.reload(),
  },
});

let sessionActor: SessionActor | null = null;

/** The page's one session actor (created from the stored login on first use). */
export function getSessionActor(): SessionActor {
  if (!sessionActor) {
    const login = readLogin();
    const user = login?.user;
    sessionActor = createActor(appSessionMachine, {
      input: {
        loggedIn: Boolean(login?.token),
        user: user ? { nickname: user.nickname, avatar: user.avatar ?? null, mobile: user.mobile ?? null } : null,
        hasNewMessage: user?.newMessage === true,
      },
    });
    sessionActor.start();
    getTokenActor();
    // 401 and failed refreshes end the session through the machine.
    setLogoutHandler((reason) => sessionActor?.send({ type: 'session.logout', reason }));
  }
  return sessionActor;
}

/** A login / registration / QR / social login succeeded: save it and enter the logged-in state. */
export function completeLogin(result: LoginResult): void {
  getSessionActor().send({ type: 'session.loggedIn', result });
}

/**
 * 退出登录: revoke the session on the server (POST /v1/auth/logout with the refresh token; its
 * failure is ignored), then the machine clears everything and goes to /login.
 */
export async function logoutNow(actor: SessionActor = getSessionActor()): Promise<void> {
  const refreshToken = readLogin()?.refreshToken;
  try {
    await (await loadApi()).call('logout', { body: refreshToken ? { refreshToken } : {} });
  } catch {
    // the local logout happens anyway
  }
  actor.send({ type: 'session.logout', reason: 'user' });
}

/** A page that was told the member's unread count (the inbox, a read) sets the bell's marker from it. */
export function reportUnread(actor: SessionActor, unread: number): void {
  actor.send({ type: 'messages.set', hasNew: unread > 0 });
}

const SessionContext = createContext<SessionActor | null>(null);

/** Provides the session actor and lets it navigate with the router. Inside the router. */
export function SessionProvider({ children, actor }: { children: ReactNode; actor?: SessionActor }) {
  const navigate = useNavigate();
  useEffect(() => navigateWith((path) => navigate(path, { replace: true })), [navigate]);
  return <SessionContext.Provider value={actor ?? getSessionActor()}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  return useContext(SessionContext) ?? getSessionActor();
}

/**
 * Tell the session the member's nickname, avatar or mobile changed (the personal centre): the
 * header shows it at once and the cached user keeps it (`user.updated`).
 */
export function useUpdateSessionUser(): (user: SessionUser) => void {
  const actor = useSessionActor();
  return useCallback((user: SessionUser) => actor.send({ type: 'user.updated', user }), [actor]);
}

const sameView = (a: SessionView, b: SessionView) =>
  a.loggedIn === b.loggedIn &&
  a.loadingUser === b.loadingUser &&
  a.hasNewMessage === b.hasNewMessage &&
  a.user?.nickname === b.user?.nickname &&
  a.user?.avatar === b.user?.avatar &&
  (a.user === null) === (b.user === null);

/**
 * Calls `onView` with what the header and the guards need now and whenever it changes; returns
 * the unsubscribe (src/flows/sessionShell.tsx, the shell's side).
 */
export function watchSessionView(actor: SessionActor, onView: (view: SessionView) => void): () => void {
  let last = selectSessionView(actor.getSnapshot());
  onView(last);
  const subscription = actor.subscribe((snapshot) => {
    const view = selectSessionView(snapshot);
    if (sameView(view, last)) return;
    last = view;
    onView(view);
  });
  return () => subscription.unsubscribe();
}

/** What the header and the guards need, from the machine. */
export function useSessionView(): SessionView {
  return useSelector(useSessionActor(), selectSessionView, sameView);
}
