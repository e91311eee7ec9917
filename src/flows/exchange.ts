import { fromPromise } from 'xstate';
import {
  exchangeMachine,
  type ExchangeDetail,
  type RedeemInput,
  type RedeemResult,
  type RewardData,
} from '../../machines/exchange';
import { api } from '../api';

/**
 * The exchange machine's actors over the API (DESIGN §4): getReward (+ getExchangeInfo for a
 * member), redeemReward, and getExchange for following one exchange.
 */
const exchangeActors = {
  loadReward: fromPromise<RewardData, { rewardId: number }>(async ({ input, signal }) => {
    const reward = await api.call('getReward', { params: { id: input.rewardId }, signal });
    const info = reward.eligibility ? await api.call('getExchangeInfo', { signal }) : null;
    return { reward, info };
  }),
  redeem: fromPromise<RedeemResult, RedeemInput>(async ({ input }) => api.call('redeemReward', { body: input })),
  loadExchange: fromPromise<ExchangeDetail, { exchangeId: number }>(({ input, signal }) =>
    api.call('getExchange', { params: { id: input.exchangeId }, signal }),
  ),
};

/**
 * The exchange machine with the app's actors. Entered with `{ rewardId }` it is the reward page;
 * with `{ exchangeId }` it follows one exchange (the success page, a record's detail).
 */
export const appExchangeMachine = exchangeMachine.provide({ actors: exchangeActors });
