import { fromPromise } from 'xstate';
import {
  exchangeMachine,
  type ExchangeDetail,
  type RedeemInput,
  type RedeemResult,
  type RewardData,
  type UsableCoupon,
} from '../../machines/exchange';
import { BenefitKind, BenefitStatus } from '../../openapi/enums';
import { api, quietApi } from '../api';

/**
 * The member's discount coupons (兑换折扣券) that fit a reward, largest discount first: the unused
 * ones they hold, each checked by the server on this reward (checkBenefit: minimum spend, price).
 * Coupons are an extra: when they cannot be read the reward is redeemed without one.
 */
async function couponsFor(rewardId: number, signal: AbortSignal): Promise<UsableCoupon[]> {
  try {
    const { owned } = await quietApi.call('listBenefits', { signal });
    const held = owned.filter((h) => h.kind === BenefitKind.values.COUPON && h.status === BenefitStatus.values.UNUSED);
    const checked = await Promise.all(
      held.map(async (h) => {
        const c = await quietApi.call('checkBenefit', {
          params: { id: h.id },
          body: { target: { type: 'exchange', id: rewardId } },
          signal,
        });
        const off = c.usable ? (c.effect?.discountPoints ?? 0) : 0;
        return off > 0 ? [{ id: h.id, name: h.name, discountPoints: off }] : [];
      }),
    );
    return checked.flat().sort((a, b) => b.discountPoints - a.discountPoints);
  } catch {
    return [];
  }
}

/**
 * The exchange machine's actors over the API (DESIGN §4): getReward (+ getExchangeInfo and the
 * coupons that fit, for a member), redeemReward, and getExchange for following one exchange. The
 * reward page shows every failure of the first two itself (not found, 重新加载, the blockers, the
 * dialog's error), so they go through `quietApi` (one place per error).
 */
const exchangeActors = {
  loadReward: fromPromise<RewardData, { rewardId: number }>(async ({ input, signal }) => {
    const reward = await quietApi.call('getReward', { params: { id: input.rewardId }, signal });
    if (!reward.eligibility) return { reward, info: null };
    const [info, coupons] = await Promise.all([
      quietApi.call('getExchangeInfo', { signal }),
      couponsFor(input.rewardId, signal),
    ]);
    return { reward, info, coupons };
  }),
  redeem: fromPromise<RedeemResult, RedeemInput>(async ({ input }) => quietApi.call('redeemReward', { body: input })),
  loadExchange: fromPromise<ExchangeDetail, { exchangeId: number }>(({ input, signal }) =>
    api.call('getExchange', { params: { id: input.exchangeId }, signal }),
  ),
};

/**
 * The exchange machine with the app's actors. Entered with `{ rewardId }` it is the reward page;
 * with `{ exchangeId }` it follows one exchange (the success page, a record's detail).
 */
export const appExchangeMachine = exchangeMachine.provide({ actors: exchangeActors });
