/**
 * A reward won as a prize (the lucky wheel's `reward` prizes, server/modules/lottery): an exchange
 * order of that reward at 0 微豆, made inside the caller's transaction (the spin's).
 *
 * It is an exchange like any other from then on: no debit (`debit_ledger_id` null, points 0), one
 * unit of stock taken with the same conditional update redeem.ts uses (`stock > 0`, on sale), state
 * 0 pending review with its first event (actor `system`), then the states of states.ts: a virtual
 * reward's code is issued on approval, a physical one ships to the consignee snapshot. A member
 * with no address yet gets the order without one (`shipping` null); it takes their address when
 * approved and cannot be approved before (lifecycle.ts). A refund of it only returns the unit.
 * The redemption rules (level, limits, balance) do not apply: the prize was won, not bought.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import { exchangeEvents, exchanges, rewards } from '../../db/schema-exchange';
import { shippingSnapshot } from '../consignee/service';
import type { Tx } from '../../kernel/db';
import { rewardSnapshot } from './redeem';

export type PrizeRewardType = typeof ExchangeType.values.VIRTUAL | typeof ExchangeType.values.PHYSICAL;

/** Reward types a prize may be: coupons and cards (virtual) and physical items; never cash. */
export const PRIZE_REWARD_TYPES: readonly number[] = [ExchangeType.values.VIRTUAL, ExchangeType.values.PHYSICAL];

/**
 * Take one unit of `rewardId` and write its 0 微豆 order for the member. `requestKey` is the
 * order's key (unique per member, so a replayed caller cannot make a second order). Null when the
 * reward has no stock left or is off sale: the caller gives nothing for it.
 */
export async function createPrizeOrder(
  tx: Tx,
  memberId: number,
  rewardId: number,
  requestKey: string,
  note: string,
  at: Date,
): Promise<typeof exchanges.$inferSelect | null> {
  const [reward] = await tx
    .update(rewards)
    .set({ stock: sql`${rewards.stock} - 1`, updatedAt: at })
    .where(and(eq(rewards.id, rewardId), gt(rewards.stock, 0), eq(rewards.active, true)))
    .returning();
  if (!reward) return null;
  if (!PRIZE_REWARD_TYPES.includes(reward.type)) throw new Error(`reward ${rewardId} is not a prize type`);
  const [row] = await tx
    .insert(exchanges)
    .values({
      memberId,
      ...rewardSnapshot(reward),
      points: 0,
      state: ExchangeState.values.PENDING_REVIEW,
      requestKey,
      debitLedgerId: null,
      shipping: reward.type === ExchangeType.values.PHYSICAL ? await shippingSnapshot(tx, memberId) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.insert(exchangeEvents).values({
    exchangeId: row!.id,
    fromState: null,
    toState: ExchangeState.values.PENDING_REVIEW,
    actorType: 'system',
    actorName: 'system',
    reason: note,
    createdAt: at,
  });
  return row!;
}
