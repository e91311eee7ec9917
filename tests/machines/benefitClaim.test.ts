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

const NETWORK_MSG = '网络错误，请稍后重试';

function oracle(steps: Path['steps']): Oracle {
  let step = 'idle' as BenefitClaimStep;
  let benefit: ClaimTarget | null = null;
  let check: ClaimCheck | null = null;
  let got: ClaimedBenefit | null = null;
  let reason: string | null = null;
  let error: string | null = null;
  let checks = 0;
  let claims = 0;
  let refreshes = 0;
  const startCheck = () => {
    step = 'checking';
    check = null;
    reason = null;
    error = null;
    checks += 1;
  };
  const reset = () => {
    step = 'idle';
    benefit = check = got = null;
    reason = error = null;
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number; msg: string }; benefit?: ClaimTarget };
    switch (e.type) {
      case 'user.claim':
        if (step === 'idle') {
          reset();
          benefit = e.benefit!;
          startCheck();
        }
        break;
      case 'user.confirm':
        if (step === 'confirming') {
          step = 'claiming';
          claims += 1;
        }
        break;
      case 'user.cancel':
        if (step === 'confirming') reset();
        break;
      case 'user.close':
        if (step === 'refused' || step === 'claimed' || step === 'failed') reset();
        break;
      case 'user.retry':
        if (step === 'failed') startCheck();
        break;
      case 'xstate.done.actor.check':
        if (step === 'checking') {
          check = e.output as ClaimCheck;
          if (check.allowed) step = 'confirming';
          else {
            step = 'refused';
            reason = check.reason;
          }
        }
        break;
      case 'xstate.error.actor.check':
        if (step === 'checking') {
          step = 'failed';
          error = e.error!.msg || NETWORK_MSG;
        }
        break;
      case 'xstate.done.actor.claim':
        if (step === 'claiming') {
          step = 'claimed';
          got = e.output as ClaimedBenefit;
          refreshes += 1;
        }
        break;
      case 'xstate.error.actor.claim':
        if (step === 'claiming') {
          if (e.error!.code === Code.INSUFFICIENT_CREDIT) {
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
  const c = check as ClaimCheck | null;
  return {
    view: {
      step,
      benefit,
      creditCost: c?.creditCost ?? null,
      credit: c?.credit ?? null,
      rules: c?.rules ?? null,
      owned: got,
      reason,
      error,
      busy: step === 'checking' || step === 'claiming',
      canConfirm: step === 'confirming',
      canCancel: step === 'confirming',
      canRetry: step === 'failed',
      canClose: step === 'refused' || step === 'claimed' || step === 'failed',
    },
    checks,
    claims,
    refreshes,
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
