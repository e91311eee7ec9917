import { Box, Container, Flex } from '@chakra-ui/react';
import { Suspense, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { HEADER_HEIGHT } from '../components/Header';
import { LoadingState } from '../components/ListStates';
import { Sidebar } from '../components/Sidebar';
import { PRODUCT_NAME, TITLE_SEPARATOR } from '../config';
import { documentTitle, guardRoute } from '../routing/guards';
import { HeaderContainer } from './HeaderContainer';
import { forgetPage, lazyPage } from './lazyPage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { likelyNextPaths, prefetchOnLinkIntent, prefetchPaths, whenIdle } from './prefetch';
import { useNavigationPending } from './TransitionRouter';
import { matchRoute } from '../routing/paths';
import { routes, type AppRoute } from './routes';
import { MAINTENANCE, readTaskHashId, type ShellSession } from '../services/visitor';
import { useNewMessageChecks, useShellSession } from '../flows/sessionShell';
import { LANDING_PATH } from './HeaderContainer';

/**
 * The app shell around every route: guards, document title, scroll reset, and the layout
 * group of the matched route (header + footer, header only, bare). One element for all
 * routes, so the header (and its machine) survives navigation.
 */
export function Shell() {
  const location = useLocation();
  const match = matchRoute(location.pathname, routes);
  const route = match?.route ?? null;
  // The session machine (machines/session.ts) knows whether the visitor is logged in; until it has
  // loaded, the stored login says it the way the machine starts (src/flows/sessionShell.tsx).
  const { actor: sessionActor, view } = useShellSession();
  const session: ShellSession = { loggedIn: view.loggedIn, user: view.user, hasNewMessage: view.hasNewMessage };
  const isPublic = route?.public ?? true;
  // Spec §2: logged in on a non-public page without a cached nickname → user info first.
  const waitingForUser = view.loadingUser || (view.loggedIn && !isPublic && !view.user?.nickname);
  useEffect(() => prefetchOnLinkIntent(document, routes), []);

  useEffect(() => {
    if (!sessionActor) return;
    sessionActor.send({ type: 'route.enter', path: location.pathname, isPublic });
    if (sessionActor.getSnapshot().matches({ loggedIn: 'idle' })) sessionActor.send({ type: 'messages.check' });
  }, [sessionActor, location.pathname, isPublic]);
  useNewMessageChecks(sessionActor, view.loggedIn);
  // Whether the member logged in while this page was open (not a page opened with a stored login).
  const [wasLoggedIn, setWasLoggedIn] = useState(view.loggedIn);
  const [loggedInHere, setLoggedInHere] = useState(false);
  if (wasLoggedIn !== view.loggedIn) {
    setWasLoggedIn(view.loggedIn);
    setLoggedInHere(view.loggedIn);
  }

  const redirect = guardRoute({
    path: location.pathname,
    search: location.search,
    route,
    loggedIn: session.loggedIn,
    taskHashId: session.loggedIn ? null : readTaskHashId(),
    maintenance: MAINTENANCE,
  });

  useEffect(() => {
    if (redirect) return;
    const title = documentTitle(route, PRODUCT_NAME, TITLE_SEPARATOR);
    if (title !== null) document.title = title;
  }, [redirect, route]);

  useLayoutEffect(() => {
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  if (redirect) return <Navigate to={redirect} replace />;
  if (!route) return null;

  // First child of both layouts, so it stays mounted when the layout changes.
  const screenMessage = session.loggedIn ? (
    <Later
      load={loadScreenMessage}
      pathname={location.pathname}
      afterLogin={loggedInHere}
      enabled={route.layout !== 'bare'}
    />
  ) : null;

  const overlay = route.path === LANDING_PATH;
  const page = (
    <PageFrame resetKey={location.pathname} onRetry={() => forgetPage(route.load)}>
      {waitingForUser ? (
        <PageLoading />
      ) : (
        <>
          <Outlet />
          <IdlePrefetch loggedIn={session.loggedIn} />
        </>
      )}
    </PageFrame>
  );

  if (route.layout === 'bare')
    return (
      <>
        {screenMessage}
        <Box minH="100vh">
          <NavigationProgress />
          {page}
        </Box>
      </>
    );

  return (
    <>
      {screenMessage}
      <Flex direction="column" minH="100vh" bg={route.area === 'home' ? 'gray.50' : 'white'}>
        <NavigationProgress />
        <HeaderContainer pathname={location.pathname} session={session} />
        <Box as="main" flex="1" pt={overlay ? '0' : HEADER_HEIGHT} display="flex" flexDirection="column">
          <Box flex="1">{page}</Box>
        </Box>
        {route.layout === 'full' && <Footer />}
        <Later load={loadTabBar} pathname={location.pathname} page={route.page} loggedIn={session.loggedIn} />
      </Flex>
    </>
  );
}

const loadScreenMessage = () => import('./ScreenMessage').then((m) => m.default);
const loadTabBar = () => import('./TabBarContainer').then((m) => m.default);

/**
 * A part of the shell in its own chunk, loaded once it is shown — never part of a page's first
 * load: the one-time screen message (./ScreenMessage.tsx, once a member is logged in) and the
 * phone's tab bar (./TabBarContainer.tsx). A failed load shows nothing (the next page load tries again).
 */
function Later<P extends object>({ load, ...props }: P & { load: () => Promise<ComponentType<P>> }) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return Loaded ? <Loaded {...(props as P)} /> : null;
}

/** The /home layout: the sidebar beside (desktop) or above (phone) the page. */
export function HomeArea() {
  const { pathname } = useLocation();
  return (
    <Container maxW="1200px" px={{ base: '4', md: '6' }} pt={{ base: '0', md: '6' }} pb={{ base: '6', md: '12' }}>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }} align="stretch">
        <Sidebar activePath={pathname} />
        <Box flex="1" minW="0">
          {/* No Suspense of its own: a new one would show its fallback on each navigation into /home. */}
          <Outlet />
        </Box>
      </Flex>
    </Container>
  );
}

/**
 * The one Suspense boundary of the pages, mounted across navigations: a navigation (a transition,
 * see TransitionRouter) keeps the current page on screen while the next chunk loads; the first
 * load shows the loading state. The error boundary inside starts afresh on each path.
 */
export function PageFrame({
  resetKey,
  onRetry,
  children,
}: {
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageErrorBoundary key={resetKey} onRetry={onRetry}>
        {children}
      </PageErrorBoundary>
    </Suspense>
  );
}

/** Fills the viewport so the footer does not jump when the page arrives (CLS). */
function PageLoading() {
  return (
    <Box minH="100vh">
      <LoadingState />
    </Box>
  );
}

/** A thin bar along the top while a navigation waits for its page. */
function NavigationProgress() {
  const pending = useNavigationPending();
  if (!pending) return null;
  return (
    <Box
      role="progressbar"
      aria-label="正在打开页面"
      position="fixed"
      top="0"
      insetX="0"
      h="2px"
      bg="brand.500"
      zIndex="max"
      animation="pulse 1s ease-in-out infinite"
    />
  );
}

/**
 * Prefetches the likely next pages when the browser is idle. Rendered beside the page, inside its
 * Suspense boundary, so it starts only once the page has arrived.
 */
function IdlePrefetch({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => whenIdle(() => prefetchPaths(likelyNextPaths(loggedIn), routes)), [loggedIn]);
  return null;
}

/** Renders a route's lazily loaded page. */
export function RoutePage({ route }: { route: AppRoute }) {
  const Page = lazyPage(route.load);
  return <Page />;
}
