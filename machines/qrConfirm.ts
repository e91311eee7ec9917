import type { z } from 'zod';
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { Code } from '../openapi/codes';
import type { QrcodeConfirmResult, QrcodeScanResult, QrcodeStatus } from '../openapi/schemas/qrcode';
import { errorMessage, notProvided } from './shared';

/**
 * The phone side of QR login (`/qrcode/confirm?ticket=…`, spec §1): the member, logged in on the
 * phone, opens the URL of the desktop's QR code, sees which device asks, and confirms or refuses.
 *
 * Input: `{ ticket: string | null }` (the `ticket` query parameter; null or blank when missing).
 *
 * States
 * - `start`          transient: `scanning` with a ticket, else `missingTicket`.
 * - `missingTicket`  final: the URL carries no ticket (a damaged QR code); `error` says so.
 * - `scanning`       actor `scan` ({ ticket }, POST /v1/auth/qrcode/scan): the ticket becomes this
 *                    member's to decide. Done: `scanned` (device + expiry), or straight to
 *                    `confirmed` / `refused` / `expired` when the answer's status says so.
 *                    Error: `expired` when the server refuses the ticket (QRCODE_EXPIRED: expired,
 *                    already used, scanned by another account), else `failed`.
 * - `scanned`        the requesting device is shown; `user.confirm` → `confirming`,
 *                    `user.refuse` → `refusing`. Actor `expiry` ({ expiredAt }) sends
 *                    `timer.expired` when the code dies undecided → `expired`.
 * - `confirming`     actor `confirm` ({ ticket, approve: true }, POST /v1/auth/qrcode/confirm).
 * - `refusing`       actor `confirm` ({ ticket, approve: false }).
 *                    Both: done → the state the answer's status names (`confirmed`, `refused`,
 *                    `expired`; `waiting` / `scanned`: nothing was decided → `scanned`);
 *                    error → `expired` (QRCODE_EXPIRED) | `failed`.
 * - `confirmed`      final: the desktop logs in at its next poll.
 * - `refused`        final: the desktop will not log in.
 * - `expired`        final: the code expired or can no longer be used here; a new one is needed
 *                    on the desktop. `error` keeps the server's reason (the page's one place for it).
 * - `failed`         another failure (network, server); `user.retry` → `scanning` (a repeated scan
 *                    by the same member is accepted by the server).
 *
 * Events: `user.confirm`, `user.refuse`, `user.retry`, `timer.expired`; API answers arrive as the
 * invoked actors' done / error events.
 *
 * Tags: `busy` (scanning, confirming, refusing). Views ask `state.can({ type: 'user.confirm' })`
 * and `state.can({ type: 'user.retry' })`; `selectQrConfirmView(snapshot)` gives plain props.
 *
 * Context: `ticket`, `scan` (the scan answer: device and expiry, once scanned), `error` (zh-CN
 * message of the last failure, or of the missing ticket).
 *
 * Actors (the app provides them): `scan`, `confirm`; `expiry` (a real timer by default).
 */

export type QrScanResult = z.output<typeof QrcodeScanResult>;
export type QrConfirmResult = z.output<typeof QrcodeConfirmResult>;
export type QrTicketStatus = z.output<typeof QrcodeStatus>;

export interface QrConfirmInput {
  ticket: string | null;
}

export interface QrConfirmContext {
  ticket: string | null;
  scan: QrScanResult | null;
  error: string | null;
}

export type QrConfirmEvent =
  { type: 'user.confirm' } | { type: 'user.refuse' } | { type: 'user.retry' } | { type: 'timer.expired' };

export interface ScanInput {
  ticket: string;
}
export interface DecideInput {
  ticket: string;
  approve: boolean;
}
export interface ExpiryInput {
  /** Epoch ms at which the code dies. */
  expiredAt: number;
}

/** Shown when the URL has no ticket. */
export const MISSING_TICKET_MSG = '二维码内容不完整，请在电脑上刷新后重新扫描。';

/** The default `expiry`: one timer until `expiredAt` (at once when already past). */
const expiryTimer = fromCallback<{ type: 'noop' }, ExpiryInput>(({ sendBack, input }) => {
  const id = setTimeout(() => sendBack({ type: 'timer.expired' }), Math.max(0, input.expiredAt - Date.now()));
  return () => clearTimeout(id);
});

/** The server refused the ticket itself (expired, already used, another account's): a new code is needed. */
export function isTicketRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === Code.QRCODE_EXPIRED;
}

const ticketOf = (context: QrConfirmContext) => context.ticket ?? '';

/** An answer (scan or decision) whose ticket status is already final leads to that state. */
const finalAnswers = [
  { guard: { type: 'answerIs', params: { status: 'confirmed' } }, target: 'confirmed' },
  { guard: { type: 'answerIs', params: { status: 'refused' } }, target: 'refused' },
  { guard: { type: 'answerIs', params: { status: 'expired' } }, target: 'expired' },
] as const;

/** A failed request: the ticket refused (→ `expired`) or anything else (→ `failed`). */
const failure = [
  { guard: 'ticketRefused', target: 'expired', actions: 'rememberError' },
  { target: 'failed', actions: 'rememberError' },
] as const;

const qrConfirmSetup = setup({
  types: {} as { input: QrConfirmInput; context: QrConfirmContext; events: QrConfirmEvent; tags: 'busy' },
  actors: {
    scan: fromPromise<QrScanResult, ScanInput>(notProvided('qrConfirmMachine', 'scan')),
    confirm: fromPromise<QrConfirmResult, DecideInput>(notProvided('qrConfirmMachine', 'confirm')),
    expiry: expiryTimer,
  },
  guards: {
    hasTicket: ({ context }) => !!context.ticket,
    answerIs: ({ event }, params: { status: QrTicketStatus }) =>
      (event as { output?: { status?: unknown } }).output?.status === params.status,
    ticketRefused: ({ event }) => isTicketRefusal((event as { error?: unknown }).error),
  },
  actions: {
    rememberError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
  },
});

/** 确认登录 (`approve`) or 取消登录 sent for the ticket: a final answer, back to `scanned`, or a failure. */
const deciding = (approve: boolean) =>
  qrConfirmSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'confirm',
      src: 'confirm',
      input: ({ context }) => ({ ticket: ticketOf(context), approve }),
      onDone: [...finalAnswers, { target: 'scanned' }],
      onError: [...failure],
    },
  });

export const qrConfirmMachine = qrConfirmSetup.createMachine({
  id: 'qrConfirm',
  context: ({ input }) => ({ ticket: input.ticket?.trim() || null, scan: null, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasTicket', target: 'scanning' }, { target: 'missingTicket' }],
    },
    missingTicket: {
      type: 'final',
      entry: assign({ error: MISSING_TICKET_MSG }),
    },
    scanning: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'scan',
        src: 'scan',
        input: ({ context }) => ({ ticket: ticketOf(context) }),
        onDone: [...finalAnswers, { target: 'scanned', actions: assign({ scan: ({ event }) => event.output }) }],
        onError: [...failure],
      },
    },
    scanned: {
      invoke: {
        id: 'expiry',
        src: 'expiry',
        input: ({ context }) => ({ expiredAt: context.scan?.expiredAt ?? 0 }),
      },
      on: {
        'user.confirm': { target: 'confirming' },
        'user.refuse': { target: 'refusing' },
        'timer.expired': { target: 'expired' },
      },
    },
    confirming: deciding(true),
    refusing: deciding(false),
    confirmed: { type: 'final' },
    refused: { type: 'final' },
    expired: { type: 'final' },
    failed: {
      on: { 'user.retry': { target: 'scanning' } },
    },
  },
});

export type QrConfirmSnapshot = SnapshotFrom<typeof qrConfirmMachine>;
export type QrConfirmActor = ActorRefFrom<typeof qrConfirmMachine>;

/** What the page shows, as one name (the view's `status`). */
export type QrConfirmViewStatus =
  'loading' | 'scanned' | 'confirming' | 'refusing' | 'confirmed' | 'refused' | 'expired' | 'error';

/** The requesting desktop, in the view's words. */
export interface QrConfirmDevice {
  browser: string;
  os: string;
  ip: string;
  time: string;
}

/** Plain props of the confirm view. */
export interface QrConfirmView {
  status: QrConfirmViewStatus;
  device: QrConfirmDevice | null;
  /** 确认登录 / 取消 are enabled: `state.can({ type: 'user.confirm' })`. */
  canDecide: boolean;
  /** A retry is offered: `state.can({ type: 'user.retry' })`. */
  canRetry: boolean;
  error: string | null;
}

const TIME = new Intl.DateTimeFormat('zh-CN', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** When the desktop asked, as shown on the device card. */
export function formatRequestedAt(ms: number): string {
  return TIME.format(ms);
}

function qrConfirmStatus(snapshot: QrConfirmSnapshot): QrConfirmViewStatus {
  const v = snapshot.value;
  switch (v) {
    case 'start':
    case 'scanning':
      return 'loading';
    case 'missingTicket':
    case 'failed':
      return 'error';
    default:
      return v;
  }
}

export function selectQrConfirmView(snapshot: QrConfirmSnapshot): QrConfirmView {
  const { scan, error } = snapshot.context;
  const status = qrConfirmStatus(snapshot);
  return {
    status,
    device: scan
      ? {
          browser: scan.device.browser,
          os: scan.device.os,
          ip: scan.device.ip,
          time: formatRequestedAt(scan.device.requestedAt),
        }
      : null,
    canDecide: snapshot.can({ type: 'user.confirm' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    error: status === 'error' ? error : null,
  };
}
