import { assign, fromCallback, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorMessage, isCode, isInviteCodeOk, isLoginPassword, isMobile, isNewPassword, notProvided } from '../shared';
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

/** Actors, guards and actions of the login machine; each mode's states are built on it. */
export const loginSetup = setup({
  types: {} as { input: LoginInput; context: LoginContext; events: LoginEvent; tags: 'busy' | 'succeeded' },
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
  },
  guards: {
    isMode: ({ context }, params: { mode: LoginMode }) => context.mode === params.mode,
    isMethod: ({ context }, params: { method: LoginMethod }) => context.method === params.method,
    toMethod: ({ event }, params: { method: LoginMethod }) =>
      event.type === 'user.switchMethod' && event.method === params.method,
    mobileValid: ({ context }) => isMobile(context.mobile),
    codeReady: ({ context }) => context.codeReady,
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
    qrIs: ({ event }, params: { status: QrStatus }) => event.type === 'qr.status' && event.status === params.status,
    qrConfirmed: ({ event }) => event.type === 'qr.status' && event.status === 'confirmed' && !!event.login,
    isBound: ({ event }) => (event as { output?: CallbackOutcome }).output?.status === 'login',
  },
  actions: {
    /** Save the login (tokens, user) and tell the session machine (`session.loggedIn`). */
    completeLogin: (_, _result: LoginResult) => {},
    /** The QR code's status after a `qr.status` answer. */
    setQrStatus: assign((_, params: { status: QrStatus }) => ({ qrStatus: params.status })),
    /** Keep the LoginResult a submit actor answered. */
    keepResult: assign({ result: ({ event }) => (event as unknown as DoneActorEvent<LoginResult>).output }),
    /** Keep the zh-CN message of a refused request. */
    keepError: assign({ error: ({ event }) => errorMessage((event as unknown as ErrorActorEvent).error) }),
  },
});
