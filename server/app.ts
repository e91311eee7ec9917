/**
 * `buildApp(config, deps?)` → a ready Fastify instance: database (migrated), RSA keys, security
 * headers, the envelope and error handling, every contract operation under /api and the built SPA.
 * Tests drive it with `app.inject`; server/main.ts listens with it.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { operations } from '../openapi/index';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDatabase, type DatabaseHandle } from './db';
import { rejectAllStaff, rejectAllTokens, type MemberVerifier, type StaffVerifier } from './http/auth';
import { AppError } from './http/errors';
import { clientErrorHandler, frameworkError, installEnvelope, isApiUrl, sendCode } from './http/envelope';
import { handle, methodsAt, registerRoute, type RouteBinding } from './http/handle';
import { hasSpa, registerSpa, sendIndex, wantsSpaFallback } from './http/spa';
import { routes as moduleRoutes } from './modules';
import { siteProfile } from './modules/site/profile';
import { siteStatus, stillOpenInMaintenance } from './modules/site/service';
import { loadOrCreateAuthSecret, tokenVerifier } from './modules/auth/tokens';
import { staffVerifier } from './modules/staff/sessions';
import { checkFreshTotp } from './modules/staff/signin';
import { loadOrCreateTotpKey } from './modules/staff/totp';
import { startExpiringNotices } from './modules/benefits/expiring';
import { startAutoConfirm } from './modules/feedback/staff';
import { startAppraiseSchedule } from './modules/appraise/run';
import { seedRound, startSeedRound } from './modules/lottery/seeds';
import { startPrizeDrawRound } from './modules/prize/service';
import type { Server, ServerResponse } from 'node:http';
import { ensureEarnedBuilt } from './modules/points/earned';
import { startExpirySweep } from './modules/tasks/expiry';
import { installDemo } from './seed';
import { createUploadTarget, uploadOrigins } from './providers/oss';
import { registerUploadRoutes } from './providers/oss/receiver';
import { createEmailProvider, type EmailProvider } from './providers/email';
import { createIdentityProvider, type IdentityProvider } from './providers/identity';
import { createSmsProvider, type SmsProvider } from './providers/sms';
import { loadOrCreateRsaKeys } from './security/rsa';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export interface AppDeps {
  /** Use this database instead of opening one from the config (the app will not close it). */
  database?: DatabaseHandle;
  /** Bearer token → member (default: the access-token verifier of server/modules/auth/tokens.ts). */
  verifyMember?: MemberVerifier;
  /** Console token → staff (default: the console session verifier of server/modules/staff/sessions.ts). */
  verifyStaff?: StaffVerifier;
  /** The clock, epoch ms (default `Date.now`); tests move it. */
  now?: () => number;
  /** SMS delivery (default: by `config.sms`). */
  sms?: SmsProvider;
  /** E-mail delivery (default: by `config.email`). */
  email?: EmailProvider;
  /** 二要素 verification (default: by `config.identity`). */
  identity?: IdentityProvider;
  /** Handler bindings (default: every module's `routes`). */
  routes?: readonly RouteBinding[];
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
}

/** 1 MiB; uploads go to their own receiver with its own limit. */
const BODY_LIMIT = 1024 * 1024;
/** While closing: how often connections that fell idle are closed, and how long the database waits for requests. */
const IDLE_SWEEP_MS = 100;
const DRAIN_TIMEOUT_MS = 8_000;

/** Requests being handled (counted from Node's `request` to the response's `close`, aborted ones too). */
function countInFlight(server: Server) {
  let count = 0;
  let onZero: (() => void) | undefined;
  server.on('request', (_req, res: ServerResponse) => {
    count++;
    res.once('close', () => {
      count--;
      if (count === 0) onZero?.();
    });
  });
  return {
    /** Resolves once no request is being handled, or after `ms`. */
    drained: (ms: number) =>
      count === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            onZero = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
  };
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Fastify's two lines per request are off; the onResponse hook below writes one.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Requests that arrive while closing get our own 503 envelope (hook below), not Fastify's.
    return503OnClosing: false,
    // Refusals before routing are envelopes too (server/http/envelope.ts).
    frameworkErrors: frameworkError,
    clientErrorHandler,
    // A request without Host is refused by our hook with an envelope, not by Node with a bare 400.
    http: { requireHostHeader: false },
  });

  const inFlight = countInFlight(app.server);
  const ownDatabase = !deps.database;
  const database = deps.database ?? (await createDatabase(config));
  try {
    const rsa = await loadOrCreateRsaKeys(database.db);
    const authSecret = await loadOrCreateAuthSecret(database.db);
    const staffTotpKey = await loadOrCreateTotpKey(database.db, config.staffTotpKey);
    const ctx: AppContext = {
      config,
      db: database.db,
      driver: database.driver,
      rsa,
      verifyMember: deps.verifyMember ?? rejectAllTokens,
      verifyStaff: rejectAllStaff,
      checkFreshTotp: async () => {},
      staffTotpKey,
      log: app.log,
      now: deps.now ?? Date.now,
      authSecret,
      sms: deps.sms ?? createSmsProvider(config, app.log),
      email: deps.email ?? createEmailProvider(config, app.log),
      identity: deps.identity ?? createIdentityProvider(config),
      uploads: await createUploadTarget(config, database.db),
    };
    if (!deps.verifyMember) ctx.verifyMember = tokenVerifier(ctx);
    ctx.verifyStaff = deps.verifyStaff ?? staffVerifier(ctx);
    ctx.checkFreshTotp = (staff, code) => checkFreshTotp(ctx, staff, code);
    app.decorate('ctx', ctx);
    // Runs after the server stopped accepting; waits (bounded) for requests still being handled.
    if (ownDatabase)
      app.addHook('onClose', async () => {
        await inFlight.drained(DRAIN_TIMEOUT_MS);
        await database.close();
      });

    // One line per finished request (Fastify's two-line request logging is off).
    app.addHook('onResponse', async (request, reply) => {
      const line = {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      // Server faults at error; 501 (not built yet) and 503 (maintenance) are answers, not faults.
      const fault = reply.statusCode >= 500 && reply.statusCode !== 501 && reply.statusCode !== 503;
      if (fault) request.log.error(line, 'request');
      else if (isApiUrl(request.url) || reply.statusCode >= 400) request.log.info(line, 'request');
      else request.log.debug(line, 'request');
    });

    // Pages post uploads to the upload host (OSS) and show images from its public base.
    const upload = uploadOrigins(ctx.uploads);
    // The same security headers on every answer, computed once (not per request).
    const security = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // Chakra/emotion inject <style> elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...upload.img],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...upload.connect],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          // The demo partner's form redirects to PUBLIC_ORIGIN, which may not be the page's own origin.
          formAction: ["'self'", config.publicOrigin],
          // The site is also served over plain HTTP (local, LAN); never rewrite its own URLs to https.
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only where the site is https: over plain HTTP it would pin the host (and its subdomains).
      strictTransportSecurity: config.publicOrigin.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(security);
      done();
    });

    installEnvelope(app);

    // Shutting down: requests on still-open keep-alive connections are told to come back, answers
    // finishing meanwhile close their connection, and connections that fall idle are closed (a load
    // balancer's idle keep-alive connections would otherwise hold the close until its timeout).
    let closing = false;
    let idleSweep: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      closing = true;
      idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      idleSweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(idleSweep));
    app.addHook('onRequest', async (_request, reply) => {
      if (closing) return sendCode(reply.header('connection', 'close'), 'MAINTENANCE');
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });

    // Maintenance (server/modules/site): the MAINTENANCE setting, or the operator's switch at runtime.
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiUrl(request.url) || stillOpenInMaintenance(request.url)) return;
      if ((await siteStatus(ctx.db, config.maintenance)).maintenance) return sendCode(reply, 'MAINTENANCE');
    });

    // JSON bodies; an empty body with a JSON content type counts as no body.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const text = typeof raw === 'string' ? raw : raw.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      return parseJson(request, text, done);
    });

    const bindings = deps.routes ?? moduleRoutes;
    const handled = new Set<string>();
    for (const binding of bindings) {
      if (handled.has(binding.operation.id)) throw new Error(`operation ${binding.operation.id} is bound twice`);
      handled.add(binding.operation.id);
    }
    await app.register(async (api) => {
      for (const binding of bindings) registerRoute(api, ctx, binding);
      // Contract operations nobody implements yet: auth and input are still checked.
      for (const operation of operations) {
        if (handled.has(operation.id)) continue;
        registerRoute(
          api,
          ctx,
          handle(operation, async () => {
            throw new AppError('NOT_AVAILABLE');
          }),
        );
      }
    });

    // Uploads: the built-in receiver (without OSS) and the files it stored, outside /api.
    await registerUploadRoutes(app, ctx, ctx.uploads);

    // Demo content (SEED_DEMO; a worker started after the first finds it seeded). The one-off start
    // work and the background rounds run in one process only (config.backgroundRounds).
    if (config.backgroundRounds) {
      // An install whose ledger predates the ranking gets its aggregate built once (points/earned.ts).
      const rankingRows = await ensureEarnedBuilt(ctx.db);
      if (rankingRows !== null) app.log.info({ rows: rankingRows }, 'ranking aggregate built from the ledger');
    }
    if (config.seedDemo) await installDemo(app, ctx);
    if (config.backgroundRounds) await startBackgroundRounds(app, ctx);

    const spa = hasSpa(config.distDir);
    if (spa) await registerSpa(app, config.distDir);
    else app.log.debug({ distDir: config.distDir }, 'no built SPA; serving the API only');

    const methodsOf = methodsAt([...bindings.map((b) => b.operation), ...operations]);
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (spa && !isApiUrl(request.url) && wantsSpaFallback(request))
        return siteProfile(ctx.db, config.siteProfile).then((site) => sendIndex(reply, config.distDir, pathname, site));
      const allowed = isApiUrl(request.url) ? methodsOf(pathname) : [];
      if (allowed.length) {
        const withHead = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
        return sendCode(reply.header('allow', withHead.join(', ')), 'METHOD_NOT_ALLOWED');
      }
      return sendCode(reply, 'NOT_FOUND');
    });

    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    if (ownDatabase) await database.close().catch(() => {});
    throw err;
  }
}

/**
 * The rounds (task expiry, expiring-benefit messages, feedback auto-confirmation, the monthly best,
 * the lucky wheel's seeds, prize draws), each stopped before the database closes.
 */
async function startBackgroundRounds(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('preClose', startExpirySweep(ctx));
  app.addHook('preClose', startExpiringNotices(ctx));
  app.addHook('preClose', startAutoConfirm(ctx));
  app.addHook('preClose', startAppraiseSchedule(ctx));
  // The lucky wheel's seeds: today's and tomorrow's committed now, then every round.
  await seedRound(ctx.db, ctx.now());
  app.addHook('preClose', startSeedRound(ctx));
  // Prize trials past their deadline are drawn by this round (once each, under a lock).
  app.addHook('preClose', startPrizeDrawRound(ctx));
}

/**
 * Helmet's headers for `options` as a plain object, built once: helmet's middleware run against a
 * response that only records what it sets (it sets the same headers on every response).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (err?: unknown) => {
      failed = err;
    },
  );
  if (failed) throw failed;
  return headers;
}
