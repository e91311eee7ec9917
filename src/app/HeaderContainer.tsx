import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { headerMachine, selectHeaderAppearance } from '../../machines/header';
import { Header, USER_CENTRE_PATH } from '../components/Header';
import { HEADER_SCROLL_THRESHOLD_PX } from '../config';
import { isRouted } from '../routing/paths';
import type { ShellSession } from '../services/visitor';
import { logoutNow, useSessionActor } from '../flows/session';
import { useLatestPathname } from './TransitionRouter';

const HAS_USER_CENTRE = isRouted(USER_CENTRE_PATH);

/**
 * Binds the header machine to the page: route changes, scroll position (turned into
 * `page.scrolled` / `page.top` at HEADER_SCROLL_THRESHOLD_PX), Escape; renders the props-only Header.
 */
export function HeaderContainer({ pathname: routedPathname, session }: { pathname: string; session: ShellSession }) {
  // The header follows a navigation at once, not when the next page is ready: its menus close when
  // the member navigates, not later under a menu they opened while the page was loading.
  const pathname = useLatestPathname() ?? routedPathname;
  const actor = useActorRef(headerMachine);
  const appearance = useSelector(actor, selectHeaderAppearance, shallowEqual);
  const session$ = useSessionActor();
  const scrolledRef = useRef<boolean | null>(null);

  // Before paint: tell the machine where we are and how far the page is scrolled.
  useLayoutEffect(() => {
    actor.send({ type: 'route.changed', path: pathname });
    const scrolled = window.scrollY >= HEADER_SCROLL_THRESHOLD_PX;
    scrolledRef.current = scrolled;
    actor.send({ type: scrolled ? 'page.scrolled' : 'page.top' });
  }, [actor, pathname]);

  useEffect(() => {
    const onScroll = () => {
      const scrolled = window.scrollY >= HEADER_SCROLL_THRESHOLD_PX;
      if (scrolled === scrolledRef.current) return;
      scrolledRef.current = scrolled;
      actor.send({ type: scrolled ? 'page.scrolled' : 'page.top' });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [actor]);

  const anyMenuOpen = appearance.phoneMenuOpen || appearance.userMenuOpen;
  useEffect(() => {
    if (!anyMenuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') actor.send({ type: 'menus.dismiss' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actor, anyMenuOpen]);

  return (
    <Header
      user={session.loggedIn ? (session.user ?? {}) : null}
      hasNewMessage={session.hasNewMessage}
      transparent={appearance.transparent}
      phoneMenuOpen={appearance.phoneMenuOpen}
      userMenuOpen={appearance.userMenuOpen}
      activePath={pathname}
      showUserCentre={HAS_USER_CENTRE}
      onPhoneMenuToggle={() => actor.send({ type: 'phoneMenu.toggle' })}
      onUserMenuToggle={() => actor.send({ type: 'userMenu.toggle' })}
      onDismissMenus={() => actor.send({ type: 'menus.dismiss' })}
      onLogout={() => {
        actor.send({ type: 'menus.dismiss' });
        // POST /v1/auth/logout (failure ignored), then the session machine clears and goes to /login.
        void logoutNow(session$);
      }}
    />
  );
}

function shallowEqual<T extends object>(a: T, b: T) {
  return (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]);
}
