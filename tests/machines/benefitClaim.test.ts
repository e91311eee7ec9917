import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  benefitClaimMachine,
  isClaimRefusal,
  selectClaimView,
  type BenefitClaimSnapshot,
  type BenefitClaimStep,
  type BenefitClaimView,
  type ClaimCheck,
  type ClaimTarget,
  type ClaimedBenefit,
} from '../../machines/benefitClaim';
import { Code } from '../../openapi/codes';
import { flowOracle } from './checkConfirmAct';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the benefit claim flow (allow → confirm → claim): every state and every
 * transition on some path; after each path the dialog's props are checked against an oracle
 * worked out from the events alone, and so are the calls made (which benefit was checked and
 * claimed, how often) and how often the app was told to refresh.
 */

const boost: ClaimTarget = { id: 7, name: '微豆加成卡 +10%', creditCost: 30 };
const allowed: ClaimCheck = {
  allowed: true,
  reason: null,
  creditCost: 30,
  credit: 120,
  rules: '<p>下一个任务多得 10%</p>',
};
const notAllowed: ClaimCheck = {
  allowed: false,
  reason: '权益值不足，还差 10 点',
  creditCost: 30,
  credit: 20,
  rules: null,
};
const owned: ClaimedBenefit = { id: 91, benefitId: 7, name: '微豆加成卡 +10%', expiresAt: 1_800_000_000_000 };
const lowCredit = { code: Code.INSUFFICIENT_CREDIT, msg: '权益值不足' };
const network = { code: 0, msg: '' };

const events: ModelEvent[] = [
  { type: 'user.claim', benefit: boost },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  { type: 'user.retry' },
  ...answers('check', [allowed, notAllowed], [network]),
  ...answers('claim', [owned], [lowCredit, network]),
];

interface Oracle {
  view: BenefitClaimView;
  checks: number;
  claims: number;
  refreshes: number;
}

function oracle(steps: Path['steps']): Oracle {
  let benefit: ClaimTarget | null = null;
  let check: ClaimCheck | null = null;
  let got: ClaimedBenefit | null = null;
  const flow = flowOracle(steps, {
    start: 'user.claim',
    act: 'claim',
    acting: 'claiming',
    done: 'claimed',
    refusal: Code.INSUFFICIENT_CREDIT,
    started: (e) => void (benefit = (e as ModelEvent & { benefit: ClaimTarget }).benefit),
    checking: () => void (check = null),
    checked: (output) => {
      check = output as ClaimCheck;
      return { allowed: check.allowed, reason: check.reason };
    },
    acted: (output) => void (got = output as ClaimedBenefit),
    reset: () => void (benefit = check = got = null),
  });
  const c = check as ClaimCheck | null;
  return {
    view: {
      step: flow.step as BenefitClaimStep,
      benefit,
      creditCost: c?.creditCost ?? null,
      credit: c?.credit ?? null,
      rules: c?.rules ?? null,
      owned: got,
      reason: flow.reason,
      error: flow.error,
      ...flow.controls,
    },
    checks: flow.checks,
    claims: flow.acts,
    refreshes: flow.dones,
  };
}

describePathTests({
  name: 'benefitClaim machine',
  machine: benefitClaimMachine,
  plans: [{ events }],
  label: (event) => {
    if (event.type !== 'xstate.done.actor.check') return undefined;
    return (event.output as ClaimCheck).allowed ? 'allowed' : 'not allowed';
  },
  endStates: ['idle', 'checking', 'confirming', 'claiming', 'refused', 'claimed', 'failed'],
  async test({ path, stubs, drive }) {
    let refreshes = 0;
    const actor = await drive(
      benefitClaimMachine.provide({
        actors: stubs.actors(['check', 'claim']),
        actions: { claimed: () => void (refreshes += 1) },
      }),
    );
    const snapshot = actor.getSnapshot() as BenefitClaimSnapshot;
    const want = oracle(path.steps);
    expect(selectClaimView(snapshot)).toEqual(want.view);
    expect(stubs.started.check ?? 0).toBe(want.checks);
    expect(stubs.started.claim ?? 0).toBe(want.claims);
    for (const i of [...(stubs.inputs.check ?? []), ...(stubs.inputs.claim ?? [])]) expect(i).toEqual({ benefitId: 7 });
    expect(refreshes).toBe(want.refreshes);
    expect(snapshot.hasTag('open')).toBe(want.view.step !== 'idle');
  },
});

describe('benefitClaim rules', () => {
  it('a claim refused by the server after the check (credit spent elsewhere) shows its zh-CN reason, not a failure', async () => {
    const actor = createActor(
      benefitClaimMachine.provide({
        actors: {
          check: fromPromise(async () => allowed),
          claim: fromPromise<ClaimedBenefit, { benefitId: number }>(async () => {
            throw { code: Code.BENEFIT_NOT_ALLOWED, msg: '该权益每人限领 1 次' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'user.claim', benefit: boost });
    await flush();
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(selectClaimView(actor.getSnapshot())).toMatchObject({ step: 'refused', reason: '该权益每人限领 1 次' });
    actor.stop();
  });

  it('a refused check without a reason still says why in zh-CN', async () => {
    const actor = createActor(
      benefitClaimMachine.provide({
        actors: {
          check: fromPromise<ClaimCheck, { benefitId: number }>(async () => ({ ...notAllowed, reason: null })),
        },
      }),
    ).start();
    actor.send({ type: 'user.claim', benefit: boost });
    await flush();
    expect(selectClaimView(actor.getSnapshot())).toMatchObject({ step: 'refused', reason: '暂不满足领取条件' });
    actor.stop();
  });

  it('confirm is only possible after an allowed check; refusal codes are told from failures', () => {
    const actor = createActor(benefitClaimMachine).start();
    expect(actor.getSnapshot().can({ type: 'user.confirm' })).toBe(false);
    expect(isClaimRefusal({ code: Code.INSUFFICIENT_CREDIT })).toBe(true);
    expect(isClaimRefusal({ code: 500 })).toBe(false);
    expect(isClaimRefusal(new Error('x'))).toBe(false);
    actor.stop();
  });
});
