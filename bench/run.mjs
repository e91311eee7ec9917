// `npm run bench`: every row of the speed table in one run, then ONE summary table — row,
// figure, goal, met / MISSED (and by how much).
//
//   lighthouse  Lighthouse mobile on the seven routes (bench/lighthouse.mjs: `npm start` on a free
//               port, embedded database; /task and /home logged in as the demo member)
//   size        first-route JS per page from the build manifest (bench/size.mjs)
//   api         the reads beside the stack limit and pgbench -S, redeem beside pgbench TPC-B, server
//               RSS, with 1 and 2 workers (bench/api.mjs; PostgreSQL on $BENCH_PG_HOST:$BENCH_PG_PORT)
//
// Usage: npm run bench [-- --only lighthouse,size,api] [--strict]
// Builds the app first when dist/client has no manifest (`npm start` rebuilds a stale one before
// Lighthouse; size runs after it, so both describe the same build). Exit status 1 when a part
// could not run; with --strict also when a goal is missed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUDGET_BYTES, kib, overBudget, sizeReport } from './size.mjs';

const PARTS = ['lighthouse', 'size', 'api'];
const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: { only: { type: 'string' }, strict: { type: 'boolean', default: false } },
});
const parts = opts.only ? opts.only.split(',').map((p) => p.trim()) : PARTS;
for (const p of parts) if (!PARTS.includes(p)) throw new Error(`unknown part "${p}" (parts: ${PARTS.join(', ')})`);

const started = performance.now();
const section = (title) => console.log(`\n=== ${title} ===`);

/** The summary per part: [row, figure, goal, verdict]; printed in the issue's order (size, Lighthouse, API). */
const rowsOf = { size: [], lighthouse: [], api: [] };
let current = null;
const add = (row, figure, goal, verdict = '—') => rowsOf[current].push([row, figure, goal, verdict]);
let failedParts = 0;
let missed = 0;
/** A goal's verdict: `met`, or `MISSED (how)`; counts the misses. */
const judge = (ok, how) => {
  if (ok) return 'met';
  missed++;
  return `MISSED (${how})`;
};

async function part(name, fn, rowsIfFailed) {
  if (!parts.includes(name)) return;
  section(name);
  current = name;
  const t = performance.now();
  try {
    await fn();
  } catch (e) {
    failedParts++;
    console.error(`${name} failed:`, e);
    for (const r of rowsIfFailed)
      add(r, `not measured: ${name} failed (${String(e.message ?? e).split('\n')[0]})`, '', 'ERROR');
  }
  console.log(`(${name}: ${((performance.now() - t) / 1000).toFixed(0)} s)`);
}

if (
  (parts.includes('size') || parts.includes('lighthouse')) &&
  !existsSync(path.join(root, 'dist/client/.vite/manifest.json'))
) {
  section('build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
if (!existsSync(path.join(import.meta.dirname, 'node_modules/lighthouse')))
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: import.meta.dirname, stdio: 'inherit' });

/* ---- Lighthouse ---- */
const LH_GOAL = { score: 0.95, lcpMs: 2000, cls: 0 };
await part(
  'lighthouse',
  async () => {
    const { lighthouseScores, describeRun } = await import('./lighthouse.mjs');
    const results = await lighthouseScores();
    /** A route Lighthouse could not measure: an ERROR row, and the run exits 1. */
    const notMeasured = (row, r, goal) => {
      failedParts++;
      add(row, `not measured: ${r.error}`, goal, 'ERROR');
    };
    for (const r of results) {
      const label = `Lighthouse mobile performance ${r.path}${r.member ? ' (logged in)' : ''}`;
      const goal = `≥ ${LH_GOAL.score}`;
      console.log(`${label}: ${r.score ?? '-'} (${describeRun(r)})`);
      if (r.error) notMeasured(label, r, goal);
      else
        add(
          label,
          `${r.score.toFixed(2)} (${describeRun(r)})`,
          goal,
          r.finalPath !== r.path
            ? judge(false, `measured ${r.finalPath}, not ${r.path}`)
            : judge(r.score >= LH_GOAL.score, `${(LH_GOAL.score - r.score).toFixed(2)} short`),
        );
    }
    const exchange = results.find((r) => r.path === '/exchange');
    if (exchange.error) notMeasured('CLS on /exchange', exchange, '0');
    else
      add(
        'CLS on /exchange',
        exchange.cls.toFixed(3),
        '0',
        judge(exchange.cls <= LH_GOAL.cls, `${exchange.cls.toFixed(3)} over`),
      );
    const measured = results.filter((r) => !r.error);
    const byLcp = measured.toSorted((a, b) => b.lcpMs - a.lcpMs);
    const over = byLcp.filter((r) => r.lcpMs > LH_GOAL.lcpMs);
    const s = (msValue) => `${(msValue / 1000).toFixed(1)} s`;
    if (measured.length)
      add(
        'FCP / LCP under Lighthouse mobile throttling',
        `FCP ${s(Math.min(...measured.map((r) => r.fcpMs)))}–${s(Math.max(...measured.map((r) => r.fcpMs)))}; ` +
          `LCP worst ${s(byLcp[0].lcpMs)} on ${byLcp[0].path}, best ${s(byLcp.at(-1).lcpMs)} on ${byLcp.at(-1).path}` +
          (measured.length < results.length ? ` (${measured.length} of ${results.length} routes measured)` : ''),
        `LCP ≤ ${s(LH_GOAL.lcpMs)} each`,
        judge(
          over.length === 0,
          `${over.length} of ${measured.length} over: ${over.map((r) => `${r.path} +${s(r.lcpMs - LH_GOAL.lcpMs)}`).join(', ')}`,
        ),
      );
  },
  ['Lighthouse (seven routes), CLS, FCP / LCP'],
);

/* ---- first-route JS ---- */
await part(
  'size',
  () => {
    const { entryBytes, pages } = sizeReport();
    const over = overBudget(pages);
    console.log(
      `${pages.length} pages, ${over.length} over ${kib(BUDGET_BYTES)} gzip; largest ${pages[0]?.page} ${kib(pages[0]?.bytes ?? 0)}` +
        ' (every page: node bench/size.mjs)',
    );
    add('entry JS shared by every route', `${kib(entryBytes)} gzip`, '(inside the next rows)');
    const group = (row, kind) => {
      const of = pages.filter((p) => p.kind === kind);
      const over = overBudget(of);
      const figure =
        of.length === 1
          ? `${kib(of[0].bytes)} gzip`
          : `${kib(of.at(-1).bytes)}–${kib(of[0].bytes)} gzip across ${of.length} pages (largest: ${of[0].page})`;
      add(
        row,
        figure,
        of.length === 1 ? `≤ ${kib(BUDGET_BYTES)}` : `≤ ${kib(BUDGET_BYTES)} each`,
        judge(
          over.length === 0,
          of.length === 1
            ? `${kib(of[0].bytes - BUDGET_BYTES)} over`
            : `${over.length} of ${of.length} over, the largest by ${kib(of[0].bytes - BUDGET_BYTES)}`,
        ),
      );
    };
    group('first-route JS, member and account pages', 'member');
    group('first-route JS, landing', 'landing');
    group('first-route JS, other static pages', 'static');
  },
  ['first-route JS'],
);

/* ---- API ---- */
await part(
  'api',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weidou-bench-api-'));
    const file = path.join(dir, 'api.json');
    try {
      const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'api.mjs')], {
        cwd: root,
        env: { ...process.env, BENCH_JSON: file },
        stdio: 'inherit',
      });
      if (run.status !== 0) throw new Error(`bench/api.mjs exited with ${run.status ?? run.signal}`);
      apiRows(JSON.parse(readFileSync(file, 'utf8')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  ['API reads, redeem, server RSS'],
);

function apiRows({ workers, limit, pgbenchS, tpcb, goals, connections }) {
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  const shortBy = (x, goal) => `${((goal - x) * 100).toFixed(1)} points short`;
  const p99Over = (p99, goal) => `p99 ${p99 - goal} ms over`;
  const reasons = (...r) => r.filter(Boolean).join('; ');
  const failedNote = (r) => (r.failed ? `, ${r.failed} failed (non-2xx, errors, timeouts)` : '');
  for (const url of ['/api/v1/points', '/api/v1/tasks/recommend']) {
    const goal = goals[url];
    for (const [n, w] of Object.entries(workers)) {
      const r = w.reads?.[url];
      if (!r) continue;
      const ofLimit = r.rps / limit.rps;
      add(
        `GET ${url.replace('/api', '')}, ${connections} conn., ${n} worker${n === '1' ? '' : 's'}`,
        `${r.rps.toFixed(0)} req/s = ${pct(ofLimit)} of the stack limit, p99 ${r.p99} ms, CPU ${r.cpu.toFixed(2)} ms/req${failedNote(r)}`,
        `≥ ${goal.ofLimit * 100} % of the limit, p99 < ${goal.p99} ms`,
        judge(
          ofLimit >= goal.ofLimit && r.p99 < goal.p99 && r.failed === 0,
          reasons(
            ofLimit < goal.ofLimit && shortBy(ofLimit, goal.ofLimit),
            r.p99 >= goal.p99 && p99Over(r.p99, goal.p99),
            r.failed > 0 && `${r.failed} requests failed`,
          ),
        ),
      );
    }
  }
  for (const [n, w] of Object.entries(workers)) {
    const r = w.redeem;
    if (!r) continue;
    const ofTpcb = r.rps / tpcb.tps;
    const goal = goals.redeem;
    add(
      `POST /v1/exchange/redeem, ${connections} conn., ${n} worker${n === '1' ? '' : 's'}`,
      `${r.rps.toFixed(0)} req/s = ${pct(ofTpcb)} of pgbench TPC-B, p99 ${r.p99} ms${failedNote(r)}, books ${r.consistent ? 'consistent' : 'INCONSISTENT'}`,
      `≥ ${goal.ofTpcb * 100} % of TPC-B, p99 < ${goal.p99} ms`,
      judge(
        ofTpcb >= goal.ofTpcb && r.p99 < goal.p99 && r.failed === 0 && r.consistent,
        reasons(
          ofTpcb < goal.ofTpcb && shortBy(ofTpcb, goal.ofTpcb),
          r.p99 >= goal.p99 && p99Over(r.p99, goal.p99),
          r.failed > 0 && `${r.failed} requests failed`,
          !r.consistent && 'books do not balance',
        ),
      ),
    );
  }
  for (const [n, w] of Object.entries(workers)) {
    const rss = Math.max(...Object.values(w.reads ?? {}).map((r) => r.rss), w.redeem?.rss ?? -Infinity);
    add(
      `server RSS under that load, ${n} worker${n === '1' ? '' : 's'}`,
      `${rss.toFixed(0)} MB peak${n === '1' ? '' : ' (all processes)'}`,
      `< ${goals.rssMb} MB`,
      judge(rss < goals.rssMb, `${(rss - goals.rssMb).toFixed(0)} MB over`),
    );
  }
  if (limit)
    add(
      'baseline: the stack limit (bench/stack-limit-server.mjs)',
      `${limit.rps.toFixed(0)} req/s, p99 ${limit.p99} ms`,
      '—',
    );
  if (pgbenchS) add('baseline: pgbench -S, same PostgreSQL', `${pgbenchS.tps.toFixed(0)} tps`, '—');
  if (tpcb) add('baseline: pgbench TPC-B, same PostgreSQL', `${tpcb.tps.toFixed(0)} tps`, '—');
}

/* ---- the summary ---- */
const seconds = (performance.now() - started) / 1000;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
section(
  `summary — speed (${new Date().toISOString().slice(0, 16)}Z, ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s, load ${load})`,
);
const rows = [...rowsOf.size, ...rowsOf.lighthouse, ...rowsOf.api];
const header = ['row', 'figure', 'goal', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\n${missed} goal(s) missed${failedParts ? `, ${failedParts} part(s) could not run` : ''}.`);
if (failedParts || (opts.strict && missed)) process.exit(1);
