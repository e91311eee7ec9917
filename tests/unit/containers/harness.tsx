import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { Code, describeCode, type CodeName } from '../../../openapi/codes';
import { operations } from '../../../openapi/index';
import type { Operation } from '../../../openapi/op';
import { createApiClient } from '../../../src/api/client';
import { TIMESTAMP_PARAM } from '../../../src/api/middleware/timestamp';
import { system } from '../../../src/app/theme';

/**
 * A page container rendered as the app renders it — the app's Chakra system, a router at a
 * given URL — with the app's `api` talking to a fake server instead of the network.
 *
 * In a test file:
 *   vi.mock('../../../src/api/index', async (importOriginal) =>
 *     (await import('./harness')).withFakeApi(await importOriginal()));
 * then `server.reply('listPointsHistory', (call) => ok({...}))`, `renderPage(<GoldPage />, …)`,
 * and assert on what the page shows and on `server.calls`.
 */

/** One request the page made, as the server saw it. */
export interface RecordedCall {
  operationId: string;
  method: string;
  /** Path parameters by name (strings, as in the URL). */
  params: Record<string, string>;
  /** The query without the cache-busting timestamp. */
  query: Record<string, string>;
  body: unknown;
}

/** What the fake server answers: a contract envelope, or a broken connection. */
export type Reply = { code: number; msg: string; data?: unknown } | 'network-error';
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/** A successful envelope. */
export const ok = (data: unknown): Reply => ({ code: 200, msg: '成功', data });
/** A refusal envelope with the catalogue's code (and its message unless one is given). */
export const refuse = (name: CodeName, msg?: string, data?: unknown): Reply => {
  const code = Code[name];
  return { code, msg: msg ?? describeCode(code)?.msg ?? '', ...(data === undefined ? {} : { data }) };
};

// A fixed path wins over a parameter, as on the server: /v1/notices/unread is not /v1/notices/{id}.
const routes = operations
  .map((op) => ({
    op,
    params: (op.path.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${op.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
  }))
  .sort((a, b) => a.params - b.params);

function operationOf(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
  for (const { op, pattern } of routes) {
    if (op.method.toUpperCase() !== method) continue;
    const match = pattern.exec(path);
    if (match) return { op, params: { ...match.groups } };
  }
  return null;
}

function createFakeServer() {
  const handlers = new Map<string, Handler>();
  const calls: RecordedCall[] = [];
  const toasts: string[] = [];
  const mismatches: string[] = [];

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const found = operationOf(request.method, path);
    if (!found) throw new Error(`fake server: no operation for ${request.method} ${path}`);
    url.searchParams.delete(TIMESTAMP_PARAM);
    const text = request.body ? await request.text() : '';
    const call: RecordedCall = {
      operationId: found.op.id,
      method: request.method,
      params: found.params,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = handlers.get(call.operationId);
    if (!handler) throw new Error(`fake server: no reply set for ${call.operationId}`);
    const reply = await handler(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  }

  return {
    fetch,
    /** Every request so far, oldest first. */
    calls,
    /** The error toasts the client showed. */
    toasts,
    /** Fake replies the client found off-contract (a test's fixture is wrong): should stay empty. */
    mismatches,
    /** Answer `operationId` with `reply` (a fixed reply or one computed from the call). */
    reply(operationId: string, reply: Reply | Handler) {
      handlers.set(operationId, typeof reply === 'function' ? reply : () => reply);
    },
    /** The calls of one operation. */
    callsOf(operationId: string) {
      return calls.filter((c) => c.operationId === operationId);
    },
    reset() {
      handlers.clear();
      calls.length = 0;
      toasts.length = 0;
      mismatches.length = 0;
    },
  };
}

/** The fake server behind the mocked `api` (one per test file; `server.reset()` between tests). */
export const server = createFakeServer();

/**
 * The `src/api/index.ts` module with its `api` and `quietApi` over the fake server (its other
 * exports kept). `api` records its toasts in `server.toasts`; `quietApi`, like the app's, shows
 * none — so a page that shows a refusal itself and also lets `api` toast it leaves a toast there.
 */
export function withFakeApi<M extends object>(actual: M): M {
  const client = (toast: (message: string) => void) =>
    createApiClient({
      fetch: server.fetch,
      session: { getToken: async () => 'test-token', logout: vi.fn() },
      toast: {
        error: (message: string) => {
          toast(message);
          return null;
        },
      },
      report: (message, details) => void server.mismatches.push(`${message} ${JSON.stringify(details)}`),
    });
  return { ...actual, api: client((m) => server.toasts.push(m)), quietApi: client(() => {}) };
}

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="current-url" hidden>{`${location.pathname}${location.search}`}</output>;
}

/**
 * Render `page` at `url` as the route `path` (`/task/poll/:id`) with the app's Chakra system.
 * `screen.getByTestId('current-url')` holds where the router is now.
 */
export function renderPage(page: ReactElement, { url, path = url.split('?')[0]! }: { url: string; path?: string }) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentUrl />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

/**
 * The screen the page is on (jsdom has no `matchMedia`, which reads as a phone): `desktop`
 * matches the app's `min-width` queries, `phone` none; null takes the stub away again.
 */
export function stubScreen(screen: 'phone' | 'desktop' | null) {
  if (screen === null) return void Reflect.deleteProperty(window, 'matchMedia');
  window.matchMedia = ((query: string) => ({
    matches: screen === 'desktop' && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/**
 * An upload policy as getOssPolicy answers it for `module` (member 7): the site's own receiver,
 * the module's size limit.
 */
export function uploadPolicy(module: 'avatar' | 'feedback', maxSize: number) {
  return {
    host: '/uploads',
    fields: [
      { name: 'policy', value: 'eyJleHBpcmF0aW9uIjoiMjAzMCJ9' },
      { name: 'x-oss-signature-version', value: 'OSS4-HMAC-SHA256' },
      { name: 'x-oss-credential', value: 'local/20300101/local/oss/aliyun_v4_request' },
      { name: 'x-oss-date', value: '20300101T020000Z' },
      { name: 'x-oss-signature', value: 'ab'.repeat(32) },
      { name: 'success_action_status', value: '200' },
    ],
    dir: `${module}/7/`,
    maxSize,
    accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    publicBase: '/uploads/',
    expire: 1_893_463_200_000,
  };
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

/** A file whose bytes are a PNG, whatever its name and `type` say. */
export function pngFile(name: string, { size = 2048, type = 'image/png' }: { size?: number; type?: string } = {}) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type });
}

/**
 * The console's `src/admin/api.ts` with `consoleApi` and `quietConsoleApi` over the same fake
 * server (its token store and other exports kept): a console container test mocks it with
 *   vi.mock('../../../src/admin/api', async (importOriginal) =>
 *     (await import('./harness')).withFakeConsoleApi(await importOriginal()));
 */
export function withFakeConsoleApi<M extends { createConsoleClient: (options?: object) => unknown }>(actual: M): M {
  const client = (toast: (message: string) => void) =>
    actual.createConsoleClient({
      fetch: server.fetch,
      session: { getToken: async () => 'staff-test-token', logout: vi.fn() },
      toast: {
        error: (message: string) => {
          toast(message);
          return null;
        },
      },
      report: (message: string, details: unknown) =>
        void server.mismatches.push(`${message} ${JSON.stringify(details)}`),
    });
  return { ...actual, consoleApi: client((m) => server.toasts.push(m)), quietConsoleApi: client(() => {}) };
}
