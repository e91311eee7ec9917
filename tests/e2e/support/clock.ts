/**
 * The e2e server's clock, which a spec may move forward (then back) to reach what only time brings —
 * a day's lucky-wheel seed is revealed once the Beijing day has ended. The offset lives in
 * `${E2E_DATA_DIR}/clock-offset-ms` (milliseconds added to the real time); the server re-reads it at
 * most every 100 ms. Only tests/e2e/support/server.ts uses the clock: nothing shipped reads the file.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const FILE = 'clock-offset-ms';
const REREAD_MS = 100;

/** The server's `now`: real time plus the offset in the data directory. */
export function movableClock(dataDir: string): () => number {
  const file = path.join(dataDir, FILE);
  let offset = 0;
  let readAt = -Infinity;
  return () => {
    const real = Date.now();
    if (real - readAt >= REREAD_MS) {
      readAt = real;
      try {
        offset = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
    }
    return real + offset;
  };
}

/** Set the server's clock `offsetMs` ahead of real time (0: back to real time), once it has read it. */
export async function moveServerClock(offsetMs: number): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  await writeFile(path.join(dir, FILE), String(offsetMs));
  await new Promise((resolve) => setTimeout(resolve, 3 * REREAD_MS));
}
