import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  prizeApplyMachine,
  selectPrizeApplyView,
  type PrizeApplySnapshot,
  type PrizeApplyStep,
} from '../../machines/prizeApply';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of applying for a prize trial (ready → applying → applied, refused with the
 * server's reason, closed, the screener still to answer, or failed and retried): every state and transition on some path; after
 * each path the button's props and the sends are checked against an oracle from the events alone.
 */

const notEligible = { code: Code.PRIZE_NOT_ELIGIBLE, msg: '这个试用只寄往北京市，你的收货地址不在该地区' };
const notOpen = { code: Code.PRIZE_NOT_OPEN, msg: '这个试用现在不在申请时间内' };
const lost = { code: 0, msg: '网络错误' };
const screener = { code: Code.PRIZE_SCREENER_NEEDED, msg: '申请前请先完成甄别问卷「护肤习惯甄别问卷」' };

const events: ModelEvent[] = [
  { type: 'user.apply' },
  { type: 'user.retry' },
  ...answers('apply', [{ applicationId: 7, replayed: false, applicants: 1 }], [notEligible, notOpen, screener, lost]),
];

const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, (s as PrizeApplySnapshot).context.error]);

function oracle(steps: Path['steps']) {
  let step: PrizeApplyStep = 'ready';
  let error: string | null = null;
  let sends = 0;
  for (const { event } of steps) {
    const e = event as ModelEvent & { error?: { code: number; msg: string } };
    if ((e.type === 'user.apply' && step === 'ready') || (e.type === 'user.retry' && step === 'failed')) {
      step = 'applying';
      error = null;
      sends += 1;
    } else if (e.type === 'xstate.done.actor.apply') step = 'applied';
    else if (e.type === 'xstate.error.actor.apply') {
      const code = e.error!.code;
      step =
        code === Code.PRIZE_NOT_ELIGIBLE
          ? 'refused'
          : code === Code.PRIZE_NOT_OPEN
            ? 'closed'
            : code === Code.PRIZE_SCREENER_NEEDED
              ? 'screenerNeeded'
              : 'failed';
      error = e.error!.msg;
    }
  }
  return {
    view: { step, error, busy: step === 'applying', canApply: step === 'ready', canRetry: step === 'failed' },
    sends,
  };
}

describePathTests({
  name: 'prizeApply machine',
  machine: prizeApplyMachine,
  plans: [{ input: { trialId: 3 }, events }],
  serializeState,
  endStates: ['applied', 'refused', 'closed', 'screenerNeeded'],
  async test({ path, stubs, drive }) {
    const actor = await drive(prizeApplyMachine.provide({ actors: stubs.actors(['apply']) }));
    const want = oracle(path.steps);
    expect(selectPrizeApplyView(actor.getSnapshot() as PrizeApplySnapshot)).toEqual(want.view);
    const sent = (stubs.inputs.apply ?? []) as { trialId: number }[];
    expect(sent).toEqual(Array.from({ length: want.sends }, () => ({ trialId: 3 })));
  },
});
