import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { RESEND_SECONDS, errorMessage, notProvided, secondTicker } from './shared';

/**
 * The 获取验证码 button of any "send a code" form, as a child machine: sends a code, then counts
 * the resend window down. Login, register, password reset, social bind and the payout-account
 * fix all use it; a parent invokes it (or a container runs it alone) and forwards the request.
 *
 * Input: `{ resendSeconds? }` — the countdown when the server names none (default 60 s; e2e
 * passes a shorter one).
 *
 * States
 * - `idle`       `user.requestCode { request }` → `sending` (tag `canResend`)
 * - `sending`    actor `sendCode` (request) → `countdown` | idle + `error` (tag `sendingCode`)
 * - `countdown`  actor `ticker` sends `timer.tick` every second; `secondsLeft` counts down to 0 → `idle`
 *
 * Context: `secondsLeft`, `resendSeconds`, `sent` (a code went out at least once), `sentTo`
 * (where the last code went, masked as the server says it: 139****1234), `error` (zh-CN message
 * of the last failed send, cleared by the next request).
 */

/** What the app's sender answers. */
export interface SendCodeOutput {
  /** Seconds until the server accepts another send; 0 or absent → `resendSeconds`. */
  resendAfter?: number;
  /** Where the code went, masked (139****1234). */
  to?: string;
}

/**
 * What the sender needs: the form's mobile or e-mail address (when it has one), the server's
 * scene, and a verify ticket when the send needs one (a new mobile: the old number's).
 */
export interface SmsCodeRequest {
  mobile?: string;
  email?: string;
  verifyTicket?: string;
  scene: string;
}

export interface SmsCodeInput {
  resendSeconds?: number;
}

export interface SmsCodeContext {
  secondsLeft: number;
  resendSeconds: number;
  sent: boolean;
  sentTo: string | null;
  error: string | null;
}

export type SmsCodeEvent = { type: 'user.requestCode'; request: SmsCodeRequest } | { type: 'timer.tick' };

export const smsCodeMachine = setup({
  types: {} as {
    input: SmsCodeInput;
    context: SmsCodeContext & { request: SmsCodeRequest | null };
    events: SmsCodeEvent;
    tags: 'canResend' | 'sendingCode';
  },
  actors: {
    sendCode: fromPromise<SendCodeOutput, SmsCodeRequest>(notProvided('smsCodeMachine', 'sendCode')),
    ticker: secondTicker,
  },
  guards: {
    moreTicks: ({ context }) => context.secondsLeft > 1,
  },
}).createMachine({
  id: 'smsCode',
  context: ({ input }) => ({
    secondsLeft: 0,
    resendSeconds: input.resendSeconds ?? RESEND_SECONDS,
    sent: false,
    sentTo: null,
    error: null,
    request: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['canResend'],
      on: {
        'user.requestCode': {
          target: 'sending',
          actions: assign({ request: ({ event }) => event.request, error: null }),
        },
      },
    },
    sending: {
      tags: ['sendingCode'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'countdown',
          actions: assign({
            sent: true,
            sentTo: ({ event }) => event.output?.to ?? null,
            secondsLeft: ({ context, event }) =>
              event.output?.resendAfter && event.output.resendAfter > 0
                ? event.output.resendAfter
                : context.resendSeconds,
          }),
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    countdown: {
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [
          { guard: 'moreTicks', actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
          { target: 'idle', actions: assign({ secondsLeft: 0 }) },
        ],
      },
    },
  },
});

export type SmsCodeSnapshot = SnapshotFrom<typeof smsCodeMachine>;

/** Plain props of the code button. */
export interface SmsCodeView {
  /** 获取验证码 may be pressed (as far as the countdown goes; the form adds its own fields). */
  canSend: boolean;
  sending: boolean;
  /** Seconds until 重新发送 (0: not counting down). */
  secondsLeft: number;
  /** A code went out at least once (the button says 重新发送). */
  sent: boolean;
  /** Where the last code went, masked (验证码已发送至 139****1234); null before one went out. */
  sentTo: string | null;
  error: string | null;
}

export function selectSmsCode(snapshot: SmsCodeSnapshot): SmsCodeView {
  return {
    canSend: snapshot.hasTag('canResend'),
    sending: snapshot.hasTag('sendingCode'),
    secondsLeft: snapshot.matches('countdown') ? snapshot.context.secondsLeft : 0,
    sent: snapshot.context.sent,
    sentTo: snapshot.context.sentTo,
    error: snapshot.context.error,
  };
}

/**
 * What a form machine that invokes this one keeps of its button (the personal centre's changes):
 * mirrored from the child's snapshots by {@link mirrorSmsCode}.
 */
export interface CodeButtonContext {
  /** Seconds until 重新发送 (0: not counting down). */
  codeTicks: number;
  sendingCode: boolean;
  /** The child accepts a request (not sending, not counting down). */
  codeReady: boolean;
  /** A code went out at least once from this child. */
  codeSent: boolean;
  codeSentTo: string | null;
}

/** A child that has sent nothing yet (a form opening, or a new step with its own button). */
export const IDLE_CODE_BUTTON: CodeButtonContext = {
  codeTicks: 0,
  sendingCode: false,
  codeReady: true,
  codeSent: false,
  codeSentTo: null,
};

/**
 * The parent's new context from a child snapshot: the button's fields, and `error` set to the
 * failed send's message when a send just failed (shown where the form's other refusals go).
 */
export function mirrorSmsCode<C extends CodeButtonContext & { error: string | null }>(
  context: C,
  snapshot: SmsCodeSnapshot,
): CodeButtonContext & { error: string | null } {
  const code = selectSmsCode(snapshot);
  const failed = context.sendingCode && !code.sending && code.error !== null;
  return {
    codeTicks: code.secondsLeft,
    sendingCode: code.sending,
    codeReady: code.canSend,
    codeSent: code.sent,
    codeSentTo: code.sentTo,
    error: failed ? code.error : context.error,
  };
}

/** What every form with a code button shows besides its own fields (the personal centre's panels). */
export interface CodeFormView {
  /** The last refusal (a failed send or submit), zh-CN. */
  error: string | null;
  /** A request of the form is in flight. */
  busy: boolean;
  /** Seconds until the code may be sent again (0: now). */
  countdown: number;
  sendingCode: boolean;
  codeSent: boolean;
  codeSentTo: string | null;
  canRequestCode: boolean;
  canSubmit: boolean;
  canCancel: boolean;
  canClose: boolean;
}

type CodeFormEvent =
  { type: 'user.requestCode' } | { type: 'user.submit' } | { type: 'user.cancel' } | { type: 'user.close' };

/** A snapshot of a form machine that mirrors its button (tag `busy`, events of {@link CodeFormEvent}). */
interface CodeFormSnapshot {
  context: CodeButtonContext & { error: string | null };
  hasTag(tag: 'busy'): boolean;
  can(event: CodeFormEvent): boolean;
}

export function selectCodeForm(snapshot: CodeFormSnapshot): CodeFormView {
  const c = snapshot.context;
  return {
    error: c.error,
    busy: snapshot.hasTag('busy'),
    countdown: c.codeTicks,
    sendingCode: c.sendingCode,
    codeSent: c.codeSent,
    codeSentTo: c.codeSentTo,
    canRequestCode: snapshot.can({ type: 'user.requestCode' }),
    canSubmit: snapshot.can({ type: 'user.submit' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canClose: snapshot.can({ type: 'user.close' }),
  };
}
