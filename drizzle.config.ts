import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema-social.ts',
    './server/db/schema-points.ts',
    './server/db/schema-tasks.ts',
    './server/db/schema-exchange.ts',
    './server/db/schema-rewards.ts',
  ],
  out: './server/db/migrations',
});
