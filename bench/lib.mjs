// Shared by the PostgreSQL benches (bench/api.mjs, bench/crash.mjs): a fresh database on
// $BENCH_PG_HOST:$BENCH_PG_PORT (trust auth), the real server on it as `npm start` runs it (the
// bundle dist/server.mjs; RSS and CPU summed over its processes, workers included), members registered
// the way the app does it, and bench/redeem-setup.ts (the server's own services) for setup and the
// books check.
import { spawn, execFileSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const PG_HOST = process.env.BENCH_PG_HOST ?? '127.0.0.1';
const PG_PORT = process.env.BENCH_PG_PORT ?? '5432';
const PG_USER = process.env.BENCH_PG_USER ?? 'postgres';
export const pgArgs = ['-h', PG_HOST, '-p', PG_PORT, '-U', PG_USER];

export function dropDatabase(name) {
  execFileSync('dropdb', [...pgArgs, '--if-exists', name]);
}

export function freshDatabase(name) {
  dropDatabase(name);
  execFileSync('createdb', [...pgArgs, name]);
}

/** Build dist/server.mjs (what `npm start` runs). */
export function buildServer() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `n` distinct TCP ports nobody listens on now (the OS picks them; all held open until each is known). */
export async function freePorts(n) {
  const probes = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const probe = createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((p) => p.address().port);
  await Promise.all(probes.map((p) => new Promise((r) => p.close(r))));
  return ports;
}

export const freePort = async () => (await freePorts(1))[0];

/** Wait until GET `url` answers 2xx (at most `ms`); throws if `alive()` turns false first. */
export async function waitForUrl(url, { ms = 120_000, alive = () => true } = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive()) throw new Error(`the server exited before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${url} within ${ms / 1000} s`);
}

/**
 * The server on database `database` (which must exist), listening on 127.0.0.1:`port`, production
 * mode, logs at warn, demo content seeded, with its own DATA_DIR (the SMS outbox); `env` adds or
 * overrides variables. `start()` may be called again after the process ended (a restart on the same
 * database and DATA_DIR); `stop(signal)` ends it and waits; `close()` also removes DATA_DIR.
 */
export function benchServer({ database, port, env = {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weidou-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${database}`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // One process unless `env` says otherwise (production would fork one per core).
    WEB_CONCURRENCY: '1',
    // The benches register many members from one address.
    SMS_IP_HOURLY_LIMIT: '100000',
    ...env,
  };
  delete serverEnv.DATABASE_SCHEMA;
  let proc = null;
  let exited = Promise.resolve();
  const running = () => proc !== null && proc.exitCode === null && proc.signalCode === null;

  /**
   * One API call; the envelope as answered (any code) with the HTTP status. Throws when no answer
   * arrives (connection refused or reset).
   */
  async function request(method, url, body, token) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, ...(await res.json()) };
  }

  /** `request`, throwing unless the envelope's code is 200; its `data`. */
  async function call(method, url, body, token) {
    const envelope = await request(method, url, body, token);
    if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  /** A new member, registered as the app does it (RSA-encrypted mobile and code, code from the outbox). */
  async function registerMember() {
    const { publicKey } = await call('GET', '/api/v1/auth/rsa-key');
    const encrypt = (v) =>
      publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(v)).toString('base64');
    const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await call('POST', '/api/v1/auth/sms/send', { mobile: encrypt(mobile), scene: 'register' });
    let line;
    for (let i = 0; i < 50 && !line; i++) {
      const outbox = path.join(dataDir, 'outbox.jsonl');
      if (existsSync(outbox))
        line = readFileSync(outbox, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
          .findLast((l) => l.to === mobile);
      if (!line) await sleep(100);
    }
    if (!line) throw new Error('no SMS code in the outbox');
    const login = await call('POST', '/api/auth/sms/register', {
      mobile: encrypt(mobile),
      code: encrypt(line.code),
      agreement: true,
    });
    return { token: login.token, memberId: login.member.id };
  }

  /** Run a TypeScript setup script (the server's own services) against the bench database; it prints one JSON line. */
  function setupScript(file, ...args) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', file, ...args.map(String)], {
      cwd: root,
      env: serverEnv,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(out.trim().split('\n').at(-1));
  }

  /** bench/redeem-setup.ts against the bench database. */
  const redeemSetup = (...args) => setupScript('bench/redeem-setup.ts', ...args);

  /** SQL through psql on the bench database (bulk setup with generate_series); the output of the last statement. */
  function psql(sql) {
    return execFileSync('psql', [...pgArgs, '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).trim();
  }

  /** The server's processes: its pid and, with several workers, theirs (Linux /proc). */
  function pids(pid = proc?.pid) {
    if (pid === undefined) return [];
    let children = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      // gone, or no such /proc file
    }
    return [pid, ...children.flatMap((c) => pids(c))];
  }

  /** Sum `read(pid)` over the server's processes; NaN when none could be read. */
  function overProcesses(read) {
    const values = pids().map((pid) => {
      try {
        return read(pid);
      } catch {
        return NaN;
      }
    });
    const known = values.filter(Number.isFinite);
    return known.length ? known.reduce((a, b) => a + b, 0) : NaN;
  }

  /** The server's resident set in MB, all its processes together (Linux). */
  const rssMb = () =>
    overProcesses((pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);

  /** The server's CPU time so far in ms (user + system, all its processes; Linux). */
  const cpuMs = () =>
    overProcesses((pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
    });

  const server = {
    base,
    dataDir,
    databaseUrl: serverEnv.DATABASE_URL,
    get pid() {
      return proc?.pid;
    },
    get running() {
      return running();
    },
    async start() {
      if (running()) throw new Error('server already running');
      proc = spawn(
        process.execPath,
        [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist/server.mjs'],
        { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] },
      );
      const child = proc;
      exited = new Promise((r) => child.once('exit', r));
      await waitForUrl(`${base}/api/v1/auth/rsa-key`, { ms: 60_000, alive: running });
    },
    async stop(signal = 'SIGTERM') {
      if (running()) proc.kill(signal);
      await exited;
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    request,
    call,
    registerMember,
    redeemSetup,
    setupScript,
    psql,
    rssMb,
    cpuMs,
  };
  return server;
}

/** autocannon, installed into bench/ (its own package.json) on first use. */
export async function loadAutocannon() {
  if (!existsSync(path.join(import.meta.dirname, 'node_modules/autocannon')))
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: import.meta.dirname, stdio: 'inherit' });
  return (await import('autocannon')).default;
}

export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Run `fn`, print how long it took under `label`, return what it returned. */
export function timed(label, fn) {
  const started = performance.now();
  const out = fn();
  console.log(`  ${label}: ${seconds(performance.now() - started)}`);
  return out;
}

/**
 * autocannon on the bench server's `url` at `connections` for `duration` seconds, round-robin over
 * the readers' tokens; with the server's CPU ms per request.
 */
export async function cannonAsReaders(autocannon, server, url, readers, { connections, duration }) {
  let sent = 0;
  const cpuBefore = server.cpuMs();
  const r = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.base}${url}`,
        connections,
        duration,
        requests: [
          {
            setupRequest: (req) => {
              const reader = readers[sent++ % readers.length];
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${reader.token}` } };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  return { ...r, cpuPerRequest: (server.cpuMs() - cpuBefore) / r.requests.total };
}

/**
 * The start every read bench (inbox, ranking, forum) shares: autocannon, a fresh `database`, the
 * built server on BENCH_PORT (else `port`), and `cannon(url, readers)` at BENCH_CONNECTIONS (50)
 * for BENCH_SECONDS (10) each, round-robin over the readers' tokens.
 */
export async function readBench(database, port) {
  const autocannon = await loadAutocannon();
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  freshDatabase(database);
  buildServer();
  const server = benchServer({ database, port: Number(process.env.BENCH_PORT ?? port) });
  const cannon = (url, readers) => cannonAsReaders(autocannon, server, url, readers, { connections, duration });
  return { server, cannon, connections, duration };
}

/**
 * One measured read's line (req/s, p50, p99, server CPU per request) with the label padded to
 * `width`; with `target` (ms) it says whether the p99 meets it. False when it misses.
 */
export function reportRead(label, width, r, target) {
  const ok = target === undefined || r.latency.p99 < target;
  console.log(
    `GET ${label.padEnd(width)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  ` +
      `p99 ${String(r.latency.p99).padStart(3)} ms  server CPU ${r.cpuPerRequest.toFixed(2)} ms/req${target === undefined ? '' : `  ${ok ? 'meets' : 'MISSES'} p99 < ${target} ms`}`,
  );
  return ok;
}

/** After a read bench: stop the server once autocannon's last requests finish, drop the database unless BENCH_KEEP=1. */
export async function endReadBench(server, database) {
  await new Promise((r) => setTimeout(r, 2000));
  await server.close();
  if (process.env.BENCH_KEEP !== '1') dropDatabase(database);
}
