/**
 * Moving an exchange through its states (operators via `npm run ops`, the system for automatic
 * code issuing). One function, `applyAction`, applies one row of the table in states.ts in ONE
 * transaction:
 *
 * - the state changes with a conditional update (`WHERE id = $1 AND state IN (from)`), so of two
 *   operators acting at once exactly one wins and the other is refused (EXCHANGE_STATE_CONFLICT);
 * - a refunding move (reject, revoke, fail) reverses the redemption's ledger debit with the key
 *   `exchange-refund:<id>` (the ledger allows one reversal per row and one use per key, so the
 *   points come back exactly once) and puts the unit back in stock;
 * - a physical exchange without an address (a prize won on the lucky wheel by a member who had none)
 *   takes the member's address when approved, and is refused (ADDRESS_REQUIRED) until there is one;
 * - issuing a virtual reward takes the oldest free code of that reward (row-locked, SKIP LOCKED);
 *   with none left it is refused and the exchange stays "to be issued" until codes are loaded;
 * - every move appends an event with who (member / operator name / system), from, to and why;
 * - issuing and every refunding move tell the member in a message (modules/messages) in the same
 *   transaction: the code, transfer reference or tracking number; the reason and the refund. The
 *   message is keyed per exchange and event, so a move that is replayed writes none again.
 *
 * Approving a virtual reward also tries to issue its code at once (as `system`). With no code
 * in stock the exchange stays "to be issued"; the operator loads codes and runs `issue`, or
 * marks it failed (which refunds). We keep it waiting rather than failing it, because the member
 * was approved and a missing code is the operator's shortfall, not the member's.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ExchangeType } from '../../../openapi/enums';
import { exchangeEvents, exchanges, rewardCodes, rewards } from '../../db/schema-exchange';
import { AppError, isAppError } from '../../http/errors';
import { returnCoupon } from '../benefits/service';
import { shippingSnapshot } from '../consignee/service';
import { exchangeIssuedMessage, exchangeRefundedMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { reverse } from '../points/ledger';
import type { ExchangeContext } from './redeem';
import { canApply, stateLabel, TRANSITIONS, type ExchangeAction } from './states';
import type { Tx } from '../../kernel/db';

type ExchangeRow = typeof exchanges.$inferSelect;

export interface Actor {
  type: 'member' | 'operator' | 'system';
  /** Member id, operator name or `system`. */
  name: string;
}

export const SYSTEM: Actor = { type: 'system', name: 'system' };

export interface ActionInput {
  actor: Actor;
  /** Why (required for reject, fail and revoke; shown to the member). */
  reason?: string;
  /** Cash: the transfer's reference (required to issue). */
  transferRef?: string;
  /** Physical: the parcel's tracking number (required to issue). */
  trackingNo?: string;
}

export interface ActionOutcome {
  exchange: ExchangeRow;
  /** What happened, in the order it happened (approve of a virtual reward may also issue). */
  applied: ExchangeAction[];
  /** Approved, but no code was left to issue: waits in "to be issued". */
  waitingForCode: boolean;
  /** The refund's ledger row, when this move refunded. */
  refundLedgerId: number | null;
}

const refundLedgerKey = (exchangeId: number) => `exchange-refund:${exchangeId}`;

const clean = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : undefined;
};

async function takeCode(tx: Tx, ex: ExchangeRow, at: Date): Promise<{ id: number; code: string }> {
  const [free] = await tx
    .select({ id: rewardCodes.id, code: rewardCodes.code })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.rewardId, ex.rewardId), isNull(rewardCodes.exchangeId)))
    .orderBy(asc(rewardCodes.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) throw new AppError('NO_CODE_AVAILABLE', `「${ex.title}」的卡密已发完，请先导入卡密再发放`);
  await tx.update(rewardCodes).set({ exchangeId: ex.id, issuedAt: at }).where(eq(rewardCodes.id, free.id));
  return free;
}

async function applyOnce(
  ctx: ExchangeContext,
  exchangeId: number,
  action: ExchangeAction,
  input: ActionInput,
): Promise<{ row: ExchangeRow; refundLedgerId: number | null }> {
  const t = TRANSITIONS[action];
  const reason = clean(input.reason);
  if (t.reasonRequired && !reason) throw new AppError('INVALID_PARAMS', `${t.label}需要填写原因（会展示给会员）`);
  const now = ctx.now();
  const at = new Date(now);

  return ctx.db.transaction(async (tx: Tx) => {
    // The row lock makes concurrent moves of one exchange queue up; each then sees the latest state.
    const [current] = await tx.select().from(exchanges).where(eq(exchanges.id, exchangeId)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', `兑换单 ${exchangeId} 不存在`);
    if (!canApply(action, current.state)) {
      throw new AppError(
        'EXCHANGE_STATE_CONFLICT',
        `兑换单 ${exchangeId} 当前为「${stateLabel(current.state)}」，不能${t.label}`,
      );
    }
    // A physical prize won on the wheel may have no address yet: it takes the member's address when
    // approved, and cannot be approved (or shipped) before the member has given one.
    const shipping =
      current.rewardType === ExchangeType.values.PHYSICAL &&
      current.shipping === null &&
      (action === 'approve' || action === 'issue')
        ? await shippingSnapshot(tx, current.memberId)
        : undefined;
    if (shipping === null)
      throw new AppError('ADDRESS_REQUIRED', `兑换单 ${exchangeId} 还在等会员填写收货地址，暂不能${t.label}`);
    const from = current.state;
    const set: Partial<typeof exchanges.$inferInsert> = { state: t.to, updatedAt: at };
    if (t.refund) set.reason = reason;
    if (shipping) set.shipping = shipping;
    const [row] = await tx
      .update(exchanges)
      .set(set)
      .where(and(eq(exchanges.id, exchangeId), inArray(exchanges.state, [...t.from])))
      .returning();
    if (!row) throw new Error(`exchange ${exchangeId} changed under its row lock`);

    let note = reason ?? null;
    if (action === 'issue') {
      const extra: Partial<typeof exchanges.$inferInsert> = {};
      let code: string | null = null;
      if (row.rewardType === ExchangeType.values.VIRTUAL) {
        const taken = await takeCode(tx, row, at);
        extra.codeId = taken.id;
        code = taken.code;
      } else if (row.rewardType === ExchangeType.values.CASH) {
        const ref = clean(input.transferRef);
        if (!ref) throw new AppError('INVALID_PARAMS', '现金发放需要填写打款流水号（--ref）');
        extra.transferRef = ref;
        note ??= `打款流水号 ${ref}`;
      } else {
        const tracking = clean(input.trackingNo);
        if (!tracking) throw new AppError('INVALID_PARAMS', '实物发放需要填写快递单号（--tracking）');
        extra.trackingNo = tracking;
        note ??= `快递单号 ${tracking}`;
      }
      await tx.update(exchanges).set(extra).where(eq(exchanges.id, row.id));
      Object.assign(row, extra);
      await postEventMessage(tx, row.memberId, exchangeIssuedMessage({ ...row, code }), now);
    }

    let refundLedgerId: number | null = null;
    if (t.refund) {
      // A lottery prize's order (0 微豆) has no debit: only its unit goes back.
      const refund =
        row.debitLedgerId === null
          ? null
          : await reverse(tx, row.debitLedgerId, refundLedgerKey(row.id), {
              source: `兑换退还：${row.title}`,
              at: now,
            });
      if (refund) {
        refundLedgerId = refund.ledgerId;
        await tx.update(exchanges).set({ refundLedgerId }).where(eq(exchanges.id, row.id));
        row.refundLedgerId = refundLedgerId;
      }
      await tx
        .update(rewards)
        .set({ stock: sql`${rewards.stock} + 1`, updatedAt: at })
        .where(eq(rewards.id, row.rewardId));
      // A discount coupon used on this exchange comes back to the member.
      const coupon = await returnCoupon(tx, row.id);
      await postEventMessage(
        tx,
        row.memberId,
        exchangeRefundedMessage(action as 'reject' | 'revoke' | 'fail', {
          id: row.id,
          title: row.title,
          reason: reason ?? null,
          refunded: refund?.amount ?? 0,
          couponReturned: coupon !== null,
        }),
        now,
      );
    }

    await tx.insert(exchangeEvents).values({
      exchangeId: row.id,
      fromState: from,
      toState: t.to,
      actorType: input.actor.type,
      actorName: input.actor.name,
      reason: note,
      createdAt: at,
    });
    return { row, refundLedgerId };
  });
}

/**
 * Apply `action` to an exchange. Approving a virtual reward then issues its code (as `system`);
 * when no code is left the approval stands and `waitingForCode` is true.
 */
export async function applyAction(
  ctx: ExchangeContext,
  exchangeId: number,
  action: ExchangeAction,
  input: ActionInput,
): Promise<ActionOutcome> {
  const first = await applyOnce(ctx, exchangeId, action, input);
  const outcome: ActionOutcome = {
    exchange: first.row,
    applied: [action],
    waitingForCode: false,
    refundLedgerId: first.refundLedgerId,
  };
  if (action === 'approve' && first.row.rewardType === ExchangeType.values.VIRTUAL) {
    try {
      const issued = await applyOnce(ctx, exchangeId, 'issue', { actor: SYSTEM, reason: '自动发放卡密' });
      outcome.exchange = issued.row;
      outcome.applied.push('issue');
    } catch (err) {
      if (!(isAppError(err) && err.codeName === 'NO_CODE_AVAILABLE')) throw err;
      outcome.waitingForCode = true;
    }
  }
  return outcome;
}
