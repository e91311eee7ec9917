/**
 * Once per run of the api tests on PGlite: a migrated database dumped to a file, which every test
 * database (and every server process the tests start) begins from instead of running initdb and
 * every migration again (PGLITE_TEMPLATE, server/config.ts): about 3 s less per database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL || process.env.PGLITE_TEMPLATE) return undefined;
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'weidou-pglite-template-'));
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: path.join(__dirname, '../../server/db/migrations') });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.PGLITE_TEMPLATE;
    rmSync(dir, { recursive: true, force: true });
  };
}
