/** The real entry point as a process: config errors, listening, graceful shutdown. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config';
import { createTestEnv, usingPostgres } from './helpers';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildServer, SERVER_BUNDLE } from '../../scripts/build-server.mjs';

const env = createTestEnv('main');
const bundleEnv = createTestEnv('main_bundle');
afterAll(async () => {
  await env.cleanup();
  await bundleEnv.cleanup();
});

const TSX_ENTRY = ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')];

function startServer(extraEnv: Record<string, string>, argv = TSX_ENTRY) {
  const child = spawn(process.execPath, argv, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function serverEnv(e: typeof env) {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: e.config.dataDir,
    DIST_DIR: e.config.distDir,
    LOG_LEVEL: 'info',
    ...(usingPostgres ? { DATABASE_URL: e.config.databaseUrl!, DATABASE_SCHEMA: e.config.databaseSchema! } : {}),
  };
}

async function readyUrl(s: ReturnType<typeof startServer>) {
  const url = await waitFor(() => /ready on (http:\/\/\S+)"/.exec(s.output())?.[1], 100_000).catch(() => {
    throw new Error(`server did not start:\n${s.output()}`);
  });
  return url.replace('localhost', '127.0.0.1');
}

describe('server/main.ts', () => {
  it('refuses a bad configuration with a clear message and exit code 78', async () => {
    const s = startServer({ PORT: 'eighty', DATA_DIR: env.config.dataDir });
    expect(await s.exited).toBe(78);
    expect(s.output()).toContain('配置错误 / invalid configuration');
    expect(s.output()).toContain('PORT');
  });

  it('listens, logs its URL, answers, and shuts down cleanly on SIGTERM', async () => {
    const s = startServer(serverEnv(env));
    const url = await readyUrl(s);
    const res = await fetch(`${url}/api/v1/auth/rsa-key`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(200);
    if (!usingPostgres) expect(existsSync(path.join(env.config.dataDir, 'pglite.pid'))).toBe(true);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');
    // The embedded database was closed (its lock released).
    expect(existsSync(path.join(env.config.dataDir, 'pglite.pid'))).toBe(false);
  });

  it('the bundle `npm start` runs (dist/server.mjs) migrates a fresh database, seeds the demo and serves tasks', async () => {
    await buildServer();
    const s = startServer({ ...serverEnv(bundleEnv), SEED_DEMO: 'true' }, [SERVER_BUNDLE]);
    const url = await readyUrl(s);
    const res = await fetch(`${url}/api/v1/tasks/recommend`);
    const body = (await res.json()) as { code: number; data: unknown[] };
    expect(body.code).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    // Seeding the whole demo takes ~15 s on a quiet machine; far longer when the machine is busy.
  }, 120_000);
});
