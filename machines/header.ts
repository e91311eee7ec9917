import { setup, type SnapshotFrom } from 'xstate';

/**
 * The site header (spec §2 "Header"): three independent regions.
 *
 * - `appearance`: `solid` (white) everywhere except the landing page, where the header floats
 *   `transparent` over the hero until the page is scrolled past the threshold
 *   (`page.scrolled` / `page.top`; the app turns `scrollY` into these with
 *   HEADER_SCROLL_THRESHOLD_PX). Scroll events off the landing page change nothing.
 * - `phoneMenu`: the compact header's navigation panel (phone widths).
 * - `userMenu`: the logged-in member's dropdown (退出登录 …).
 *
 * Navigating (`route.changed`) closes both menus; opening one menu closes the other;
 * `menus.dismiss` (Escape, a click outside) closes both. No React, router or DOM here.
 */

/** The one path whose header is transparent at the top. */
export const LANDING_PATH = '/';

export type HeaderEvent =
  | { type: 'route.changed'; path: string }
  | { type: 'page.scrolled' }
  | { type: 'page.top' }
  | { type: 'phoneMenu.toggle' }
  | { type: 'userMenu.toggle' }
  | { type: 'menus.dismiss' };

type Menu = 'phoneMenu' | 'userMenu';

/** A menu's region: its toggle opens and closes it; the other menu's toggle, a dismiss or a route change close it. */
const menuRegion = (menu: Menu, other: Menu) => ({
  initial: 'closed' as const,
  states: {
    closed: {
      on: { [`${menu}.toggle`]: { target: 'open' } },
    },
    open: {
      tags: [`${menu}Open` as const],
      on: {
        [`${menu}.toggle`]: { target: 'closed' },
        [`${other}.toggle`]: { target: 'closed' },
        'menus.dismiss': { target: 'closed' },
        'route.changed': { target: 'closed' },
      },
    },
  },
});

export const headerMachine = setup({
  types: {} as { events: HeaderEvent; tags: 'transparent' | 'solid' | 'phoneMenuOpen' | 'userMenuOpen' },
  guards: {
    toLanding: ({ event }) => event.type === 'route.changed' && event.path === LANDING_PATH,
  },
}).createMachine({
  id: 'header',
  type: 'parallel',
  states: {
    appearance: {
      initial: 'solid',
      states: {
        /** Any page but the landing page: always white. */
        solid: {
          tags: ['solid'],
          on: {
            'route.changed': { guard: 'toLanding', target: 'landingTop' },
          },
        },
        /** Landing page, scrollY below the threshold: transparent over the hero. */
        landingTop: {
          tags: ['transparent'],
          on: {
            'page.scrolled': { target: 'landingScrolled' },
            'route.changed': [{ guard: 'toLanding', target: 'landingTop' }, { target: 'solid' }],
          },
        },
        /** Landing page, scrolled at or past the threshold: white. */
        landingScrolled: {
          tags: ['solid'],
          on: {
            'page.top': { target: 'landingTop' },
            'route.changed': [{ guard: 'toLanding', target: 'landingTop' }, { target: 'solid' }],
          },
        },
      },
    },
    phoneMenu: menuRegion('phoneMenu', 'userMenu'),
    userMenu: menuRegion('userMenu', 'phoneMenu'),
  },
});

export type HeaderSnapshot = SnapshotFrom<typeof headerMachine>;

/** What the header view needs from the machine. */
export interface HeaderAppearance {
  /** Transparent over the landing hero; never while a menu panel is open (it needs a backdrop). */
  transparent: boolean;
  phoneMenuOpen: boolean;
  userMenuOpen: boolean;
}

export function selectHeaderAppearance(snapshot: HeaderSnapshot): HeaderAppearance {
  const phoneMenuOpen = snapshot.hasTag('phoneMenuOpen');
  const userMenuOpen = snapshot.hasTag('userMenuOpen');
  return {
    transparent: snapshot.hasTag('transparent') && !phoneMenuOpen && !userMenuOpen,
    phoneMenuOpen,
    userMenuOpen,
  };
}
