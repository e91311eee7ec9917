/**
 * What every handler and service can reach. Built once per app by `buildApp`; new modules add
 * their services here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db';
import type { MemberVerifier, Staff, StaffVerifier } from './http/auth';
import type { UploadTarget } from './providers/oss';
import type { EmailProvider } from './providers/email';
import type { IdentityProvider } from './providers/identity';
import type { SmsProvider } from './providers/sms';
import type { RsaKeys } from './security/rsa';

export interface AppContext {
  config: Config;
  db: Database;
  /** `pglite` (embedded, one connection) or `postgres`. */
  driver: 'pglite' | 'postgres';
  rsa: RsaKeys;
  /** Bearer token → member (modules/auth/tokens.ts; tests may install their own). */
  verifyMember: MemberVerifier;
  /** Console token → staff member (modules/staff/sessions.ts). */
  verifyStaff: StaffVerifier;
  /**
   * A sensitive console move's fresh authenticator code: accepted once, a wrong one counts towards
   * the staff's lockout (modules/staff/signin.ts). Throws the refusal.
   */
  checkFreshTotp: (staff: Staff, code: string) => Promise<void>;
  /** The key staff authenticator secrets are encrypted with (`STAFF_TOTP_KEY`, else kv). */
  staffTotpKey: Buffer;
  log: FastifyBaseLogger;
  /** The clock (epoch ms). Tests inject one; everything time-based reads it, never `Date.now()`. */
  now: () => number;
  /** Server-side secret for signing access tokens and keying code hashes (kv `auth_secrets`). */
  authSecret: Buffer;
  /** Where SMS codes go (outbox locally; Aliyun or Tencent Cloud by `SMS_PROVIDER`). */
  sms: SmsProvider;
  /** Where e-mail codes go (outbox locally; SMTP or Aliyun DirectMail by `EMAIL_PROVIDER`). */
  email: EmailProvider;
  /** Who checks a real name against an ID number (the sandbox locally; Aliyun by `IDENTITY_PROVIDER`). */
  identity: IdentityProvider;
  /** Where browsers upload (the built-in receiver, or Aliyun OSS by `OSS_*`), with its signing keys. */
  uploads: UploadTarget;
}
