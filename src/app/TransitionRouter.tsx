import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { NAVIGATION_HOLD_MS } from '../config';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

const NavigationContext = createContext<{ pending: boolean; pathname: string | null }>({
  pending: false,
  pathname: null,
});

/** True while a navigation waits for its page (the current page stays on screen meanwhile). */
export function useNavigationPending(): boolean {
  return useContext(NavigationContext).pending;
}

/**
 * The path navigated to, at once — before its page is ready and the routes see it. Null outside
 * the TransitionRouter (prerendering), where the routes' location is the only one.
 */
export function useLatestPathname(): string | null {
  return useContext(NavigationContext).pathname;
}

/**
 * BrowserRouter with the navigation in a transition of its own: React keeps showing the current
 * page while the next page's chunk loads (instead of the Suspense fallback), and the pending state
 * is known (a thin progress bar). A page that is still not ready after `holdMs` is rendered
 * urgently, so the loading state shows rather than a page that seems not to react.
 */
export function TransitionRouter({ children, holdMs = NAVIGATION_HOLD_MS }: { children: ReactNode; holdMs?: number }) {
  const historyRef = useRef<BrowserHistory | null>(null);
  historyRef.current ??= createBrowserHistory({ v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [latestPathname, setLatestPathname] = useState(history.location.pathname);
  const [pending, startTransition] = useTransition();

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        setLatestPathname(location.pathname);
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setState({ action: history.action, location: history.location }), holdMs);
    return () => clearTimeout(timer);
  }, [pending, history, holdMs]);

  return (
    <NavigationContext.Provider value={{ pending, pathname: latestPathname }}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationContext.Provider>
  );
}
