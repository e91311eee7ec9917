/**
 * The account services other modules build on (social login, QR login, profile). Stable API:
 *
 * - `decryptField(ctx, value)` — RSA-decrypt a browser-encrypted field; null on any failure.
 * - `verifyCode(ctx, { mobile, purpose, code, ip })` — check and consume an SMS code
 *   (throws AppError CODE_INVALID / CODE_TOO_MANY_TRIES).
 * - `createMember(ctx, { mobile, inviteCode?, ip? })` → `{ id }` (MOBILE_REGISTERED,
 *   INVITE_CODE_INVALID).
 * - `findMemberByMobile(ctx, mobile)` → `{ id } | null`.
 * - `issueLogin(ctx, memberId, { isNew? })` → the contract's LoginResult (starts a new session).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginResult as LoginResultSchema, MemberBrief } from '../../../openapi/schemas/auth';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { AppError } from '../../http/errors';
import { maskMobile } from '../../kernel/mask';
import { recordSignup } from '../invites/service';
import { checkCode } from './codes';
import { hashPassword } from './password';
import { frozenRefusal } from './frozen';
import { startSession, type SessionMeta } from './tokens';
import { MOBILE_RE } from '../../../openapi/rules/mobile';

export type LoginResult = z.output<typeof LoginResultSchema>;
type Brief = z.output<typeof MemberBrief>;

/**
 * What an SMS code is for; a code only verifies for the purpose (and mobile) it was sent for.
 * `invite` is the invite-landing registration (`/v1/auth/invite/code` → `/v1/auth/invite`);
 * member scenes (`change_password`, …) come from `/v1/sms/send`.
 */
export type CodePurpose = 'login' | 'register' | 'reset' | 'bind' | 'new_mobile' | 'invite' | (string & {});

export function decryptField(ctx: AppContext, value: string): string | null {
  return ctx.rsa.decrypt(value);
}

/** A decrypted, well-formed 11-digit mobile, or null. */
export function decryptMobile(ctx: AppContext, value: string | undefined | null): string | null {
  if (!value) return null;
  const mobile = decryptField(ctx, value)?.trim();
  return mobile && MOBILE_RE.test(mobile) ? mobile : null;
}

export async function verifyCode(
  ctx: AppContext,
  args: { mobile: string; purpose: CodePurpose; code: string | null; ip?: string },
): Promise<void> {
  await checkCode(ctx, { channel: 'sms', target: args.mobile, purpose: args.purpose, code: args.code });
}

/* ---- members ---- */

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length = 8): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return s;
}

function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The member owning an invite code, or null. */
export async function inviterByCode(
  ctx: AppContext,
  inviteCode: string,
): Promise<{ id: number; nickname: string; avatar: string | null } | null> {
  const [row] = await ctx.db
    .select({ id: members.id, nickname: members.nickname, avatar: members.avatar })
    .from(members)
    .where(eq(members.inviteCode, normalizeInviteCode(inviteCode)))
    .limit(1);
  return row ?? null;
}

export async function findMemberByMobile(ctx: AppContext, mobile: string): Promise<{ id: number } | null> {
  const [row] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.mobile, mobile)).limit(1);
  return row ?? null;
}

/**
 * Register a member. The inviter (if a valid invite code is given) is recorded now and never
 * changes. Throws MOBILE_REGISTERED or INVITE_CODE_INVALID.
 */
export async function createMember(
  ctx: AppContext,
  args: {
    mobile: string;
    inviteCode?: string | null;
    ip?: string;
    /** The client's `X-Device-Id` (invite-farm guard). */
    deviceId?: string | null;
    password?: string | null;
    nickname?: string | null;
    avatar?: string | null;
  },
): Promise<{ id: number }> {
  let inviterId: number | null = null;
  if (args.inviteCode) {
    const inviter = await inviterByCode(ctx, args.inviteCode);
    if (!inviter) throw new AppError('INVITE_CODE_INVALID');
    inviterId = inviter.id;
  }
  if (await findMemberByMobile(ctx, args.mobile)) throw new AppError('MOBILE_REGISTERED');
  const passwordHash = args.password ? await hashPassword(args.password) : null;
  const now = new Date(ctx.now());
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await ctx.db
      .insert(members)
      .values({
        mobile: args.mobile,
        passwordHash,
        nickname: args.nickname?.trim() || `微豆用户${args.mobile.slice(-4)}`,
        avatar: args.avatar ?? null,
        memberCode: randomCode(8),
        inviteCode: randomCode(8),
        inviterId,
        registerIp: args.ip ?? null,
        passwordChangedAt: passwordHash ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (rows[0]) {
      // Where the registration came from, and the inviter's register reward (or why it is withheld).
      await recordSignup(ctx, {
        memberId: rows[0].id,
        inviterId,
        deviceId: args.deviceId ?? null,
        ip: args.ip ?? null,
      });
      return { id: rows[0].id };
    }
    // A unique value clashed: the mobile (a concurrent registration) or a random code (retry).
    if (await findMemberByMobile(ctx, args.mobile)) throw new AppError('MOBILE_REGISTERED');
  }
  throw new Error('could not allocate a member code');
}

/* ---- login result ---- */

export async function memberRow(ctx: AppContext, memberId: number) {
  const [row] = await ctx.db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

export function briefOf(row: typeof members.$inferSelect): Brief {
  return {
    id: row.id,
    memberCode: row.memberCode,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: maskMobile(row.mobile),
    registeredAt: row.createdAt.getTime(),
  };
}

/** Start a new session for the member and answer with the contract's login result. */
export async function issueLogin(
  ctx: AppContext,
  memberId: number,
  opts: { isNew?: boolean } & SessionMeta = {},
): Promise<LoginResult> {
  const row = await memberRow(ctx, memberId);
  // Every login path (SMS, password, QR, social, registration) comes through here.
  if (row.frozenAt) throw await frozenRefusal(ctx, ctx.db, row.frozenReason);
  const tokens = await startSession(ctx, memberId, opts);
  // The forum context (spec §4) comes with the forum issue; null tells the client to reset it.
  return { ...tokens, member: briefOf(row), isNew: opts.isNew ?? false, focus: null };
}
