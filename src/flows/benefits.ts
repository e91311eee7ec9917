import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { benefitClaimMachine, type ClaimCheck, type ClaimedBenefit } from '../../machines/benefitClaim';
import {
  benefitUseMachine,
  type BenefitUseInput,
  type CardCheck,
  type CardEffect,
  type UsableCard,
} from '../../machines/benefitUse';
import { BenefitKind, BenefitStatus } from '../../openapi/enums';
import type { MemberBenefit } from '../../openapi/schemas/benefits';
import { api, quietApi } from '../api';

type MemberBenefitData = z.output<typeof MemberBenefit>;

/**
 * The benefit-claim machine's actors over the API: allowBenefit with the detail's rules
 * (getBenefit; its failure only hides the rules), then claimBenefit.
 */
const benefitClaimActors = {
  check: fromPromise<ClaimCheck, { benefitId: number }>(async ({ input, signal }) => {
    const params = { id: input.benefitId };
    const [allow, detail] = await Promise.all([
      api.call('allowBenefit', { params, signal }),
      api.call('getBenefit', { params, signal }).catch(() => null),
    ]);
    return { ...allow, rules: detail?.rules ?? null };
  }),
  claim: fromPromise<ClaimedBenefit, { benefitId: number }>(async ({ input, signal }) => {
    const owned = await api.call('claimBenefit', { params: { id: input.benefitId }, signal });
    return { id: owned.id, benefitId: owned.benefitId, name: owned.name, expiresAt: owned.expiresAt };
  }),
};

/** The benefit-claim machine with the app's actors; the page adds what a claim refreshes (`claimed`). */
export const appBenefitClaimMachine = benefitClaimMachine.provide({ actors: benefitClaimActors });

/** The cards of one task page: those the member may use on it, and those already on it. */
export interface TaskCards {
  usable: UsableCard[];
  /** Cards used on this task: a boost waiting for the complete (or paid), an early-access card. */
  onTask: MemberBenefitData[];
}

/**
 * The member's boost (加成卡) and early-access (抢答优先) cards for one task, from their holdings:
 * unused ones that fit the task (a boost on a task with 微豆 not done yet; early access on a snap
 * task not started yet) and those already used on it. The server checks again before any use.
 */
export async function taskCardsOf(
  task: { id: number; points: number; snap: boolean; openAt: number; finished: boolean },
  now: number,
  signal?: AbortSignal,
): Promise<TaskCards> {
  const { owned } = await quietApi.call('listBenefits', { signal });
  const usable = owned
    .filter((h) => h.status === BenefitStatus.values.UNUSED && !task.finished)
    .filter((h) =>
      h.kind === BenefitKind.values.BOOST
        ? task.points > 0
        : h.kind === BenefitKind.values.EARLY_ACCESS && task.snap && task.openAt > now,
    )
    .map((h) => ({ id: h.id, name: h.name, kind: h.kind, value: h.value, expiresAt: h.expiresAt }));
  const onTask = owned.filter(
    (h) =>
      (h.kind === BenefitKind.values.BOOST || h.kind === BenefitKind.values.EARLY_ACCESS) &&
      h.usedOn?.type === 'task' &&
      h.usedOn.id === task.id,
  );
  return { usable, onTask };
}

const effectOf = (e: { extraPoints: number | null; earlyMinutes: number | null } | null): CardEffect => ({
  extraPoints: e?.extraPoints ?? null,
  earlyMinutes: e?.earlyMinutes ?? null,
});

/**
 * The card-use machine's actors over the API: checkBenefit, then useBenefit on the task. Both
 * through `quietApi`: the dialog says every refusal itself.
 */
export const appBenefitUseMachine = benefitUseMachine.provide({
  actors: {
    check: fromPromise<CardCheck, BenefitUseInput>(async ({ input, signal }) => {
      const r = await quietApi.call('checkBenefit', {
        params: { id: input.holdingId },
        body: { target: { type: 'task', id: input.taskId } },
        signal,
      });
      return r.usable
        ? { usable: true, effect: effectOf(r.effect) }
        : { usable: false, reason: r.reason || '这张卡不能用在这个任务上' };
    }),
    use: fromPromise<CardEffect, BenefitUseInput>(async ({ input, signal }) => {
      const r = await quietApi.call('useBenefit', {
        body: { memberBenefitId: input.holdingId, target: { type: 'task', id: input.taskId } },
        signal,
      });
      return effectOf(r.effect);
    }),
  },
});
