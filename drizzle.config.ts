import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  // The one list of tables, shared with the database module.
  schema: './server/db/tables.ts',
  out: './server/db/migrations',
});
