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
 * Using a card on a task (加成卡 on any task with 微豆, 抢答优先 on a snap task not started yet),
 * from the task's detail page: check → confirm → use (GLOSSARY "Benefits"). The card is one the
 * member holds, or one of the catalogue bought with credit (权益值) and used in the same step.
 *
 * States
 * - `idle`       nothing in progress. `user.use { card, taskId }` → `checking`.
 * - `checking`   actor `check` (a held card: POST /v1/benefits/check/{holdingId} on the task;
 *                bought with credit: POST /v1/benefits/allow/{benefitId}): usable →
 *                `confirming` with the expected effect; not usable → `refused` (the server's zh-CN
 *                reason); error → `failed`.
 * - `confirming` the member sees what the card will do and that it comes back unused if the task
 *                is not completed. `user.confirm` → `using`; `user.cancel` → `idle`.
 * - `using`      actor `use` (POST /v1/benefits/use, or /v1/benefits/use/value with credit). Done → `used` (action `used`: the page reloads
 *                the task and the cards); a refusal (the card was used or expired meanwhile, the
 *                task ended) → `refused`; any other error → `failed`.
 * - `refused`    `reason`. `user.close` → `idle`.
 * - `used`       the card is on this task. `user.close` → `idle`.
 * - `failed`     `error`. `user.retry` → `checking` (a use is re-checked, never replayed blindly:
 *                a use that did land is then refused as 已经使用过, and the page shows the card
 *                on the task); `user.close` → `idle`.
 *
 * Tags: `busy` (checking, using), `open` (every state but idle: the dialog shows).
 */

/** A card as the task page offers it. */
export interface UsableCard {
  /** `held`: a card the member holds; `credit`: a catalogue benefit bought with credit as it is used. */
  from: 'held' | 'credit';
  /** The holding's id (MemberBenefit.id), or the benefit's (Benefit.id) when bought with credit. */
  id: number;
  name: string;
  /** 1 加成卡, 4 抢答优先 (BenefitKind). */
  kind: number;
  /** The boost's percent, or the early-access minutes. */
  value: number;
  /** 权益值 it costs (a held card: 0). */
  creditCost: number;
  expiresAt: number | null;
}

/** What `check` and `use` resolve: the expected (or made) effect. */
export interface CardEffect {
  extraPoints: number | null;
  earlyMinutes: number | null;
}

export type CardCheck = { usable: true; effect: CardEffect } | { usable: false; reason: string };

export interface BenefitUseInput {
  card: UsableCard;
  taskId: number;
}

export type BenefitUseEvent = { type: 'user.use'; card: UsableCard; taskId: number } | FlowEvent;

export interface BenefitUseContext {
  taskId: number;
  card: UsableCard | null;
  effect: CardEffect | null;
  reason: string | null;
  error: string | null;
}

/** Answers of a use that mean "cannot be used now" rather than "something broke". */
const USE_REFUSAL_CODES: readonly number[] = [
  Code.BENEFIT_USED,
  Code.BENEFIT_EXPIRED,
  Code.BENEFIT_TARGET_INVALID,
  Code.NOT_FOUND,
  // Bought with credit: the credit, the stock or the limits changed since the check.
  Code.BENEFIT_NOT_ALLOWED,
  Code.INSUFFICIENT_CREDIT,
  Code.BENEFIT_UNAVAILABLE,
  Code.BENEFIT_OUT_OF_STOCK,
  Code.BENEFIT_LIMIT_REACHED,
  Code.BENEFIT_LEVEL_REQUIRED,
];

const isUseRefusal = refusalOf(USE_REFUSAL_CODES);

const cleared = { card: null, effect: null, reason: null, error: null };

const { toFailed, refusedOrFailed } = errorTransitions<BenefitUseContext, BenefitUseEvent>();

export const benefitUseMachine = setup({
  types: {} as { context: BenefitUseContext; events: BenefitUseEvent; tags: FlowTag },
  actors: {
    check: fromPromise<CardCheck, BenefitUseInput>(notProvided('benefitUseMachine', 'check')),
    use: fromPromise<CardEffect, BenefitUseInput>(notProvided('benefitUseMachine', 'use')),
  },
  guards: {
    usable: ({ event }) => (event as { output?: CardCheck }).output?.usable === true,
    refusal: refusalGuard(isUseRefusal),
  },
  actions: {
    /** The app reloads the task and the member's cards (provided with `machine.provide`). */
    used: () => {},
  },
}).createMachine({
  id: 'benefitUse',
  context: { taskId: 0, ...cleared },
  initial: 'idle',
  states: {
    idle: {
      entry: assign(cleared),
      on: {
        'user.use': {
          target: 'checking',
          actions: assign({ card: ({ event }) => event.card, taskId: ({ event }) => event.taskId }),
        },
      },
    },
    checking: {
      tags: ['busy', 'open'],
      entry: assign({ effect: null, reason: null, error: null }),
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ card: context.card!, taskId: context.taskId }),
        onDone: [
          {
            guard: 'usable',
            target: 'confirming',
            actions: assign({ effect: ({ event }) => (event.output.usable ? event.output.effect : null) }),
          },
          {
            target: 'refused',
            actions: assign({ reason: ({ event }) => (event.output.usable ? null : event.output.reason) }),
          },
        ],
        onError: toFailed,
      },
    },
    using: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'use',
        src: 'use',
        input: ({ context }) => ({ card: context.card!, taskId: context.taskId }),
        onDone: { target: 'used', actions: [assign({ effect: ({ event }) => event.output }), 'used'] },
        onError: refusedOrFailed,
      },
    },
    ...confirmAndEnds('using', 'used'),
  },
});

export type BenefitUseSnapshot = SnapshotFrom<typeof benefitUseMachine>;
export type BenefitUseActor = ActorRefFrom<typeof benefitUseMachine>;

export type BenefitUseStep = FlowStep<'using', 'used'>;

/** Plain props of the use dialog. */
export interface BenefitUseView extends FlowView<BenefitUseStep> {
  card: UsableCard | null;
  effect: CardEffect | null;
}

export function selectUseView(snapshot: BenefitUseSnapshot): BenefitUseView {
  const c = snapshot.context;
  return {
    ...flowView<BenefitUseStep>(snapshot),
    card: c.card,
    effect: c.effect,
  };
}
