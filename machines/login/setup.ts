import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { Code } from '../../openapi/codes';
import {
  errorMessage,
  everySecond,
  isCode,
  isInviteCodeOk,
  isLoginPassword,
  isMobile,
  isNewPassword,
  notProvided,
} from '../shared';
import { smsCodeMachine } from '../smsCode';
import type {
  BindInput,
  CallbackOutcome,
  CallbackParams,
  CodeScene,
  LoginActorInput,
  LoginContext,
  LoginEvent,
  LoginInput,
  LoginMethod,
  LoginMode,
  LoginResult,
  PollQrInput,
  QrStatus,
  QrTicket,
  RegisterInput,
  ResetPasswordInput,
} from './types';

const missing = (actor: string) => notProvided('loginMachine', actor);

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

/**
 * Seconds a LOGIN_LOCKED refusal says to wait (its `retryAfter`); 0 for any other failure.
 */
export function lockSecondsOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 0;
  const { code, data } = error as { code?: unknown; data?: unknown };
  const retryAfter = (data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return code === Code.LOGIN_LOCKED && typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : 0;
}

const failureOf = (event: unknown) => (event as ErrorActorEvent).error;

/** Actors, guards and actions of the login machine; each mode's states are built on it. */
export const loginSetup = setup({
  types: {} as { input: LoginInput; context: LoginContext; events: LoginEvent; tags: 'busy' | 'succeeded' | 'locked' },
  actors: {
    smsCode: smsCodeMachine,
    login: fromPromise<LoginResult, LoginActorInput>(missing('login')),
    register: fromPromise<LoginResult, RegisterInput>(missing('register')),
    resetPassword: fromPromise<unknown, ResetPasswordInput>(missing('resetPassword')),
    fetchQr: fromPromise<QrTicket>(missing('fetchQr')),
    pollQr: fromCallback<{ type: 'noop' }, PollQrInput>(() => {
      throw new Error('loginMachine: actor `pollQr` is not provided');
    }),
    exchangeCallback: fromPromise<CallbackOutcome, CallbackParams | null>(missing('exchangeCallback')),
    bind: fromPromise<LoginResult, BindInput>(missing('bind')),
    /** Ticks the password lock's countdown (`lock.tick` every second). */
    lockTicker: everySecond('lock.tick'),
  },
  guards: {
    isMode: ({ context }, params: { mode: LoginMode }) => context.mode === params.mode,
    isMethod: ({ context }, params: { method: LoginMethod }) => context.method === params.method,
    toMethod: ({ event }, params: { method: LoginMethod }) =>
      event.type === 'user.switchMethod' && event.method === params.method,
    mobileValid: ({ context }) => isMobile(context.mobile),
    codeReady: ({ context }) => context.codeReady,
    /** SMS login also registers a new number (登录即注册), so it needs the agreement ticked. */
    smsLoginReady: ({ context }) => isMobile(context.mobile) && isCode(context.code) && context.agreed,
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
    qrIs: ({ event }, params: { status: QrStatus }) => event.type === 'qr.status' && event.status === params.status,
    qrConfirmed: ({ event }) => event.type === 'qr.status' && event.status === 'confirmed' && !!event.login,
    isBound: ({ event }) => (event as { output?: CallbackOutcome }).output?.status === 'login',
    /** The password login was refused with LOGIN_LOCKED and a wait. */
    lockedOut: ({ event }) => lockSecondsOf(failureOf(event)) > 0,
    moreLockTicks: ({ context }) => context.lockSeconds > 1,
    editsMobile: ({ event }) => event.type === 'user.input' && event.field === 'mobile',
  },
  actions: {
    /** A field the member typed; any message about the previous values goes. */
    setField: assign(({ event }) => (event.type === 'user.input' ? { [event.field]: event.value, error: null } : {})),
    /** Save the login (tokens, user) and tell the session machine (`session.loggedIn`). */
    completeLogin: (_, _result: LoginResult) => {},
    /** The QR code's status after a `qr.status` answer. */
    setQrStatus: assign((_, params: { status: QrStatus }) => ({ qrStatus: params.status })),
    /** Keep the LoginResult a submit actor answered. */
    keepResult: assign({ result: ({ event }) => (event as unknown as DoneActorEvent<LoginResult>).output }),
    /** Keep the zh-CN message of a refused request. */
    keepError: assign({ error: ({ event }) => errorMessage(failureOf(event)) }),
    /** Start the password lock's countdown from a LOGIN_LOCKED refusal (the view says it, not `error`). */
    keepLock: assign({ lockSeconds: ({ event }) => lockSecondsOf(failureOf(event)), error: null }),
  },
});
