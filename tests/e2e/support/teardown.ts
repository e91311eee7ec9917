/** After the e2e run: drop the server's PostgreSQL schema (playwright.config.ts made its name). */
import pg from 'pg';

export default async function teardown(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  const schema = process.env.E2E_DATABASE_SCHEMA;
  if (!url || !schema) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '')}" CASCADE`);
  } finally {
    await client.end();
  }
}
