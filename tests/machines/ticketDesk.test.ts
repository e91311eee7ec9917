import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  MOVE_DONE,
  reasonReady,
  replyReady,
  selectTicketDesk,
  ticketDeskMachine,
  type DeskMoveRequest,
  type DeskTicket,
  type TicketDeskSnapshot,
} from '../../machines/ticketDesk';
import { Code } from '../../openapi/codes';
import { REPLY_TEXT } from '../../openapi/rules/feedback';
import { deskTicket } from '../../stories/admin/deskFixtures';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of one ticket on the console's feedback desk: opening (and a missing ticket),
 * the moves a ticket's state offers (接单, 处理中, 请会员补充, 答复会员, 关闭 with a reason), their
 * refusals (a colleague took it first, the state changed, a network failure) — every state and
 * transition on some path. After each path the view and the calls are checked against an oracle
 * worked out from the events.
 */

const fresh = deskTicket(0); // 待受理: take or close
const taken = deskTicket(1); // 待处理: process, ask, answer, close
const settled = deskTicket(5); // 已确认: nothing
const moved = { id: 12, state: 1, operator: '客服小林' };

const notFound = { code: Code.NOT_FOUND, msg: '这条反馈不存在', httpStatus: 404 };
const network = { code: 0, msg: '网络错误', httpStatus: 0 };
const decided = { code: Code.ALREADY_DECIDED, msg: '这条反馈已被其他同事受理，请刷新后查看', httpStatus: 200 };
const conflict = { code: Code.FEEDBACK_STATE_CONFLICT, msg: '这条反馈现在是「已确认」，不能关闭', httpStatus: 200 };

const TEXT = '已核实：属于正常甄别，补偿微豆已发放。';
const REASON = '重复提交的反馈';

const events: ModelEvent[] = [
  { type: 'user.open', id: 12 },
  { type: 'user.open', id: null },
  { type: 'user.retry' },
  { type: 'user.input', text: TEXT },
  { type: 'user.input', text: ' ' },
  { type: 'user.take' },
  { type: 'user.process' },
  { type: 'user.reply', kind: 'ask' },
  { type: 'user.reply', kind: 'answer' },
  { type: 'user.close' },
  { type: 'user.reason', value: REASON },
  { type: 'user.reason', value: '重' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  ...answers('loadTicket', [fresh, taken, settled], [notFound, network]),
  ...answers('move', [moved], [decided, conflict, network]),
];

/** A vertex is what the guards and the view read, not every word typed. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as TicketDeskSnapshot).context;
  return JSON.stringify([
    s.value,
    c.id,
    c.ticket?.state ?? null,
    replyReady(c.draft),
    reasonReady(c.reason),
    c.pending?.kind ?? null,
    c.error !== null,
    c.notFound,
  ]);
};

type Where = 'idle' | 'loading' | 'failed' | 'ready' | 'closing' | 'moving';

function oracle(steps: Path['steps']) {
  let state: Where = 'idle';
  let id: number | null = null;
  let ticket: DeskTicket | null = null;
  let draft = '';
  let reason = '';
  let pending: DeskMoveRequest | null = null;
  let error: string | null = null;
  let notFoundShown = false;
  let notice: string | null = null;
  let movedCalls = 0;
  const loads: unknown[] = [];
  const moves: unknown[] = [];
  const load = () => {
    state = 'loading';
    loads.push({ id });
  };
  const send = (move: DeskMoveRequest) => {
    pending = move;
    state = 'moving';
    error = null;
    moves.push({ id, move });
  };
  for (const { event } of steps) {
    const e = event as { type: string; id?: number | null; text?: string; kind?: 'ask' | 'answer'; value?: string };
    switch (e.type) {
      case 'user.open':
        id = e.id ?? null;
        ticket = null;
        draft = reason = '';
        pending = error = notice = null;
        notFoundShown = false;
        if (id === null) state = 'idle';
        else load();
        break;
      case 'user.retry':
        if (state === 'failed') {
          error = null;
          notFoundShown = false;
          load();
        }
        break;
      case 'user.input':
        if (state === 'ready') {
          draft = e.text!;
          error = null;
        }
        break;
      case 'user.take':
        if (state === 'ready' && ticket!.state === 0) {
          notice = null;
          send({ kind: 'take' });
        }
        break;
      case 'user.process':
        if (state === 'ready' && ticket!.state === 1) {
          notice = null;
          send({ kind: 'process' });
        }
        break;
      case 'user.reply':
        if (state === 'ready' && ticket!.state === 1 && draft.trim() !== '') {
          notice = null;
          send({ kind: e.kind!, content: draft.trim() });
        }
        break;
      case 'user.close':
        if (state === 'ready' && ticket!.state !== 5) {
          state = 'closing';
          reason = '';
          error = notice = null;
        }
        break;
      case 'user.reason':
        if (state === 'closing') {
          reason = e.value!;
          error = null;
        }
        break;
      case 'user.confirm':
        if (state === 'closing' && reason.trim().length >= 2) send({ kind: 'close', reason: reason.trim() });
        break;
      case 'user.cancel':
        if (state === 'closing') {
          state = 'ready';
          reason = '';
          error = null;
        }
        break;
      case 'xstate.done.actor.loadTicket':
        state = 'ready';
        ticket = (event as unknown as { output: DeskTicket }).output;
        break;
      case 'xstate.error.actor.loadTicket': {
        const err = (event as unknown as { error: { code: number; msg: string } }).error;
        state = 'failed';
        error = err.msg;
        if (err.code === Code.NOT_FOUND) {
          ticket = null;
          notFoundShown = true;
        } else notice = null;
        break;
      }
      case 'xstate.done.actor.move': {
        const kind = pending!.kind;
        notice = MOVE_DONE[kind];
        if (kind === 'ask' || kind === 'answer') draft = '';
        reason = '';
        pending = null;
        movedCalls++;
        load();
        break;
      }
      case 'xstate.error.actor.move': {
        const err = (event as unknown as { error: { code: number; msg: string } }).error;
        error = err.msg;
        const kind = pending!.kind;
        pending = null;
        if (err.code === Code.ALREADY_DECIDED || err.code === Code.FEEDBACK_STATE_CONFLICT) {
          reason = '';
          movedCalls++;
          load();
        } else state = kind === 'close' ? 'closing' : 'ready';
        break;
      }
    }
  }
  return {
    state: state as Where,
    id,
    ticket,
    draft,
    reason,
    pending: pending as DeskMoveRequest | null,
    error,
    notFoundShown,
    notice,
    movedCalls,
    loads,
    moves,
  };
}

describePathTests({
  name: 'ticketDesk machine',
  machine: ticketDeskMachine,
  plans: [{ events }],
  serializeState,
  label: (e) =>
    e.type === 'xstate.done.actor.loadTicket'
      ? `state ${(e as unknown as { output: DeskTicket }).output.state}`
      : undefined,
  endStates: ['idle', 'loading', 'failed', 'ready', 'closing', 'moving'],
  async test({ path, stubs, drive }) {
    let movedCalls = 0;
    const actor = await drive(
      ticketDeskMachine.provide({
        actors: stubs.actors(['loadTicket', 'move']),
        actions: { moved: () => void movedCalls++ },
      }),
    );
    const snapshot = actor.getSnapshot() as TicketDeskSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toBe(want.state);
    expect(snapshot.context).toMatchObject({
      id: want.id,
      ticket: want.ticket,
      draft: want.draft,
      reason: want.reason,
      pending: want.pending,
      error: want.error,
      notFound: want.notFoundShown,
      notice: want.notice,
    });
    expect(stubs.inputs.loadTicket ?? []).toEqual(want.loads);
    expect(stubs.inputs.move ?? []).toEqual(want.moves);
    expect(movedCalls).toBe(want.movedCalls);

    const view = selectTicketDesk(snapshot);
    const inReady = want.state === 'ready';
    const t = want.ticket;
    const closingOpen = want.state === 'closing' || (want.state === 'moving' && want.pending?.kind === 'close');
    expect(view).toMatchObject({
      status:
        want.state === 'idle'
          ? 'idle'
          : want.state === 'failed'
            ? want.notFoundShown
              ? 'notFound'
              : 'error'
            : want.state === 'loading' && !t
              ? 'loading'
              : 'ready',
      busy: want.state === 'moving' ? want.pending!.kind : null,
      locked: want.state === 'moving' || want.state === 'loading',
      closing: closingOpen
        ? { reason: want.reason, busy: want.state === 'moving', error: want.state === 'closing' ? want.error : null }
        : null,
      error: closingOpen ? null : want.error,
      can: {
        take: inReady && t?.state === 0,
        process: inReady && t?.state === 1,
        ask: inReady && t?.state === 1 && want.draft.trim() !== '',
        answer: inReady && t?.state === 1 && want.draft.trim() !== '',
        close: inReady && t !== null && t.state !== 5,
      },
    });
  },
});

describe('ticketDesk rules', () => {
  it('a reply is 1 to REPLY_TEXT.max characters, spaces aside', () => {
    expect(replyReady('  ')).toBe(false);
    expect(replyReady('好')).toBe(true);
    expect(replyReady('字'.repeat(REPLY_TEXT.max))).toBe(true);
    expect(replyReady('字'.repeat(REPLY_TEXT.max + 1))).toBe(false);
  });
  it('a close reason follows the staff rule (at least 2 characters)', () => {
    expect(reasonReady('重')).toBe(false);
    expect(reasonReady(REASON)).toBe(true);
  });
});
