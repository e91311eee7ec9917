/**
 * Redeem (`POST /v1/exchange/redeem`): in ONE transaction, under a lock on the member's balance
 * row (which serialises one member's redemptions, so limits and balance are read consistently):
 * check every rule (eligibility.ts), take one unit of stock with a conditional update, debit the
 * ledger (idempotency key `exchange:<memberId>:<requestKey>`), write the exchange in state 0
 * (pending review) and its first event. Any refusal rolls all of it back. A discount coupon
 * (`memberBenefitId`) is checked and marked used in the same transaction and lowers the debit.
 *
 * Idempotency: the request key is UNIQUE per member. A replay of a key answers with the exchange
 * the first request made (as it stands now) and changes nothing; the same key with another reward
 * or payout account is refused (REQUEST_KEY_REUSED). A refused request stored nothing, so its key
 * may be retried once the member has, say, enough points.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RedeemResult } from '../../../openapi/schemas/exchange';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { exchangeEvents, exchanges, rewards } from '../../db/schema-exchange';
import { pointBalances } from '../../db/schema-points';
import { AppError } from '../../http/errors';
import { couponForRedeem, markCouponUsed } from '../benefits/service';
import { balanceOf, debit } from '../points/ledger';
import { evaluate, type PayoutPlatformValue } from './eligibility';
import { recordOf } from './records';
import { isUniqueViolation, type Executor, type Tx } from '../../kernel/db';

export type RedeemResultData = z.output<typeof RedeemResult>;
export type ExchangeContext = Pick<AppContext, 'db' | 'now'>;

export interface RedeemInput {
  rewardId: number;
  requestKey: string;
  payoutPlatform?: PayoutPlatformValue;
  /** A discount coupon the member holds (server/modules/benefits): lowers the debit, returned on refund. */
  memberBenefitId?: number;
}

/** What an exchange keeps of its reward as it was then (the reward may change later). */
export const rewardSnapshot = (reward: typeof rewards.$inferSelect) => ({
  rewardId: reward.id,
  rewardType: reward.type,
  title: reward.title,
  faceValue: reward.faceValue,
});

const redeemLedgerKey = (memberId: number, requestKey: string) => `exchange:${memberId}:${requestKey}`;

async function byRequestKey(db: Executor, memberId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.memberId, memberId), eq(exchanges.requestKey, requestKey)))
    .limit(1);
  return row;
}

async function replay(
  ctx: ExchangeContext,
  first: typeof exchanges.$inferSelect,
  input: RedeemInput,
): Promise<RedeemResultData> {
  const samePayout =
    first.rewardType !== ExchangeType.values.CASH ||
    input.payoutPlatform === undefined ||
    first.payout?.platform === input.payoutPlatform;
  if (first.rewardId !== input.rewardId || !samePayout) throw new AppError('REQUEST_KEY_REUSED');
  const exchange = (await recordOf(ctx.db, first.id))!;
  return { exchange, balance: await balanceOf(ctx.db, first.memberId), replayed: true };
}

class ReplayInside extends Error {
  constructor(readonly row: typeof exchanges.$inferSelect) {
    super('request key already used');
  }
}

export async function redeem(ctx: ExchangeContext, memberId: number, input: RedeemInput): Promise<RedeemResultData> {
  const seen = await byRequestKey(ctx.db, memberId, input.requestKey);
  if (seen) return replay(ctx, seen, input);
  const now = ctx.now();
  const at = new Date(now);
  try {
    const made = await ctx.db.transaction(async (tx: Tx) => {
      await tx
        .select({ memberId: pointBalances.memberId })
        .from(pointBalances)
        .where(eq(pointBalances.memberId, memberId))
        .for('update');
      // A concurrent request with this key may have committed while we waited for the lock.
      const first = await byRequestKey(tx, memberId, input.requestKey);
      if (first) throw new ReplayInside(first);

      const [reward] = await tx.select().from(rewards).where(eq(rewards.id, input.rewardId)).limit(1);
      if (!reward) throw new AppError('NOT_FOUND', '兑换商品不存在');
      const coupon = input.memberBenefitId
        ? await couponForRedeem(tx, memberId, input.memberBenefitId, reward.id, now)
        : null;
      const cost = reward.pointsCost - (coupon?.discountPoints ?? 0);
      const check = await evaluate(tx, memberId, reward, now, input.payoutPlatform, cost);
      const refusal = check.blockers[0];
      if (refusal) throw new AppError(refusal.codeName, refusal.msg);

      const taken = await tx
        .update(rewards)
        .set({ stock: sql`${rewards.stock} - 1`, updatedAt: at })
        .where(and(eq(rewards.id, reward.id), gt(rewards.stock, 0), eq(rewards.active, true)))
        .returning({ id: rewards.id });
      if (!taken[0]) throw new AppError('OUT_OF_STOCK', '该商品已兑完，请看看其他商品');

      const entry = await debit(tx, {
        memberId,
        amount: cost,
        reason: 'exchange',
        source: reward.title,
        idempotencyKey: redeemLedgerKey(memberId, input.requestKey),
        at: now,
      });
      // The debit and the exchange commit together, so a used ledger key without an exchange is a bug.
      if (entry.replayed) throw new Error(`ledger key ${redeemLedgerKey(memberId, input.requestKey)} without exchange`);

      const [row] = await tx
        .insert(exchanges)
        .values({
          memberId,
          ...rewardSnapshot(reward),
          points: cost,
          state: ExchangeState.values.PENDING_REVIEW,
          requestKey: input.requestKey,
          debitLedgerId: entry.ledgerId,
          payout: reward.type === ExchangeType.values.CASH ? check.payout : null,
          shipping: reward.type === ExchangeType.values.PHYSICAL ? check.shipping : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (coupon) await markCouponUsed(tx, memberId, coupon.holdingId, row!.id, coupon.effect, now);
      await tx.insert(exchangeEvents).values({
        exchangeId: row!.id,
        fromState: null,
        toState: ExchangeState.values.PENDING_REVIEW,
        actorType: 'member',
        actorName: String(memberId),
        reason: null,
        createdAt: at,
      });
      return { id: row!.id, balance: entry.balanceAfter };
    });
    return { exchange: (await recordOf(ctx.db, made.id))!, balance: made.balance, replayed: false };
  } catch (err) {
    if (err instanceof ReplayInside) return replay(ctx, err.row, input);
    if (
      isUniqueViolation(err, 'exchanges_member_request_key_unique') ||
      isUniqueViolation(err, 'point_ledger_idempotency_key_unique')
    ) {
      const first = await byRequestKey(ctx.db, memberId, input.requestKey);
      if (first) return replay(ctx, first, input);
    }
    throw err;
  }
}
