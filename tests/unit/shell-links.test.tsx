import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { HomeArea } from '../../src/app/Shell';
import { matchRoute } from '../../src/routing/paths';
import { system } from '../../src/app/theme';
import { Header } from '../../src/components/Header';
import { Sidebar, SIDEBAR_ITEMS } from '../../src/components/Sidebar';

// Members never get a link to a page that is not built (it would land on /404).
function hrefs(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href')!);
}

describe('shell links', () => {
  it('the /home sidebar links only to routed pages, and still to every routed home page', () => {
    render(
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={['/home/gold']}>
          <Routes>
            <Route element={<HomeArea />}>
              <Route path="/home/gold" element={<p>微豆明细</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </ChakraProvider>,
    );
    for (const nav of screen.getAllByRole('navigation', { name: '个人中心导航' })) {
      const links = hrefs(nav);
      expect(links.filter((href) => matchRoute(href) === null)).toEqual([]);
      expect(links).toEqual(
        expect.arrayContaining(['/home', '/home/task', '/home/gold', '/home/card', '/home/exchange', '/home/user']),
      );
    }
  });

  it('帮助与反馈 is the current item on the help pages below it', () => {
    for (const path of ['/home/feedback/help/2104', '/home/feedback/help/2104/41']) {
      const { unmount } = render(
        <ChakraProvider value={system}>
          <MemoryRouter initialEntries={[path]}>
            <Sidebar activePath={path} items={SIDEBAR_ITEMS} />
          </MemoryRouter>
        </ChakraProvider>,
      );
      for (const nav of screen.getAllByRole('navigation', { name: '个人中心导航' })) {
        const current = within(nav)
          .getAllByRole('link')
          .filter((a) => a.getAttribute('aria-current') === 'page');
        expect(current.map((a) => a.textContent)).toEqual(['帮助与反馈']);
      }
      unmount();
    }
  });

  it('the header offers 个人中心 only when told the page exists', () => {
    const renderHeader = (showUserCentre: boolean) =>
      render(
        <ChakraProvider value={system}>
          <MemoryRouter>
            <Header
              user={{ nickname: '小豆' }}
              activePath="/home"
              phoneMenuOpen
              userMenuOpen
              showUserCentre={showUserCentre}
            />
          </MemoryRouter>
        </ChakraProvider>,
      );
    const { unmount } = renderHeader(false);
    expect(screen.queryAllByRole('link', { name: /个人中心/ })).toEqual([]);
    unmount();
    renderHeader(true);
    expect(screen.getAllByRole('link', { name: /个人中心/ }).length).toBeGreaterThan(0);
  });
});
