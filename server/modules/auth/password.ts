/**
 * Passwords: argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane) via @node-rs/argon2.
 * Failed logins back off per mobile (5 failures within 15 minutes → refused until that window
 * has passed) and per IP (20 failures within 15 minutes); the last two tries before a lock are
 * announced, and the failure that locks answers the lock. Failures are rows in `login_attempts`,
 * so the backoff holds across restarts and processes. A successful login clears the mobile's rows.
 */
import { and, asc, count, eq, gt, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../http/errors';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_MOBILE = 5;
const MAX_FAILURES_PER_IP = 20;

/** argon2id, algorithm 2 (the library default, spelled out). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The native argon2 module, loaded on the first password operation (most processes never need it: ~13 MB). */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

async function verify(stored: string, password: string): Promise<boolean> {
  return (await loadArgon2()).verify(stored, password);
}

let dummy: Promise<string> | undefined;

/** Verify; with no stored hash a dummy one is checked so the time does not tell. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password-only-for-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whose failures: a login's mobile or IP, or a member confirming the old password (`member`). */
type Scope = 'mobile' | 'ip' | 'member';

/** One scope's backoff: failures left before it locks, and when a lock ends (null: not locked). */
interface Backoff {
  remaining: number;
  until: number | null;
}

async function backoffOf(ctx: AppContext, scope: Scope, key: string, max: number): Promise<Backoff> {
  const since = new Date(ctx.now() - LOGIN_WINDOW_MS);
  const where = and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key), gt(loginAttempts.createdAt, since));
  const [n] = await ctx.db.select({ n: count() }).from(loginAttempts).where(where);
  const failures = n?.n ?? 0;
  if (failures < max) return { remaining: max - failures, until: null };
  // Unlocked once fewer than `max` failures remain inside the window.
  const rows = await ctx.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.createdAt))
    .limit(failures - max + 1);
  const pivot = rows[rows.length - 1]?.at.getTime() ?? ctx.now();
  return { remaining: 0, until: pivot + LOGIN_WINDOW_MS };
}

/**
 * Where the mobile and the IP stand: the LOGIN_LOCKED refusal (with `retryAfter` seconds) when
 * either is backing off, and the failures left before one of them locks. A mobile nobody
 * registered is counted like any other, so neither answer tells whether it is a member's.
 */
async function standing(
  ctx: AppContext,
  mobile: string | null,
  ip: string,
): Promise<{ locked: AppError | null; remaining: number }> {
  const scopes = [
    ...(mobile ? [await backoffOf(ctx, 'mobile', mobile, MAX_FAILURES_PER_MOBILE)] : []),
    await backoffOf(ctx, 'ip', ip, MAX_FAILURES_PER_IP),
  ];
  const remaining = Math.min(...scopes.map((b) => b.remaining));
  const until = Math.max(...scopes.map((b) => b.until ?? 0));
  if (until <= ctx.now()) return { locked: null, remaining };
  const minutes = Math.max(1, Math.ceil((until - ctx.now()) / 60000));
  const locked = new AppError('LOGIN_LOCKED', `登录失败次数过多，请 ${minutes} 分钟后再试`, {
    retryAfter: Math.ceil((until - ctx.now()) / 1000),
  });
  return { locked, remaining };
}

/** Throws LOGIN_LOCKED when the mobile or the IP is backing off. */
export async function assertNotLocked(ctx: AppContext, mobile: string | null, ip: string): Promise<void> {
  const { locked } = await standing(ctx, mobile, ip);
  if (locked) throw locked;
}

/** From this many tries left, a wrong password says how many remain. */
const WARN_FROM_TRIES_LEFT = 2;

/**
 * Record a failed password login and answer with its refusal: LOGIN_LOCKED when this failure
 * locked the mobile or the IP, WRONG_CREDENTIALS saying how many tries remain when 2 or fewer
 * do (`remainingTries`), else plain WRONG_CREDENTIALS.
 */
export async function wrongCredentials(ctx: AppContext, mobile: string | null, ip: string): Promise<AppError> {
  await recordFailure(ctx, mobile, ip);
  const { locked, remaining } = await standing(ctx, mobile, ip);
  if (locked) return locked;
  if (remaining > WARN_FROM_TRIES_LEFT) return new AppError('WRONG_CREDENTIALS');
  return new AppError('WRONG_CREDENTIALS', `手机号或密码错误，还可尝试 ${remaining} 次`, { remainingTries: remaining });
}

async function recordFailure(ctx: AppContext, mobile: string | null, ip: string): Promise<void> {
  const createdAt = new Date(ctx.now());
  await ctx.db
    .insert(loginAttempts)
    .values([...(mobile ? [{ scope: 'mobile', key: mobile, createdAt }] : []), { scope: 'ip', key: ip, createdAt }]);
  // Housekeeping: rows older than a day are of no use.
  await ctx.db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.createdAt, new Date(ctx.now() - 24 * 60 * 60 * 1000)),
        or(eq(loginAttempts.key, ip), mobile ? eq(loginAttempts.key, mobile) : undefined),
      ),
    );
}

export async function clearFailures(ctx: AppContext, mobile: string): Promise<void> {
  await ctx.db.delete(loginAttempts).where(and(eq(loginAttempts.scope, 'mobile'), eq(loginAttempts.key, mobile)));
}

/** Wrong old passwords a member may type within the window before the check locks (password change). */
const MAX_OLD_PASSWORD_FAILURES = 5;

/**
 * A logged-in member confirms the old password (changing it). Wrong ones back off like logins,
 * per member: 5 within 15 minutes lock the check until the window has passed (OLD_PASSWORD_LOCKED,
 * which points to the SMS way); the last two tries before the lock say how many remain. A right
 * one clears the member's failures. The answer takes the same time with or without a password set.
 */
export async function confirmOldPassword(
  ctx: AppContext,
  memberId: number,
  stored: string | null,
  given: string,
): Promise<void> {
  const key = String(memberId);
  const lockedError = (until: number) => {
    const minutes = Math.max(1, Math.ceil((until - ctx.now()) / 60000));
    return new AppError('OLD_PASSWORD_LOCKED', `原密码错误次数过多，请 ${minutes} 分钟后再试，或改用短信验证`);
  };
  const before = await backoffOf(ctx, 'member', key, MAX_OLD_PASSWORD_FAILURES);
  if (before.until !== null && before.until > ctx.now()) throw lockedError(before.until);
  if (await verifyPassword(stored, given)) {
    await ctx.db.delete(loginAttempts).where(and(eq(loginAttempts.scope, 'member'), eq(loginAttempts.key, key)));
    return;
  }
  await ctx.db.insert(loginAttempts).values({ scope: 'member', key, createdAt: new Date(ctx.now()) });
  const after = await backoffOf(ctx, 'member', key, MAX_OLD_PASSWORD_FAILURES);
  if (after.until !== null && after.until > ctx.now()) throw lockedError(after.until);
  if (after.remaining > WARN_FROM_TRIES_LEFT) throw new AppError('OLD_PASSWORD_WRONG');
  throw new AppError('OLD_PASSWORD_WRONG', `原密码错误，还可尝试 ${after.remaining} 次`);
}
