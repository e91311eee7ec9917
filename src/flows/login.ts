import { fromPromise } from 'xstate';
import type { z } from 'zod';
import type { MemberSmsScene } from '../../openapi/schemas/sms';
import {
  createQrPoller,
  loginMachine,
  type BindInput,
  type CallbackOutcome,
  type CallbackParams,
  type LoginActorInput,
  type LoginResult,
  type QrTicket,
  type RegisterInput,
  type ResetPasswordInput,
  type SendCodeInput,
} from '../../machines/login';
import { smsCodeMachine, type SendCodeOutput, type SmsCodeRequest } from '../../machines/smsCode';
import { api, quietApi } from '../api';
import { encrypt } from '../api/encrypt';
import { completeLogin } from './session';

/**
 * The login machine's actors over the API client (DESIGN §4). Mobile numbers and codes are
 * RSA-encrypted with the server's public key (src/api/encrypt.ts). Every refusal is shown by the
 * form (or the QR panel, or the callback screen), so these calls go through `quietApi`: no toast
 * repeats it. Only the QR poll, whose failures the machine retries unseen, keeps the toasting client.
 * A successful login is saved and handed to the session machine (`session.loggedIn`).
 *
 * Pages: `useActorRef(appLoginMachine, { input: { mode: 'login' } })`.
 */

const callbackOps = {
  wechat: 'wechatCallback',
  qq: 'qqCallback',
  weibo: 'weiboCallback',
  alipay: 'alipayCallback',
} as const;

/** Sends a login / register / reset / bind code to the typed mobile (the code button's sender). */
const sendAuthCode = fromPromise<SendCodeOutput, SmsCodeRequest>(async ({ input }) => {
  const { mobile, scene } = input as SendCodeInput;
  const sent = await quietApi.call('sendAuthSms', { body: { mobile: await encrypt(mobile), scene } });
  return { resendAfter: sent.resendAfter, to: sent.to };
});

/** Sends a code to the logged-in member's own mobile (identity check, payout fixes, …). */
export const sendMemberCode = fromPromise<SendCodeOutput, SmsCodeRequest>(async ({ input }) => {
  const scene = input.scene as z.output<typeof MemberSmsScene>;
  const sent = await quietApi.call('sendMemberSms', { body: { scene } });
  return { resendAfter: sent.resendAfter, to: sent.to };
});

export const loginActors = {
  smsCode: smsCodeMachine.provide({ actors: { sendCode: sendAuthCode } }),

  login: fromPromise<LoginResult, LoginActorInput>(async ({ input }) => {
    const taskHashId = input.taskHashId ?? undefined;
    const mobile = await encrypt(input.mobile);
    if (input.method === 'sms') {
      const code = await encrypt(input.code);
      return quietApi.call('smsLogin', { body: { mobile, code, agreement: input.agreement, taskHashId } });
    }
    return quietApi.call('passwordLogin', { body: { mobile, password: input.password, taskHashId } });
  }),

  register: fromPromise<LoginResult, RegisterInput>(async ({ input }) =>
    quietApi.call('smsRegister', {
      body: {
        mobile: await encrypt(input.mobile),
        code: await encrypt(input.code),
        ...(input.password ? { password: input.password } : {}),
        ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}),
        ...(input.taskHashId ? { taskHashId: input.taskHashId } : {}),
        agreement: true,
      },
    }),
  ),

  resetPassword: fromPromise<unknown, ResetPasswordInput>(async ({ input }) =>
    quietApi.call('resetPassword', {
      body: { mobile: await encrypt(input.mobile), code: await encrypt(input.code), password: input.password },
    }),
  ),

  fetchQr: fromPromise<QrTicket>(() => quietApi.call('getLoginQrcode')),

  pollQr: createQrPoller((ticket, signal) => api.call('checkLoginQrcode', { query: { ticket }, signal })),

  exchangeCallback: fromPromise<CallbackOutcome, CallbackParams | null>(async ({ input }) => {
    if (!input) throw Object.assign(new Error('missing callback'), { msg: '授权信息不完整，请重新登录' });
    return quietApi.call(callbackOps[input.platform], { query: { code: input.code, state: input.state } });
  }),

  bind: fromPromise<LoginResult, BindInput>(async ({ input }) => {
    const mobile = await encrypt(input.mobile);
    const code = await encrypt(input.code);
    if (input.choice === 'bind')
      return quietApi.call('snsBind', { body: { bindTicket: input.bindTicket, mobile, code } });
    return quietApi.call('snsRegister', {
      body: {
        bindTicket: input.bindTicket,
        mobile,
        code,
        ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}),
        agreement: true,
      },
    });
  }),
};

/** The login machine with the app's actors; `completeLogin` saves and tells the session. */
export const appLoginMachine = loginMachine.provide({
  actors: loginActors,
  actions: { completeLogin: (_, result) => completeLogin(result) },
});
