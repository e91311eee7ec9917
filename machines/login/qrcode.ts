import { assign, fromCallback } from 'xstate';
import { loginSetup } from './setup';
import { switchTo } from './submit';
import type { LoginResult, PollQrInput, QrStatus } from './types';

/** The desktop polls the QR ticket this often. */
const QR_POLL_INTERVAL_MS = 2000;

/**
 * QR polling as a callback actor: asks `check(ticket)` every `interval` ms and sends each answer
 * as `qr.status`; a failed check is retried at the next tick. Stopping the actor (leaving the
 * state) clears the timer and aborts the request in flight.
 */
export function createQrPoller(
  check: (ticket: string, signal: AbortSignal) => Promise<{ status: QrStatus; login?: LoginResult | null }>,
) {
  return fromCallback<{ type: 'noop' }, PollQrInput>(({ sendBack, input }) => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const schedule = () => {
      if (!stopped) timer = setTimeout(poll, input.interval);
    };
    const poll = async () => {
      controller = new AbortController();
      try {
        const answer = await check(input.ticket, controller.signal);
        if (!stopped) sendBack({ type: 'qr.status', status: answer.status, login: answer.login ?? null });
      } catch {
        // a network blip: try again at the next tick
      }
      schedule();
    };
    schedule();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      controller?.abort();
    };
  });
}

/** A `qr.status` answer that moves the code to `target`. */
const onQrStatus = (status: Exclude<QrStatus, 'confirmed'>, target: string) => ({
  guard: { type: 'qrIs' as const, params: { status } },
  target,
  actions: { type: 'setQrStatus' as const, params: { status } },
});

/**
 * Login by QR code, confirmed on the phone.
 * - `fetching`          actor `fetchQr` → `showing` (ticket in `qr`) | `failed`
 * - `showing.waiting`   QR shown; actor `pollQr` (every 2 s, stopped on leaving) sends `qr.status`
 * - `showing.scanned`   the phone scanned it, waiting for its confirmation
 *                       (`qr.status confirmed` with `login` → `#succeeded`)
 * - `refused` / `expired` / `failed`   the phone refused, the ticket expired, or none could be
 *                       fetched; `user.refreshQr` → `fetching`
 */
export const qrcodeLogin = loginSetup.createStateConfig({
  id: 'loginQrcode',
  entry: assign({ method: 'qrcode', error: null }),
  initial: 'fetching',
  on: { 'user.switchMethod': switchTo('sms', 'password') },
  states: {
    fetching: {
      tags: ['busy'],
      entry: assign({ qr: null, qrStatus: null, error: null }),
      invoke: {
        id: 'fetchQr',
        src: 'fetchQr',
        onDone: { target: 'showing', actions: assign({ qr: ({ event }) => event.output, qrStatus: 'waiting' }) },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    showing: {
      initial: 'waiting',
      invoke: {
        id: 'pollQr',
        src: 'pollQr',
        input: ({ context }) => ({ ticket: context.qr?.ticket ?? '', interval: QR_POLL_INTERVAL_MS }),
      },
      on: {
        'qr.status': [
          {
            guard: 'qrConfirmed',
            target: '#succeeded',
            actions: assign(({ event }) => ({ qrStatus: 'confirmed' as const, result: event.login ?? null })),
          },
          onQrStatus('scanned', '.scanned'),
          onQrStatus('waiting', '.waiting'),
          onQrStatus('refused', 'refused'),
          onQrStatus('expired', 'expired'),
        ],
      },
      states: {
        /** Shown, nobody has scanned it yet. */
        waiting: {},
        /** Scanned on the phone; waiting for 确认登录 there. */
        scanned: {},
      },
    },
    refused: { on: { 'user.refreshQr': { target: 'fetching' } } },
    expired: { on: { 'user.refreshQr': { target: 'fetching' } } },
    failed: { on: { 'user.refreshQr': { target: 'fetching' } } },
  },
});
