import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  MISSING_TICKET_MSG,
  formatRequestedAt,
  isTicketRefusal,
  qrConfirmMachine,
  selectQrConfirmView,
  type DecideInput,
  type QrConfirmInput,
  type QrConfirmResult,
  type QrConfirmSnapshot,
  type QrConfirmView,
  type QrScanResult,
} from '../../machines/qrConfirm';
import { ApiError } from '../../src/api/errors';
import { answers, Stubs, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the phone-side QR confirm machine (DESIGN §6): every state and transition
 * on some path, the view props checked against an oracle at the end of each path; then the real
 * expiry timer and the error classification.
 */

const TICKET = 'qr_7f3a9c2e5b814d6a';
const REQUESTED_AT = Date.UTC(2024, 4, 1, 6, 3);
const scanned: QrScanResult = {
  status: 'scanned',
  device: {
    browser: 'Chrome 120',
    os: 'Windows 10/11',
    description: 'Windows 10/11 上的 Chrome 120',
    ip: '116.23.*.*',
    requestedAt: REQUESTED_AT,
  },
  expiredAt: REQUESTED_AT + 120_000,
};
const expiredError = { code: 1111, msg: '该二维码已被其他账号扫描，请在电脑上刷新二维码' };
const networkError = { code: 0, msg: '' };

const events: ModelEvent[] = [
  { type: 'user.confirm' },
  { type: 'user.refuse' },
  { type: 'user.retry' },
  { type: 'timer.expired' },
  ...answers(
    'scan',
    [
      scanned,
      { ...scanned, status: 'confirmed' },
      { ...scanned, status: 'refused' },
      { ...scanned, status: 'expired' },
    ],
    [expiredError, networkError],
  ),
  ...answers(
    'confirm',
    [{ status: 'confirmed' }, { status: 'refused' }, { status: 'expired' }, { status: 'scanned' }],
    [expiredError, { code: 500, msg: '服务器开小差了，请稍后再试' }],
  ),
];

const inputs: Array<[string, QrConfirmInput]> = [
  ['with a ticket', { ticket: TICKET }],
  ['without a ticket', { ticket: null }],
  ['with a blank ticket', { ticket: '  ' }],
];

/** What the view must show after a path, worked out from the events alone. */
function oracle(input: QrConfirmInput, steps: Path['steps']): QrConfirmView & { approve: boolean | null } {
  if (!input.ticket?.trim()) {
    return {
      status: 'error',
      device: null,
      canDecide: false,
      canRetry: false,
      error: MISSING_TICKET_MSG,
      approve: null,
    };
  }
  let status: QrConfirmView['status'] = 'loading';
  let device: QrConfirmView['device'] = null;
  let error: string | null = null;
  let approve: boolean | null = null;
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.confirm':
      case 'user.refuse':
        approve = event.type === 'user.confirm';
        status = approve ? 'confirming' : 'refusing';
        break;
      case 'user.retry':
        status = 'loading';
        error = null;
        break;
      case 'timer.expired':
        status = 'expired';
        break;
      case 'xstate.done.actor.scan':
      case 'xstate.done.actor.confirm': {
        const answer = (event.output as { status: string }).status;
        if (answer === 'confirmed' || answer === 'refused' || answer === 'expired') status = answer;
        else {
          status = 'scanned';
          if (event.type === 'xstate.done.actor.scan') {
            const d = (event.output as QrScanResult).device;
            device = { browser: d.browser, os: d.os, ip: d.ip, time: formatRequestedAt(d.requestedAt) };
          }
        }
        break;
      }
      case 'xstate.error.actor.scan':
      case 'xstate.error.actor.confirm': {
        const e = event.error as { code: number; msg: string };
        error = e.msg || '网络错误，请稍后重试';
        status = e.code === 1111 ? 'expired' : 'error';
        break;
      }
    }
  }
  return {
    status,
    device,
    canDecide: status === 'scanned',
    canRetry: status === 'error',
    error: status === 'error' ? error : null,
    approve,
  };
}

describePathTests({
  name: 'qrConfirm machine',
  machine: qrConfirmMachine,
  plans: inputs.map(([name, input]) => ({ name, input, events })),
  // The answers spelled out: `done:scan[confirmed]`, `error:confirm[1111]`.
  label: (event) => ('output' in event ? (event.output as { status: string }).status : undefined),
  fromCallback: { 'timer.expired': 'expiry' },
  async test({ path, input, stubs, drive }) {
    const actor = await drive(
      qrConfirmMachine.provide({
        actors: stubs.actors(['scan', 'confirm'], ['expiry']),
      }),
    );
    const snapshot = actor.getSnapshot() as QrConfirmSnapshot;
    const { approve, ...want } = oracle(input, path.steps);
    const view = selectQrConfirmView(snapshot);

    expect(view).toEqual(want);
    // Busy exactly while a request is in flight.
    expect(snapshot.hasTag('busy')).toBe(['loading', 'confirming', 'refusing'].includes(view.status));
    // Every request carries the URL's ticket; a decision carries what the member chose.
    for (const i of stubs.inputs.scan ?? []) expect(i).toEqual({ ticket: TICKET });
    if (approve !== null) expect(stubs.inputs.confirm?.at(-1)).toEqual({ ticket: TICKET, approve });
    if (!input.ticket?.trim()) expect(stubs.started.scan ?? 0).toBe(0);
    // The expiry timer runs exactly while the device is shown undecided, until the scan's expiry.
    expect(stubs.isRunning('expiry')).toBe(view.status === 'scanned');
    // The outcomes are final: nothing more to decide or retry.
    expect(snapshot.status === 'done').toBe(
      ['confirmed', 'refused', 'expired'].includes(view.status) || view.error === MISSING_TICKET_MSG,
    );
  },
});

describe('qrConfirm rules', () => {
  afterEach(() => vi.useRealTimers());

  it('expires an undecided code at expiredAt (real expiry timer, fake clock)', async () => {
    vi.useFakeTimers({ now: REQUESTED_AT });
    const machine = qrConfirmMachine.provide({ actors: { scan: fromPromise(async () => scanned) } });
    const actor = createActor(machine, { input: { ticket: TICKET } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectQrConfirmView(actor.getSnapshot()).status).toBe('scanned');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(selectQrConfirmView(actor.getSnapshot()).canDecide).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectQrConfirmView(actor.getSnapshot())).toMatchObject({ status: 'expired', canDecide: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops the expiry timer once the member decides', async () => {
    vi.useFakeTimers({ now: REQUESTED_AT });
    const machine = qrConfirmMachine.provide({
      actors: {
        scan: fromPromise(async () => scanned),
        confirm: fromPromise<QrConfirmResult, DecideInput>(() => new Promise(() => {})),
      },
    });
    const actor = createActor(machine, { input: { ticket: TICKET } }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.confirm' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(selectQrConfirmView(actor.getSnapshot()).status).toBe('confirming');
  });

  it('tells a refused ticket (QRCODE_EXPIRED) from other failures', () => {
    const apiError = (code: number) =>
      new ApiError({ code, msg: 'x', httpStatus: code === 0 ? 0 : 200, behaviour: 'toast', silent: false });
    expect(isTicketRefusal(apiError(1111))).toBe(true);
    expect(isTicketRefusal(apiError(0))).toBe(false);
    expect(isTicketRefusal(apiError(500))).toBe(false);
    expect(isTicketRefusal(new Error('boom'))).toBe(false);
    expect(isTicketRefusal(null)).toBe(false);
  });

  it('a failed confirm can be retried: the ticket is scanned again', async () => {
    const stubs = new Stubs();
    const actor = createActor(
      qrConfirmMachine.provide({
        actors: stubs.actors(['scan', 'confirm'], ['expiry']),
      }),
      { input: { ticket: ` ${TICKET} ` } },
    ).start();
    stubs.settle('scan', { output: scanned });
    await flush();
    actor.send({ type: 'user.refuse' });
    expect(actor.getSnapshot().can({ type: 'user.confirm' })).toBe(false);
    stubs.settle('confirm', { error: networkError });
    await flush();
    expect(selectQrConfirmView(actor.getSnapshot())).toMatchObject({
      status: 'error',
      canRetry: true,
      error: '网络错误，请稍后重试',
    });
    actor.send({ type: 'user.retry' });
    expect(selectQrConfirmView(actor.getSnapshot())).toMatchObject({ status: 'loading', error: null });
    expect(stubs.inputs.scan).toEqual([{ ticket: TICKET }, { ticket: TICKET }]);
    expect(stubs.inputs.confirm).toEqual([{ ticket: TICKET, approve: false }]);
  });
});
