import type { z } from 'zod';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import { ExchangeState } from '../openapi/enums';
import type {
  ExchangeDetail as ExchangeDetailSchema,
  ExchangeRecord as ExchangeRecordSchema,
  RedeemResult as RedeemResultSchema,
  RewardDetail as RewardDetailSchema,
  ExchangeInfo as ExchangeInfoSchema,
  PayoutPlatform as PayoutPlatformSchema,
  RedeemBody,
} from '../openapi/schemas/exchange';
import { codeOf, errorMessage, isUncertain, newRequestKey, notProvided } from './shared';
import { attemptOf, submitOnceInput, submitOnceMachine, type SubmitOnceReport } from './submitOnce';

export { isUncertain, newRequestKey };

/**
 * The exchange lifecycle (兑换) as one machine: from a reward's detail through the
 * redemption to every state of the resulting exchange (spec §3 ExchangeState). Two ways in:
 * input `{ rewardId }` (the reward detail page `/exchange/detail/{id}`) or `{ exchangeId }`
 * (the success page and the record detail: follow an existing exchange).
 *
 * States
 * - `start`         transient: `tracking` when an exchange id was given, else `loading`.
 * - `loading`       actor `loadReward` → `{ reward, info }` (info null for a visitor). Done →
 *                   `visitor` (no eligibility: not logged in), `refused` (blockers), else `confirming`.
 *                   Error: the reward is not there (NOT_FOUND) → `notFound`; any other → `loadFailed`.
 * - `loadFailed`    `user.retry` → `loading`.
 * - `notFound`      no such reward, or no longer offered: nothing to retry (the page offers the catalogue).
 * - `visitor`       the catalogue is public; `user.redeem` runs action `requestLogin` (the app
 *                   sends the visitor to /login with a redirect back).
 * - `confirming`    detail + eligibility, the member may redeem. `idle`: `user.redeem` → `dialog`
 *                   (the confirm dialog); `dialog`: `user.choosePayout` (cash: which bound account) and
 *                   `user.chooseCoupon` (a discount coupon the member holds that fits, or none; the
 *                   largest discount is chosen to begin with) — both refused while a lost attempt's
 *                   attempt is held (`pending`), so its retry sends the same content;
 *                   `user.cancel` → `idle`, `user.confirm` → `redeeming`. `error` holds the message of a
 *                   definite failure of the last attempt (not a refusal, not a network error).
 * - `redeeming`     the `submitOnce` child (machines/submitOnce.ts) sends actor `redeem` with
 *                   `{ rewardId, requestKey, payoutPlatform, memberBenefitId }`: it holds the key until
 *                   the server gave a definite answer, so a retry after a lost answer re-sends the same
 *                   key and the server redeems once. `submit.done` → the state of the returned
 *                   exchange (normally `pendingReview`; a replayed key may return an exchange that has
 *                   moved on). `submit.refused`: a refusal code (2001–2006, 2009, 2010) → `refused`
 *                   with that blocker; any other code → `confirming` with `error`. `submit.uncertain`
 *                   (network, 5xx, bad data) → `networkError`.
 * - `networkError`  the answer was lost: `user.retry` → `redeeming`, the child re-sending the SAME
 *                   key; `user.cancel` → `confirming` (the child keeps the key for the next attempt).
 * - `refused`       the blockers (each `{ code, msg }`; the view offers each one's fix: verify identity,
 *                   bind an account, add an address, earn points, pick another reward).
 *                   `user.recheck` (after a fix) → `loading`.
 * - `tracking`      actor `loadExchange` (GET the exchange with its history). Done → the state of the
 *                   exchange. Error → back to the state the exchange was in with `refreshError`, or
 *                   `trackFailed` when there is no exchange yet.
 * - `trackFailed`   `user.retry` → `tracking`.
 * - `pendingReview` (0) · `toBeIssued` (2) · `issued` (1) · `rejected` (4) · `revoked` (3) ·
 *   `issuingFailed` (5): the exchange's state. `user.refresh` → `tracking` in the three live ones and
 *   in the three final ones (the page may be reopened after an operator moved it; a final state stays
 *   where it is). Rejected, revoked and issuing failed were refunded (`exchange.refunded`).
 *
 * Tags: `busy` (loading, redeeming, tracking). `exchange` on the six exchange states.
 * Actions the app provides: `requestLogin`.
 */

export type RewardDetail = z.output<typeof RewardDetailSchema>;
export type ExchangeInfo = z.output<typeof ExchangeInfoSchema>;
export type ExchangeRecord = z.output<typeof ExchangeRecordSchema>;
export type ExchangeDetail = z.output<typeof ExchangeDetailSchema>;
export type RedeemResult = z.output<typeof RedeemResultSchema>;
export type PayoutPlatform = z.infer<typeof PayoutPlatformSchema>;

/** A discount coupon (兑换折扣券) the member holds that the server says fits this reward. */
export interface UsableCoupon {
  /** The holding's id (MemberBenefit.id), sent as `memberBenefitId`. */
  id: number;
  name: string;
  /** 微豆 it takes off this reward's price. */
  discountPoints: number;
}

/** What `loadReward` resolves: the reward (with eligibility when logged in) and the member's info. */
export interface RewardData {
  reward: RewardDetail;
  /** GET /v1/users/exchange-info; null for a visitor. */
  info: ExchangeInfo | null;
  /** The member's coupons that fit this reward, largest discount first (none for a visitor). */
  coupons?: UsableCoupon[];
}

/** The redemption's body, as the contract says it (`redeemReward`). */
export type RedeemInput = z.infer<typeof RedeemBody>;

/** What an attempt sends (the child adds its key). */
export type RedeemRequest = Omit<RedeemInput, 'requestKey'>;

export interface Blocker {
  code: number;
  msg: string;
}

/** An exchange as the machine holds it: a record, with its history once loaded. */
export type TrackedExchange = ExchangeRecord & { history?: ExchangeDetail['history'] };

export type ExchangeInput = { rewardId: number; exchangeId?: undefined } | { exchangeId: number; rewardId?: undefined };

export interface ExchangeContext {
  rewardId: number | null;
  exchangeId: number | null;
  reward: RewardDetail | null;
  info: ExchangeInfo | null;
  blockers: Blocker[];
  payoutPlatform: PayoutPlatform | null;
  coupons: UsableCoupon[];
  /** The coupon chosen (a holding id), or none. */
  couponId: number | null;
  /** A lost attempt's key is held by the `submitOnce` child: the next confirm re-sends it as it was. */
  pending: boolean;
  exchange: TrackedExchange | null;
  /** Balance after the redemption (RedeemResult.balance). */
  balanceAfter: number | null;
  /** Load failures and definite redeem failures. */
  error: string | null;
  /** A failed refresh of an exchange shown already. */
  refreshError: string | null;
}

export type ExchangeEvent =
  | { type: 'user.redeem' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.choosePayout'; platform: PayoutPlatform }
  | { type: 'user.chooseCoupon'; couponId: number | null }
  | { type: 'user.retry' }
  | { type: 'user.recheck' }
  | { type: 'user.refresh' }
  | SubmitOnceReport;

/** Redeem result codes that are refusals: the blocker the page explains and offers to fix. */
const REFUSAL_CODES: readonly number[] = [
  Code.INSUFFICIENT_POINTS,
  Code.OUT_OF_STOCK,
  Code.LIMIT_REACHED,
  Code.IDENTITY_REQUIRED,
  Code.ACCOUNT_BINDING_REQUIRED,
  Code.ADDRESS_REQUIRED,
  Code.LEVEL_REQUIRED,
  Code.REWARD_UNAVAILABLE,
];

export const EXCHANGE_STATE_NODES = {
  [ExchangeState.values.PENDING_REVIEW]: 'pendingReview',
  [ExchangeState.values.ISSUED]: 'issued',
  [ExchangeState.values.TO_BE_ISSUED]: 'toBeIssued',
  [ExchangeState.values.REVOKED]: 'revoked',
  [ExchangeState.values.REJECTED]: 'rejected',
  [ExchangeState.values.ISSUING_FAILED]: 'issuingFailed',
} as const;

export type ExchangeStateNode = (typeof EXCHANGE_STATE_NODES)[keyof typeof EXCHANGE_STATE_NODES];

export function refusalOf(error: unknown): Blocker | null {
  const e = (error ?? {}) as { code?: unknown; msg?: unknown };
  if (typeof e.code !== 'number' || !REFUSAL_CODES.includes(e.code)) return null;
  return { code: e.code, msg: typeof e.msg === 'string' && e.msg ? e.msg : errorMessage(error) };
}

type StateGuard = { guard: ({ context }: { context: ExchangeContext }) => boolean; target: string };

const stateOf = (c: ExchangeContext) => c.exchange?.state;

/**
 * Route to the node of the held exchange's state (after a load, a refresh or a redemption).
 * The contract admits only these six states; the last one (issuing failed) is the fallback.
 */
function byExchangeState(): [...StateGuard[], { target: string }] {
  const entries = Object.entries(EXCHANGE_STATE_NODES).filter(([, node]) => node !== 'issuingFailed');
  return [
    ...entries.map(([value, node]) => ({
      guard: ({ context }: { context: ExchangeContext }) => stateOf(context) === Number(value),
      target: node,
    })),
    { target: 'issuingFailed' },
  ];
}

/** What an attempt sends: the reward, a cash reward's payout account and the coupon chosen. */
function redeemRequest(c: ExchangeContext): RedeemRequest {
  return {
    rewardId: c.rewardId ?? 0,
    ...(c.reward?.type === 1 && c.payoutPlatform ? { payoutPlatform: c.payoutPlatform } : {}),
    ...(c.couponId !== null ? { memberBenefitId: c.couponId } : {}),
  };
}

export const exchangeMachine = setup({
  types: {} as { context: ExchangeContext; events: ExchangeEvent; input: ExchangeInput; tags: 'busy' | 'exchange' },
  actors: {
    loadReward: fromPromise<RewardData, { rewardId: number }>(notProvided('exchangeMachine', 'loadReward')),
    redeem: fromPromise<RedeemResult, RedeemInput>(notProvided('exchangeMachine', 'redeem')),
    loadExchange: fromPromise<ExchangeDetail, { exchangeId: number }>(notProvided('exchangeMachine', 'loadExchange')),
    submitOnce: submitOnceMachine,
  },
  actions: {
    requestLogin: () => {},
    /** The attempt to the child: a new key, or a lost attempt's (its content is locked meanwhile). */
    redeem: sendTo('submitOnce', ({ context }) => ({ type: 'submit' as const, request: redeemRequest(context) })),
    retry: sendTo('submitOnce', { type: 'retry' as const }),
  },
  guards: {
    tracksExchange: ({ context }) => context.exchangeId !== null,
    isVisitor: ({ event }) => (event as unknown as { output: RewardData }).output.reward.eligibility === null,
    hasBlockers: ({ event }) =>
      ((event as unknown as { output: RewardData }).output.reward.eligibility?.blockers.length ?? 0) > 0,
    isRefusal: ({ event }) => refusalOf((event as unknown as { error: unknown }).error) !== null,
    isMissing: ({ event }) => codeOf((event as unknown as { error: unknown }).error) === Code.NOT_FOUND,
    // A bound account only; and not while an earlier attempt's answer is unknown: its key must be
    // re-sent with the same content, or the server could not tell it is the same redemption.
    canChoosePayout: ({ context, event }) => {
      const platform = (event as Extract<ExchangeEvent, { type: 'user.choosePayout' }>).platform;
      if (context.pending) return false;
      return context.info?.payoutAccounts.some((a) => a.platform === platform) ?? false;
    },
    canChooseCoupon: ({ context, event }) => {
      const id = (event as Extract<ExchangeEvent, { type: 'user.chooseCoupon' }>).couponId;
      if (context.pending) return false;
      return id === null || context.coupons.some((c) => c.id === id);
    },
  },
}).createMachine({
  id: 'exchange',
  context: ({ input }) => ({
    rewardId: input.rewardId ?? null,
    exchangeId: input.exchangeId ?? null,
    reward: null,
    info: null,
    blockers: [],
    payoutPlatform: null,
    coupons: [],
    couponId: null,
    pending: false,
    exchange: null,
    balanceAfter: null,
    error: null,
    refreshError: null,
  }),
  invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'redeem') },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'tracksExchange', target: 'tracking' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadReward',
        id: 'loadReward',
        input: ({ context }) => ({ rewardId: context.rewardId ?? 0 }),
        onDone: [
          {
            guard: 'isVisitor',
            target: 'visitor',
            actions: assign(({ event }) => ({ reward: event.output.reward, info: null, blockers: [] })),
          },
          {
            guard: 'hasBlockers',
            target: 'refused',
            actions: assign(({ event }) => ({
              reward: event.output.reward,
              info: event.output.info,
              blockers: event.output.reward.eligibility?.blockers ?? [],
            })),
          },
          {
            target: 'confirming',
            actions: assign(({ event }) => ({
              reward: event.output.reward,
              info: event.output.info,
              blockers: [],
              payoutPlatform: event.output.info?.payoutAccounts[0]?.platform ?? null,
              coupons: event.output.coupons ?? [],
              couponId: event.output.coupons?.[0]?.id ?? null,
            })),
          },
        ],
        onError: [
          { guard: 'isMissing', target: 'notFound' },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    notFound: {},
    visitor: {
      on: { 'user.redeem': { actions: 'requestLogin' } },
    },
    confirming: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'user.redeem': { target: 'dialog', actions: assign({ error: null }) } },
        },
        dialog: {
          on: {
            'user.cancel': 'idle',
            'user.choosePayout': {
              guard: 'canChoosePayout',
              actions: assign({ payoutPlatform: ({ event }) => event.platform }),
            },
            'user.chooseCoupon': {
              guard: 'canChooseCoupon',
              actions: assign({ couponId: ({ event }) => event.couponId }),
            },
            'user.confirm': { target: '#exchange.redeeming', actions: 'redeem' },
          },
        },
      },
    },
    redeeming: {
      tags: ['busy'],
      entry: assign({ error: null }),
      on: {
        'submit.done': {
          target: 'routeExchange',
          actions: assign(({ event }) => {
            const output = event.output as RedeemResult;
            return {
              exchange: output.exchange,
              exchangeId: output.exchange.id,
              balanceAfter: output.balance,
              pending: false,
            };
          }),
        },
        'submit.refused': [
          {
            guard: 'isRefusal',
            target: 'refused',
            actions: assign(({ event }) => ({ blockers: [refusalOf(event.error)!], pending: false })),
          },
          {
            target: 'confirming',
            actions: assign({ error: ({ event }) => errorMessage(event.error), pending: false }),
          },
        ],
        'submit.uncertain': {
          target: 'networkError',
          actions: assign({ error: ({ event }) => errorMessage(event.error), pending: true }),
        },
      },
    },
    networkError: {
      on: {
        'user.retry': { target: 'redeeming', actions: 'retry' },
        'user.cancel': 'confirming',
      },
    },
    refused: {
      on: { 'user.recheck': 'loading' },
    },
    /** Transient: the node of the held exchange's state. */
    routeExchange: {
      always: byExchangeState(),
    },
    tracking: {
      tags: ['busy'],
      invoke: {
        src: 'loadExchange',
        id: 'loadExchange',
        input: ({ context }) => ({ exchangeId: context.exchangeId ?? 0 }),
        onDone: {
          target: 'routeExchange',
          actions: assign(({ event }) => ({ exchange: event.output, refreshError: null, error: null })),
        },
        onError: [
          {
            guard: ({ context }) => context.exchange !== null,
            target: 'routeExchange',
            actions: assign({ refreshError: ({ event }) => errorMessage(event.error) }),
          },
          { target: 'trackFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    trackFailed: {
      on: { 'user.retry': 'tracking' },
    },
    pendingReview: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
    toBeIssued: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
    issued: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
    rejected: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
    revoked: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
    issuingFailed: { tags: ['exchange'], on: { 'user.refresh': 'tracking' } },
  },
});

export type ExchangeSnapshot = SnapshotFrom<typeof exchangeMachine>;
export type ExchangeActor = ActorRefFrom<typeof exchangeMachine>;

/** What a view shows: one name per state (the confirm dialog is `dialog`). */
export type ExchangeStatus =
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'visitor'
  | 'confirming'
  | 'dialog'
  | 'redeeming'
  | 'networkError'
  | 'refused'
  | 'tracking'
  | 'trackFailed'
  | ExchangeStateNode;

export interface ExchangeView {
  status: ExchangeStatus;
  reward: RewardDetail | null;
  info: ExchangeInfo | null;
  blockers: Blocker[];
  payoutPlatform: PayoutPlatform | null;
  coupons: UsableCoupon[];
  couponId: number | null;
  /** 微豆 the chosen coupon takes off (0 without one). */
  discountPoints: number;
  exchange: TrackedExchange | null;
  balanceAfter: number | null;
  /** Retries of the current attempt so far (0 on the first send). */
  retries: number;
  /** An earlier attempt's answer is unknown: the next confirm re-sends it as it was. */
  attemptPending: boolean;
  error: string | null;
  refreshError: string | null;
  canRedeem: boolean;
  canConfirm: boolean;
  canRetry: boolean;
  canRefresh: boolean;
}

export function statusOf(snapshot: ExchangeSnapshot): ExchangeStatus {
  const v = snapshot.value;
  if (typeof v === 'object')
    return (v as { confirming: 'idle' | 'dialog' }).confirming === 'dialog' ? 'dialog' : 'confirming';
  if (v === 'start') return 'loading';
  if (v === 'routeExchange') return 'tracking';
  return v as ExchangeStatus;
}

export function selectExchangeView(snapshot: ExchangeSnapshot): ExchangeView {
  const c = snapshot.context;
  return {
    status: statusOf(snapshot),
    reward: c.reward,
    info: c.info,
    blockers: c.blockers,
    payoutPlatform: c.payoutPlatform,
    coupons: c.coupons,
    couponId: c.couponId,
    discountPoints: c.coupons.find((k) => k.id === c.couponId)?.discountPoints ?? 0,
    exchange: c.exchange,
    balanceAfter: c.balanceAfter,
    retries: attemptOf(snapshot.children.submitOnce).retries,
    attemptPending: c.pending,
    error: c.error,
    refreshError: c.refreshError,
    canRedeem: snapshot.can({ type: 'user.redeem' }),
    canConfirm: snapshot.can({ type: 'user.confirm' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    canRefresh: snapshot.can({ type: 'user.refresh' }),
  };
}
