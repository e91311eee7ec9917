/**
 * Telling members that a benefit is about to expire. Expiry itself is not stored (an unused
 * holding past `expires_at` simply shows as expired), so nothing happens at the moment it expires;
 * instead the server looks every EXPIRING_SWEEP_MS for unused holdings that expire within
 * EXPIRING_NOTICE_MS and writes each one's message once (event key per holding: a second round,
 * or a second server, writes nothing). A holding whose whole validity is that short is left out:
 * its expiry was in the message that granted it, or on the page where it was claimed.
 */
import { and, asc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema-content';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import { startPeriodic } from '../../kernel/periodic';
import { benefitExpiringMessage, EXPIRING_NOTICE_MS } from '../messages/events';
import { postEventMessage } from '../messages/send';
import type { Ctx } from './shapes';

const EXPIRING_SWEEP_MS = 10 * 60_000;
const EXPIRING_BATCH = 500;

/** One round: write the notices due now; returns how many were written. */
export async function noticeExpiringBenefits(ctx: Ctx, batch = EXPIRING_BATCH): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      id: memberBenefits.id,
      memberId: memberBenefits.memberId,
      expiresAt: memberBenefits.expiresAt,
      name: benefits.name,
    })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(
      and(
        eq(memberBenefits.status, 'unused'),
        gt(memberBenefits.expiresAt, new Date(now)),
        lte(memberBenefits.expiresAt, new Date(now + EXPIRING_NOTICE_MS)),
        sql`${memberBenefits.expiresAt} - ${memberBenefits.obtainedAt} > ${`${EXPIRING_NOTICE_MS} milliseconds`}::interval`,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(messages)
            .where(eq(messages.eventKey, sql`'benefit.expiring:' || ${memberBenefits.id}`)),
        ),
      ),
    )
    .orderBy(asc(memberBenefits.expiresAt))
    .limit(batch);
  let written = 0;
  for (const r of rows) {
    const message = benefitExpiringMessage({ holdingId: r.id, name: r.name, expiresAt: r.expiresAt!.getTime() });
    if (await postEventMessage(ctx.db, r.memberId, message, now)) written++;
  }
  return written;
}

/** Run `noticeExpiringBenefits` every `intervalMs` until the returned stop function is called. */
export function startExpiringNotices(ctx: AppContext, intervalMs = EXPIRING_SWEEP_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      const n = await noticeExpiringBenefits(ctx);
      if (n) ctx.log.info({ notices: n }, 'expiring-benefit messages written');
    },
    (err) => ctx.log.error({ err }, 'expiring-benefit notices failed'),
  );
}
