/**
 * Server configuration, read from the environment and validated once at start.
 * Every setting has a local default, so `npm start` works with no settings at all.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (server/ lives directly under it). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Treat `FOO=` (empty) like an unset variable. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const bool = (name: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
        error: `${name} 只能是 true 或 false / must be true or false`,
      }),
    )
    .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

const EnvSchema = z.object({
  NODE_ENV: optional(z.string()).transform((v) => v ?? 'development'),
  PORT: optional(
    z.coerce
      .number({ error: 'PORT 必须是端口号 / must be a port number' })
      .int('PORT 必须是整数 / must be an integer')
      .min(0, 'PORT 必须在 0–65535 之间 / must be within 0–65535')
      .max(65535, 'PORT 必须在 0–65535 之间 / must be within 0–65535'),
  ).transform((v) => v ?? 8080),
  HOST: optional(z.string()).transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optional(z.string()).transform((v) => path.resolve(v ?? './data')),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'DATABASE_URL 必须以 postgres:// 开头 / must start with postgres:// or postgresql://',
      ),
  ),
  DATABASE_SCHEMA: optional(
    z
      .string()
      .regex(
        /^[a-z_][a-z0-9_]{0,62}$/,
        'DATABASE_SCHEMA 只能包含小写字母、数字和下划线 / must be a lower-case identifier',
      ),
  ),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, {
      error: `LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')} / must be one of ${LOG_LEVELS.join(', ')}`,
    }),
  ).transform((v) => v ?? 'info'),
  MAINTENANCE: optional(bool('MAINTENANCE')).transform((v) => v ?? false),
  TRUST_PROXY: optional(bool('TRUST_PROXY')).transform((v) => v ?? false),
  DIST_DIR: optional(z.string()).transform((v) => path.resolve(v ?? path.join(repoRoot, 'dist/client'))),
});

export interface Config {
  /** `production` turns off response validation and pretty errors in logs. */
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  /** Absolute. Holds the embedded database (`pglite/`) and local provider output. */
  dataDir: string;
  /** PostgreSQL server; when unset the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to keep all tables in (default `public`); used to isolate test runs. */
  databaseSchema?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Every /api call answers 503 with code 10014. */
  maintenance: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** The built SPA (`vite build` output). Served when it exists. */
  distDir: string;
  /** Validate every success `data` against the contract (off in production). */
  validateResponses: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置错误 / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Read and validate the configuration; throws `ConfigError` listing every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    logLevel: e.LOG_LEVEL,
    maintenance: e.MAINTENANCE,
    trustProxy: e.TRUST_PROXY,
    distDir: e.DIST_DIR,
    validateResponses: !production,
  };
}
