/**
 * The database schema (Drizzle, pg-core). Migrations are generated from this file with
 * `npm run db:generate` and committed in server/db/migrations; they are applied at start.
 *
 * Tables are declared without a schema name so that `search_path` decides where they live
 * (`public` by default; a per-run schema in tests, see `DATABASE_SCHEMA`).
 */
import { type AnyPgColumn, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The server's RSA key pair: clients encrypt mobile numbers and codes with the public key. */
export const serverKeys = pgTable('server_keys', {
  id: integer('id').primaryKey(),
  /** SHA-256 of the public key (SPKI DER), first 16 hex characters. */
  keyId: text('key_id').notNull().unique(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small durable settings and markers (e.g. one-off data fixes) that need no table of their own. */
export const kv = pgTable('kv', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** The member a row belongs to; the row is deleted with the member. */
export const ownedByMember = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/* ---- accounts ---- */

/** A member (会员). `mobile` is the login name; social-only members may have none. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').unique(),
    /** argon2id PHC string; null when no password was ever set (SMS-only member). */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    /** Public member number shown in the UI (8 characters). */
    memberCode: text('member_code').notNull().unique(),
    /** Site role (0 member). */
    role: integer('role').notNull().default(0),
    /** Forum role: 0 respondent, 1 moderator, 2 client observer. */
    bbsRole: integer('bbs_role').notNull().default(0),
    email: text('email'),
    /** This member's own invite code (for invite links). */
    inviteCode: text('invite_code').notNull().unique(),
    /** Who invited this member (recorded at registration; never changes). */
    inviterId: integer('inviter_id').references((): AnyPgColumn => members.id),
    /** IP address the registration came from (invite-farming review). */
    registerIp: text('register_ip'),
    passwordChangedAt: at('password_changed_at'),
    /** Frozen by staff: no login, no redeeming, no tasks (the reason is told to the member). */
    frozenAt: at('frozen_at'),
    frozenReason: text('frozen_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_inviter_idx').on(t.inviterId),
    // The console's member search (nickname prefix) and the review's shared-IP-range signal (an
    // address prefix): text_pattern_ops serves LIKE 'x%' and ~>=~ / ~<~ under any collation.
    index('members_nickname_idx').on(t.nickname.op('text_pattern_ops')),
    index('members_register_ip_idx').on(t.registerIp.op('text_pattern_ops')),
  ],
);

/**
 * One-time codes sent by SMS or e-mail. Only a hash of the code is kept. The rows also carry the
 * send limits (per target, per IP), so they hold across restarts and processes.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    /** `sms` or `email`. */
    channel: text('channel').notNull().default('sms'),
    /** Mobile number (sms) or e-mail address (email). */
    target: text('target').notNull(),
    /** login, register, reset, bind, new_mobile, invite, change_mobile, …, email_bind. */
    purpose: text('purpose').notNull(),
    /** Member the code was sent for (member-scoped purposes), else null. */
    memberId: integer('member_id'),
    /** HMAC-SHA256 of the code (keyed with the server's auth secret), hex. */
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Wrong tries so far; at the limit the code is dead. */
    tries: integer('tries').notNull().default(0),
    usedAt: at('used_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_target_idx').on(t.target, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
    index('sms_codes_created_idx').on(t.createdAt),
  ],
);

/** Single-use proof that a member just passed an SMS check (`/v1/sms/check`) for one scene. */
export const verifyTickets = pgTable(
  'verify_tickets',
  {
    id: serial('id').primaryKey(),
    memberId: ownedByMember(),
    scene: text('scene').notNull(),
    ticketHash: text('ticket_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  // The review's mobile-change signal: a member's used change_mobile tickets.
  (t) => [index('verify_tickets_member_idx').on(t.memberId, t.scene, t.usedAt)],
);

/** A login session: every refresh token descends from one login; its life is absolute. */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: text('id').primaryKey(),
    memberId: ownedByMember(),
    /** 14 days after the login that started the family; refreshing never extends it. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** logout, reuse, password_reset, … */
    revokedReason: text('revoked_reason'),
    /** How the family started: sms, password, register, qrcode, sns, … */
    method: text('method'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('token_families_member_idx').on(t.memberId)],
);

/** Refresh tokens (opaque, 256-bit); only the SHA-256 is kept. Rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: ownedByMember(),
    familyId: text('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Same as the family's (absolute). */
    expiresAt: at('expires_at').notNull(),
    /** Set when rotated; presenting it again revokes the family. */
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Failed password logins, per mobile and per IP (`scope`), for the backoff. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** `mobile` or `ip`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_key_idx').on(t.scope, t.key, t.createdAt)],
);
