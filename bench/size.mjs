// First-route JS size (gzip) per route group, from Vite's build manifest.
// A route group's first load = the entry chunk and its static imports + the group's lazy chunk
// and its static imports. Budget (DESIGN §7): 160 KiB gzip.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KIB = 160;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
const manifestPath = path.join(dist, '.vite/manifest.json');

export function sizeReport() {
  if (!existsSync(manifestPath)) throw new Error('dist/client/.vite/manifest.json missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const gz = new Map();
  const gzipOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryFiles = closure(entryKey);
  const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipOf(f), 0);
  const entryBytes = sum(entryFiles);
  const groups = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry)
    .map(([key, c]) => {
      const files = closure(key, new Set(entryFiles));
      return { group: c.src ?? c.name ?? key, bytes: sum(files) };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { entryBytes, groups, budgetBytes: BUDGET_KIB * 1024 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entryBytes, groups, budgetBytes } = sizeReport();
  const kib = (b) => (b / 1024).toFixed(1).padStart(6);
  console.log(`entry (shared by every route): ${kib(entryBytes)} KiB gzip`);
  for (const g of groups) {
    console.log(`${kib(g.bytes)} KiB gzip  ${g.bytes > budgetBytes ? 'OVER BUDGET' : 'ok'}  first load of ${g.group}`);
  }
  const worst = Math.max(entryBytes, ...groups.map((g) => g.bytes));
  console.log(`largest first-route JS: ${kib(worst)} KiB gzip (budget ${budgetBytes / 1024} KiB)`);
}
