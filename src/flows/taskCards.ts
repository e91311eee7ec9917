import { fromPromise } from 'xstate';
import type { z } from 'zod';
import {
  benefitUseMachine,
  type BenefitUseInput,
  type CardCheck,
  type CardEffect,
  type UsableCard,
} from '../../machines/benefitUse';
import { BenefitKind, BenefitStatus } from '../../openapi/enums';
import { boostExtra } from '../../openapi/rules/benefits';
import type { MemberBenefit } from '../../openapi/schemas/benefits';
import { quietApi } from '../api';

/**
 * Cards on a task (加成卡, 抢答优先): which of the member's fit a task, and the card-use machine's
 * actors. Its own module: only the task page's card panel (loaded when needed) carries it.
 */

type MemberBenefitData = z.output<typeof MemberBenefit>;

/** The cards of one task page: those the member may use on it, and those already on it. */
export interface TaskCards {
  usable: UsableCard[];
  /** Cards used on this task: a boost waiting for the complete (or paid), an early-access card. */
  onTask: MemberBenefitData[];
}

type TaskFacts = { id: number; points: number; snap: boolean; openAt: number; finished: boolean };

/** Does a card of this kind fit this task (the server checks again before any use)? */
const fits = (kind: number, task: TaskFacts, now: number) =>
  !task.finished &&
  (kind === BenefitKind.values.BOOST
    ? task.points > 0
    : kind === BenefitKind.values.EARLY_ACCESS && task.snap && task.openAt > now);

/**
 * The member's boost (加成卡) and early-access (抢答优先) cards for one task: unused ones that fit
 * it, then catalogue ones of a kind the member holds none of that can be bought with 权益值 and
 * used at once (useBenefitValue), and the cards already used on it.
 */
export async function taskCardsOf(task: TaskFacts, now: number, signal?: AbortSignal): Promise<TaskCards> {
  const { owned, catalogue } = await quietApi.call('listBenefits', { signal });
  const held: UsableCard[] = owned
    .filter((h) => h.status === BenefitStatus.values.UNUSED && fits(h.kind, task, now))
    .map((h) => ({
      from: 'held',
      id: h.id,
      name: h.name,
      kind: h.kind,
      value: h.value,
      creditCost: 0,
      expiresAt: h.expiresAt,
    }));
  const heldKinds = new Set(held.map((c) => c.kind));
  const buyable: UsableCard[] = catalogue
    .filter((b) => b.creditCost > 0 && b.claimable && !heldKinds.has(b.kind) && fits(b.kind, task, now))
    .map((b) => ({
      from: 'credit',
      id: b.id,
      name: b.name,
      kind: b.kind,
      value: b.value,
      creditCost: b.creditCost,
      expiresAt: null,
    }));
  const onTask = owned.filter(
    (h) =>
      (h.kind === BenefitKind.values.BOOST || h.kind === BenefitKind.values.EARLY_ACCESS) &&
      h.usedOn?.type === 'task' &&
      h.usedOn.id === task.id,
  );
  return { usable: [...held, ...buyable], onTask };
}

const effectOf = (e: { extraPoints: number | null; earlyMinutes: number | null } | null): CardEffect => ({
  extraPoints: e?.extraPoints ?? null,
  earlyMinutes: e?.earlyMinutes ?? null,
});

/** What a card bought with credit would do on a task, before it is bought (the server decides). */
const expectedEffect = (card: UsableCard, points: number): CardEffect =>
  card.kind === BenefitKind.values.BOOST
    ? { extraPoints: boostExtra(card.value, points), earlyMinutes: null }
    : { extraPoints: null, earlyMinutes: card.value };

/**
 * The card-use machine's actors over the API. A held card: checkBenefit, then useBenefit; one
 * bought with credit: allowBenefit, then useBenefitValue (claimed and used in one step). All
 * through `quietApi`: the dialog says every refusal itself.
 */
export function appBenefitUseMachine(taskPoints: () => number) {
  return benefitUseMachine.provide({
    actors: {
      check: fromPromise<CardCheck, BenefitUseInput>(async ({ input: { card, taskId }, signal }) => {
        if (card.from === 'credit') {
          const a = await quietApi.call('allowBenefit', { params: { id: card.id }, signal });
          return a.allowed
            ? { usable: true, effect: expectedEffect(card, taskPoints()) }
            : { usable: false, reason: a.reason || '暂不满足领取条件' };
        }
        const r = await quietApi.call('checkBenefit', {
          params: { id: card.id },
          body: { target: { type: 'task', id: taskId } },
          signal,
        });
        return r.usable
          ? { usable: true, effect: effectOf(r.effect) }
          : { usable: false, reason: r.reason || '这张卡不能用在这个任务上' };
      }),
      use: fromPromise<CardEffect, BenefitUseInput>(async ({ input: { card, taskId }, signal }) => {
        const target = { type: 'task' as const, id: taskId };
        const r =
          card.from === 'credit'
            ? await quietApi.call('useBenefitValue', { body: { benefitId: card.id, target }, signal })
            : await quietApi.call('useBenefit', { body: { memberBenefitId: card.id, target }, signal });
        return effectOf(r.effect);
      }),
    },
  });
}
