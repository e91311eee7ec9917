// `npm run bench:fuzz`: the fuzz test of `npm test` (tests/api/fuzz.test.ts) at length — every
// contract operation with FUZZ_CASES (default 1000) generated inputs instead of 60, from a new
// seed each run unless FUZZ_SEED is given. The seed is printed first: a failure is replayed with
// `FUZZ_SEED=<seed> FUZZ_CASES=<n> npx vitest run tests/api/fuzz.test.ts`.
// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (as the API tests do).
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31));
const cases = process.env.FUZZ_CASES ?? '1000';
console.log(`bench:fuzz — FUZZ_SEED=${seed} FUZZ_CASES=${cases} (per operation)`);

const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', 'tests/api/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_CASES: cases },
});
console.log(
  `bench:fuzz — seed ${seed}, ${cases} cases per operation: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(run.status ?? 1);
