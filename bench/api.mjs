// `npm run bench:api`: the API's read throughput on PostgreSQL, beside `pgbench -S` on the same
// server in the same run, so the figure means something on whatever machine runs it.
//
// 1. fresh databases bench_api and bench_pgbench on $BENCH_PG (default 127.0.0.1:5432, trust auth);
// 2. the real server (tsx server/main.ts, demo content seeded) on that database;
// 3. a member registered the way the app does it (RSA-encrypted mobile and code, code from the outbox);
// 4. autocannon on GET /api/v1/tasks/recommend and GET /api/v1/points with that member's token;
// 5. pgbench -S (select-only TPC-B) with the same connection count and duration.
import { spawn, execFileSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = import.meta.dirname;
if (!existsSync(path.join(benchDir, 'node_modules/autocannon')))
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
const { default: autocannon } = await import('autocannon');

const PG_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const PG_PORT = process.env.BENCH_PG_PORT ?? '5432';
const PG_USER = process.env.BENCH_PG_USER ?? 'postgres';
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const pgArgs = ['-h', PG_HOST, '-p', PG_PORT, '-U', PG_USER];

function freshDatabase(name) {
  execFileSync('dropdb', [...pgArgs, '--if-exists', name]);
  execFileSync('createdb', [...pgArgs, name]);
}

freshDatabase('bench_api');
freshDatabase('bench_pgbench');
const dataDir = mkdtempSync(path.join(tmpdir(), 'weidou-bench-'));
const base = `http://127.0.0.1:${PORT}`;

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/bench_api`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/v1/auth/rsa-key`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 30 s');
}

async function call(method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function registerMember() {
  const { publicKey } = await call('GET', '/api/v1/auth/rsa-key');
  const encrypt = (v) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(v)).toString('base64');
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await call('POST', '/api/v1/auth/sms/send', { mobile: encrypt(mobile), scene: 'register' });
  const line = readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .findLast((l) => l.to === mobile);
  const login = await call('POST', '/api/auth/sms/register', {
    mobile: encrypt(mobile),
    code: encrypt(line.code),
    agreement: true,
  });
  return login.token;
}

function cannon(url, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${url}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

function pgbench() {
  execFileSync('pgbench', [...pgArgs, '-i', '-s', '10', '-q', 'bench_pgbench'], { stdio: 'ignore' });
  const out = execFileSync(
    'pgbench',
    [...pgArgs, '-S', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), 'bench_pgbench'],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latency };
}

try {
  await waitForServer();
  const token = await registerMember();
  // Warm up (JIT, pool, caches) before measuring.
  for (let i = 0; i < 200; i++) await call('GET', '/api/v1/tasks/recommend', undefined, token);

  const rows = [];
  for (const url of ['/api/v1/tasks/recommend', '/api/v1/points']) {
    const r = await cannon(url, token);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ what: `GET ${url}`, rps: r.requests.average, p99: r.latency.p99 });
  }
  const pg = pgbench();
  rows.push({ what: 'pgbench -S (TPC-B select-only)', rps: pg.tps, p99: null, avg: pg.latency });

  console.log(`\nAPI vs PostgreSQL — ${CONNECTIONS} connections, ${SECONDS} s each, same PostgreSQL\n`);
  for (const row of rows) {
    const ratio = row === rows.at(-1) ? '' : `  ${((row.rps / pg.tps) * 100).toFixed(1)} % of pgbench -S`;
    const lat = row.p99 === null ? `avg ${row.avg} ms` : `p99 ${row.p99} ms`;
    console.log(`${row.what.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  ${lat}${ratio}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
