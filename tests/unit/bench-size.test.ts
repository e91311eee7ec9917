import { describe, expect, it } from 'vitest';
import {
  BUDGET_BYTES,
  STATIC_PAGES,
  ceilingsOf,
  firstLoads,
  overBudget,
  overCeiling,
  type ManifestChunk,
} from '../../bench/size.mjs';
import { ROUTES } from '../../src/routing/paths';

const KiB = 1024;

/** A Vite manifest: the entry with a shared vendor chunk, a lazy chunk both pages import, three pages, a CSS file. */
const manifest: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: [] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_api.js': { file: 'assets/api.js', imports: ['_vendor.js'] },
  'src/pages/landing/LandingPage.tsx': { file: 'assets/landing.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/pages/login/LoginPage.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_api.js', 'style.css'] },
  'src/pages/about/AboutPage.tsx': { file: 'assets/about.js', isDynamicEntry: true },
  'style.css': { file: 'assets/style.css' },
  // A lazy chunk that is no page (imported on demand inside a page): not a route's first load.
  'node_modules/jsencrypt/lib/index.js': { file: 'assets/jsencrypt.js', isDynamicEntry: true },
};
const sizes: Record<string, number> = {
  'assets/index.js': 100 * KiB,
  'assets/vendor.js': 40 * KiB,
  'assets/api.js': 30 * KiB,
  'assets/landing.js': 10 * KiB,
  'assets/login.js': 5 * KiB,
  'assets/about.js': 20 * KiB,
  'assets/style.css': 500 * KiB,
  'assets/jsencrypt.js': 900 * KiB,
};
const sizeOf = (file: string) => sizes[file] ?? Number.NaN;

describe('bench/size.mjs', () => {
  it('counts the entry closure once per page, each page its own imports, JS only', () => {
    const { entryBytes, pages } = firstLoads(manifest, sizeOf);
    expect(entryBytes).toBe(140 * KiB);
    expect(pages).toEqual([
      { page: 'login', kind: 'member', chunk: 'src/pages/login/LoginPage.tsx', bytes: 175 * KiB },
      { page: 'about', kind: 'static', chunk: 'src/pages/about/AboutPage.tsx', bytes: 160 * KiB },
      { page: 'landing', kind: 'landing', chunk: 'src/pages/landing/LandingPage.tsx', bytes: 150 * KiB },
    ]);
  });

  it('the check names the pages over 160 KiB, and a page at exactly the budget passes', () => {
    const { pages } = firstLoads(manifest, sizeOf);
    expect(BUDGET_BYTES).toBe(160 * KiB);
    expect(overBudget(pages).map((p) => p.page)).toEqual(['login']);
    expect(overBudget(pages, 149 * KiB).map((p) => p.page)).toEqual(['login', 'about', 'landing']);
  });

  it('a page over the goal is held to its recorded ceiling (size + 2 KiB); a page without one to the goal', () => {
    const { pages } = firstLoads(manifest, sizeOf);
    const ceilings = ceilingsOf(pages);
    expect(ceilings).toEqual({ 'src/pages/login/LoginPage.tsx': 177 });
    expect(overCeiling(pages, ceilings)).toEqual([]);
    const grown = pages.map((p) => ({ ...p, bytes: p.bytes + 2.5 * KiB }));
    // login passes its ceiling; about (at the goal before) passes the goal; landing still fits.
    expect(overCeiling(grown, ceilings).map((p) => p.page)).toEqual(['login', 'about']);
  });

  it('refuses a manifest without an entry', () => {
    expect(() => firstLoads({ 'src/pages/x/X.tsx': { file: 'x.js', isDynamicEntry: true } }, sizeOf)).toThrow(/entry/);
  });

  it('its static pages are the route table prerendered pages besides the landing', () => {
    const prerendered = new Set(ROUTES.filter((r) => r.prerender && r.page !== 'landing').map((r) => r.page));
    expect(new Set(STATIC_PAGES)).toEqual(prerendered);
  });
});
