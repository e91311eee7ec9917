/**
 * Console sessions: an opaque 256-bit token (only its SHA-256 kept), separate from members'
 * tokens — a member token is never found here and a console token is no JWT. A session ends after
 * 30 idle minutes, 12 hours after sign-in, on sign-out, or when the account is disabled or reset.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from '../../../openapi/rules/staff';
import type { AppContext } from '../../context';
import { staff, staffSessions } from '../../db/schema-staff';
import type { Staff, StaffVerifier } from '../../http/auth';
import type { Executor } from '../../kernel/db';
import { rolesOf } from './accounts';

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createStaffSession(
  db: Executor,
  staffId: number,
  now: number,
  client: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: number }> {
  const token = `st_${randomBytes(32).toString('base64url')}`;
  const expiresAt = now + STAFF_SESSION_MAX_MS;
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: tokenHash(token),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(expiresAt),
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export function staffVerifier(ctx: Pick<AppContext, 'db' | 'now'>): StaffVerifier {
  return async (token) => {
    if (!token.startsWith('st_')) return null;
    const now = ctx.now();
    const [row] = await ctx.db
      .select({
        sessionId: staffSessions.id,
        lastSeenAt: staffSessions.lastSeenAt,
        expiresAt: staffSessions.expiresAt,
        id: staff.id,
        login: staff.login,
        name: staff.name,
        roles: staff.roles,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash(token)),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, new Date(now)),
          gt(staffSessions.lastSeenAt, new Date(now - STAFF_SESSION_IDLE_MS)),
          eq(staff.state, 'active'),
        ),
      )
      .limit(1);
    if (!row) return null;
    if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await ctx.db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.id, row.sessionId));
    const found: Staff = {
      id: row.id,
      login: row.login,
      name: row.name,
      roles: rolesOf(row),
      sessionId: row.sessionId,
      sessionExpiresAt: row.expiresAt.getTime(),
    };
    return found;
  };
}

export async function endStaffSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}
