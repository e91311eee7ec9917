/**
 * Participations never finished expire as "timed out" (JoinResult 8): lazily, whenever a member's
 * records, summary or a task detail are read, and in a periodic sweep the server runs. Both go
 * through `settleParticipation`, so an expiry racing a late return settles once, first wins.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { JoinResult } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { participations } from '../../db/schema-tasks';
import { startPeriodic } from '../../kernel/periodic';
import { settleParticipation } from './settle';

const TIMED_OUT = JoinResult.values.TIMED_OUT;

/** How often the server sweeps, and how many it settles per round. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 200;

async function expireRows(ctx: AppContext, rids: string[]): Promise<number> {
  for (const respondentId of rids)
    await settleParticipation(ctx, { respondentId, joinResult: TIMED_OUT, settledBy: 'expiry' });
  return rids.length;
}

/** Settle this member's expired participations; returns how many there were. */
export async function expireForMember(ctx: AppContext, memberId: number): Promise<number> {
  const rows = await ctx.db
    .select({ rid: participations.respondentId })
    .from(participations)
    .where(
      and(
        eq(participations.memberId, memberId),
        eq(participations.status, 'started'),
        lte(participations.expiresAt, new Date(ctx.now())),
      ),
    );
  return expireRows(
    ctx,
    rows.map((r) => r.rid),
  );
}

/** One sweep round over everyone (oldest expiry first); returns how many it settled. */
export async function sweepExpired(ctx: AppContext, batch = SWEEP_BATCH): Promise<number> {
  const rows = await ctx.db
    .select({ rid: participations.respondentId })
    .from(participations)
    .where(and(eq(participations.status, 'started'), lte(participations.expiresAt, new Date(ctx.now()))))
    .orderBy(asc(participations.expiresAt))
    .limit(batch);
  return expireRows(
    ctx,
    rows.map((r) => r.rid),
  );
}

/** Run `sweepExpired` every `intervalMs` until the returned stop function is called (kernel/periodic.ts). */
export function startExpirySweep(ctx: AppContext, intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      const n = await sweepExpired(ctx);
      if (n) ctx.log.info({ expired: n }, 'participations expired');
    },
    (err) => ctx.log.error({ err }, 'participation expiry sweep failed'),
  );
}
