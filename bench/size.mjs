// First-route JS size (gzip) per page, from Vite's build manifest.
// A page's first load = the entry chunk and its static imports + the page's lazy chunk
// (src/pages/<folder>/…, one per route's page in src/app/routes.tsx) and its static imports.
//
// Two lines per page: the goal (DESIGN §7) is 160 KiB gzip for every route; pages that
// do not meet it yet have a ceiling in bench/size-ceilings.json (their size when recorded + 2 KiB),
// so none grows unnoticed while the gap is worked on. The CI gate (--check) fails when a page
// passes its ceiling, or passes 160 KiB without one (every page that meets the goal must keep it).
//
//   node bench/size.mjs            the report: entry, then every page, largest first
//   node bench/size.mjs --check    the same, then exit 1 naming the pages over their budget (CI gate)
//   node bench/size.mjs --record   rewrite the ceilings from this build (pages over 160 KiB only)
//   node bench/size.mjs --json     the figures as JSON (bench/run.mjs reads them)
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { closure, entryKey } from '../scripts/page-preloads.mjs';

export const BUDGET_BYTES = 160 * 1024;
/**
 * The prerendered static pages besides the landing (ROUTES' `prerender` pages in
 * src/routing/paths.ts; tests/unit/bench-size.test.ts keeps the two in step). Every other page is a
 * member or account page (the speed table's first row).
 */
export const STATIC_PAGES = [
  'not-found',
  'updating',
  'about',
  'agreement',
  'privacy',
  'sdk-list',
  'cooperate',
  'product',
];
const LANDING = 'landing';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
const manifestPath = path.join(dist, '.vite/manifest.json');

/**
 * The page folder of a route page's manifest key (`src/pages/login/LoginPage.tsx` → `login`), or
 * null for other chunks. Route pages are the `…Page.tsx` modules the route table loads; a part of
 * a page loaded later on its own (the task page's `TaskCardsPanel.tsx`) is not a first load.
 */
const pageOf = (key) => /^src\/pages\/([^/]+)\/[^/]*Page\.tsx$/.exec(key)?.[1] ?? null;

/**
 * First-load JS of the entry and of every page chunk of `manifest` (Vite's build manifest), with
 * `sizeOf(file)` the bytes a file counts for (gzip). Pages sorted largest first, each with its
 * folder, kind (`landing`, `static` or `member`) and the manifest key of its chunk.
 */
export function firstLoads(manifest, sizeOf) {
  const entryFiles = closure(manifest, entryKey(manifest));
  const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const pages = Object.entries(manifest)
    .filter(([key, c]) => c.isDynamicEntry && pageOf(key))
    .map(([key]) => {
      const page = pageOf(key);
      const kind = page === LANDING ? 'landing' : STATIC_PAGES.includes(page) ? 'static' : 'member';
      return { page, kind, chunk: key, bytes: sum(closure(manifest, key, new Set(entryFiles))) };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { entryBytes: sum(entryFiles), pages };
}

/** The console (admin.html, the staff's desktop tool): a first load of at most 250 KiB gzip. */
export const CONSOLE_CEILING_BYTES = 250 * 1024;
const consolePageOf = (key) => /^src\/admin\/pages\/([^/]+)\/[^/]*Page\.tsx$/.exec(key)?.[1] ?? null;

/** First-load JS of the console's entry and of each console page (its entry + its chunk), or null without one. */
export function consoleFirstLoads(manifest, sizeOf) {
  if (!manifest['admin.html']) return null;
  const entryFiles = closure(manifest, 'admin.html');
  const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const pages = Object.entries(manifest)
    .filter(([key, c]) => c.isDynamicEntry && consolePageOf(key))
    .map(([key]) => ({ page: consolePageOf(key), chunk: key, bytes: sum(closure(manifest, key, new Set(entryFiles))) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { entryBytes: sum(entryFiles), pages };
}

/** The pages whose first load passes `budget` bytes. */
export const overBudget = (pages, budget = BUDGET_BYTES) => pages.filter((p) => p.bytes > budget);

/** A page's budget in bytes: its recorded ceiling (KiB, by the page's chunk) when it has one, else the goal. */
export const budgetOf = (chunk, ceilings) => (ceilings[chunk] === undefined ? BUDGET_BYTES : ceilings[chunk] * 1024);

/** The pages over their budget (`ceilings`: page chunk → KiB). */
export const overCeiling = (pages, ceilings) => pages.filter((p) => p.bytes > budgetOf(p.chunk, ceilings));

/** Ceilings for the pages over the goal: their size rounded up to whole KiB, + 2 KiB. */
export const ceilingsOf = (pages) =>
  Object.fromEntries(
    overBudget(pages)
      .map((p) => [p.chunk, Math.ceil(p.bytes / 1024) + 2])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

const ceilingsPath = path.join(import.meta.dirname, 'size-ceilings.json');
export const readCeilings = () => (existsSync(ceilingsPath) ? JSON.parse(readFileSync(ceilingsPath, 'utf8')) : {});

/** firstLoads of the built app (dist/client), gzip level 9. */
export function sizeReport() {
  if (!existsSync(manifestPath)) throw new Error('dist/client/.vite/manifest.json missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const gz = new Map();
  const gzipOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  };
  return { ...firstLoads(manifest, gzipOf), budgetBytes: BUDGET_BYTES, console: consoleFirstLoads(manifest, gzipOf) };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = sizeReport();
  const ceilings = readCeilings();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...report, ceilings }));
  } else if (process.argv.includes('--record')) {
    const next = ceilingsOf(report.pages);
    writeFileSync(ceilingsPath, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`bench/size-ceilings.json: ${Object.keys(next).length} pages over ${kib(BUDGET_BYTES)} with a ceiling`);
  } else {
    const { entryBytes, pages, budgetBytes } = report;
    console.log(`entry (shared by every route): ${kib(entryBytes).padStart(10)} gzip`);
    for (const p of pages) {
      const verdict =
        p.bytes > budgetOf(p.chunk, ceilings)
          ? 'OVER CEILING'
          : p.bytes > budgetBytes
            ? `over goal (ceiling ${ceilings[p.chunk]} KiB)`
            : 'ok';
      console.log(`${kib(p.bytes).padStart(10)} gzip  ${verdict.padEnd(28)}  ${p.kind.padEnd(7)} ${p.chunk}`);
    }
    const over = overBudget(pages, budgetBytes);
    console.log(
      `largest first-route JS: ${kib(pages[0]?.bytes ?? entryBytes)} gzip (goal ${kib(budgetBytes)}); ${over.length} of ${pages.length} pages over the goal`,
    );
    const failing = overCeiling(pages, ceilings);
    const consoleLoads = report.console;
    const consoleOver = consoleLoads ? consoleLoads.pages.filter((p) => p.bytes > CONSOLE_CEILING_BYTES) : [];
    if (consoleLoads) {
      console.log(`\nconsole entry (admin.html): ${kib(consoleLoads.entryBytes).padStart(10)} gzip`);
      for (const p of consoleLoads.pages)
        console.log(
          `${kib(p.bytes).padStart(10)} gzip  ${(p.bytes > CONSOLE_CEILING_BYTES ? 'OVER CEILING' : 'ok').padEnd(28)}  console ${p.chunk}`,
        );
      console.log(`console first load: at most ${kib(CONSOLE_CEILING_BYTES)} gzip per page`);
    }
    if (process.argv.includes('--check') && consoleOver.length) {
      console.error(
        `\nconsole first load over ${kib(CONSOLE_CEILING_BYTES)} on: ${consoleOver.map((p) => `${p.page} ${kib(p.bytes)}`).join(', ')}`,
      );
      if (!failing.length) process.exit(1);
    }
    if (process.argv.includes('--check') && failing.length) {
      console.error(
        `\nfirst-route JS over budget on ${failing.length} page(s) (goal ${kib(budgetBytes)}; ceilings in bench/size-ceilings.json):\n` +
          failing
            .map((p) => `  ${p.page} (${p.chunk}): ${kib(p.bytes)}, ${kib(p.bytes - budgetOf(p.chunk, ceilings))} over`)
            .join('\n') +
          '\nMake the page smaller; raise a ceiling only for a reason written in the same commit.',
      );
      process.exit(1);
    }
  }
}
