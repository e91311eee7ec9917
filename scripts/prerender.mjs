// After `vite build` and the SSR build of src/entry-prerender.tsx:
// - the HTML of every route marked `prerender` into dist/client/prerendered/, which the server sends
//   for exactly that path;
// - for every other page, dist/client/pages/<page id>.html: the app shell with the page's chunks
//   preloaded, and dist/client/pages/routes.json (path pattern → page id, in the table's order),
//   which the server matches to send it (server/http/spa.ts).
// Both preload the page's own chunks beside the entry's (scripts/page-preloads.mjs).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageModules, pagePreloads, withPreloads } from './page-preloads.mjs';

const root = path.resolve(import.meta.dirname, '..');
const client = path.join(root, 'dist/client');
const entry = path.join(root, 'dist/prerender/entry-prerender.js');
const { render, routes, documentTitle, PRODUCT_NAME, TITLE_SEPARATOR } = await import(pathToFileURL(entry).href);

// Same naming as server/http/spa.ts prerenderedFile().
const prerenderedFile = (pathname) => (pathname === '/' ? '_root' : pathname.slice(1).replaceAll('/', '__')) + '.html';

const template = readFileSync(path.join(client, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));
const modules = pageModules(readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8'), manifest);
const shellOf = (page) => {
  if (!modules[page]) throw new Error(`page ${page} has no loader in src/app/routes.tsx`);
  return withPreloads(template, pagePreloads(manifest, modules[page]));
};
const outDir = path.join(client, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
for (const route of routes.filter((r) => r.prerender)) {
  const html = await render(route.path);
  const title = documentTitle(route, PRODUCT_NAME, TITLE_SEPARATOR) ?? PRODUCT_NAME;
  const page = shellOf(route.page)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${route.path}">${html}</div>`);
  writeFileSync(path.join(outDir, prerenderedFile(route.path)), page);
  console.log(`prerendered ${route.path} (${(page.length / 1024).toFixed(1)} KiB)`);
}

const pagesDir = path.join(client, 'pages');
rmSync(pagesDir, { recursive: true, force: true });
mkdirSync(pagesDir, { recursive: true });
const shellPages = routes.filter((r) => !r.prerender);
for (const page of new Set(shellPages.map((r) => r.page)))
  writeFileSync(path.join(pagesDir, `${page}.html`), shellOf(page));
writeFileSync(path.join(pagesDir, 'routes.json'), JSON.stringify(shellPages.map(({ path, page }) => ({ path, page }))));
console.log(`${new Set(shellPages.map((r) => r.page)).size} page shells with their chunks preloaded (pages/)`);
rmSync(path.join(root, 'dist/prerender'), { recursive: true, force: true });
