// The JS a page needs before it can render, from Vite's build manifest, as <link rel="modulepreload">
// tags for its HTML: without them the browser learns of the page's chunk only once the entry has
// downloaded and run (one more round trip and download before the first render on a slow phone).
// scripts/prerender.mjs writes the tags into each page's HTML; bench/size.mjs counts the same files.

/** The files of `key` and everything it imports statically (Vite manifest), added to `seen`. */
export function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * The manifest key of the member site's entry chunk (index.html). The build has a second entry,
 * the console (admin.html), which has no page shells and is measured on its own (bench/size.mjs).
 */
export function entryKey(manifest, html = 'index.html') {
  const key = manifest[html]?.isEntry
    ? html
    : Object.keys(manifest).find((k) => manifest[k].isEntry && k !== 'admin.html');
  if (!key) throw new Error('the manifest has no entry chunk');
  return key;
}

/**
 * Page id → manifest key of its chunk, read from src/app/routes.tsx's loaders
 * (`'task-list': () => import('../pages/task-list/TaskListPage')` → `src/pages/task-list/TaskListPage.tsx`).
 */
export function pageModules(routesSource, manifest) {
  const modules = {};
  for (const [, id, spec] of routesSource.matchAll(/'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('\.\.\/pages\/([^']+)'\)/g)) {
    const key = Object.keys(manifest).find((k) => k.startsWith(`src/pages/${spec}.`));
    if (!key) throw new Error(`no chunk for page ${id} (src/pages/${spec}) in the manifest`);
    modules[id] = key;
  }
  return modules;
}

/** The JS files a page's first render needs beyond the entry's own (which index.html preloads already). */
export function pagePreloads(manifest, pageKey) {
  const entry = closure(manifest, entryKey(manifest));
  return [...closure(manifest, pageKey, new Set(entry))].filter((f) => !entry.has(f) && f.endsWith('.js'));
}

/** `html` with a modulepreload link per file, before </head> (after the entry's). */
export function withPreloads(html, files) {
  if (!html.includes('</head>')) throw new Error('the page template has no </head>');
  const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('');
  return html.replace('</head>', `${links}  </head>`);
}
