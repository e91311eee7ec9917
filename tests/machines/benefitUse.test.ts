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

const NETWORK_MSG = '网络错误，请稍后重试';

function oracle(steps: Path['steps']) {
  let step = 'idle' as BenefitUseStep;
  let card: UsableCard | null = null;
  let got: CardEffect | null = null;
  let reason: string | null = null;
  let error: string | null = null;
  let checks = 0;
  let uses = 0;
  let reloads = 0;
  const startCheck = () => {
    step = 'checking';
    got = reason = error = null;
    checks += 1;
  };
  const reset = () => {
    step = 'idle';
    card = got = null;
    reason = error = null;
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number; msg: string }; card?: UsableCard };
    switch (e.type) {
      case 'user.use':
        if (step === 'idle') {
          card = e.card!;
          startCheck();
        }
        break;
      case 'user.confirm':
        if (step === 'confirming') {
          step = 'using';
          uses += 1;
        }
        break;
      case 'user.cancel':
        if (step === 'confirming') reset();
        break;
      case 'user.close':
        if (step === 'refused' || step === 'used' || step === 'failed') reset();
        break;
      case 'user.retry':
        if (step === 'failed') startCheck();
        break;
      case 'xstate.done.actor.check':
        if (step === 'checking') {
          const c = e.output as CardCheck;
          if (c.usable) {
            step = 'confirming';
            got = c.effect;
          } else {
            step = 'refused';
            reason = c.reason;
          }
        }
        break;
      case 'xstate.error.actor.check':
        if (step === 'checking') {
          step = 'failed';
          error = e.error!.msg || NETWORK_MSG;
        }
        break;
      case 'xstate.done.actor.use':
        if (step === 'using') {
          step = 'used';
          got = e.output as CardEffect;
          reloads += 1;
        }
        break;
      case 'xstate.error.actor.use':
        if (step === 'using') {
          if (e.error!.code === Code.BENEFIT_USED) {
            step = 'refused';
            reason = e.error!.msg;
          } else {
            step = 'failed';
            error = e.error!.msg || NETWORK_MSG;
          }
        }
        break;
    }
  }
  const view: BenefitUseView = {
    step,
    card,
    effect: got,
    reason,
    error,
    busy: step === 'checking' || step === 'using',
    canConfirm: step === 'confirming',
    canCancel: step === 'confirming',
    canRetry: step === 'failed',
    canClose: step === 'refused' || step === 'used' || step === 'failed',
  };
  return { view, checks, uses, reloads };
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
