import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (and re-renders when that changes). */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/**
 * Desktop layout (Chakra's `md` breakpoint and up): the QR login tab is offered only here, and
 * banners and campaigns published for `desktop` (below it: `phone`) are shown.
 */
export const DESKTOP_QUERY = '(min-width: 768px)';
/** The same breakpoint as a `<source media>` for the phone layout's pictures. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** The member asked the system for less motion: nothing moves by itself. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
