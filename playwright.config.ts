import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MIN_SECONDS_CAP, SMS_RESEND_SECONDS } from './tests/e2e/support/timing';

// End-to-end against the real server (built SPA + API on one port) in Debian's Chromium.
// Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium.
const PORT = Number(process.env.E2E_PORT ?? 8181);
// The host the browser opens the site at (E2E_HOST=localhost: a journey at another address). With
// it given, the server gets no PUBLIC_ORIGIN and builds its links from the address it was opened at.
const HOST = process.env.E2E_HOST ?? '127.0.0.1';
// Created once by the runner and inherited by its workers, so tests can read the server's outbox.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'weidou-e2e-')));
// The server runs on PostgreSQL, in a schema of its own dropped after the run (support/teardown.ts):
// the operator console (`npm run ops`) must open the same database while the server runs, which
// the embedded PGlite (one process per data directory) cannot allow.
const databaseUrl = (process.env.E2E_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test');
const databaseSchema = (process.env.E2E_DATABASE_SCHEMA ??= `e2e_${Date.now().toString(36)}_${process.pid}`);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://${HOST}:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: chromium,
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      // The route walk is the same on a phone (the routing does not depend on the screen).
      testIgnore: /visitor-routes\.spec\.ts/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
  globalTeardown: './tests/e2e/support/teardown.ts',
  webServer: {
    command: 'node --import tsx tests/e2e/support/server.ts',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The suite sends ~20 codes per run from 127.0.0.1; the production limit is 20 per IP per hour.
      SMS_IP_HOURLY_LIMIT: '1000',
      // Every e2e member starts tasks from 127.0.0.1; the production limit (3 other members per task
      // and IP in 24 h) would settle their starts as IP 受限.
      TASK_IP_LIMIT: '1000',
      // Short waits, so the suite never sleeps out 60 s between two codes or a task's minimum time.
      SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS),
      DEMO_MIN_SECONDS_CAP: String(DEMO_MIN_SECONDS_CAP),
      ...(process.env.E2E_HOST ? {} : { PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}` }),
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: databaseSchema,
    },
    url: `http://127.0.0.1:${PORT}/api/v1/auth/rsa-key`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
