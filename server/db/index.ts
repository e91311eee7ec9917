/**
 * One database API for both drivers: PGlite (embedded, in DATA_DIR) when DATABASE_URL is unset,
 * PostgreSQL through a `pg` Pool when it is set. Both are Drizzle pg-core databases; migrations
 * in server/db/migrations are applied before the database is handed out.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { repoRoot, type Config } from '../config';
import * as tables from './tables';

/** Every table (server/db/tables.ts). */
export const schema = { ...tables };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Close the connection(s). Safe to call twice. */
  close: () => Promise<void>;
}

const migrationsFolder = path.join(repoRoot, 'server/db/migrations');

/** Arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 7_201_143_411;

type DbConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'pgliteTemplate'>;

export async function createDatabase(config: DbConfig): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? createPostgres(config.databaseUrl, config.databaseSchema)
    : createPglite(config.dataDir, config.pgliteTemplate);
}

async function createPglite(dataDir: string, template: string | undefined): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  let client;
  try {
    // A new directory starts from the template when there is one (much faster than initdb).
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    client = await PGlite.create(
      dir,
      fresh && template ? { loadDataDir: new Blob([readFileSync(template)]) } : undefined,
    );
  } catch (err) {
    releaseLock();
    throw err;
  }
  const pglite = client;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await pglite.close();
    } finally {
      releaseLock();
    }
  };
  try {
    const db = drizzle({ client: pglite, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: 'pglite', close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * PGlite has no locking of its own: two processes on one directory would corrupt it. A pid file
 * refuses the second one with a clear message; a stale file (its process is gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new Error(
          `数据目录 ${dataDir} 正被另一个进程（pid ${pid}）使用；内置数据库同时只能被一个进程打开 / ` +
            `DATA_DIR is in use by process ${pid}; the embedded database allows one process (set DATABASE_URL to share PostgreSQL)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function createPostgres(url: string, searchSchema: string | undefined): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A dedicated session holds the migration lock (and creates the schema) while the pool migrates.
  const admin = new pg.Client({ connectionString: url, application_name: 'weidou-migrate' });
  await admin.connect();
  let pool: InstanceType<typeof pg.Pool> | undefined;
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (searchSchema) await admin.query(`CREATE SCHEMA IF NOT EXISTS "${searchSchema}"`);
    pool = new pg.Pool({
      connectionString: url,
      application_name: 'weidou-api',
      ...(searchSchema ? { options: `-c search_path=${searchSchema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder, ...(searchSchema ? { migrationsSchema: searchSchema } : {}) });
    const p = pool;
    let closed = false;
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: async () => {
        if (closed) return;
        closed = true;
        await p.end();
      },
    };
  } catch (err) {
    await pool?.end().catch(() => {});
    throw err;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await admin.end().catch(() => {});
  }
}
