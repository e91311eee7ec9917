/**
 * Verify tickets: single-use proof that the member just passed an SMS check (`/v1/sms/check`) for
 * one scene. Later calls (change mobile, change password, …) consume them with `consumeVerifyTicket`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { verifyTickets } from '../../db/schema';
import type { Executor } from '../../kernel/db';

const VERIFY_TICKET_TTL_MS = 10 * 60 * 1000;

const hashOf = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

export async function createVerifyTicket(
  ctx: AppContext,
  memberId: number,
  scene: string,
): Promise<{ verifyTicket: string; expiredAt: number }> {
  const now = ctx.now();
  const verifyTicket = randomBytes(24).toString('base64url');
  const expiredAt = now + VERIFY_TICKET_TTL_MS;
  await ctx.db.insert(verifyTickets).values({
    memberId,
    scene,
    ticketHash: hashOf(verifyTicket),
    expiresAt: new Date(expiredAt),
    createdAt: new Date(now),
  });
  return { verifyTicket, expiredAt };
}

function live(ctx: AppContext, memberId: number, scene: string, ticket: string) {
  return and(
    eq(verifyTickets.ticketHash, hashOf(ticket)),
    eq(verifyTickets.memberId, memberId),
    eq(verifyTickets.scene, scene),
    isNull(verifyTickets.usedAt),
    gt(verifyTickets.expiresAt, new Date(ctx.now())),
  );
}

/** Is the ticket valid (the member's, this scene, unused, unexpired)? Does not consume it. */
export async function peekVerifyTicket(
  ctx: AppContext,
  memberId: number,
  scene: string,
  ticket: string,
): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: verifyTickets.id })
    .from(verifyTickets)
    .where(live(ctx, memberId, scene, ticket))
    .limit(1);
  return rows.length > 0;
}

/** Use the ticket up (on `db`: an open transaction, so it is only spent if the change commits); false when it is not valid. */
export async function consumeVerifyTicket(
  ctx: AppContext,
  memberId: number,
  scene: string,
  ticket: string,
  db: Executor = ctx.db,
): Promise<boolean> {
  const rows = await db
    .update(verifyTickets)
    .set({ usedAt: new Date(ctx.now()) })
    .where(live(ctx, memberId, scene, ticket))
    .returning({ id: verifyTickets.id });
  return rows.length > 0;
}
