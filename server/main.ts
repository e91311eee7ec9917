/**
 * `node --import tsx server/main.ts` (what `npm start` runs): read the config, build the app,
 * listen, and shut down gracefully on SIGINT/SIGTERM (stop accepting, finish in-flight
 * requests, close the database).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

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
    },
    `微豆调研 ready on http://${shownHost}:${port}`,
  );
}

main().catch((err: unknown) => {
  console.error('启动失败 / failed to start:', err);
  process.exit(1);
});
