/**
 * Who asks for a one-time secret (a QR ticket, an OAuth state) and how many one address may ask
 * for: each is a database row, so an address gets a number of them per minute.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ipHash } from './device';

export interface Requester {
  ip: string;
  userAgent: string | undefined;
}

export function requesterOf(request: {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}): Requester {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: Array.isArray(ua) ? ua[0] : ua };
}

/** A table of one-time secrets: each row keeps its asker's address (hashed) and its times. */
type SecretTable = PgTable & { ipHash: PgColumn; createdAt: PgColumn; expiresAt: PgColumn };

/**
 * Refuse (RATE_LIMITED, with `message` when given) when the address already asked `perMinute`
 * times in the minute before `now`; otherwise drop the rows expired an hour ago (of no use to
 * anyone; the table stays small). Returns the address's hash for the new row.
 */
export async function admitPerIp(
  ctx: AppContext,
  table: SecretTable,
  ip: string,
  limit: { purpose: string; perMinute: number; message?: string; now: Date },
): Promise<string> {
  const hashedIp = ipHash(ip, limit.purpose);
  const now = limit.now.getTime();
  const [recent] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(and(eq(table.ipHash, hashedIp), gt(table.createdAt, new Date(now - 60_000))));
  if ((recent?.n ?? 0) >= limit.perMinute) throw new AppError('RATE_LIMITED', limit.message);
  await ctx.db.delete(table).where(lt(table.expiresAt, new Date(now - 3600_000)));
  return hashedIp;
}
