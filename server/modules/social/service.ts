/**
 * Social login and bindings.
 *
 * - `authorize` hands out the provider's authorize URL with a fresh `state` (192 bits, stored
 *   hashed, 10 minutes, single use) bound to the platform, the purpose (login | bind) and, for
 *   bind, the member. A state is consumed by its first use for its purpose (by its member, for
 *   bind), whatever the outcome; a state issued for another platform or purpose is refused
 *   (provider mix-up, V10.2.2). Another member holding a bind state cannot spend it.
 * - `callback` (purpose login) exchanges the code: a bound social account logs its member in; an
 *   unbound one gets a bind ticket (single use, 10 minutes) to continue with `bindBySms`
 *   (existing member, SMS code for `bind`) or `registerBySms` (new member, SMS code for
 *   `register`).
 * - Members list, add (`oauthBind`, a bind-purpose state of their own) and remove bindings. One
 *   social account belongs to one member; a member has at most one account per platform.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { SnsPlatform } from '../../../openapi/enums';
import type { SnsAuthorize, SnsCallbackResult, SnsProvider, SnsBinding } from '../../../openapi/schemas/social';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { bindTickets, oauthStates, snsBindings } from '../../db/schema-social';
import { AppError } from '../../http/errors';
import {
  OAuthError,
  providersFor,
  type OAuthProvider,
  type SnsPlatformValue,
  type SocialProfile,
} from '../../providers/oauth';
import {
  createMember,
  decryptField,
  findMemberByMobile,
  inviterByCode,
  issueLogin,
  verifyCode,
} from '../auth/accounts';
import type { LoginResult } from '../auth/accounts';
import { refuseIfFrozen } from '../auth/frozen';
import { newSecret, secretHash } from '../qrcode/device';
import { admitPerIp, type Requester } from '../qrcode/requester';
import { MOBILE_RE } from '../../../openapi/rules/mobile';

export const STATE_TTL_MS = 10 * 60_000;
const BIND_TICKET_TTL_MS = 10 * 60_000;
/** Authorize URLs one address may ask for per minute (each is a database row). */
const STATES_PER_IP_PER_MINUTE = 30;

/** The SPA routes the providers send the browser back to (spec §2), on PUBLIC_ORIGIN. */
const CALLBACK_PATHS: Record<SnsPlatformValue, string> = {
  1: '/open/wechat/callback',
  2: '/open/qq/callback.php',
  3: '/open/sina/callback.php',
  4: '/open/alipay/callback',
};

const PLATFORMS: readonly SnsPlatformValue[] = [1, 2, 3, 4];

type Authorize = z.output<typeof SnsAuthorize>;
type CallbackResult = z.output<typeof SnsCallbackResult>;
type Provider = z.output<typeof SnsProvider>;
type Binding = z.output<typeof SnsBinding>;

const nameOf = (platform: SnsPlatformValue) => SnsPlatform.labels[platform];

function providerOf(ctx: AppContext, platform: SnsPlatformValue): OAuthProvider {
  const provider = providersFor(ctx.config.oauth).get(platform);
  if (!provider) throw new AppError('PROVIDER_NOT_CONFIGURED', `暂不支持${nameOf(platform)}登录`);
  return provider;
}

export function redirectUri(ctx: AppContext, platform: SnsPlatformValue): string {
  return `${ctx.config.publicOrigin}${CALLBACK_PATHS[platform]}`;
}

export function listProviders(ctx: AppContext): Provider[] {
  const configured = providersFor(ctx.config.oauth);
  return PLATFORMS.filter((p) => configured.has(p)).map((platform) => ({ platform, name: nameOf(platform) }));
}

/** A site path to come back to: `/home/user?x=1` yes; `//evil.example`, `https://…`, `/\evil` no. */
function sitePath(redirect: string | undefined): string | null {
  if (!redirect) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(redirect) ? redirect : null;
}

export async function authorize(
  ctx: AppContext,
  args: { platform: SnsPlatformValue; purpose: 'login' | 'bind'; redirect?: string; mobile?: boolean },
  memberId: number | null,
  caller: Requester,
): Promise<Authorize> {
  const provider = providerOf(ctx, args.platform);
  if (args.purpose === 'bind' && memberId === null) throw new AppError('UNAUTHORIZED');
  const now = new Date(ctx.now());
  const hashedIp = await admitPerIp(ctx, oauthStates, caller.ip, {
    purpose: 'oauth',
    perMinute: STATES_PER_IP_PER_MINUTE,
    now,
  });

  const state = newSecret();
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
  await ctx.db.insert(oauthStates).values({
    stateHash: secretHash(state),
    platform: args.platform,
    purpose: args.purpose,
    memberId: args.purpose === 'bind' ? memberId : null,
    redirect: sitePath(args.redirect),
    ipHash: hashedIp,
    createdAt: now,
    expiresAt,
  });
  return {
    url: provider.authorizeUrl(state, redirectUri(ctx, args.platform), { mobile: args.mobile }),
    state,
    expiredAt: expiresAt.getTime(),
  };
}

/**
 * Use up a state. It must exist, be unused and fresh, and have been issued for this platform and
 * purpose (and, for bind, this member). Any use for its purpose (by its member) consumes it, so a
 * replay always fails; a use for the other purpose, or by another member, leaves it alone.
 */
async function takeState(
  ctx: AppContext,
  state: string,
  platform: SnsPlatformValue,
  purpose: 'login' | 'bind',
  memberId: number | null,
): Promise<{ redirect: string | null }> {
  const now = new Date(ctx.now());
  const [row] = await ctx.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, secretHash(state)),
        isNull(oauthStates.usedAt),
        eq(oauthStates.purpose, purpose),
        purpose === 'bind' && memberId !== null ? eq(oauthStates.memberId, memberId) : undefined,
      ),
    )
    .returning();
  const ok =
    row &&
    row.expiresAt > now &&
    row.platform === platform &&
    row.purpose === purpose &&
    (purpose === 'login' || row.memberId === memberId);
  if (!ok) throw new AppError('SNS_STATE_INVALID');
  return { redirect: row.redirect };
}

async function exchange(ctx: AppContext, provider: OAuthProvider, code: string): Promise<SocialProfile> {
  try {
    return await provider.exchange(code, redirectUri(ctx, provider.platform));
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    ctx.log.warn({ platform: provider.key, reason: err.message, detail: err.detail }, 'social login exchange failed');
    throw new AppError('SNS_STATE_INVALID', `${nameOf(provider.platform)}授权失败，请重新发起`);
  }
}

async function bindingOf(ctx: AppContext, platform: SnsPlatformValue, openId: string) {
  const [row] = await ctx.db
    .select()
    .from(snsBindings)
    .where(and(eq(snsBindings.platform, platform), eq(snsBindings.openId, openId)));
  return row ?? null;
}

/** The provider sent the browser back to our callback page with `code` and `state` (purpose login). */
export async function callback(
  ctx: AppContext,
  platform: SnsPlatformValue,
  args: { code: string; state: string },
  caller: Requester,
): Promise<CallbackResult> {
  const provider = providerOf(ctx, platform);
  const { redirect } = await takeState(ctx, args.state, platform, 'login', null);
  const profile = await exchange(ctx, provider, args.code);

  const bound = await bindingOf(ctx, platform, profile.openId);
  if (bound) {
    // Keep what the provider shows up to date (nickname and avatar change there).
    await ctx.db
      .update(snsBindings)
      .set({
        nickname: profile.nickname ?? bound.nickname,
        avatar: profile.avatar ?? bound.avatar,
        unionId: profile.unionId ?? bound.unionId,
      })
      .where(eq(snsBindings.id, bound.id));
    const login = await issueLogin(ctx, bound.memberId, { method: 'sns', ip: caller.ip, userAgent: caller.userAgent });
    return { status: 'login', ...login, redirect };
  }

  const now = new Date(ctx.now());
  await ctx.db.delete(bindTickets).where(lt(bindTickets.expiresAt, new Date(now.getTime() - 3600_000)));
  const bindTicket = newSecret();
  const expiresAt = new Date(now.getTime() + BIND_TICKET_TTL_MS);
  await ctx.db.insert(bindTickets).values({
    ticketHash: secretHash(bindTicket),
    platform,
    openId: profile.openId,
    unionId: profile.unionId ?? null,
    nickname: profile.nickname ?? null,
    avatar: profile.avatar ?? null,
    createdAt: now,
    expiresAt,
  });
  return {
    status: 'bind',
    bindTicket,
    platform,
    nickname: profile.nickname ?? null,
    avatar: profile.avatar ?? null,
    expiredAt: expiresAt.getTime(),
    redirect,
  };
}

const BIND_TICKET_GONE = '第三方授权已失效，请重新发起第三方登录';

async function readBindTicket(ctx: AppContext, ticket: string) {
  const [row] = await ctx.db
    .select()
    .from(bindTickets)
    .where(
      and(
        eq(bindTickets.ticketHash, secretHash(ticket)),
        isNull(bindTickets.usedAt),
        gt(bindTickets.expiresAt, new Date(ctx.now())),
      ),
    );
  if (!row) throw new AppError('SNS_STATE_INVALID', BIND_TICKET_GONE);
  return row;
}

async function takeBindTicket(ctx: AppContext, ticket: string): Promise<void> {
  const [row] = await ctx.db
    .update(bindTickets)
    .set({ usedAt: new Date(ctx.now()) })
    .where(
      and(
        eq(bindTickets.ticketHash, secretHash(ticket)),
        isNull(bindTickets.usedAt),
        gt(bindTickets.expiresAt, new Date(ctx.now())),
      ),
    )
    .returning({ platform: bindTickets.platform });
  if (!row) throw new AppError('SNS_STATE_INVALID', BIND_TICKET_GONE);
}

/** Mobile and code from the browser (RSA); any decryption failure reads exactly like a wrong code. */
function decryptMobileAndCode(ctx: AppContext, body: { mobile: string; code: string }) {
  const mobile = decryptField(ctx, body.mobile);
  const code = decryptField(ctx, body.code);
  if (mobile === null || code === null || !MOBILE_RE.test(mobile)) throw new AppError('CODE_INVALID');
  return { mobile, code };
}

/** Insert a binding; a concurrent or existing conflicting one → SNS_ALREADY_BOUND. */
async function insertBinding(
  ctx: AppContext,
  memberId: number,
  account: { platform: number; openId: string; unionId: string | null; nickname: string | null; avatar: string | null },
) {
  const [row] = await ctx.db
    .insert(snsBindings)
    .values({
      memberId,
      platform: account.platform,
      openId: account.openId,
      unionId: account.unionId,
      nickname: account.nickname,
      avatar: account.avatar,
      createdAt: new Date(ctx.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('SNS_ALREADY_BOUND');
  return row;
}

/** Refuse when the social account belongs to another member or the member has another one on this platform. */
async function assertCanBind(ctx: AppContext, memberId: number, platform: SnsPlatformValue, openId: string) {
  const owner = await bindingOf(ctx, platform, openId);
  if (owner && owner.memberId !== memberId) throw new AppError('SNS_ALREADY_BOUND');
  if (owner) return owner;
  const [mine] = await ctx.db
    .select({ id: snsBindings.id })
    .from(snsBindings)
    .where(and(eq(snsBindings.memberId, memberId), eq(snsBindings.platform, platform)));
  if (mine) {
    throw new AppError('SNS_ALREADY_BOUND', `该账号已绑定其他${nameOf(platform)}账号，请先解绑`);
  }
  return null;
}

/** Unbound social account + an existing member's mobile and SMS code (purpose bind) → bound, logged in. */
export async function bindBySms(
  ctx: AppContext,
  body: { bindTicket: string; mobile: string; code: string },
  caller: Requester,
): Promise<LoginResult> {
  const ticket = await readBindTicket(ctx, body.bindTicket);
  const platform = ticket.platform as SnsPlatformValue;
  const { mobile, code } = decryptMobileAndCode(ctx, body);
  await verifyCode(ctx, { mobile, purpose: 'bind', code, ip: caller.ip });
  const member = await findMemberByMobile(ctx, mobile);
  if (!member) throw new AppError('MOBILE_NOT_REGISTERED');
  // A frozen member is told so before anything is bound (the login at the end would refuse too,
  // but only after the social account had been bound to a frozen account).
  await refuseIfFrozen(ctx, ctx.db, member.id);
  const already = await assertCanBind(ctx, member.id, platform, ticket.openId);
  await takeBindTicket(ctx, body.bindTicket);
  if (!already) await insertBinding(ctx, member.id, ticket);
  return issueLogin(ctx, member.id, { method: 'sns', ip: caller.ip, userAgent: caller.userAgent });
}

/** Unbound social account + a new mobile and SMS code (purpose register) → new member, bound, logged in. */
export async function registerBySms(
  ctx: AppContext,
  body: { bindTicket: string; mobile: string; code: string; inviteCode?: string },
  caller: Requester,
): Promise<LoginResult> {
  const ticket = await readBindTicket(ctx, body.bindTicket);
  const { mobile, code } = decryptMobileAndCode(ctx, body);
  // A wrong invite code is refused before the SMS code is spent.
  if (body.inviteCode && !(await inviterByCode(ctx, body.inviteCode))) throw new AppError('INVITE_CODE_INVALID');
  await verifyCode(ctx, { mobile, purpose: 'register', code, ip: caller.ip });
  if (await findMemberByMobile(ctx, mobile)) throw new AppError('MOBILE_REGISTERED');
  if (await bindingOf(ctx, ticket.platform as SnsPlatformValue, ticket.openId)) throw new AppError('SNS_ALREADY_BOUND');
  await takeBindTicket(ctx, body.bindTicket);
  // The new member starts with the social account's name and face where it has them.
  const { id } = await createMember(ctx, {
    mobile,
    inviteCode: body.inviteCode ?? null,
    ip: caller.ip,
    nickname: ticket.nickname,
    avatar: ticket.avatar,
  });
  await insertBinding(ctx, id, ticket);
  return issueLogin(ctx, id, { isNew: true, method: 'sns', ip: caller.ip, userAgent: caller.userAgent });
}

/* ---- a member's own bindings ---- */

function view(
  ctx: AppContext,
  platform: SnsPlatformValue,
  row: { nickname: string | null; avatar: string | null; createdAt: Date } | undefined,
): Binding {
  return {
    platform,
    bound: Boolean(row),
    available: providersFor(ctx.config.oauth).has(platform),
    nickname: row?.nickname ?? null,
    avatar: row?.avatar ?? null,
    boundAt: row ? row.createdAt.getTime() : null,
  };
}

export async function listBindings(ctx: AppContext, memberId: number): Promise<Binding[]> {
  const rows = await ctx.db.select().from(snsBindings).where(eq(snsBindings.memberId, memberId));
  return PLATFORMS.map((platform) =>
    view(
      ctx,
      platform,
      rows.find((r) => r.platform === platform),
    ),
  );
}

/**
 * Remove the member's account of `platform` (nothing bound there: nothing to do). Never the only
 * way in: a member without a mobile (no SMS login, and a password logs in only with the mobile)
 * keeps their last social account. Unbinds of one member take turns (the member row is locked), so
 * two at once cannot remove the last two.
 */
export async function unbind(ctx: AppContext, memberId: number, platform: SnsPlatformValue): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ mobile: members.mobile })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    const bound = await tx
      .select({ platform: snsBindings.platform })
      .from(snsBindings)
      .where(eq(snsBindings.memberId, memberId));
    if (!bound.some((b) => b.platform === platform)) return;
    if (!member?.mobile && bound.length <= 1) {
      throw new AppError('PREREQUISITE_REQUIRED', '这是你唯一的登录方式，请先绑定手机号再解绑');
    }
    await tx.delete(snsBindings).where(and(eq(snsBindings.memberId, memberId), eq(snsBindings.platform, platform)));
  });
  return { ok: true };
}

/** A logged-in member comes back from a bind-purpose authorize with code and state. */
export async function oauthBind(
  ctx: AppContext,
  memberId: number,
  platform: SnsPlatformValue,
  args: { code: string; state: string },
): Promise<Binding> {
  const provider = providerOf(ctx, platform);
  await takeState(ctx, args.state, platform, 'bind', memberId);
  const profile = await exchange(ctx, provider, args.code);
  const already = await assertCanBind(ctx, memberId, platform, profile.openId);
  const row =
    already ??
    (await insertBinding(ctx, memberId, {
      platform,
      openId: profile.openId,
      unionId: profile.unionId ?? null,
      nickname: profile.nickname ?? null,
      avatar: profile.avatar ?? null,
    }));
  return view(ctx, platform, row);
}
