import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HeaderAppearance, HeaderEvent } from '../../machines/header';
import { Header } from '../components/Header';
import { HEADER_SCROLL_THRESHOLD_PX } from '../config';
import { isRouted, USER_CENTRE_PATH } from '../routing/paths';
import type { ShellSession } from '../services/visitor';
import { loadSession, useShellSession } from '../flows/sessionShell';
import { useLatestPathname } from './TransitionRouter';
import { shallowEqual } from '../flows/shallowEqual';

/** The one path whose header is transparent at the top: machines/header.ts's, which loads later with XState. */
export const LANDING_PATH = '/';

const HAS_USER_CENTRE = isRouted(USER_CENTRE_PATH);

/**
 * Binds the header machine to the page: route changes, scroll position (turned into
 * `page.scrolled` / `page.top` at HEADER_SCROLL_THRESHOLD_PX), Escape; renders the props-only Header.
 */
export function HeaderContainer({ pathname: routedPathname, session }: { pathname: string; session: ShellSession }) {
  // The header follows a navigation at once, not when the next page is ready: its menus close when
  // the member navigates, not later under a menu they opened while the page was loading.
  const pathname = useLatestPathname() ?? routedPathname;
  const { actor: send, appearance } = useHeaderMachine();
  const { actor: session$ } = useShellSession();
  const scrolledRef = useRef<boolean | null>(null);

  // Before paint: tell the machine where we are and how far the page is scrolled.
  useLayoutEffect(() => {
    send({ type: 'route.changed', path: pathname });
    const scrolled = window.scrollY >= HEADER_SCROLL_THRESHOLD_PX;
    scrolledRef.current = scrolled;
    send({ type: scrolled ? 'page.scrolled' : 'page.top' });
  }, [send, pathname]);

  useEffect(() => {
    const onScroll = () => {
      const scrolled = window.scrollY >= HEADER_SCROLL_THRESHOLD_PX;
      if (scrolled === scrolledRef.current) return;
      scrolledRef.current = scrolled;
      send({ type: scrolled ? 'page.scrolled' : 'page.top' });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [send]);

  const anyMenuOpen = appearance.phoneMenuOpen || appearance.userMenuOpen;
  useEffect(() => {
    if (!anyMenuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') send({ type: 'menus.dismiss' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, anyMenuOpen]);

  return (
    <Header
      user={session.loggedIn ? (session.user ?? {}) : null}
      hasNewMessage={session.hasNewMessage}
      transparent={appearance.transparent}
      phoneMenuOpen={appearance.phoneMenuOpen}
      userMenuOpen={appearance.userMenuOpen}
      activePath={pathname}
      showUserCentre={HAS_USER_CENTRE}
      onPhoneMenuToggle={() => send({ type: 'phoneMenu.toggle' })}
      onUserMenuToggle={() => send({ type: 'userMenu.toggle' })}
      onDismissMenus={() => send({ type: 'menus.dismiss' })}
      onLogout={() => {
        send({ type: 'menus.dismiss' });
        // POST /v1/auth/logout (failure ignored), then the session machine clears and goes to /login.
        void loadSession().then((m) => m.logoutNow(session$ ?? undefined));
      }}
    />
  );
}

/** The header machine's start (machines/header.ts): solid, both menus closed. */
const START: HeaderAppearance = { transparent: false, phoneMenuOpen: false, userMenuOpen: false };

/**
 * The header machine (machines/header.ts), loaded with XState after the first render. Until then
 * its events wait and are sent in order once it runs, and the header shows the machine's start;
 * the landing page's transparent top follows the route and scroll events at once (the machine's
 * `appearance` region), so the first paint is as with the machine.
 */
function useHeaderMachine(): { actor: (event: HeaderEvent) => void; appearance: HeaderAppearance } {
  const [appearance, setAppearance] = useState(START);
  const machine = useRef<((event: HeaderEvent) => void) | null>(null);
  const waiting = useRef<HeaderEvent[]>([]);
  const landing = useRef({ onLanding: false, scrolled: false });
  useEffect(() => {
    let stop = () => {};
    let live = true;
    void Promise.all([import('xstate'), import('../../machines/header')]).then(([xstate, header]) => {
      if (!live) return;
      const actor = xstate.createActor(header.headerMachine).start();
      for (const event of waiting.current.splice(0)) actor.send(event);
      const show = () =>
        setAppearance((before) => {
          const next = header.selectHeaderAppearance(actor.getSnapshot());
          return shallowEqual(before, next) ? before : next;
        });
      show();
      stop = actor.subscribe(show).unsubscribe;
      machine.current = (event) => actor.send(event);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  const send = useCallback((event: HeaderEvent) => {
    if (machine.current) return machine.current(event);
    waiting.current.push(event);
    const state = landing.current;
    if (event.type === 'route.changed') state.onLanding = event.path === LANDING_PATH;
    else if (event.type === 'page.scrolled') state.scrolled = true;
    else if (event.type === 'page.top') state.scrolled = false;
    else return;
    const transparent = state.onLanding && !state.scrolled;
    setAppearance((before) => (before.transparent === transparent ? before : { ...before, transparent }));
  }, []);
  return { actor: send, appearance };
}
