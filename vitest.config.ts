import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner, four suites. `api` talks to PGlite, or to PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, so every
    // file ran in turn. Two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'stories',
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL (concurrency; PGlite has one connection): they run in
          // the DATABASE_URL pass (CI runs both) and are not collected at all on PGlite.
          exclude: process.env.DATABASE_URL ? [] : ['tests/api/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file has its own database (a PGlite directory, or a PostgreSQL schema), so files run side
          // by side like the other suites; the CI run on 2 cores took 44 min with them one at a time.
          fileParallelism: true,
        },
      },
    ],
  },
});
