import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { Link, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { system } from '../../src/app/theme';
import { PageFrame } from '../../src/app/Shell';
import { TransitionRouter, useNavigationPending } from '../../src/app/TransitionRouter';
import { forgetPage, lazyPage, type PageModule } from '../../src/app/lazyPage';
import { likelyNextPaths, prefetchOnLinkIntent, prefetchPaths } from '../../src/app/prefetch';
import { routes } from '../../src/app/routes';

function deferredPage(text: string) {
  let resolve!: () => void;
  const module = new Promise<PageModule>((done) => {
    resolve = () => done({ default: () => <p>{text}</p> });
  });
  return { load: () => module, resolve };
}

/** On screen: in the document and not hidden by React while a boundary shows its fallback. */
function shown(text: string) {
  const element = screen.queryByText(text);
  return element !== null && element.style.display !== 'none';
}

function Frame() {
  const { pathname } = useLocation();
  const pending = useNavigationPending();
  return (
    <>
      {pending && <span>正在打开页面</span>}
      <Link to="/a">去 A</Link>
      <Link to="/b">去 B</Link>
      <PageFrame resetKey={pathname} onRetry={() => {}}>
        <Outlet />
      </PageFrame>
    </>
  );
}

function renderApp(pageB: () => Promise<PageModule>, holdMs?: number) {
  window.history.replaceState(null, '', '/a');
  const B = lazyPage(pageB);
  render(
    <ChakraProvider value={system}>
      <TransitionRouter holdMs={holdMs}>
        <Routes>
          <Route element={<Frame />}>
            <Route path="/a" element={<p>页面 A</p>} />
            <Route path="/b" element={<B />} />
          </Route>
        </Routes>
      </TransitionRouter>
    </ChakraProvider>,
  );
}

describe('navigation between lazy pages', () => {
  it('keeps the current page on screen while the next chunk loads, then shows the next page', async () => {
    const pageB = deferredPage('页面 B');
    renderApp(pageB.load);
    screen.getByText('页面 A');

    fireEvent.click(screen.getByRole('link', { name: '去 B' }));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(shown('页面 A')).toBe(true);
    expect(screen.queryByText('加载中…')).toBeNull();
    screen.getByText('正在打开页面');

    await act(async () => pageB.resolve());
    await screen.findByText('页面 B');
    expect(screen.queryByText('页面 A')).toBeNull();
    expect(screen.queryByText('正在打开页面')).toBeNull();
    forgetPage(pageB.load);
  });

  it('shows the loading state once the next chunk has taken longer than the hold', async () => {
    const pageB = deferredPage('页面 B');
    renderApp(pageB.load, 30);
    fireEvent.click(screen.getByRole('link', { name: '去 B' }));
    await screen.findByText('加载中…');
    expect(shown('页面 A')).toBe(false);

    await act(async () => pageB.resolve());
    await screen.findByText('页面 B');
    forgetPage(pageB.load);
  });

  it('a chunk that fails shows the retry on its path only; the next path starts afresh', async () => {
    const failing = () => Promise.reject(new Error('network'));
    renderApp(failing);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('link', { name: '去 B' }));
    await screen.findByText('页面加载失败');
    fireEvent.click(screen.getByRole('link', { name: '去 A' }));
    await screen.findByText('页面 A');
    expect(screen.queryByText('页面加载失败')).toBeNull();
    forgetPage(failing);
    vi.restoreAllMocks();
  });
});

describe('prefetch of likely next pages', () => {
  const table = () => routes.map((route) => ({ ...route, load: vi.fn(route.load) }));
  const called = (t: ReturnType<typeof table>) => t.filter((r) => r.load.mock.calls.length > 0).map((r) => r.path);

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'connection');
  });

  it('imports the chunks of the login, register and task pages for a visitor, the /home pages for a member', () => {
    const visitor = table();
    prefetchPaths(likelyNextPaths(false), visitor);
    expect(called(visitor)).toEqual(expect.arrayContaining(['/login', '/register', '/task']));
    expect(called(visitor)).not.toContain('/home');

    const member = table();
    prefetchPaths(likelyNextPaths(true), member);
    expect(called(member)).toEqual(expect.arrayContaining(['/home', '/task', '/home/gold']));
    expect(called(member)).not.toContain('/login');
  });

  it('imports a link’s page when the pointer enters it or it takes focus', () => {
    const links = table();
    const stop = prefetchOnLinkIntent(document, links);
    const { container } = render(<a href="/about">关于我们</a>);
    fireEvent.pointerOver(container.querySelector('a')!);
    expect(called(links)).toEqual(['/about']);
    stop();
  });

  it('imports nothing on a Save-Data connection', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const t = table();
    prefetchPaths(likelyNextPaths(false), t);
    const stop = prefetchOnLinkIntent(document, t);
    const { container } = render(<a href="/about">关于我们</a>);
    fireEvent.focusIn(container.querySelector('a')!);
    expect(called(t)).toEqual([]);
    stop();
  });
});
