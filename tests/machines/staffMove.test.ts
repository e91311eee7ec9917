import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { LOST_ANSWER_MSG, selectStaffMove, staffMoveMachine, type StaffMoveSnapshot } from '../../machines/staffMove';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of a console staff move (machines/staffMove.ts): a move with a reason (freeze),
 * one with its own fields and no reason (a message), one with a fresh authenticator code; every
 * state and transition on some path. After each path the view's props, the calls and the outcome
 * handed to the page are checked against an oracle worked out from the events.
 */

const openFreeze: ModelEvent = { type: 'user.open', move: 'freeze' };
const openMessage: ModelEvent = {
  type: 'user.open',
  move: 'message',
  fields: { title: '', content: '' },
  required: ['title', 'content'],
  withReason: false,
};
const openCoded: ModelEvent = { type: 'user.open', move: 'roles', withCode: true };
const input = (field: string, value: string): ModelEvent => ({ type: 'user.input', field, value });

const refused = { code: Code.STAFF_FORBIDDEN, msg: '无权限：你的角色不能进行这项操作' };
const lost = { code: 0, msg: '网络错误' };
const answer = { id: 7, frozen: { at: 1, reason: '刷单' }, sessionsEnded: 2 };

const events: ModelEvent[] = [
  openFreeze,
  openMessage,
  openCoded,
  input('reason', ' 刷单 '),
  input('reason', '刷'),
  input('code', '123456'),
  input('title', '提醒'),
  input('content', ' 请核对 '),
  input('content', '  '),
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('submit', [answer], [refused, lost]),
];

/** A vertex is what the guards and the view read: the move, which fields pass, whether an error shows. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as StaffMoveSnapshot).context;
  return JSON.stringify([
    s.value,
    c.move,
    c.reason.trim().length >= 2 ? 'ok' : c.reason ? 'short' : '',
    c.code !== '',
    Object.entries(c.fields).map(([k, v]) => [k, v.trim() !== '']),
    c.error === null ? null : c.uncertain,
  ]);
};

type State = 'idle' | 'editing' | 'submitting' | 'done';

function oracle(steps: Path['steps']) {
  let state: State = 'idle';
  let move: string | null = null;
  let fields: Record<string, string> = {};
  let required: string[] = [];
  let withReason = true;
  let withCode = false;
  let reason = '';
  let code = '';
  let error: string | null = null;
  let uncertain = false;
  let result: unknown = null;
  const calls: unknown[] = [];
  const made: unknown[] = [];
  const reset = () => {
    move = null;
    fields = {};
    required = [];
    withReason = true;
    withCode = false;
    reason = '';
    code = '';
    error = null;
    uncertain = false;
    result = null;
  };
  const ready = () =>
    (!withReason || (reason.trim().length >= 2 && reason.trim().length <= 200)) &&
    (!withCode || /^\d{6}$/.test(code)) &&
    required.every((f) => (fields[f] ?? '').trim() !== '');
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.open':
        if (state === 'idle' || state === 'done') {
          reset();
          const e = event as unknown as {
            move: string;
            fields?: Record<string, string>;
            required?: string[];
            withReason?: boolean;
            withCode?: boolean;
          };
          move = e.move;
          fields = { ...(e.fields ?? {}) };
          required = [...(e.required ?? [])];
          withReason = e.withReason ?? true;
          withCode = e.withCode ?? false;
          state = 'editing';
        }
        break;
      case 'user.input':
        if (state === 'editing') {
          const { field, value } = event as unknown as { field: string; value: string };
          if (field === 'reason') reason = value;
          else if (field === 'code') code = value;
          else fields = { ...fields, [field]: value };
          error = null;
        }
        break;
      case 'user.submit':
        if (state === 'editing' && ready()) {
          state = 'submitting';
          calls.push({
            move,
            fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])),
            ...(withReason ? { reason: reason.trim() } : {}),
            ...(withCode ? { totp: code } : {}),
          });
        }
        break;
      case 'user.cancel':
        if (state === 'editing') {
          state = 'idle';
          reset();
        }
        break;
      case 'user.close':
        if (state === 'done') {
          state = 'idle';
          reset();
        }
        break;
      case 'xstate.done.actor.submit':
        state = 'done';
        result = event.output;
        error = null;
        uncertain = false;
        code = '';
        made.push({ move, output: event.output });
        break;
      case 'xstate.error.actor.submit': {
        const e = event.error as { code: number; msg: string };
        state = 'editing';
        uncertain = e.code === 0;
        error = uncertain ? LOST_ANSWER_MSG : e.msg;
        code = '';
        break;
      }
    }
  }
  const canSubmit = state === 'editing' && ready();
  return { state, move, fields, reason, code, withReason, withCode, error, uncertain, result, calls, made, canSubmit };
}

describePathTests({
  name: 'staffMove machine',
  machine: staffMoveMachine,
  plans: [{ events }],
  serializeState,
  label: (e) => (e.type === 'user.open' ? String((e as unknown as { move: string }).move) : undefined),
  endStates: ['idle', 'editing', 'submitting', 'done'],
  async test({ path, stubs, drive }) {
    const made: unknown[] = [];
    const actor = await drive(
      staffMoveMachine.provide({
        actors: stubs.actors(['submit']),
        actions: { done: (_, params) => void made.push(params) },
      }),
    );
    const snapshot = actor.getSnapshot() as StaffMoveSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toBe(want.state);
    const open = want.state === 'editing' || want.state === 'submitting';
    expect(selectStaffMove(snapshot)).toEqual({
      editing: open ? want.move : null,
      made: want.state === 'done' ? want.move : null,
      fields: want.fields,
      reason: want.reason,
      code: want.code,
      withReason: want.withReason,
      withCode: want.withCode,
      busy: want.state === 'submitting',
      canSubmit: want.canSubmit,
      error: want.error,
      uncertain: want.uncertain,
      result: want.state === 'done' ? want.result : null,
    });
    expect(stubs.inputs.submit ?? []).toEqual(want.calls);
    expect(made).toEqual(want.made);
  },
});
