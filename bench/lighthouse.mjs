// Lighthouse mobile performance on the built site, served by the real server.
// Usage: node bench/lighthouse.mjs [paths...]   (default: /)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8282);

async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

export async function lighthouseScores(paths = ['/']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weidou-lh-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'inherit',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/v1/auth/rsa-key`);
    const results = [];
    for (const p of paths) {
      const { lhr } = await lighthouse(`http://127.0.0.1:${PORT}${p}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        logLevel: 'error',
      });
      const audit = (id) => lhr.audits[id]?.displayValue ?? '-';
      results.push({
        path: p,
        score: lhr.categories.performance.score,
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    }
    return results;
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.slice(2);
  for (const r of await lighthouseScores(paths.length ? paths : ['/'])) {
    console.log(
      `lighthouse mobile ${r.path}: performance ${r.score} (FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt}, CLS ${r.cls})`,
    );
  }
}
