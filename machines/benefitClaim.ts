import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import {
  confirmAndEnds,
  errorTransitions,
  flowView,
  notProvided,
  refusalGuard,
  refusalOf,
  type FlowEvent,
  type FlowStep,
  type FlowTag,
  type FlowView,
} from './shared';

/**
 * Claiming a benefit (权益) with credit (权益值) on `/home/credit` (我的权益; GLOSSARY
 * "Currencies and perks"): allow → confirm → claim.
 *
 * States
 * - `idle`       no claim in progress. `user.claim { benefit }` → `checking`.
 * - `checking`   actor `check` (POST /v1/benefits/allow/{id}, with the detail's use rules): done
 *                with `allowed` → `confirming`; done with not allowed → `refused` (the server's
 *                zh-CN reason); error → `failed`.
 * - `confirming` the member sees the cost, their credit and the use rules. `user.confirm` →
 *                `claiming`; `user.cancel` → `idle`.
 * - `claiming`   actor `claim` (POST /v1/benefits/{id}). Done → `claimed` (action `claimed`, the
 *                app refreshes the page's data); an error that is a refusal (权益值不足, 暂不满足领取
 *                条件, 已领完, 已达上限, 等级不足, 已下架: credit or stock changed since the check) → `refused` with its
 *                message; any other error → `failed`.
 * - `refused`    cannot claim: `reason`. `user.close` → `idle`.
 * - `claimed`    the benefit is the member's: `owned`. `user.close` → `idle`.
 * - `failed`     the check or the claim failed (network, server): `error`. `user.retry` →
 *                `checking` (the claim is re-checked, never replayed blindly); `user.close` → `idle`.
 *
 * Tags: `busy` (checking, claiming), `open` (every state but idle: the dialog shows).
 * Actors (the app provides them): `check` input `{ benefitId }` → `ClaimCheck`;
 * `claim` input `{ benefitId }` → `ClaimedBenefit`.
 */

/** The benefit being claimed, as the catalogue shows it. */
export interface ClaimTarget {
  id: number;
  name: string;
  creditCost: number;
}

/** What `check` resolves: BenefitAllow plus the benefit's use rules (clean HTML) when known. */
export interface ClaimCheck {
  allowed: boolean;
  reason: string | null;
  creditCost: number;
  credit: number;
  rules: string | null;
}

/** What `claim` resolves: the new holding (the contract's MemberBenefit, as far as the dialog needs). */
export interface ClaimedBenefit {
  id: number;
  benefitId: number;
  name: string;
  expiresAt: number | null;
}

export type BenefitClaimEvent = { type: 'user.claim'; benefit: ClaimTarget } | FlowEvent;

export interface BenefitClaimContext {
  benefit: ClaimTarget | null;
  check: ClaimCheck | null;
  owned: ClaimedBenefit | null;
  reason: string | null;
  error: string | null;
}

/** Result codes of a claim that mean "not allowed now" rather than "something broke". */
const CLAIM_REFUSAL_CODES: readonly number[] = [
  Code.BENEFIT_NOT_ALLOWED,
  Code.INSUFFICIENT_CREDIT,
  Code.OUT_OF_STOCK,
  Code.LIMIT_REACHED,
  Code.BENEFIT_UNAVAILABLE,
  Code.BENEFIT_OUT_OF_STOCK,
  Code.BENEFIT_LIMIT_REACHED,
  Code.BENEFIT_LEVEL_REQUIRED,
];

export const isClaimRefusal = refusalOf(CLAIM_REFUSAL_CODES);

const empty: BenefitClaimContext = { benefit: null, check: null, owned: null, reason: null, error: null };

const { toFailed, refusedOrFailed } = errorTransitions<BenefitClaimContext, BenefitClaimEvent>();

export const benefitClaimMachine = setup({
  types: {} as { context: BenefitClaimContext; events: BenefitClaimEvent; tags: FlowTag },
  actors: {
    check: fromPromise<ClaimCheck, { benefitId: number }>(notProvided('benefitClaimMachine', 'check')),
    claim: fromPromise<ClaimedBenefit, { benefitId: number }>(notProvided('benefitClaimMachine', 'claim')),
  },
  guards: {
    allowed: ({ event }) => (event as { output?: ClaimCheck }).output?.allowed === true,
    refusal: refusalGuard(isClaimRefusal),
  },
  actions: {
    /** The app refreshes credit and the lists (provided with `machine.provide`). */
    claimed: () => {},
  },
}).createMachine({
  id: 'benefitClaim',
  context: empty,
  initial: 'idle',
  states: {
    idle: {
      entry: assign(empty),
      on: {
        'user.claim': {
          target: 'checking',
          actions: assign(({ event }) => ({ ...empty, benefit: event.benefit })),
        },
      },
    },
    checking: {
      tags: ['busy', 'open'],
      entry: assign({ check: null, reason: null, error: null }),
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ benefitId: context.benefit!.id }),
        onDone: [
          { guard: 'allowed', target: 'confirming', actions: assign({ check: ({ event }) => event.output }) },
          {
            target: 'refused',
            actions: assign({
              check: ({ event }) => event.output,
              reason: ({ event }) => event.output.reason || '暂不满足领取条件',
            }),
          },
        ],
        onError: toFailed,
      },
    },
    claiming: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ benefitId: context.benefit!.id }),
        onDone: { target: 'claimed', actions: [assign({ owned: ({ event }) => event.output }), 'claimed'] },
        onError: refusedOrFailed,
      },
    },
    ...confirmAndEnds('claiming', 'claimed'),
  },
});

export type BenefitClaimSnapshot = SnapshotFrom<typeof benefitClaimMachine>;
export type BenefitClaimActor = ActorRefFrom<typeof benefitClaimMachine>;

export type BenefitClaimStep = FlowStep<'claiming', 'claimed'>;

/** Plain props of the claim dialog. */
export interface BenefitClaimView extends FlowView<BenefitClaimStep> {
  benefit: ClaimTarget | null;
  /** Credit cost and the member's credit (from the check); null before it answered. */
  creditCost: number | null;
  credit: number | null;
  rules: string | null;
  owned: ClaimedBenefit | null;
}

export function selectClaimView(snapshot: BenefitClaimSnapshot): BenefitClaimView {
  const c = snapshot.context;
  return {
    ...flowView<BenefitClaimStep>(snapshot),
    benefit: c.benefit,
    creditCost: c.check?.creditCost ?? null,
    credit: c.check?.credit ?? null,
    rules: c.check?.rules ?? null,
    owned: c.owned,
  };
}
