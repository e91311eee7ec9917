// After `vite build` and the SSR build of src/entry-prerender.tsx: write the HTML of every route
// marked `prerender` into dist/client/prerendered/, which the server sends for exactly that path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const client = path.join(root, 'dist/client');
const entry = path.join(root, 'dist/prerender/entry-prerender.js');
const { render, routes, documentTitle, PRODUCT_NAME, TITLE_SEPARATOR } = await import(pathToFileURL(entry).href);

// Same naming as server/http/spa.ts prerenderedFile().
const prerenderedFile = (pathname) => (pathname === '/' ? '_root' : pathname.slice(1).replaceAll('/', '__')) + '.html';

const template = readFileSync(path.join(client, 'index.html'), 'utf8');
const outDir = path.join(client, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
for (const route of routes.filter((r) => r.prerender)) {
  const html = await render(route.path);
  const title = documentTitle(route, PRODUCT_NAME, TITLE_SEPARATOR) ?? PRODUCT_NAME;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${route.path}">${html}</div>`);
  writeFileSync(path.join(outDir, prerenderedFile(route.path)), page);
  console.log(`prerendered ${route.path} (${(page.length / 1024).toFixed(1)} KiB)`);
}
rmSync(path.join(root, 'dist/prerender'), { recursive: true, force: true });
