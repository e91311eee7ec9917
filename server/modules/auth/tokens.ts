/**
 * Access and refresh tokens.
 *
 * - Access token: a JWT signed with HS256 (the only algorithm accepted; `none` and everything
 *   else is refused), 30 minutes, claims `sub` (member id), `fam` (session), `iat`, `exp`.
 *   Every request also checks that the session is neither revoked nor past its absolute end.
 * - Refresh token: 256 random bits, base64url, only its SHA-256 stored. A login starts a family
 *   whose life is 14 days, absolute; every refresh marks the presented token used and issues the
 *   next one in the same family. A used token presented again revokes the whole family — unless
 *   it comes back within REFRESH_REUSE_GRACE_MS of its use while its successor was never used: the
 *   answer was lost (a page load cut the refresh off), so the successor is retired and a new one
 *   issued. A thief's replay after the owner's next refresh, or after the grace, still ends the session.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { kv, members, refreshTokens, tokenFamilies } from '../../db/schema';
import type { Member, MemberVerifier } from '../../http/auth';
import { AppError } from '../../http/errors';
import { frozenRefusal } from './frozen';

const ACCESS_TOKEN_TTL_MS = 30 * 60 * 1000;
export const REFRESH_FAMILY_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** How long after its use a refresh token whose answer was lost (successor never used) may come back. */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;

const SECRET_KEY = 'auth_secrets';
const ISSUER = 'weidou';

/** The server's token secret: made on first start, kept in kv, shared by every process. */
export async function loadOrCreateAuthSecret(db: Database): Promise<Buffer> {
  const read = async () => {
    const rows = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, SECRET_KEY)).limit(1);
    const value = rows[0]?.value as { tokenKey?: unknown } | undefined;
    return typeof value?.tokenKey === 'string' ? Buffer.from(value.tokenKey, 'base64') : null;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(kv)
    .values({ key: SECRET_KEY, value: { tokenKey: randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored || stored.length < 32) throw new Error('auth secret could not be stored');
  return stored;
}

/* ---- JWT (HS256 only) ---- */

export interface AccessClaims {
  sub: string;
  fam: string;
  iat: number;
  exp: number;
  iss: string;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function signAccessToken(secret: Buffer, claims: Omit<AccessClaims, 'iss'>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ iss: ISSUER, ...claims }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * The claims of a genuine token, or null. `nowMs` null skips the expiry check (refresh accepts an
 * expired access token as proof of which session it belonged to).
 */
function verifyAccessToken(secret: Buffer, token: string, nowMs: number | null): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown; typ?: unknown };
    if (header.alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<AccessClaims>;
    if (
      claims.iss !== ISSUER ||
      typeof claims.sub !== 'string' ||
      !/^[1-9]\d{0,9}$/.test(claims.sub) ||
      typeof claims.fam !== 'string' ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number'
    ) {
      return null;
    }
    if (nowMs !== null && claims.exp * 1000 <= nowMs) return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}

/* ---- families and refresh tokens ---- */

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface TokenTriple {
  token: string;
  refreshToken: string;
  expired: number;
}

export interface SessionMeta {
  method?: string;
  ip?: string;
  userAgent?: string;
}

function accessFor(
  ctx: AppContext,
  memberId: number,
  familyId: string,
  familyEnd: number,
): { token: string; expired: number } {
  const now = ctx.now();
  const expired = Math.min(now + ACCESS_TOKEN_TTL_MS, familyEnd);
  const token = signAccessToken(ctx.authSecret, {
    sub: String(memberId),
    fam: familyId,
    iat: Math.floor(now / 1000),
    exp: Math.floor(expired / 1000),
  });
  return { token, expired: Math.floor(expired / 1000) * 1000 };
}

async function insertRefresh(
  db: Database,
  memberId: number,
  familyId: string,
  expiresAt: Date,
  now: Date,
): Promise<string> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    memberId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt,
    createdAt: now,
  });
  return refreshToken;
}

/** A new login: a new family (14 days from now) with its first refresh token. */
export async function startSession(ctx: AppContext, memberId: number, meta: SessionMeta = {}): Promise<TokenTriple> {
  const now = ctx.now();
  const familyId = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now + REFRESH_FAMILY_TTL_MS);
  await ctx.db.insert(tokenFamilies).values({
    id: familyId,
    memberId,
    expiresAt,
    method: meta.method ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: new Date(now),
  });
  const refreshToken = await insertRefresh(ctx.db, memberId, familyId, expiresAt, new Date(now));
  return { ...accessFor(ctx, memberId, familyId, expiresAt.getTime()), refreshToken };
}

const unauthorized = () => new AppError('UNAUTHORIZED');

/**
 * Rotate: the presented refresh token is marked used and the next one issued in its family.
 * Unknown, expired or revoked → 401. Already used (a replay) → the whole family is revoked, 401.
 * `token` (the current, possibly expired access token) must be genuine and from the same session.
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  input: { refreshToken: string; token: string },
): Promise<TokenTriple> {
  const now = ctx.now();
  const nowDate = new Date(now);
  const tokenHash = hashToken(input.refreshToken);
  const rows = await ctx.db
    .select({
      id: refreshTokens.id,
      memberId: refreshTokens.memberId,
      familyId: refreshTokens.familyId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      familyRevokedAt: tokenFamilies.revokedAt,
      familyExpiresAt: tokenFamilies.expiresAt,
      frozenAt: members.frozenAt,
      frozenReason: members.frozenReason,
    })
    .from(refreshTokens)
    .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
    .innerJoin(members, eq(members.id, refreshTokens.memberId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) throw unauthorized();
  // A frozen member is told why, whether or not the freeze has ended this session yet.
  if (row.frozenAt) throw await frozenRefusal(ctx, ctx.db, row.frozenReason);
  if (row.familyRevokedAt || row.revokedAt) throw unauthorized();
  if (row.familyExpiresAt.getTime() <= now) throw unauthorized();
  const claims = verifyAccessToken(ctx.authSecret, input.token, null);
  const sameSession = !!claims && claims.fam === row.familyId && claims.sub === String(row.memberId);
  if (row.usedAt) {
    if (sameSession && now - row.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
      // The successor issued by that use, if nobody has used it: the answer never arrived.
      const retired = await ctx.db
        .update(refreshTokens)
        .set({ usedAt: nowDate })
        .where(
          and(
            eq(refreshTokens.familyId, row.familyId),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            eq(refreshTokens.createdAt, row.usedAt), // issued by that very use
          ),
        )
        .returning({ id: refreshTokens.id });
      if (retired.length === 1) {
        ctx.log.info({ memberId: row.memberId, familyId: row.familyId }, 'refresh answer lost; issued again');
        const refreshToken = await insertRefresh(ctx.db, row.memberId, row.familyId, row.familyExpiresAt, nowDate);
        return { ...accessFor(ctx, row.memberId, row.familyId, row.familyExpiresAt.getTime()), refreshToken };
      }
    }
    await revokeFamily(ctx, row.familyId, 'reuse');
    ctx.log.warn({ memberId: row.memberId, familyId: row.familyId }, 'refresh token reused; session revoked');
    throw unauthorized();
  }
  if (!sameSession) throw unauthorized();

  // Mark used; exactly one concurrent caller wins, the other is a replay.
  const marked = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: nowDate })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (marked.length === 0) {
    await revokeFamily(ctx, row.familyId, 'reuse');
    throw unauthorized();
  }
  const refreshToken = await insertRefresh(ctx.db, row.memberId, row.familyId, row.familyExpiresAt, nowDate);
  return { ...accessFor(ctx, row.memberId, row.familyId, row.familyExpiresAt.getTime()), refreshToken };
}

async function revokeFamily(ctx: AppContext, familyId: string, reason: string, memberId?: number): Promise<void> {
  const now = new Date(ctx.now());
  const where =
    memberId === undefined
      ? eq(tokenFamilies.id, familyId)
      : and(eq(tokenFamilies.id, familyId), eq(tokenFamilies.memberId, memberId));
  const revoked = await ctx.db
    .update(tokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(where, isNull(tokenFamilies.revokedAt)))
    .returning({ id: tokenFamilies.id });
  forgetSessions(ctx, { familyId });
  if (revoked.length > 0) {
    await ctx.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}

/**
 * Every session of a member but `keepFamilyId` (a password change: the other devices are logged
 * out, the one that changed it stays). Their refresh tokens stop at once and so do their access
 * tokens (the per-request session check).
 */
export async function revokeOtherSessions(
  ctx: AppContext,
  memberId: number,
  keepFamilyId: string | undefined,
  reason: string,
): Promise<void> {
  const now = new Date(ctx.now());
  const others = (column: typeof tokenFamilies.id | typeof refreshTokens.familyId) =>
    keepFamilyId === undefined ? undefined : ne(column, keepFamilyId);
  await ctx.db
    .update(tokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(tokenFamilies.memberId, memberId), isNull(tokenFamilies.revokedAt), others(tokenFamilies.id)));
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt), others(refreshTokens.familyId)));
  forgetSessions(ctx, { memberId, keepFamilyId });
}

/** Every session of a member (password reset). */
export async function revokeAllSessions(ctx: AppContext, memberId: number, reason: string): Promise<void> {
  await revokeOtherSessions(ctx, memberId, undefined, reason);
}

/** Logout: the session of the access token, and the refresh token's session if it is the member's. */
export async function endSession(ctx: AppContext, member: Member, refreshToken?: string): Promise<void> {
  if (member.familyId) await revokeFamily(ctx, member.familyId, 'logout', member.id);
  if (refreshToken) {
    const rows = await ctx.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.memberId, member.id)))
      .limit(1);
    if (rows[0]) await revokeFamily(ctx, rows[0].familyId, 'logout', member.id);
  }
}

/**
 * How long a process trusts a session it has checked, ms. A session revoked in another worker
 * process (logout, a password change or reset, a replayed refresh token) stops its access tokens
 * there within this bound; the process that revoked it forgets it at once (`forgetSessions`).
 * Role changes take effect within the same bound.
 */
export const SESSION_RECHECK_MS = 2000;
/** Sessions remembered per process at most (the oldest go first). */
const SESSION_CACHE_MAX = 10_000;

interface CheckedSession {
  memberId: number;
  role: number;
  bbsRole: number;
  /** The family's absolute end, epoch ms. */
  endsAt: number;
  /** When the database said the session was alive (ctx.now()). */
  checkedAt: number;
}

/**
 * Live sessions each app's verifier has checked lately, by family id; keyed by the verifier, which
 * copies of the context (a console write's `{ ...ctx, db: tx }`) share, so a revocation made
 * through a copy still forgets the sessions at once.
 */
const checkedByVerifier = new WeakMap<MemberVerifier, Map<string, CheckedSession>>();

/** Drop remembered sessions (the family, or every family of a member but `keepFamilyId`) after revoking them. */
function forgetSessions(ctx: AppContext, which: { familyId: string } | { memberId: number; keepFamilyId?: string }) {
  const checked = checkedByVerifier.get(ctx.verifyMember);
  if (!checked) return;
  if ('familyId' in which) {
    checked.delete(which.familyId);
    return;
  }
  for (const [familyId, s] of checked)
    if (s.memberId === which.memberId && familyId !== which.keepFamilyId) checked.delete(familyId);
}

/** The per-request session check as a prepared statement (run when the session is not remembered). */
function prepareSessionCheck(db: Database) {
  return db
    .select({ role: members.role, bbsRole: members.bbsRole, expiresAt: tokenFamilies.expiresAt })
    .from(tokenFamilies)
    .innerJoin(members, eq(members.id, tokenFamilies.memberId))
    .where(
      and(
        eq(tokenFamilies.id, sql.placeholder('familyId')),
        eq(tokenFamilies.memberId, sql.placeholder('memberId')),
        isNull(tokenFamilies.revokedAt),
        gt(tokenFamilies.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_check');
}

/**
 * The real bearer verifier: a genuine, unexpired JWT whose session is alive. The session is read
 * from the database at most once per SESSION_RECHECK_MS per process; in between, the remembered
 * answer stands (still bounded by the family's absolute end and the token's own expiry).
 */
export function tokenVerifier(ctx: AppContext): MemberVerifier {
  const sessionCheck = prepareSessionCheck(ctx.db);
  const checked = new Map<string, CheckedSession>();
  const verifier: MemberVerifier = async (token) => {
    const now = ctx.now();
    const claims = verifyAccessToken(ctx.authSecret, token, now);
    if (!claims) return null;
    const id = Number(claims.sub);
    const known = checked.get(claims.fam);
    // A clock moved back (tests) counts as stale too.
    const fresh = known && now >= known.checkedAt && now - known.checkedAt < SESSION_RECHECK_MS;
    if (known && fresh && known.memberId === id && known.endsAt > now)
      return { id, role: known.role, bbsRole: known.bbsRole, familyId: claims.fam };
    const rows = await sessionCheck.execute({ familyId: claims.fam, memberId: id, now: new Date(now).toISOString() });
    const row = rows[0];
    if (!row) {
      checked.delete(claims.fam);
      return null;
    }
    checked.delete(claims.fam);
    if (checked.size >= SESSION_CACHE_MAX) checked.delete(checked.keys().next().value as string);
    checked.set(claims.fam, {
      memberId: id,
      role: row.role,
      bbsRole: row.bbsRole,
      endsAt: row.expiresAt.getTime(),
      checkedAt: now,
    });
    return { id, role: row.role, bbsRole: row.bbsRole, familyId: claims.fam };
  };
  checkedByVerifier.set(verifier, checked);
  return verifier;
}
