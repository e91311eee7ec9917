import { and, assign, or, sendTo, stateIn, type SnapshotFrom } from 'xstate';
import { RESEND_SECONDS } from '../shared';
import { selectSmsCode } from '../smsCode';
import { callback } from './callback';
import { passwordLogin } from './password';
import { qrcodeLogin } from './qrcode';
import { register } from './register';
import { reset } from './reset';
import { loginSetup, sceneOf } from './setup';
import { smsLogin } from './sms';
import { succeeded } from './submit';

/**
 * Every way in (spec §1): SMS code, password, QR code, social callback → bind or register, plus
 * registration (`mode: 'register'`) and forgot password (`mode: 'reset'`). Each mode's states
 * are in their own file; the SMS code button is the `smsCode` child machine, invoked for the
 * machine's whole life, so its 60 s countdown survives switching between SMS and password.
 *
 * Input: `{ mode?: 'login' | 'register' | 'reset' | 'callback' (default login),
 *           method?: 'sms' | 'password' | 'qrcode' (login's first tab, default sms),
 *           inviteCode?, taskHashId?, callback?: { platform, code, state }, resendSeconds? (60) }`
 *
 * States
 * - `flow.start`        transient: picks the mode / method below
 * - `flow.login.sms` / `.password` / `.qrcode`   login tabs (sms.ts, password.ts, qrcode.ts);
 *                       `.password.locked` counts LOGIN_LOCKED's wait down (`lockSeconds`)
 * - `flow.register`     register.ts
 * - `flow.reset`        reset.ts
 * - `flow.callback`     social callback and bind (callback.ts)
 * - `flow.succeeded`    logged in: entry action `completeLogin(result)` (save + `session.loggedIn`)
 *
 * The code button: `user.requestCode` is allowed when the mobile is valid, the form has a code
 * field and the `smsCode` child is idle; it is forwarded to the child with the form's scene. The
 * child's countdown, sending flag and failures are mirrored into `ticks`, `sendingCode`,
 * `codeReady`, `codeSentTo` (where the last code went, masked) and `error`.
 *
 * Events: `user.input { field, value }`, `user.agree { agreed }`, `user.switchMethod { method }`,
 * `user.requestCode`, `user.submit`, `user.refreshQr`, `user.chooseBind { choice }`,
 * `qr.status { status, login? }`, `lock.tick` (from `lockTicker`); API answers arrive as the invoked actors' done / error events.
 *
 * Tags: `busy` (a submit, QR fetch, callback exchange or bind in flight), `locked` (password
 * login counting LOGIN_LOCKED's wait down), `succeeded` (the code
 * child has `sendingCode` and `canResend`). Views ask `state.can({ type: 'user.submit' })` /
 * `state.can({ type: 'user.requestCode' })`; `selectLoginView(snapshot)` gives plain props.
 *
 * Actors (the app provides them; encryption of mobile / code happens there): `smsCode` (with its
 * `sendCode`), `login`, `register`, `resetPassword`, `fetchQr`, `pollQr`, `exchangeCallback`,
 * `bind`, and `lockTicker` (the password lock's 1 s ticker, provided). Action: `completeLogin`.
 */

/** The forms with a code field. */
const codeForms = or([
  stateIn('#smsEditing'),
  stateIn('#registerEditing'),
  stateIn('#resetEditing'),
  stateIn('#bindEditing'),
]);

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: ({ input }) => ({
    mode: input.mode ?? 'login',
    method: input.method ?? 'sms',
    mobile: '',
    code: '',
    password: '',
    passwordConfirm: '',
    inviteCode: input.inviteCode ?? '',
    agreed: false,
    taskHashId: input.taskHashId ?? null,
    ticks: 0,
    sendingCode: false,
    codeReady: true,
    codeSentTo: null,
    lockSeconds: 0,
    resendSeconds: input.resendSeconds ?? RESEND_SECONDS,
    error: null,
    qr: null,
    qrStatus: null,
    callback: input.callback ?? null,
    bindTicket: null,
    bindChoice: 'bind',
    result: null,
  }),
  invoke: {
    id: 'smsCode',
    src: 'smsCode',
    input: ({ context }) => ({ resendSeconds: context.resendSeconds }),
    onSnapshot: {
      actions: assign(({ context, event }) => {
        const code = selectSmsCode(event.snapshot);
        // A send that just failed shows its message on the form, like any other refusal.
        const failed = context.sendingCode && !code.sending && code.error !== null;
        return {
          ticks: code.secondsLeft,
          sendingCode: code.sending,
          codeReady: code.canSend,
          codeSentTo: code.sentTo,
          error: failed ? code.error : context.error,
        };
      }),
    },
  },
  on: {
    'user.input': { actions: 'setField' },
    'user.agree': { actions: assign({ agreed: ({ event }) => event.agreed, error: null }) },
    'user.requestCode': {
      guard: and(['mobileValid', 'codeReady', codeForms]),
      actions: [
        assign({ error: null }),
        sendTo('smsCode', ({ context }) => ({
          type: 'user.requestCode' as const,
          request: { mobile: context.mobile, scene: sceneOf(context) },
        })),
      ],
    },
  },
  initial: 'flow',
  states: {
    flow: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: { type: 'isMode', params: { mode: 'register' } }, target: 'register' },
            { guard: { type: 'isMode', params: { mode: 'reset' } }, target: 'reset' },
            { guard: { type: 'isMode', params: { mode: 'callback' } }, target: 'callback' },
            { guard: { type: 'isMethod', params: { method: 'password' } }, target: 'login.password' },
            { guard: { type: 'isMethod', params: { method: 'qrcode' } }, target: 'login.qrcode' },
            { target: 'login.sms' },
          ],
        },
        login: {
          initial: 'sms',
          states: { sms: smsLogin, password: passwordLogin, qrcode: qrcodeLogin },
        },
        register,
        reset,
        callback,
        succeeded,
      },
    },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
