/**
 * Server configuration, read from the environment and validated once at start.
 * Every setting has a local default, so `npm start` works with no settings at all.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SiteProfile } from '../openapi/rules/siteProfile';
import {
  emailFromEnv,
  identityFromEnv,
  oauthFromEnv,
  siteProfileFromEnv,
  smsFromEnv,
  uploadsFromEnv,
} from './config-providers';

/**
 * The repository root: one level above this module, which is server/config.ts under tsx and
 * dist/server.mjs in the bundle `npm start` runs (scripts/build-server.mjs); keep both one deep.
 */
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

/** A whole number of seconds, at least 1. */
const seconds = (name: string) =>
  z.coerce
    .number({ error: `${name} 必须是正整数（秒） / must be a positive whole number of seconds` })
    .int(`${name} 必须是正整数（秒） / must be a positive whole number of seconds`)
    .min(1, `${name} 必须是正整数（秒） / must be a positive whole number of seconds`);

/** An OAuth base-URL override (tests point a provider at a local test server). */
const oauthBase = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} 必须是 http(s) 地址 / must be an http(s) URL` })
    .transform((v) => v.replace(/\/+$/, ''));

const httpsUrl = (name: string) =>
  z
    .url({ protocol: /^https$/, error: `${name} 必须是 https 地址 / must be an https URL` })
    .transform((v) => new URL(v).href);

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
  PGLITE_TEMPLATE: optional(z.string().min(1)),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, {
      error: `LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')} / must be one of ${LOG_LEVELS.join(', ')}`,
    }),
  ).transform((v) => v ?? 'info'),
  MAINTENANCE: optional(bool('MAINTENANCE')).transform((v) => v ?? false),
  TRUST_PROXY: optional(bool('TRUST_PROXY')).transform((v) => v ?? false),
  DIST_DIR: optional(z.string()).transform((v) => path.resolve(v ?? path.join(repoRoot, 'dist/client'))),
  /* social login (server/providers/oauth); a provider is offered only when all of its settings are set */
  STAFF_TOTP_KEY: optional(
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'STAFF_TOTP_KEY 须为 32 字节的 base64 / must be 32 bytes, base64'),
  ),
  PUBLIC_ORIGIN: optional(
    z.url({ protocol: /^https?$/, error: 'PUBLIC_ORIGIN 必须是 http(s) 地址 / must be an http(s) URL' }),
  ).transform((v) => (v === undefined ? undefined : new URL(v).origin)),
  /* the app's download links (server/modules/releases): unset, the download page says 即将上线 */
  APP_DOWNLOAD_ANDROID_URL: optional(httpsUrl('APP_DOWNLOAD_ANDROID_URL')),
  APP_STORE_URL: optional(httpsUrl('APP_STORE_URL')),
  WECHAT_APP_ID: optional(z.string().trim()),
  WECHAT_APP_SECRET: optional(z.string().trim()),
  WECHAT_OAUTH_BASE_URL: optional(oauthBase('WECHAT_OAUTH_BASE_URL')),
  QQ_APP_ID: optional(z.string().trim()),
  QQ_APP_KEY: optional(z.string().trim()),
  QQ_OAUTH_BASE_URL: optional(oauthBase('QQ_OAUTH_BASE_URL')),
  WEIBO_APP_KEY: optional(z.string().trim()),
  WEIBO_APP_SECRET: optional(z.string().trim()),
  WEIBO_OAUTH_BASE_URL: optional(oauthBase('WEIBO_OAUTH_BASE_URL')),
  ALIPAY_APP_ID: optional(z.string().trim()),
  ALIPAY_PRIVATE_KEY: optional(z.string()),
  ALIPAY_PUBLIC_KEY: optional(z.string()),
  ALIPAY_OAUTH_BASE_URL: optional(oauthBase('ALIPAY_OAUTH_BASE_URL')),
  /* SMS delivery (server/providers/sms); outbox = DATA_DIR/outbox.jsonl + log */
  SMS_PROVIDER: optional(
    z.enum(['outbox', 'aliyun', 'tencent'], {
      error: 'SMS_PROVIDER 只能是 outbox、aliyun 或 tencent / must be outbox, aliyun or tencent',
    }),
  ).transform((v) => v ?? 'outbox'),
  SMS_SIGN_NAME: optional(z.string().trim()),
  SMS_TEMPLATE_CODE: optional(z.string().trim()),
  ALIYUN_SMS_ACCESS_KEY_ID: optional(z.string().trim()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optional(z.string().trim()),
  ALIYUN_SMS_ENDPOINT: optional(oauthBase('ALIYUN_SMS_ENDPOINT')),
  TENCENT_SMS_SECRET_ID: optional(z.string().trim()),
  TENCENT_SMS_SECRET_KEY: optional(z.string().trim()),
  TENCENT_SMS_SDK_APP_ID: optional(z.string().trim()),
  TENCENT_SMS_REGION: optional(z.string().trim()),
  SMS_IP_HOURLY_LIMIT: optional(
    z.coerce
      .number({ error: 'SMS_IP_HOURLY_LIMIT 必须是正整数 / must be a positive integer' })
      .int('SMS_IP_HOURLY_LIMIT 必须是正整数 / must be a positive integer')
      .min(1, 'SMS_IP_HOURLY_LIMIT 必须是正整数 / must be a positive integer'),
  ).transform((v) => v ?? 20),
  SMS_RESEND_SECONDS: optional(seconds('SMS_RESEND_SECONDS')).transform((v) => v ?? 60),
  /* e-mail delivery (server/providers/email); outbox = DATA_DIR/outbox.jsonl + log */
  EMAIL_PROVIDER: optional(
    z.enum(['outbox', 'smtp', 'aliyun'], {
      error: 'EMAIL_PROVIDER 只能是 outbox、smtp 或 aliyun / must be outbox, smtp or aliyun',
    }),
  ).transform((v) => v ?? 'outbox'),
  EMAIL_FROM: optional(z.string().trim()),
  SMTP_URL: optional(
    z
      .url({
        protocol: /^smtps?$/,
        error: 'SMTP_URL 必须是 smtp:// 或 smtps:// 地址 / must be an smtp:// or smtps:// URL',
      })
      .trim(),
  ),
  SMTP_HOST: optional(z.string().trim()),
  SMTP_PORT: optional(
    z.coerce
      .number({ error: 'SMTP_PORT 必须是端口号 / must be a port number' })
      .int('SMTP_PORT 必须是端口号 / must be a port number')
      .min(1, 'SMTP_PORT 必须在 1–65535 之间 / must be within 1–65535')
      .max(65535, 'SMTP_PORT 必须在 1–65535 之间 / must be within 1–65535'),
  ),
  SMTP_USER: optional(z.string().trim()),
  SMTP_PASS: optional(z.string()),
  SMTP_SECURE: optional(bool('SMTP_SECURE')),
  ALIYUN_DM_ACCESS_KEY_ID: optional(z.string().trim()),
  ALIYUN_DM_ACCESS_KEY_SECRET: optional(z.string().trim()),
  ALIYUN_DM_REGION: optional(z.string().trim()),
  ALIYUN_DM_ENDPOINT: optional(oauthBase('ALIYUN_DM_ENDPOINT')),
  /* real-name 二要素 verification (server/providers/identity); sandbox answers by test numbers */
  IDENTITY_PROVIDER: optional(
    z.enum(['sandbox', 'aliyun'], {
      error: 'IDENTITY_PROVIDER 只能是 sandbox 或 aliyun / must be sandbox or aliyun',
    }),
  ).transform((v) => v ?? 'sandbox'),
  ALIYUN_IDENTITY_ACCESS_KEY_ID: optional(z.string().trim()),
  ALIYUN_IDENTITY_ACCESS_KEY_SECRET: optional(z.string().trim()),
  ALIYUN_IDENTITY_ENDPOINT: optional(oauthBase('ALIYUN_IDENTITY_ENDPOINT')),
  /* who runs the site (openapi/rules/siteProfile.ts): footer and static pages; an operator setting wins */
  SITE_COMPANY_NAME: optional(z.string().trim()),
  SITE_ICP_FILING_NO: optional(z.string().trim()),
  SITE_PSB_FILING_NO: optional(z.string().trim()),
  SITE_SUPPORT_EMAIL: optional(z.string().trim()),
  SITE_BUSINESS_EMAIL: optional(z.string().trim()),
  SITE_PRIVACY_EMAIL: optional(z.string().trim()),
  /* uploads (server/providers/oss); unset: the built-in receiver at /uploads, files in DATA_DIR/uploads */
  OSS_ACCESS_KEY_ID: optional(z.string().trim()),
  OSS_ACCESS_KEY_SECRET: optional(z.string().trim()),
  OSS_BUCKET: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'OSS_BUCKET 不是合法的 Bucket 名称 / is not a valid bucket name'),
  ),
  OSS_REGION: optional(
    z
      .string()
      .trim()
      .regex(
        /^(oss-)?[a-z]+(-[a-z0-9]+)+$/,
        'OSS_REGION 应为地域 ID，如 cn-hangzhou / must be a region id such as cn-hangzhou',
      ),
  ).transform((v) => v?.replace(/^oss-/, '')),
  OSS_ENDPOINT: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+$/, 'OSS_ENDPOINT 应为域名，如 oss-cn-hangzhou.aliyuncs.com / must be a host name'),
  ),
  OSS_PUBLIC_BASE: optional(
    z.url({ protocol: /^https?$/, error: 'OSS_PUBLIC_BASE 必须是 http(s) 地址 / must be an http(s) URL' }),
  ).transform((v) => (v === undefined || v.endsWith('/') ? v : `${v}/`)),
  OSS_OBJECT_ACL: optional(
    z.enum(['private', 'public-read'], {
      error: 'OSS_OBJECT_ACL 只能是 private 或 public-read / must be private or public-read',
    }),
  ),
  /* earning (server/modules/tasks) */
  TASK_IP_LIMIT: optional(
    z.coerce
      .number({ error: 'TASK_IP_LIMIT 必须是正整数 / must be a positive integer' })
      .int('TASK_IP_LIMIT 必须是正整数 / must be a positive integer')
      .min(1, 'TASK_IP_LIMIT 必须是正整数 / must be a positive integer'),
  ).transform((v) => v ?? 3),
  SEED_DEMO: optional(bool('SEED_DEMO')),
  WEB_CONCURRENCY: optional(
    z.coerce
      .number({ error: 'WEB_CONCURRENCY 必须是正整数 / must be a positive integer' })
      .int('WEB_CONCURRENCY 必须是正整数 / must be a positive integer')
      .min(1, 'WEB_CONCURRENCY 必须是正整数 / must be a positive integer'),
  ),
  BACKGROUND_ROUNDS: optional(bool('BACKGROUND_ROUNDS')),
  DEMO_MIN_SECONDS_CAP: optional(seconds('DEMO_MIN_SECONDS_CAP')),
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
  /**
   * A dump of a PGlite data directory (`dumpDataDir`, tar) that a new embedded database starts
   * from instead of running initdb; migrations still run after it. The tests make one per run.
   */
  pgliteTemplate?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Every /api call answers 503 with code 10014. */
  maintenance: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** The built SPA (`vite build` output). Served when it exists. */
  distDir: string;
  /** Validate every success `data` against the contract (off in production). */
  validateResponses: boolean;
  /**
   * The site's own origin (no trailing slash): task hand-off and return, invite, QR confirm and OAuth
   * redirect URLs are built on it. Default `http://localhost:<PORT>`.
   */
  publicOrigin: string;
  /** Key for staff authenticator secrets (base64, 32 bytes); unset: one kept in the database. */
  staffTotpKey: string | undefined;
  /** PUBLIC_ORIGIN was set: links use it; unset, they follow the address each request came to (server/http/origin.ts). */
  publicOriginFixed: boolean;
  /** Social login providers; only the configured ones are offered. */
  oauth: OAuthConfig;
  /** SMS delivery (`SMS_PROVIDER`, default outbox). */
  sms: SmsConfig;
  /** E-mail delivery (`EMAIL_PROVIDER`, default outbox). */
  email: EmailConfig;
  /** Real-name 二要素 verification (`IDENTITY_PROVIDER`, default sandbox). */
  identity: IdentityConfig;
  /** Where browsers upload (Aliyun OSS when its `OSS_*` settings are set, else the built-in receiver). */
  uploads: UploadConfig;
  /** Who runs the site (`SITE_*`, else the build's defaults); an operator's `site profile set` wins at run time. */
  siteProfile: SiteProfile;
  /** Verification codes one IP may request per hour (`SMS_IP_HOURLY_LIMIT`, default 20; the e2e server raises it). */
  smsIpHourlyLimit: number;
  /** Seconds one mobile or e-mail must wait between two codes (`SMS_RESEND_SECONDS`, default 60; the e2e server shortens it). */
  smsResendSeconds: number;
  /**
   * Other members' participations in one task from one IP within 24 h beyond which a start is
   * settled as "IP blocked" (`TASK_IP_LIMIT`, default 3).
   */
  taskIpLimit: number;
  /**
   * Seed demo tasks, the demo partner and its page (/demo-partner/) on a start with no tasks
   * (`SEED_DEMO`; default true, false under NODE_ENV=test so tests start empty).
   */
  seedDemo: boolean;
  /**
   * Worker processes sharing the port (`WEB_CONCURRENCY`; default one per core in production, one
   * otherwise). Always 1 on the embedded PGlite, which one process owns.
   */
  webConcurrency: number;
  /**
   * This process runs the one-off start work and the background rounds (ranking rebuild, task
   * expiry, lottery seeds, prize draws, monthly best…). `BACKGROUND_ROUNDS`, default true; with
   * several workers only the first one does (server/main.ts).
   */
  backgroundRounds: boolean;
  /**
   * The app's download links (`APP_DOWNLOAD_ANDROID_URL`, `APP_STORE_URL`, https): the demo's
   * releases use them; a platform without one has no release until `npm run ops -- app release set`,
   * and the download page says 即将上线 instead of showing a link that goes nowhere.
   */
  appDownload?: { android: string | null; ios: string | null };
  /** Upper bound of the seeded demo tasks' minimum answer time (`DEMO_MIN_SECONDS_CAP`; unset: as seeded; the e2e server lowers it). */
  demoMinSecondsCap?: number;
}

/** SMS delivery: `outbox` (local file + log) or a real provider with its keys. */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'aliyun';
      signName: string;
      templateCode: string;
      accessKeyId: string;
      accessKeySecret: string;
      /** Default https://dysmsapi.aliyuncs.com */
      endpoint: string;
    }
  | {
      provider: 'tencent';
      signName: string;
      templateCode: string;
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      /** Default ap-guangzhou */
      region: string;
    };

/** 二要素 verification: the offline sandbox (test numbers) or Aliyun Cloudauth Id2MetaVerify. */
export type IdentityConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      /** Default https://cloudauth.aliyuncs.com */
      endpoint: string;
    };

/** A sender: display name (may be empty) and address. */
export interface MailFrom {
  name: string;
  address: string;
}

/** E-mail delivery: `outbox` (local file + log), an SMTP server, or Aliyun DirectMail. */
export type EmailConfig =
  | { provider: 'outbox' }
  | {
      provider: 'smtp';
      from: MailFrom;
      /** `SMTP_URL` when given (it carries host, port, user, password and TLS); else the fields below. */
      url?: string;
      host?: string;
      port?: number;
      /** TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
      secure?: boolean;
      user?: string;
      pass?: string;
    }
  | {
      provider: 'aliyun';
      /** The address is the DirectMail sender address (AccountName), the name its FromAlias. */
      from: MailFrom;
      accessKeyId: string;
      accessKeySecret: string;
      /** Default cn-hangzhou */
      regionId: string;
      /** Default https://dm.aliyuncs.com */
      endpoint: string;
    };

/**
 * Uploads: `local` is the built-in receiver (`POST /uploads`, files under `DATA_DIR/uploads`,
 * served at `/uploads/<key>`); `aliyun` signs PostObject policies for a bucket the browser posts to.
 */
export type UploadConfig =
  | { provider: 'local' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      bucket: string;
      /** Standard region id (`cn-hangzhou`), as the V4 credential scope names it. */
      region: string;
      /** Where the form is posted: `https://<bucket>.<OSS_ENDPOINT>` (default endpoint `oss-<region>.aliyuncs.com`). */
      host: string;
      /** Ends with `/`; public URL of an object = publicBase + key (default host + `/`). */
      publicBase: string;
      /** Sent as `x-oss-object-acl` (and signed) when set; otherwise objects take the bucket's ACL. */
      objectAcl?: 'private' | 'public-read';
    };

/** Social login settings. `baseUrl` replaces the provider's hosts (a local test provider). */
export interface OAuthConfig {
  wechat?: { appId: string; appSecret: string; baseUrl?: string };
  qq?: { appId: string; appKey: string; baseUrl?: string };
  weibo?: { appKey: string; appSecret: string; baseUrl?: string };
  /** Keys as PEM or as the bare base64 the Alipay console shows (PKCS#8 private, SPKI public). */
  alipay?: { appId: string; privateKey: string; publicKey: string; baseUrl?: string };
}

/** The settings as read and typed (the providers' parts are assembled in ./config-providers.ts). */
export type Env = z.output<typeof EnvSchema>;

/** Every bad setting at once, in zh-CN and English. */
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
  const oauthProblems: string[] = [];
  const oauth = oauthFromEnv(e, oauthProblems);
  const sms = smsFromEnv(e, oauthProblems);
  const uploads = uploadsFromEnv(e, oauthProblems);
  const email = emailFromEnv(e, oauthProblems);
  const identity = identityFromEnv(e, oauthProblems);
  const siteProfile = siteProfileFromEnv(e, oauthProblems);
  if (oauthProblems.length) throw new ConfigError(oauthProblems);
  return {
    nodeEnv: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    pgliteTemplate: e.PGLITE_TEMPLATE,
    logLevel: e.LOG_LEVEL,
    maintenance: e.MAINTENANCE,
    trustProxy: e.TRUST_PROXY,
    distDir: e.DIST_DIR,
    validateResponses: !production,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    publicOriginFixed: e.PUBLIC_ORIGIN !== undefined,
    staffTotpKey: e.STAFF_TOTP_KEY,
    oauth,
    sms,
    email,
    identity,
    uploads,
    siteProfile,
    smsIpHourlyLimit: e.SMS_IP_HOURLY_LIMIT,
    taskIpLimit: e.TASK_IP_LIMIT,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'test',
    webConcurrency: e.DATABASE_URL ? (e.WEB_CONCURRENCY ?? (production ? availableParallelism() : 1)) : 1,
    backgroundRounds: e.BACKGROUND_ROUNDS ?? true,
    smsResendSeconds: e.SMS_RESEND_SECONDS,
    demoMinSecondsCap: e.DEMO_MIN_SECONDS_CAP,
    appDownload: { android: e.APP_DOWNLOAD_ANDROID_URL ?? null, ios: e.APP_STORE_URL ?? null },
  };
}
