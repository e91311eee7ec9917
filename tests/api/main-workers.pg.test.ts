/**
 * `WEB_CONCURRENCY` on real PostgreSQL: the entry point forks that many workers sharing one port;
 * only the first runs the background rounds; a worker that dies is replaced; SIGTERM stops them
 * all. Collected only with DATABASE_URL (the embedded database is one process's).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config';
import { createTestEnv } from './helpers';

if (!process.env.DATABASE_URL) throw new Error('main-workers.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('main_workers');
afterAll(() => env.cleanup());

interface Ready {
  pid: number;
  worker: number;
  backgroundRounds: boolean;
  msg: string;
}

async function waitFor<T>(probe: () => T | undefined, ms: number, what: () => string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `server/main.ts` with 2 workers on a free port; its output and exit. */
function startTwoWorkers() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: env.config.dataDir,
      DIST_DIR: env.config.distDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: env.config.databaseUrl!,
      DATABASE_SCHEMA: env.config.databaseSchema!,
      WEB_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const readies = () =>
    out
      .split('\n')
      .filter((l) => l.includes('ready on'))
      .map((l) => JSON.parse(l) as Ready);
  return { child, exited, readies, output: () => out };
}

describe('several worker processes', () => {
  it('share the port, one runs the rounds, a dead one is replaced, SIGTERM stops them all', async () => {
    const { child, exited, readies, output } = startTwoWorkers();
    try {
      const [first, second] = await waitFor(() => (readies().length >= 2 ? readies() : undefined), 90_000, output);
      expect(new Set([first!.pid, second!.pid]).size).toBe(2);
      expect(readies().map((r) => r.backgroundRounds)).toEqual([true, false]);
      const url = /ready on (http:\/\/\S+)"/.exec(output())![1]!.replace('localhost', '127.0.0.1');
      // Both answer on the one port.
      for (let i = 0; i < 6; i++) expect((await fetch(`${url}/api/v1/auth/rsa-key`)).status).toBe(200);

      process.kill(second!.pid, 'SIGKILL');
      const third = await waitFor(() => readies()[2], 60_000, output);
      expect(third.pid).not.toBe(second!.pid);
      expect(third.backgroundRounds).toBe(false);
      expect((await fetch(`${url}/api/v1/auth/rsa-key`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const r of [first!, third]) expect(() => process.kill(r.pid, 0)).toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);

  it('SIGTERM under load: every request in flight is answered (no 5xx but 503 come back later) before the database closes', async () => {
    const { child, exited, readies, output } = startTwoWorkers();
    try {
      await waitFor(() => (readies().length >= 2 ? true : undefined), 90_000, output);
      const url = /ready on (http:\/\/\S+)"/.exec(output())![1]!.replace('localhost', '127.0.0.1');
      const statuses = new Map<number, number>();
      let stopped = false;
      // 32 clients reading the database (help categories) as fast as they can until the port closes.
      const client = async () => {
        while (!stopped) {
          try {
            const res = await fetch(`${url}/api/v1/categories`);
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          } catch {
            return; // connection refused or reset: the server has stopped accepting
          }
        }
      };
      const clients = Array.from({ length: 32 }, client);
      await new Promise((r) => setTimeout(r, 1_500));
      child.kill('SIGTERM');
      const code = await exited;
      stopped = true;
      await Promise.all(clients);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
      const faults = [...statuses.keys()].filter((s) => s >= 500 && s !== 503);
      expect({ faults, log: faults.length ? output().slice(-3000) : '' }).toEqual({ faults: [], log: '' });
      expect(output()).not.toContain('after calling end on the pool');
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
