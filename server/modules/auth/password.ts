/**
 * Passwords: argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane) via @node-rs/argon2.
 * Failed logins back off per mobile (5 failures within 15 minutes → refused until that window
 * has passed) and per IP (20 failures within 15 minutes). Failures are rows in `login_attempts`,
 * so the backoff holds across restarts and processes. A successful login clears the mobile's rows.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, gt, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../http/errors';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_MOBILE = 5;
const MAX_FAILURES_PER_IP = 20;

/** argon2id, algorithm 2 (the library default, spelled out). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
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

type Scope = 'mobile' | 'ip';

async function lockedUntil(ctx: AppContext, scope: Scope, key: string, max: number): Promise<number | null> {
  const since = new Date(ctx.now() - LOGIN_WINDOW_MS);
  const where = and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key), gt(loginAttempts.createdAt, since));
  const [n] = await ctx.db.select({ n: count() }).from(loginAttempts).where(where);
  const failures = n?.n ?? 0;
  if (failures < max) return null;
  // Unlocked once fewer than `max` failures remain inside the window.
  const rows = await ctx.db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.createdAt))
    .limit(failures - max + 1);
  const pivot = rows[rows.length - 1]?.at.getTime() ?? ctx.now();
  return pivot + LOGIN_WINDOW_MS;
}

/** Throws LOGIN_LOCKED when the mobile or the IP is backing off. */
export async function assertNotLocked(ctx: AppContext, mobile: string | null, ip: string): Promise<void> {
  const until = Math.max(
    (mobile ? await lockedUntil(ctx, 'mobile', mobile, MAX_FAILURES_PER_MOBILE) : null) ?? 0,
    (await lockedUntil(ctx, 'ip', ip, MAX_FAILURES_PER_IP)) ?? 0,
  );
  if (until > ctx.now()) {
    const minutes = Math.max(1, Math.ceil((until - ctx.now()) / 60000));
    throw new AppError('LOGIN_LOCKED', `登录失败次数过多，请 ${minutes} 分钟后再试`, {
      retryAfter: Math.ceil((until - ctx.now()) / 1000),
    });
  }
}

export async function recordFailure(ctx: AppContext, mobile: string | null, ip: string): Promise<void> {
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
