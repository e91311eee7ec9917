/**
 * Tables of QR login and social login. Listed with the other schema files in
 * server/db/tables.ts.
 *
 * Every secret handed to a browser (QR ticket, OAuth state, bind ticket) is stored only as its
 * SHA-256 (hex); the value itself is never at rest.
 */
import { index, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { members, ownedByMember } from './schema';

/**
 * A desktop's QR login request. waiting → scanned (a member's phone opened it) → confirmed |
 * refused; confirmed → consumed when the desktop collects its tokens (once). Past `expires_at`
 * an undecided ticket is expired.
 */
export const qrTickets = pgTable(
  'qr_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    /** waiting, scanned, confirmed, refused. */
    status: text('status').notNull().default('waiting'),
    /** The desktop's User-Agent (first 512 characters), shown to the phone as a device description. */
    userAgent: text('user_agent').notNull().default(''),
    /** SHA-256 of the desktop's IP (request counting), and the masked IP shown to the phone. */
    ipHash: text('ip_hash').notNull(),
    ipMasked: text('ip_masked').notNull(),
    /** The member who scanned (and then confirmed or refused). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    scannedAt: at('scanned_at'),
    decidedAt: at('decided_at'),
    /** Set when the desktop received the tokens; the ticket is dead from then on. */
    consumedAt: at('consumed_at'),
  },
  (t) => [index('qr_tickets_ip_idx').on(t.ipHash, t.createdAt), index('qr_tickets_expires_idx').on(t.expiresAt)],
);

/** OAuth `state` values: single use, bound to one platform and purpose (and, for bind, one member). */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    /** 1 WeChat, 2 QQ, 3 Weibo, 4 Alipay. */
    platform: smallint('platform').notNull(),
    /** login or bind. */
    purpose: text('purpose').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** Site path to return to after the flow (validated: starts with one `/`). */
    redirect: text('redirect'),
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('oauth_states_ip_idx').on(t.ipHash, t.createdAt), index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** The social account a provider answered with (server/providers/oauth `SocialProfile`). */
const socialAccount = () => ({
  platform: smallint('platform').notNull(),
  /** The provider's user id for our app (WeChat/QQ openid, Weibo uid, Alipay open_id/user_id). */
  openId: text('open_id').notNull(),
  /** WeChat/QQ unionid when the provider returns one. */
  unionId: text('union_id'),
  nickname: text('nickname'),
  avatar: text('avatar'),
});

/**
 * A member's social accounts. One social account belongs to one member; a member has at most one
 * account per platform.
 */
export const snsBindings = pgTable(
  'sns_bindings',
  {
    id: serial('id').primaryKey(),
    memberId: ownedByMember(),
    ...socialAccount(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sns_bindings_account_uq').on(t.platform, t.openId),
    unique('sns_bindings_member_platform_uq').on(t.memberId, t.platform),
  ],
);

/**
 * A social account that came back from the provider without a member: the holder continues with
 * `/v1/auth/sns/bind` (existing mobile) or `/v1/auth/sns/register` (new member). Single use.
 */
export const bindTickets = pgTable(
  'bind_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    ...socialAccount(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('bind_tickets_expires_idx').on(t.expiresAt)],
);
