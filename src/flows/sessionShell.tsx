import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionActor, SessionView } from '../../machines/session';
import { MESSAGE_CHECK_INTERVAL_MS } from '../config';
import { readLogin } from '../services/storage';

/**
 * The shell's side of the session, without XState: the first render (and the hydration of a
 * prerendered page) reads "logged in or not" from storage, the way the session machine starts
 * (machines/session.ts), and the machine with its token refresh (./session.tsx) loads right after
 * it. From then on the view follows the machine; events wait for it (`actor` is null until then).
 */

/** The session module (XState, the session and token machines): after the first render. */
export const loadSession = () => import('./session');

/** The view the session machine starts with, from the stored login (its `selectSessionView`). */
function storedView(): SessionView {
  const login = readLogin();
  if (!login?.token) return { loggedIn: false, loadingUser: false, user: null, hasNewMessage: false };
  return {
    loggedIn: true,
    loadingUser: false,
    user: { nickname: login.user?.nickname, avatar: login.user?.avatar ?? null },
    hasNewMessage: login.user?.newMessage === true,
  };
}

interface ShellSession {
  /** The page's session actor, once loaded. */
  actor: SessionActor | null;
  view: SessionView;
}

const ShellSessionContext = createContext<ShellSession | null>(null);

/** Loads the session machine after the first render and lets it navigate with the router. Inside the router. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [session, setSession] = useState<ShellSession>(() => ({ actor: null, view: storedView() }));
  useEffect(() => {
    let live = true;
    let unwatch = () => {};
    loadSession().then(
      (m) => {
        if (!live) return;
        m.navigateWith((path) => navigate(path, { replace: true }));
        const actor = m.getSessionActor();
        unwatch = m.watchSessionView(actor, (view) => setSession({ actor, view }));
      },
      () => {},
    );
    return () => {
      live = false;
      unwatch();
    };
  }, [navigate]);
  return <ShellSessionContext.Provider value={session}>{children}</ShellSessionContext.Provider>;
}

/** The session as the shell and header see it: the actor (null until loaded) and what they show. */
export function useShellSession(): ShellSession {
  const session = useContext(ShellSessionContext);
  if (!session) throw new Error('useShellSession outside SessionProvider');
  return session;
}

/**
 * Logged in or not, as the shell knows it (it follows the session machine once that is loaded),
 * without loading the machine: a page whose only question is "visitor or member" (the answer-quality
 * pages, 兑换结果) reads this and keeps XState out of its first load. Outside the provider: the
 * stored login.
 */
export function useLoggedIn(): boolean {
  const session = useContext(ShellSessionContext);
  return session ? session.view.loggedIn : storedView().loggedIn;
}

/**
 * Keeps the bell's new-message marker current while the member is logged in: asks the server
 * (`messages.check`) every MESSAGE_CHECK_INTERVAL_MS while the tab is visible and when the
 * member comes back to the tab. Navigation asks too (the shell); pages that read messages report
 * the count they were given (`reportUnread`).
 */
export function useNewMessageChecks(actor: SessionActor | null, loggedIn: boolean): void {
  useEffect(() => {
    if (!actor || !loggedIn) return;
    const check = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'messages.check' });
    };
    const timer = setInterval(check, MESSAGE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [actor, loggedIn]);
}
