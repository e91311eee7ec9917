import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  benefitUseMachine,
  selectUseView,
  type BenefitUseInput,
  type BenefitUseSnapshot,
  type BenefitUseStep,
  type BenefitUseView,
  type CardCheck,
  type CardEffect,
  type UsableCard,
} from '../../machines/benefitUse';
import { Code } from '../../openapi/codes';
import { flowOracle } from './checkConfirmAct';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of using a card on a task (check → confirm → use): every state and transition
 * on some path; after each path the dialog's props, the calls made (which card on which task, how
 * often) and how often the page was told to reload are checked against an oracle worked out from
 * the events alone.
 */

const TASK = 12;
const boost: UsableCard = {
  from: 'held',
  id: 31,
  name: '任务加成卡 10%',
  kind: 1,
  value: 10,
  creditCost: 0,
  expiresAt: null,
};
const effect: CardEffect = { extraPoints: 5, earlyMinutes: null };
const usable: CardCheck = { usable: true, effect };
const notUsable: CardCheck = { usable: false, reason: '你已参与过该任务，不能再使用' };
const usedMeanwhile = { code: Code.BENEFIT_USED, msg: '这张「任务加成卡 10%」已经使用过了' };
const network = { code: 0, msg: '' };

const events: ModelEvent[] = [
  { type: 'user.use', card: boost, taskId: TASK },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  { type: 'user.retry' },
  ...answers('check', [usable, notUsable], [network]),
  ...answers('use', [effect], [usedMeanwhile, network]),
];

function oracle(steps: Path['steps']) {
  let card: UsableCard | null = null;
  let got: CardEffect | null = null;
  const flow = flowOracle(steps, {
    start: 'user.use',
    act: 'use',
    acting: 'using',
    done: 'used',
    refusal: Code.BENEFIT_USED,
    started: (e) => void (card = (e as ModelEvent & { card: UsableCard }).card),
    checking: () => void (got = null),
    checked: (output) => {
      const c = output as CardCheck;
      if (c.usable) got = c.effect;
      return c.usable ? { allowed: true } : { allowed: false, reason: c.reason };
    },
    acted: (output) => void (got = output as CardEffect),
    reset: () => void (card = got = null),
  });
  const view: BenefitUseView = {
    step: flow.step as BenefitUseStep,
    card,
    effect: got,
    reason: flow.reason,
    error: flow.error,
    ...flow.controls,
  };
  return { view, checks: flow.checks, uses: flow.acts, reloads: flow.dones };
}

describePathTests({
  name: 'benefitUse machine',
  machine: benefitUseMachine,
  plans: [{ events }],
  label: (event) => {
    if (event.type !== 'xstate.done.actor.check') return undefined;
    return (event.output as CardCheck).usable ? 'usable' : 'not usable';
  },
  endStates: ['idle', 'checking', 'confirming', 'using', 'refused', 'used', 'failed'],
  async test({ path, stubs, drive }) {
    let reloads = 0;
    const actor = await drive(
      benefitUseMachine.provide({
        actors: stubs.actors(['check', 'use']),
        actions: { used: () => void (reloads += 1) },
      }),
    );
    const snapshot = actor.getSnapshot() as BenefitUseSnapshot;
    const want = oracle(path.steps);
    expect(selectUseView(snapshot)).toEqual(want.view);
    expect(stubs.started.check ?? 0).toBe(want.checks);
    expect(stubs.started.use ?? 0).toBe(want.uses);
    for (const i of [...(stubs.inputs.check ?? []), ...(stubs.inputs.use ?? [])])
      expect(i).toEqual({ card: boost, taskId: TASK });
    expect(reloads).toBe(want.reloads);
    expect(snapshot.hasTag('open')).toBe(want.view.step !== 'idle');
  },
});

describe('benefitUse rules', () => {
  it('a use that failed on the network is re-checked on retry, never sent again blindly', async () => {
    let uses = 0;
    let checks = 0;
    const actor = createActor(
      benefitUseMachine.provide({
        actors: {
          check: fromPromise<CardCheck, BenefitUseInput>(async () => (++checks === 1 ? usable : notUsable)),
          use: fromPromise<CardEffect, BenefitUseInput>(async () => {
            uses += 1;
            throw network;
          }),
        },
      }),
      { input: { taskId: TASK } },
    ).start();
    actor.send({ type: 'user.use', card: boost, taskId: TASK });
    await flush();
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'user.retry' });
    await flush();
    expect(selectUseView(actor.getSnapshot())).toMatchObject({ step: 'refused', reason: notUsable.reason });
    expect([checks, uses]).toEqual([2, 1]);
    actor.stop();
  });
});
