import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  adjustmentDecisionMachine,
  selectAdjustmentDecision,
  type AdjustmentDecisionSnapshot,
  type DecisionKind,
  type DecisionNotice,
} from '../../machines/adjustmentDecision';
import type { AdjustmentData } from '../../machines/balanceAdjustment';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of 微豆调整复核's decision (通过 / 驳回 with a reason and a fresh code; never one's
 * own; another approver first): every state and transition on some path; after each path the view's
 * props, the calls and the list's refreshes are checked against an oracle.
 */

const ME = 'demo.admin';
const row = (extra: Partial<AdjustmentData>): AdjustmentData => ({
  id: 8,
  memberId: 42,
  memberCode: 'W000042',
  nickname: '微豆用户0042',
  amount: 6_000,
  reason: '活动奖励补发',
  state: 'pending',
  requestedBy: 'demo.finance',
  requestedAt: 1,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  ledgerId: null,
  ...extra,
});
const theirs = row({});
const mine = row({ id: 9, requestedBy: ME });
const approved = row({ state: 'applied', decidedBy: ME, decidedAt: 2, ledgerId: 123 });
const alreadyDecided = { code: Code.ALREADY_DECIDED, msg: '这一项已被其他同事处理，请刷新后查看' };
const self = { code: Code.FOUR_EYES_SELF, msg: '不能复核自己发起的调整，请由另一位同事复核' };
const wrongCode = { code: Code.TOTP_WRONG, msg: '动态验证码错误或已使用过，请等下一个验证码' };

const events: ModelEvent[] = [
  { type: 'user.decide', kind: 'approve', adjustment: theirs },
  { type: 'user.decide', kind: 'reject', adjustment: theirs },
  { type: 'user.decide', kind: 'approve', adjustment: mine },
  { type: 'user.input', field: 'reason', value: '已核对问卷记录' },
  { type: 'user.input', field: 'code', value: '123456' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  ...answers('decide', [approved], [alreadyDecided, self, wrongCode]),
];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as AdjustmentDecisionSnapshot).context;
  return JSON.stringify([
    s.value,
    c.kind,
    c.adjustment?.id ?? null,
    c.reason !== '',
    c.code !== '',
    c.error !== null,
    c.notice?.kind ?? null,
  ]);
};

function oracle(steps: Path['steps']) {
  let state: 'idle' | 'confirming' | 'deciding' = 'idle';
  let kind: DecisionKind = 'approve';
  let adjustment: AdjustmentData | null = null;
  let reason = '';
  let code = '';
  let error: string | null = null;
  let notice: DecisionNotice | null = null;
  const calls: unknown[] = [];
  let decided = 0;
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.decide': {
        const a = event.adjustment as AdjustmentData;
        if (state === 'idle' && a.requestedBy !== ME) {
          state = 'confirming';
          kind = event.kind as DecisionKind;
          adjustment = a;
          reason = '';
          code = '';
          error = null;
          notice = null;
        }
        break;
      }
      case 'user.input':
        if (state === 'confirming') {
          if (event.field === 'reason') reason = event.value as string;
          else code = event.value as string;
          error = null;
        }
        break;
      case 'user.submit':
        if (state === 'confirming' && reason.length >= 2 && code.length === 6) {
          state = 'deciding';
          calls.push({ kind, id: adjustment!.id, reason, totp: code });
        }
        break;
      case 'user.cancel':
        if (state === 'confirming') {
          state = 'idle';
          adjustment = null;
          error = null;
        }
        break;
      case 'xstate.done.actor.decide':
        state = 'idle';
        notice = { kind: kind === 'approve' ? 'approved' : 'rejected', adjustment: event.output as AdjustmentData };
        adjustment = null;
        decided++;
        break;
      case 'xstate.error.actor.decide': {
        const e = event.error as { code: number; msg: string };
        if (e.code === Code.ALREADY_DECIDED) {
          state = 'idle';
          notice = { kind: 'taken', adjustment: adjustment!, message: '这一项已被其他同事处理，列表已刷新' };
          adjustment = null;
          decided++;
        } else {
          state = 'confirming';
          code = '';
          error = e.msg;
        }
        break;
      }
    }
  }
  return { state, kind, adjustment, reason, code, error, notice, calls, decided };
}

describePathTests({
  name: 'adjustmentDecision machine',
  machine: adjustmentDecisionMachine,
  plans: [{ input: { me: ME }, events }],
  serializeState,
  label: (e) =>
    e.type === 'user.decide'
      ? `${String(e.kind)}:${(e as unknown as { adjustment: AdjustmentData }).adjustment.requestedBy === ME ? 'mine' : 'theirs'}`
      : undefined,
  endStates: ['idle', 'confirming', 'deciding'],
  async test({ path, stubs, drive }) {
    let decided = 0;
    const actor = await drive(
      adjustmentDecisionMachine.provide({
        actors: stubs.actors(['decide']),
        actions: { decided: () => void decided++ },
      }),
    );
    const snapshot = actor.getSnapshot() as AdjustmentDecisionSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toBe(want.state);
    const view = selectAdjustmentDecision(snapshot);
    expect(view.notice).toEqual(want.notice);
    if (want.state === 'idle') expect(view.deciding).toBeNull();
    else
      expect(view.deciding).toEqual({
        kind: want.kind,
        adjustment: want.adjustment,
        reason: want.reason,
        code: want.code,
        busy: want.state === 'deciding',
        canSubmit: want.state === 'confirming' && want.reason !== '' && want.code !== '',
        error: want.error,
      });
    expect(stubs.inputs.decide ?? []).toEqual(want.calls);
    expect(decided).toBe(want.decided);
  },
});
