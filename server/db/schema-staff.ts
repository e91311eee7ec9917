/**
 * The operations console: staff accounts (not members), their sessions and sign-in steps, and
 * the append-only, hash-chained audit log of every console and CLI write.
 */
import { bigint, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, createdAt, refTo } from './columns';

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  /** What members read on replies (客服小林). */
  name: text('name').notNull(),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  /** Set by `staff add` / `staff reset`: the next sign-in must choose a new password. */
  mustChangePassword: integer('must_change_password').notNull().default(1),
  /** The TOTP secret, AES-256-GCM encrypted (modules/staff/totp.ts). */
  totpSecret: text('totp_secret').notNull(),
  /** When the authenticator was first proven (null: the next sign-in shows the QR code). */
  totpConfirmedAt: at('totp_confirmed_at'),
  /** The last accepted TOTP time step: a code is accepted once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  /** Comma-separated roles (openapi/rules/staff.ts). */
  roles: text('roles').notNull(),
  /** `active` or `disabled`. */
  state: text('state').notNull().default('active'),
  /** Wrong passwords or codes in the current window, and when it began. */
  failedCount: integer('failed_count').notNull().default(0),
  failedSince: at('failed_since'),
  lockedUntil: at('locked_until'),
  lastSignInAt: at('last_sign_in_at'),
  createdAt: createdAt(),
});

/** A console session: an opaque token, only its SHA-256 kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: refTo('staff_id', () => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull(),
    /** 12 hours after sign-in. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Between the password and the code: single use, 5 minutes. */
export const staffSignInTickets = pgTable('staff_sign_in_tickets', {
  id: serial('id').primaryKey(),
  staffId: refTo('staff_id', () => staff.id),
  ticketHash: text('ticket_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * The audit log. Rows are numbered without gaps by `audit_head` (so a deleted row shows), each
 * carries the hash of the one before; a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * 0015), so no path of the app can change a past row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    /** Null for the bootstrap of the first admin. */
    staffId: integer('staff_id'),
    staffLogin: text('staff_login').notNull(),
    staffRoles: text('staff_roles').notNull(),
    /** `console` or `cli`. */
    channel: text('channel').notNull(),
    operation: text('operation').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffLogin, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_operation_idx').on(t.operation, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** One row: the last id and hash of the chain; updating it serialises appends. */
export const auditHead = pgTable('audit_head', {
  id: integer('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
