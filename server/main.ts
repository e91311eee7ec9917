/**
 * `node --import tsx server/main.ts` (what `npm start` runs): read the config, build the app,
 * listen, and shut down gracefully on SIGINT/SIGTERM (stop accepting, finish in-flight
 * requests, close the database).
 *
 * With `WEB_CONCURRENCY` > 1 (PostgreSQL only) this process forks that many workers sharing the
 * port (node:cluster). The first runs the one-off start work (migrations, demo seeds, ranking
 * build) and the background rounds; the others start once it listens and only serve. Nothing a
 * request needs lives only in one worker's memory: sessions, limits and ledgers are in the
 * database, and what workers cache (settings, ranking counts) is refreshed from it.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

/** A worker that dies this soon after its start is not restarted again and again. */
const RESTART_BACKOFF_MS = 1_000;

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config);
  if (cluster.isPrimary && Number(process.env.WEB_CONCURRENCY ?? 1) > 1)
    console.warn('WEB_CONCURRENCY 仅在使用 PostgreSQL（DATABASE_URL）时生效；内嵌数据库只能由一个进程打开');

  const started = Date.now();
  const app = await buildApp(config);
  let closingSince = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closingSince) {
      // The same Ctrl-C can arrive twice (terminal + `npm start` forwarding it); a later one forces exit.
      if (Date.now() - closingSince < 1000) return;
      app.log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closingSince = Date.now();
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    {
      database: app.ctx.driver,
      dataDir: config.dataDir,
      publicOrigin: config.publicOrigin,
      maintenance: config.maintenance,
      startupMs: Date.now() - started,
      ...(cluster.isWorker ? { worker: cluster.worker?.id, backgroundRounds: config.backgroundRounds } : {}),
    },
    `微豆调研 ready on http://${shownHost}:${port}`,
  );
}

/**
 * The primary: fork the first worker (start work and rounds), the rest once it listens; restart a
 * worker that dies in the same role; on a signal, stop every worker gracefully and exit.
 */
function runPrimary(config: Config): void {
  let stopping = false;
  const roles = new Map<Worker, 'lead' | 'follower'>();
  const fork = (role: 'lead' | 'follower') => {
    const worker = cluster.fork({ BACKGROUND_ROUNDS: role === 'lead' ? 'true' : 'false' });
    roles.set(worker, role);
    return worker;
  };
  const lead = fork('lead');
  lead.once('listening', () => {
    for (let i = 1; i < config.webConcurrency; i++) fork('follower');
  });
  const startedAt = new Map<Worker, number>();
  const listened = new Set<Worker>();
  cluster.on('fork', (worker) => startedAt.set(worker, Date.now()));
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker) ?? 'follower';
    roles.delete(worker);
    if (stopping) {
      if (roles.size === 0) process.exit();
      return;
    }
    if (!listened.has(worker)) {
      // It failed to start (configuration, database): another would fail the same way.
      console.error(`worker ${worker.id} (${role}) failed to start (${signal ?? code})`);
      stop('SIGTERM');
      process.exitCode = code || 1;
      if (roles.size === 0) process.exit(process.exitCode);
      return;
    }
    console.error(`worker ${worker.id} (${role}) exited (${signal ?? code}); starting another`);
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    setTimeout(() => fork(role), Math.max(0, RESTART_BACKOFF_MS - lived));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of roles.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 1_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  console.log(`微豆调研: ${config.webConcurrency} worker processes on port ${config.port}`);
}

main().catch((err: unknown) => {
  console.error('启动失败 / failed to start:', err);
  process.exit(1);
});
