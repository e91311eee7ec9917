/**
 * Test harness for the API: a config with a temp DATA_DIR (PGlite) or, when DATABASE_URL is set,
 * a fresh PostgreSQL schema per test file, dropped afterwards so reruns start clean.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type DatabaseHandle } from '../../server/db';
import { contractProblem } from './support/contract-answers';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export interface TestEnv {
  config: Config;
  /**
   * Build an app on this env's data. Every answer its `inject` gives to a contract operation is
   * checked against openapi/openapi.json (status, body, Retry-After): one that the contract does
   * not allow fails the call, so every API test also tests the contract. Apps built while others are open share one database
   * handle (PGlite allows one process per directory); after `closeAll()` the next build opens
   * the database again, as a restarted server would.
   */
  build(overrides?: Partial<Config>, deps?: AppDeps): Promise<FastifyInstance>;
  /** Close every app and the database. */
  closeAll(): Promise<void>;
  /** Close every app built and remove the data (temp dir / schema). */
  cleanup(): Promise<void>;
  /** Log lines written by the apps, parsed. */
  logs: Record<string, unknown>[];
}

export function createTestEnv(name: string): TestEnv {
  const dataDir = mkdtempSync(path.join(tmpdir(), `weidou-api-${name}-`));
  const schema = `test_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: usingPostgres ? schema : undefined,
    PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE,
    LOG_LEVEL: 'warn',
    // No SPA unless a test points DIST_DIR at one.
    DIST_DIR: path.join(dataDir, 'no-dist'),
  });
  const apps: FastifyInstance[] = [];
  let database: DatabaseHandle | undefined;
  const logs: Record<string, unknown>[] = [];
  const logStream = {
    write(line: string) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    },
  };
  async function closeAll() {
    for (const app of apps.splice(0)) await app.close();
    await database?.close();
    database = undefined;
  }
  return {
    config,
    logs,
    async build(overrides = {}, deps = {}) {
      database ??= await createDatabase(config);
      const app = await buildApp({ ...config, ...overrides }, { logStream, database, ...deps });
      apps.push(app);
      return checkingAnswers(app);
    },
    closeAll,
    async cleanup() {
      await closeAll();
      if (usingPostgres) {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Wrap `app.inject` (its promise form) so that each answer is checked against the contract. */
function checkingAnswers(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const target = typeof opts === 'string' ? opts : (opts.url ?? opts.path ?? '');
    const url = typeof target === 'string' ? target : (target.pathname ?? '');
    const method = typeof opts === 'string' ? 'GET' : (opts.method ?? 'GET');
    const problem = contractProblem({ method, url, statusCode: res.statusCode, headers: res.headers, body: res.body });
    if (problem) throw new Error(`answer not allowed by the contract: ${problem}`);
    return res;
  };
  app.inject = ((opts?: InjectOptions | string, callback?: unknown) =>
    opts === undefined || callback !== undefined
      ? (inject as (...a: unknown[]) => unknown)(opts, callback)
      : checked(opts)) as FastifyInstance['inject'];
  return app;
}

/** Parse an inject() response body as the envelope. */
export function envelopeOf(res: { body: string }): { code: number; msg: string; data?: unknown } {
  return JSON.parse(res.body) as { code: number; msg: string; data?: unknown };
}

/** The clock the app under test reads: starts at `start`, moves only when a test moves it. */
export function testClock(start: number) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}
