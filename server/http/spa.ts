/**
 * The built SPA (`vite build` → dist/client) served from the API's port:
 * files as they are (pre-compressed .br/.gz when the browser accepts them), hashed files under
 * /assets cached for a year, index.html never cached, and every other GET that is not /api
 * answered with its page's HTML: the prerendered page for a static path, else the app shell with that
 * page's chunks preloaded (pages/<page id>.html, matched by pages/routes.json — both written by
 * scripts/prerender.mjs), else index.html (history-mode routing; the SPA shows its own 404 page).
 * The operations console is the build's second entry: /admin and every path under it answer
 * admin.html (its own history fallback; nothing of it is prerendered), with the same headers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rename, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SITE_PROFILE_DEFAULTS,
  SITE_PROFILE_KEYS,
  SITE_PROFILE_META,
  type SiteProfile,
} from '../../openapi/rules/siteProfile';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/i;

export function hasSpa(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

function cacheControlFor(distDir: string, file: string): string {
  // `file` is the pre-compressed one when that is what goes out: an HTML page's .br is still the page.
  const rel = path
    .relative(distDir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (rel.startsWith('assets/')) return IMMUTABLE;
  if (rel.endsWith('.html')) return NO_CACHE;
  return SHORT;
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  await precompress(distDir).catch((err: unknown) => app.log.warn({ err }, 'could not pre-compress the SPA files'));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // `/` goes through the fallback, which prefers its prerendered page.
    allowedPath: (pathname) => pathname !== '/',
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(distDir, file));
    },
  });
}

/** GET/HEAD of a page path → index.html; missing files under /assets stay 404. */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return !pathname.startsWith('/assets/');
}

/** The console's paths: /admin and anything under it (not /administer, not /admin.html). */
export const isConsolePath = (pathname: string) => /^\/admin(\/|$)/i.test(pathname);

export const CONSOLE_HTML = 'admin.html';

/** dist/client/prerendered/<file>: the static public pages rendered at build time (scripts/prerender.mjs). */
export function prerenderedFile(pathname: string): string {
  return (pathname === '/' ? '_root' : pathname.slice(1).replaceAll('/', '__')) + '.html';
}

/** A page path pattern of the app's table (`/task/detail/:id`) and the page id it renders. */
export interface PageRoute {
  path: string;
  page: string;
}

/**
 * A matcher for the app's page patterns, as the router matches them (src/routing/paths.ts
 * matchRoute): the first pattern in table order, whole path, `:name` one segment, case-insensitive,
 * trailing slashes allowed. The patterns hold only fixed segments and `:name`.
 */
export function pageMatcher(routes: readonly PageRoute[]): (pathname: string) => string | null {
  const patterns = routes.map(({ path: pattern, page }) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { re: new RegExp(`^${source}/*$`, 'i'), page };
  });
  return (pathname) => patterns.find(({ re }) => re.test(pathname))?.page ?? null;
}

/** The page id of a path per dist/client/pages/routes.json, or null without one (an older build). */
function shellPageOf(distDir: string): (pathname: string) => string | null {
  const file = path.join(distDir, 'pages', 'routes.json');
  if (!existsSync(file)) return () => null;
  return pageMatcher(JSON.parse(readFileSync(file, 'utf8')) as PageRoute[]);
}

const matchers = new Map<string, (pathname: string) => string | null>();

/**
 * The page file for a path (relative to `distDir`): its prerendered HTML when the build made one,
 * else its page's shell (the page's chunks preloaded), else the plain app shell.
 */
function pageFileOf(distDir: string, pathname: string): string {
  const prerendered = pathname && path.join('prerendered', prerenderedFile(pathname));
  if (prerendered && existsSync(path.join(distDir, prerendered))) return prerendered;
  let pageOf = matchers.get(distDir);
  if (!pageOf) matchers.set(distDir, (pageOf = shellPageOf(distDir)));
  const page = pathname ? pageOf(pathname) : null;
  return page ? path.join('pages', `${page}.html`) : 'index.html';
}

/**
 * The page for a path, as built — or, when whoever runs the site set their own company name,
 * filing numbers or addresses (`site`), with those written in: in the prerendered words and in the
 * `<meta name="site-profile">` the app reads them from, so the page hydrates with the same words.
 */
export async function sendIndex(
  reply: FastifyReply,
  distDir: string,
  pathname = '',
  site: SiteProfile = SITE_PROFILE_DEFAULTS,
): Promise<FastifyReply> {
  // The console says no company name or filing numbers: its page goes out as built.
  if (isConsolePath(pathname) && existsSync(path.join(distDir, CONSOLE_HTML)))
    return reply.code(200).header('cache-control', NO_CACHE).sendFile(CONSOLE_HTML, distDir);
  const file = pageFileOf(distDir, pathname);
  if (sameProfile(site, SITE_PROFILE_DEFAULTS)) return reply.code(200).sendFile(file, distDir);
  const page = await personalised(distDir, file, site);
  const accepts = String(reply.request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', NO_CACHE)
    .header('vary', 'accept-encoding');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}

const sameProfile = (a: SiteProfile, b: SiteProfile) => SITE_PROFILE_KEYS.every((k) => a[k] === b[k]);

interface Personalised {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Pages written for the profile in force (one profile at a time: a change clears the others). */
const personalisedPages = new Map<string, Promise<Personalised>>();
let personalisedFor = '';

function personalised(distDir: string, file: string, site: SiteProfile): Promise<Personalised> {
  const profileKey = JSON.stringify(site);
  if (profileKey !== personalisedFor) {
    personalisedPages.clear();
    personalisedFor = profileKey;
  }
  const key = path.join(distDir, file);
  let page = personalisedPages.get(key);
  if (!page) {
    page = (async () => {
      const html = Buffer.from(withSiteProfile(await readFile(key, 'utf8'), site));
      const [br, gzip] = await Promise.all([
        promisify(zlib.brotliCompress)(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        promisify(zlib.gzip)(html, { level: 9 }),
      ]);
      return { html, br, gzip };
    })();
    page.catch(() => personalisedPages.delete(key));
    personalisedPages.set(key, page);
  }
  return page;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A built page with the build's default company name, filing numbers and addresses replaced by `site`'s. */
export function withSiteProfile(html: string, site: SiteProfile): string {
  let out = html;
  for (const key of SITE_PROFILE_KEYS) {
    const from = escapeHtml(SITE_PROFILE_DEFAULTS[key]);
    if (site[key] !== SITE_PROFILE_DEFAULTS[key]) out = out.split(from).join(escapeHtml(site[key]));
  }
  const meta = `<meta name="${SITE_PROFILE_META}" content="${escapeHtml(JSON.stringify(site))}" />`;
  return out.replace('</head>', `${meta}</head>`);
}

/** Write .br and .gz beside each compressible file that lacks a fresh one (atomic renames). */
async function precompress(distDir: string): Promise<void> {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const jobs: Promise<void>[] = [];
  for (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const stat = statSync(file);
    if (stat.size < 512) continue;
    for (const [ext, compress] of [
      [
        '.br',
        (b: Buffer) =>
          brotli(b, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
          }),
      ],
      ['.gz', (b: Buffer) => gzip(b, { level: 9 })],
    ] as const) {
      const target = file + ext;
      if (existsSync(target) && statSync(target).mtimeMs >= stat.mtimeMs) continue;
      jobs.push(
        (async () => {
          const out = await compress(await readFile(file));
          const tmp = `${target}.${process.pid}.tmp`;
          await writeFile(tmp, out);
          await rename(tmp, target);
        })(),
      );
    }
  }
  await Promise.all(jobs);
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
