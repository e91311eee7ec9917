/**
 * The operator console (`npm run ops`) as an operator runs it, against the e2e server's own
 * PostgreSQL schema (playwright.config.ts), while the server keeps running.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/ops.ts', ...args, '--operator', 'e2e运营', '--staff', 'demo.admin'], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      DATABASE_SCHEMA: process.env.E2E_DATABASE_SCHEMA,
      LOG_LEVEL: 'warn',
    },
  });
  return stdout;
}
