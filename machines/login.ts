import type { z } from 'zod';
import {
  and,
  assign,
  fromCallback,
  fromPromise,
  or,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { LoginResult as LoginResultSchema } from '../openapi/schemas/auth';
import type { QrcodeTicket } from '../openapi/schemas/qrcode';
import type { SnsBindTicket } from '../openapi/schemas/social';
import { isCode, isMobile } from '../openapi/rules/mobile';

/**
 * Every way in (spec §1, issue 3): SMS code, password, QR code, social callback → bind or
 * register, plus registration (`mode: 'register'`) and forgot password (`mode: 'reset'`).
 * One machine, two parallel regions: `flow` (the form) and `code` (the SMS code button, whose
 * 60 s countdown survives switching between SMS and password).
 *
 * Input: `{ mode?: 'login' | 'register' | 'reset' | 'callback' (default login),
 *           method?: 'sms' | 'password' | 'qrcode' (login's first tab, default sms),
 *           inviteCode?, taskHashId?, callback?: { platform, code, state }, resendSeconds? (60) }`
 *
 * States (`flow` region)
 * - `flow.start`                          transient: picks the mode / method below.
 * - `flow.login.sms.editing`              mobile + code; `user.submit` when both valid
 * - `flow.login.sms.submitting`           actor `login` ({ method: 'sms', mobile, code }) → `flow.succeeded` | back to editing with `error`
 * - `flow.login.password.editing`         mobile + password; `user.submit` when valid
 * - `flow.login.password.submitting`      actor `login` ({ method: 'password', ... }) → `flow.succeeded` | editing + `error`
 * - `flow.login.qrcode.fetching`          actor `fetchQr` → `showing` (ticket in `qr`) | `failed`
 * - `flow.login.qrcode.showing.waiting`   QR shown; actor `pollQr` (fromCallback, every 2 s, stopped on leaving) sends `qr.status`
 * - `flow.login.qrcode.showing.scanned`   the phone scanned it, waiting for its confirmation
 *   (`qr.status confirmed` with `login` → `flow.succeeded`)
 * - `flow.login.qrcode.refused`           the phone refused      } `user.refreshQr` → `fetching`
 * - `flow.login.qrcode.expired`           the ticket expired     }
 * - `flow.login.qrcode.failed`            the ticket could not be fetched }
 * - `flow.register.editing` / `.submitting`   mobile + code (+ optional password, invite code) + agreement → actor `register`
 * - `flow.reset.editing` / `.submitting` / `.done`   mobile + code + new password (twice) → actor `resetPassword`
 * - `flow.callback.exchanging`            actor `exchangeCallback` ({ platform, code, state }) →
 *                                         `flow.succeeded` (account bound) | `needsBind` | `failed`
 * - `flow.callback.failed`                the callback could not be exchanged (expired / replayed `state`)
 * - `flow.callback.needsBind.editing`     choose `bind` (an existing account, by SMS) or `register` (new
 *                                         account, agreement needed); mobile + code
 * - `flow.callback.needsBind.binding`     actor `bind` → `flow.succeeded` | editing + `error`
 * - `flow.succeeded`                      logged in: entry action `completeLogin(result)` (save + `session.loggedIn`)
 *
 * States (`code` region)
 * - `code.idle`       `user.requestCode` allowed when the mobile is valid and the form has a code field (tag `canResend`)
 * - `code.sending`    actor `sendCode` ({ mobile, scene }) → `countdown` | idle + `error` (tag `sendingCode`)
 * - `code.countdown`  actor `ticker` sends `timer.tick` every second; `ticks` counts down to 0 → `idle`
 *
 * Events: `user.input { field, value }`, `user.agree { agreed }`, `user.switchMethod { method }`,
 * `user.requestCode`, `user.submit`, `user.refreshQr`, `user.chooseBind { choice }`, `timer.tick`,
 * `qr.status { status, login? }`; API answers arrive as the invoked actors' done / error events.
 *
 * Tags: `busy` (a submit, QR fetch, callback exchange or bind in flight), `sendingCode`, `canResend`,
 * `succeeded`. Views ask `state.can({ type: 'user.submit' })` / `state.can({ type: 'user.requestCode' })`
 * instead of re-checking fields; `selectLoginView(snapshot)` gives plain props.
 *
 * Context: `mode`, `method`, `mobile`, `code`, `password`, `passwordConfirm`, `inviteCode`, `agreed`,
 * `taskHashId`, `ticks` (seconds until a code may be requested again), `resendSeconds`, `error`
 * (zh-CN message of the last refusal, cleared by input), `qr` (ticket), `qrStatus`, `callback`,
 * `bindTicket`, `bindChoice`, `result` (LoginResult once succeeded).
 *
 * Actors (the app provides them; encryption of mobile / code happens there):
 * `sendCode`, `login`, `register`, `resetPassword`, `fetchQr`, `pollQr`, `exchangeCallback`, `bind`,
 * `ticker` (a real 1 s interval by default). Action: `completeLogin`.
 */

export type LoginResult = z.output<typeof LoginResultSchema>;
export type QrTicket = z.output<typeof QrcodeTicket>;
export type BindTicket = z.output<typeof SnsBindTicket>;

export type LoginMode = 'login' | 'register' | 'reset' | 'callback';
export type LoginMethod = 'sms' | 'password' | 'qrcode';
export type QrStatus = 'waiting' | 'scanned' | 'confirmed' | 'refused' | 'expired';
export type CodeScene = 'login' | 'register' | 'reset' | 'bind';
export type SocialPlatform = 'wechat' | 'qq' | 'weibo' | 'alipay';
export type BindChoice = 'bind' | 'register';
export type LoginField = 'mobile' | 'code' | 'password' | 'passwordConfirm' | 'inviteCode';

/** Seconds before another SMS code may be requested. */
export const RESEND_SECONDS = 60;
/** The desktop polls the QR ticket this often. */
export const QR_POLL_INTERVAL_MS = 2000;

/* ---- input rules (the machine's guards; views ask `state.can`) ---- */

/** A new password: 8–20 printable characters with at least one letter and one digit. */
export const NEW_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const isNewPassword = (v: string) => NEW_PASSWORD_RE.test(v);
/** A login password: anything from 1 to 64 characters (the contract's bounds). */
export const isLoginPassword = (v: string) => v.length >= 1 && v.length <= 64;
/** An invite code is optional; when given, 4–32 characters. */
export const isInviteCodeOk = (v: string) => v.trim() === '' || (v.trim().length >= 4 && v.trim().length <= 32);

export interface CallbackParams {
  platform: SocialPlatform;
  code: string;
  state: string;
}

export interface LoginInput {
  mode?: LoginMode;
  method?: LoginMethod;
  inviteCode?: string;
  taskHashId?: string | null;
  callback?: CallbackParams | null;
  resendSeconds?: number;
}

export interface LoginContext {
  mode: LoginMode;
  method: LoginMethod;
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
  inviteCode: string;
  agreed: boolean;
  taskHashId: string | null;
  ticks: number;
  resendSeconds: number;
  error: string | null;
  qr: QrTicket | null;
  qrStatus: QrStatus | null;
  callback: CallbackParams | null;
  bindTicket: BindTicket | null;
  bindChoice: BindChoice;
  result: LoginResult | null;
}

export type QrStatusEvent = { type: 'qr.status'; status: QrStatus; login?: LoginResult | null };

export type LoginEvent =
  | { type: 'user.input'; field: LoginField; value: string }
  | { type: 'user.agree'; agreed: boolean }
  | { type: 'user.switchMethod'; method: LoginMethod }
  | { type: 'user.requestCode' }
  | { type: 'user.submit' }
  | { type: 'user.refreshQr' }
  | { type: 'user.chooseBind'; choice: BindChoice }
  | { type: 'timer.tick' }
  | QrStatusEvent;

/* ---- actor inputs and outputs ---- */

export interface SendCodeInput {
  mobile: string;
  scene: CodeScene;
}
export interface SendCodeOutput {
  /** Seconds until the server accepts another send; 0 or absent → `resendSeconds`. */
  resendAfter?: number;
}
export type LoginActorInput =
  | { method: 'sms'; mobile: string; code: string; taskHashId: string | null }
  | { method: 'password'; mobile: string; password: string; taskHashId: string | null };
export interface RegisterInput {
  mobile: string;
  code: string;
  password: string | null;
  inviteCode: string | null;
  taskHashId: string | null;
}
export interface ResetPasswordInput {
  mobile: string;
  code: string;
  password: string;
}
/** What the social callback exchange answers: logged in (bound account) or a bind ticket. */
export type CallbackOutcome = (LoginResult & { status: 'login' }) | BindTicket;
export interface BindInput {
  choice: BindChoice;
  bindTicket: string;
  mobile: string;
  code: string;
  inviteCode: string | null;
}
export interface PollQrInput {
  ticket: string;
  interval: number;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`loginMachine: actor \`${name}\` is not provided`);
};

/** Message for an actor failure: the server's `msg` when there is one. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const msg = (error as { msg?: unknown }).msg;
    if (typeof msg === 'string' && msg) return msg;
  }
  return '网络错误，请稍后重试';
}

/** The SMS scene of the current form. */
export function sceneOf(context: Pick<LoginContext, 'mode' | 'bindChoice'>): CodeScene {
  switch (context.mode) {
    case 'login':
      return 'login';
    case 'register':
      return 'register';
    case 'reset':
      return 'reset';
    case 'callback':
      return context.bindChoice === 'register' ? 'register' : 'bind';
  }
}

/** The 1 s ticker of the resend countdown (the default `ticker`). */
export const secondTicker = fromCallback(({ sendBack }) => {
  const id = setInterval(() => sendBack({ type: 'timer.tick' }), 1000);
  return () => clearInterval(id);
});

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

const codeForms = or([
  stateIn('#smsEditing'),
  stateIn('#registerEditing'),
  stateIn('#resetEditing'),
  stateIn('#bindEditing'),
]);

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as 'busy' | 'sendingCode' | 'canResend' | 'succeeded',
  },
  actors: {
    sendCode: fromPromise<SendCodeOutput, SendCodeInput>(notProvided('sendCode')),
    login: fromPromise<LoginResult, LoginActorInput>(notProvided('login')),
    register: fromPromise<LoginResult, RegisterInput>(notProvided('register')),
    resetPassword: fromPromise<unknown, ResetPasswordInput>(notProvided('resetPassword')),
    fetchQr: fromPromise<QrTicket>(notProvided('fetchQr')),
    pollQr: fromCallback<{ type: 'noop' }, PollQrInput>(() => {
      throw new Error('loginMachine: actor `pollQr` is not provided');
    }),
    exchangeCallback: fromPromise<CallbackOutcome, CallbackParams | null>(notProvided('exchangeCallback')),
    bind: fromPromise<LoginResult, BindInput>(notProvided('bind')),
    ticker: secondTicker,
  },
  guards: {
    isMode: ({ context }, params: { mode: LoginMode }) => context.mode === params.mode,
    isMethod: ({ context }, params: { method: LoginMethod }) => context.method === params.method,
    toMethod: ({ event }, params: { method: LoginMethod }) =>
      event.type === 'user.switchMethod' && event.method === params.method,
    mobileValid: ({ context }) => isMobile(context.mobile),
    smsLoginReady: ({ context }) => isMobile(context.mobile) && isCode(context.code),
    passwordLoginReady: ({ context }) => isMobile(context.mobile) && isLoginPassword(context.password),
    registerReady: ({ context }) =>
      isMobile(context.mobile) &&
      isCode(context.code) &&
      context.agreed &&
      (context.password === '' || isNewPassword(context.password)) &&
      isInviteCodeOk(context.inviteCode),
    resetReady: ({ context }) =>
      isMobile(context.mobile) &&
      isCode(context.code) &&
      isNewPassword(context.password) &&
      context.password === context.passwordConfirm,
    bindReady: ({ context }) =>
      context.bindTicket !== null &&
      isMobile(context.mobile) &&
      isCode(context.code) &&
      (context.bindChoice === 'bind' || (context.agreed && isInviteCodeOk(context.inviteCode))),
    moreTicks: ({ context }) => context.ticks > 1,
    qrIs: ({ event }, params: { status: QrStatus }) => event.type === 'qr.status' && event.status === params.status,
    qrConfirmed: ({ event }) => event.type === 'qr.status' && event.status === 'confirmed' && !!event.login,
    isBound: ({ event }) => (event as { output?: CallbackOutcome }).output?.status === 'login',
  },
  actions: {
    /** Save the login (tokens, user) and tell the session machine (`session.loggedIn`). */
    completeLogin: (_, _result: LoginResult) => {},
  },
}).createMachine({
  id: 'login',
  type: 'parallel',
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
    resendSeconds: input.resendSeconds ?? RESEND_SECONDS,
    error: null,
    qr: null,
    qrStatus: null,
    callback: input.callback ?? null,
    bindTicket: null,
    bindChoice: 'bind',
    result: null,
  }),
  on: {
    'user.input': {
      actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
    },
    'user.agree': { actions: assign({ agreed: ({ event }) => event.agreed, error: null }) },
  },
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
          states: {
            sms: {
              id: 'loginSms',
              entry: assign({ method: 'sms', error: null }),
              initial: 'editing',
              states: {
                editing: {
                  id: 'smsEditing',
                  on: {
                    'user.submit': { guard: 'smsLoginReady', target: 'submitting' },
                    'user.switchMethod': [
                      { guard: { type: 'toMethod', params: { method: 'password' } }, target: '#loginPassword' },
                      { guard: { type: 'toMethod', params: { method: 'qrcode' } }, target: '#loginQrcode' },
                    ],
                  },
                },
                submitting: {
                  tags: ['busy'],
                  invoke: {
                    id: 'login',
                    src: 'login',
                    input: ({ context }) => ({
                      method: 'sms' as const,
                      mobile: context.mobile,
                      code: context.code,
                      taskHashId: context.taskHashId,
                    }),
                    onDone: { target: '#succeeded', actions: assign({ result: ({ event }) => event.output }) },
                    onError: {
                      target: 'editing',
                      actions: assign({ error: ({ event }) => errorMessage(event.error) }),
                    },
                  },
                },
              },
            },
            password: {
              id: 'loginPassword',
              entry: assign({ method: 'password', error: null }),
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'user.submit': { guard: 'passwordLoginReady', target: 'submitting' },
                    'user.switchMethod': [
                      { guard: { type: 'toMethod', params: { method: 'sms' } }, target: '#loginSms' },
                      { guard: { type: 'toMethod', params: { method: 'qrcode' } }, target: '#loginQrcode' },
                    ],
                  },
                },
                submitting: {
                  tags: ['busy'],
                  invoke: {
                    id: 'login',
                    src: 'login',
                    input: ({ context }) => ({
                      method: 'password' as const,
                      mobile: context.mobile,
                      password: context.password,
                      taskHashId: context.taskHashId,
                    }),
                    onDone: { target: '#succeeded', actions: assign({ result: ({ event }) => event.output }) },
                    onError: {
                      target: 'editing',
                      actions: assign({ error: ({ event }) => errorMessage(event.error) }),
                    },
                  },
                },
              },
            },
            qrcode: {
              id: 'loginQrcode',
              entry: assign({ method: 'qrcode', error: null }),
              initial: 'fetching',
              on: {
                'user.switchMethod': [
                  { guard: { type: 'toMethod', params: { method: 'sms' } }, target: '#loginSms' },
                  { guard: { type: 'toMethod', params: { method: 'password' } }, target: '#loginPassword' },
                ],
              },
              states: {
                fetching: {
                  tags: ['busy'],
                  entry: assign({ qr: null, qrStatus: null, error: null }),
                  invoke: {
                    id: 'fetchQr',
                    src: 'fetchQr',
                    onDone: {
                      target: 'showing',
                      actions: assign({ qr: ({ event }) => event.output, qrStatus: 'waiting' }),
                    },
                    onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
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
                        actions: assign(({ event }) => ({
                          qrStatus: 'confirmed' as const,
                          result: event.login ?? null,
                        })),
                      },
                      {
                        guard: { type: 'qrIs', params: { status: 'scanned' } },
                        target: '.scanned',
                        actions: assign({ qrStatus: 'scanned' }),
                      },
                      {
                        guard: { type: 'qrIs', params: { status: 'waiting' } },
                        target: '.waiting',
                        actions: assign({ qrStatus: 'waiting' }),
                      },
                      {
                        guard: { type: 'qrIs', params: { status: 'refused' } },
                        target: 'refused',
                        actions: assign({ qrStatus: 'refused' }),
                      },
                      {
                        guard: { type: 'qrIs', params: { status: 'expired' } },
                        target: 'expired',
                        actions: assign({ qrStatus: 'expired' }),
                      },
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
            },
          },
        },
        register: {
          initial: 'editing',
          states: {
            editing: {
              id: 'registerEditing',
              on: { 'user.submit': { guard: 'registerReady', target: 'submitting' } },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => ({
                  mobile: context.mobile,
                  code: context.code,
                  password: context.password || null,
                  inviteCode: context.inviteCode.trim() || null,
                  taskHashId: context.taskHashId,
                }),
                onDone: { target: '#succeeded', actions: assign({ result: ({ event }) => event.output }) },
                onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
              },
            },
          },
        },
        reset: {
          initial: 'editing',
          states: {
            editing: {
              id: 'resetEditing',
              on: { 'user.submit': { guard: 'resetReady', target: 'submitting' } },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({ mobile: context.mobile, code: context.code, password: context.password }),
                onDone: { target: 'done' },
                onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
              },
            },
            /** The password is reset; every old token is revoked; the member logs in again. */
            done: {},
          },
        },
        callback: {
          initial: 'exchanging',
          states: {
            exchanging: {
              tags: ['busy'],
              invoke: {
                id: 'exchangeCallback',
                src: 'exchangeCallback',
                input: ({ context }) => context.callback,
                onDone: [
                  {
                    guard: 'isBound',
                    target: '#succeeded',
                    actions: assign({ result: ({ event }) => event.output as LoginResult }),
                  },
                  { target: 'needsBind', actions: assign({ bindTicket: ({ event }) => event.output as BindTicket }) },
                ],
                onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
              },
            },
            /** The code / state could not be exchanged (expired, replayed, provider refused). */
            failed: {},
            needsBind: {
              initial: 'editing',
              states: {
                editing: {
                  id: 'bindEditing',
                  on: {
                    'user.chooseBind': { actions: assign({ bindChoice: ({ event }) => event.choice, error: null }) },
                    'user.submit': { guard: 'bindReady', target: 'binding' },
                  },
                },
                binding: {
                  tags: ['busy'],
                  invoke: {
                    id: 'bind',
                    src: 'bind',
                    input: ({ context }) => ({
                      choice: context.bindChoice,
                      bindTicket: context.bindTicket?.bindTicket ?? '',
                      mobile: context.mobile,
                      code: context.code,
                      inviteCode: context.inviteCode.trim() || null,
                    }),
                    onDone: { target: '#succeeded', actions: assign({ result: ({ event }) => event.output }) },
                    onError: {
                      target: 'editing',
                      actions: assign({ error: ({ event }) => errorMessage(event.error) }),
                    },
                  },
                },
              },
            },
          },
        },
        succeeded: {
          id: 'succeeded',
          tags: ['succeeded'],
          entry: {
            type: 'completeLogin',
            params: ({ context }) => context.result as LoginResult,
          },
        },
      },
    },
    code: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['canResend'],
          on: {
            'user.requestCode': {
              guard: and(['mobileValid', codeForms]),
              target: 'sending',
              actions: assign({ error: null }),
            },
          },
        },
        sending: {
          tags: ['sendingCode'],
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ mobile: context.mobile, scene: sceneOf(context) }),
            onDone: {
              target: 'countdown',
              actions: assign({
                ticks: ({ context, event }) =>
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
              { guard: 'moreTicks', actions: assign({ ticks: ({ context }) => context.ticks - 1 }) },
              { target: 'idle', actions: assign({ ticks: 0 }) },
            ],
          },
        },
      },
    },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** Where the form is, as one name a view can switch on. */
export type LoginStep =
  | 'editing'
  | 'submitting'
  | 'qrFetching'
  | 'qrWaiting'
  | 'qrScanned'
  | 'qrRefused'
  | 'qrExpired'
  | 'qrFailed'
  | 'resetDone'
  | 'exchanging'
  | 'callbackFailed'
  | 'needsBind'
  | 'binding'
  | 'succeeded';

export function loginStep(snapshot: LoginSnapshot): LoginStep {
  const m = (value: Parameters<LoginSnapshot['matches']>[0]) => snapshot.matches(value);
  if (m({ flow: 'succeeded' })) return 'succeeded';
  if (m({ flow: { login: { qrcode: 'fetching' } } })) return 'qrFetching';
  if (m({ flow: { login: { qrcode: { showing: 'waiting' } } } })) return 'qrWaiting';
  if (m({ flow: { login: { qrcode: { showing: 'scanned' } } } })) return 'qrScanned';
  if (m({ flow: { login: { qrcode: 'refused' } } })) return 'qrRefused';
  if (m({ flow: { login: { qrcode: 'expired' } } })) return 'qrExpired';
  if (m({ flow: { login: { qrcode: 'failed' } } })) return 'qrFailed';
  if (m({ flow: { reset: 'done' } })) return 'resetDone';
  if (m({ flow: { callback: 'exchanging' } })) return 'exchanging';
  if (m({ flow: { callback: 'failed' } })) return 'callbackFailed';
  if (m({ flow: { callback: { needsBind: 'binding' } } })) return 'binding';
  if (m({ flow: { callback: { needsBind: 'editing' } } })) return 'needsBind';
  if (snapshot.hasTag('busy')) return 'submitting';
  return 'editing';
}

/** Plain props for the login / register / password / bind views. */
export interface LoginView {
  mode: LoginMode;
  method: LoginMethod;
  step: LoginStep;
  busy: boolean;
  mobile: string;
  code: string;
  password: string;
  passwordConfirm: string;
  inviteCode: string;
  agreed: boolean;
  /** 获取验证码 is enabled. */
  canRequestCode: boolean;
  /** A code is being sent. */
  sendingCode: boolean;
  /** Seconds until 重新发送 (0: not counting down). */
  countdown: number;
  /** The submit button is enabled. */
  canSubmit: boolean;
  error: string | null;
  /** The QR code's content (the phone-side confirm URL) while one is shown. */
  qrUrl: string | null;
  qrStatus: QrStatus | null;
  bindChoice: BindChoice;
  bindTicket: BindTicket | null;
  result: LoginResult | null;
}

export function selectLoginView(snapshot: LoginSnapshot): LoginView {
  const c = snapshot.context;
  return {
    mode: c.mode,
    method: c.method,
    step: loginStep(snapshot),
    busy: snapshot.hasTag('busy'),
    mobile: c.mobile,
    code: c.code,
    password: c.password,
    passwordConfirm: c.passwordConfirm,
    inviteCode: c.inviteCode,
    agreed: c.agreed,
    canRequestCode: snapshot.can({ type: 'user.requestCode' }),
    sendingCode: snapshot.hasTag('sendingCode'),
    countdown: snapshot.matches({ code: 'countdown' }) ? c.ticks : 0,
    canSubmit: snapshot.can({ type: 'user.submit' }),
    error: c.error,
    qrUrl: c.qr && snapshot.matches({ flow: { login: { qrcode: 'showing' } } }) ? c.qr.url : null,
    qrStatus: c.qrStatus,
    bindChoice: c.bindChoice,
    bindTicket: c.bindTicket,
    result: c.result,
  };
}
