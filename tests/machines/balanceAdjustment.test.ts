import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  balanceAdjustmentMachine,
  selectBalanceAdjustment,
  type AdjustmentData,
  type BalanceAdjustmentSnapshot,
} from '../../machines/balanceAdjustment';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of 调整微豆 (credit or debit, the reason, a fresh code → applied, waiting for a
 * second account, or refused back to the form): every state and transition on some path; after each
 * path the view's props, the calls and the page's refreshes are checked against an oracle.
 */

const MEMBER = 42;
const BALANCE = 1_000;

const row = (extra: Partial<AdjustmentData>): AdjustmentData => ({
  id: 7,
  memberId: MEMBER,
  memberCode: 'W000042',
  nickname: '微豆用户0042',
  amount: 200,
  reason: '问卷奖励补发',
  state: 'applied',
  requestedBy: 'demo.finance',
  requestedAt: 1,
  decidedBy: 'demo.finance',
  decidedAt: 1,
  decisionReason: null,
  ledgerId: 99,
  ...extra,
});
const applied = row({});
const pending = row({ id: 8, amount: 6_000, state: 'pending', decidedBy: null, decidedAt: null, ledgerId: null });
const insufficient = { code: Code.INSUFFICIENT_POINTS, msg: '微豆余额不足' };
const wrongCode = { code: Code.TOTP_WRONG, msg: '动态验证码错误或已使用过，请等下一个验证码' };
const lost = { code: 0, msg: '网络错误' };

const input = (field: string, value: string): ModelEvent => ({ type: 'user.input', field, value });

const events: ModelEvent[] = [
  { type: 'user.open', balance: BALANCE },
  input('direction', 'debit'),
  input('direction', 'credit'),
  input('amount', '200'),
  input('amount', '2000'),
  input('reason', '问卷奖励补发'),
  input('code', '123456'),
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('request', [applied, pending], [insufficient, wrongCode, lost]),
];

/** A vertex is what the guards and the view read: the state, the form's parts, the error and result. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as BalanceAdjustmentSnapshot).context;
  return JSON.stringify([
    s.value,
    c.direction,
    c.amount,
    c.reason !== '',
    c.code !== '',
    c.error !== null,
    c.result?.id,
  ]);
};

type State = 'idle' | 'editing' | 'submitting' | 'applied' | 'awaitingApproval' | 'uncertain';

function oracle(steps: Path['steps']) {
  const blank = () => ({ direction: 'credit', amount: '', reason: '', code: '' });
  let c = blank();
  let state: State = 'idle';
  let error: string | null = null;
  let result: AdjustmentData | null = null;
  const calls: unknown[] = [];
  let changed = 0;
  const signed = () => (c.direction === 'debit' ? -Number(c.amount) : Number(c.amount));
  const amountOk = () =>
    c.amount !== '' && Number(c.amount) > 0 && !(c.direction === 'debit' && Number(c.amount) > BALANCE);
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.open':
        if (state === 'idle') {
          state = 'editing';
          c = blank();
          error = null;
          result = null;
        }
        break;
      case 'user.input':
        if (state === 'editing') {
          (c as Record<string, string>)[event.field as string] = event.value as string;
          error = null;
        }
        break;
      case 'user.submit':
        if (state === 'editing' && amountOk() && c.reason.length >= 2 && /^\d{6}$/.test(c.code)) {
          state = 'submitting';
          calls.push({ memberId: MEMBER, amount: signed(), reason: c.reason, totp: c.code });
        }
        break;
      case 'user.cancel':
        if (state === 'editing') state = 'idle';
        break;
      case 'user.close':
        if (state === 'applied' || state === 'awaitingApproval' || state === 'uncertain') state = 'idle';
        break;
      case 'xstate.done.actor.request':
        result = event.output as AdjustmentData;
        state = result.state === 'applied' ? 'applied' : 'awaitingApproval';
        changed++;
        break;
      case 'xstate.error.actor.request': {
        const e = event.error as { code: number; msg: string };
        if (e.code === 0) {
          state = 'uncertain';
          changed++;
        } else {
          state = 'editing';
          c.code = '';
          error = e.code === Code.INSUFFICIENT_POINTS ? '会员微豆余额不足，扣减后会低于 0，未做调整' : e.msg;
        }
        break;
      }
    }
  }
  return { c, state, error, result, calls, changed, amountOk: amountOk() };
}

describePathTests({
  name: 'balanceAdjustment machine',
  machine: balanceAdjustmentMachine,
  plans: [{ input: { memberId: MEMBER, balance: 0 }, events }],
  serializeState,
  label: (e) =>
    e.type === 'xstate.done.actor.request' ? (e as unknown as { output: AdjustmentData }).output.state : undefined,
  endStates: ['idle', 'editing', 'submitting', 'applied', 'awaitingApproval', 'uncertain'],
  async test({ path, stubs, drive }) {
    let changed = 0;
    const actor = await drive(
      balanceAdjustmentMachine.provide({
        actors: stubs.actors(['request']),
        actions: { changed: () => void changed++ },
      }),
    );
    const snapshot = actor.getSnapshot() as BalanceAdjustmentSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toBe(want.state);
    const view = selectBalanceAdjustment(snapshot);
    const overdrawn = want.c.direction === 'debit' && Number(want.c.amount) > BALANCE;
    expect(view).toMatchObject({
      step: want.state === 'idle' ? 'closed' : want.state === 'submitting' ? 'editing' : want.state,
      busy: want.state === 'submitting',
      ...want.c,
      error: want.error,
      result: want.result,
      amountProblem: overdrawn ? '扣减后余额会低于 0：会员当前余额 1,000 微豆' : null,
      balanceAfter:
        want.c.amount && !overdrawn ? BALANCE + (want.c.direction === 'debit' ? -1 : 1) * Number(want.c.amount) : null,
      canSubmit: want.state === 'editing' && want.amountOk && want.c.reason !== '' && want.c.code !== '',
    });
    if (want.state !== 'idle' || path.steps.some((s) => s.event.type === 'user.open'))
      expect(view.balance).toBe(BALANCE);
    expect(stubs.inputs.request ?? []).toEqual(want.calls);
    expect(changed).toBe(want.changed);
  },
});
