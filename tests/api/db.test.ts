import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../../server/db';
import { kv, serverKeys } from '../../server/db/schema';
import { createTestEnv, usingPostgres } from './helpers';

const env = createTestEnv('db');
afterAll(() => env.cleanup());

describe(`database (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies the committed migrations at start, and again is a no-op', async () => {
    const first = await createDatabase(env.config);
    expect(first.driver).toBe(usingPostgres ? 'postgres' : 'pglite');
    await first.db.insert(kv).values({ key: 'probe', value: { n: 1 } });
    expect(await first.db.select().from(serverKeys)).toEqual([]);
    await first.close();
    await first.close(); // twice is fine

    const again = await createDatabase(env.config);
    expect(await again.db.select().from(kv)).toMatchObject([{ key: 'probe', value: { n: 1 } }]);
    const tables = await again.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(['kv', 'server_keys']));
    await again.close();
  });

  it(
    usingPostgres
      ? 'a second server on the same PostgreSQL shares it'
      : 'a second process on the same DATA_DIR is refused with a clear message (PGlite allows one)',
    async () => {
      const one = await createDatabase(env.config);
      try {
        if (usingPostgres) {
          const two = await createDatabase(env.config);
          expect(await two.db.select().from(kv)).toHaveLength(1);
          await two.close();
        } else {
          await expect(createDatabase(env.config)).rejects.toThrow(/DATA_DIR is in use by process \d+/);
        }
      } finally {
        await one.close();
      }
      // Released on close: opening again works.
      const three = await createDatabase(env.config);
      await three.close();
    },
  );
});
