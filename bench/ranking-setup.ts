/**
 * `npm run bench:ranking`'s rebuild through the server's own service (server/modules/points/earned.ts,
 * what `npm run ops -- ranking rebuild` runs), timed; run with `node --import tsx`, DATABASE_URL set.
 *
 *   node --import tsx bench/ranking-setup.ts rebuild       → { rows, ms }
 */
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db';
import { rebuildEarned } from '../server/modules/points/earned';

const [command] = process.argv.slice(2);
const handle = await createDatabase(loadConfig(process.env));
try {
  if (command !== 'rebuild') throw new Error(`unknown command ${command}`);
  const started = performance.now();
  const rows = await rebuildEarned(handle.db);
  console.log(JSON.stringify({ rows, ms: performance.now() - started }));
} finally {
  await handle.close();
}
