import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { emailBindMachine } from '../../machines/emailBind';
import { mobileChangeMachine, type ChangeMobileInput } from '../../machines/mobileChange';
import { passwordChangeMachine, type ChangePasswordInput } from '../../machines/passwordChange';
import { smsCodeMachine, type SendCodeOutput, type SmsCodeRequest } from '../../machines/smsCode';
import type { MemberSmsScene } from '../../openapi/schemas/sms';
import { quietApi } from '../api';
import { encrypt } from '../api/encrypt';
import { USER_CENTRE_PATH } from '../routing/paths';

/**
 * The personal centre's actors over the API (`/home/user`): the code buttons of its three flows,
 * the flows' calls, the nickname, and the social bindings. Mobile numbers and codes travel
 * RSA-encrypted (spec §5, src/api/encrypt.ts). Every refusal is shown in its panel, so the calls
 * go through `quietApi` (one place per error).
 */

/**
 * The code button's sender of every personal-centre flow, by scene: the member's own mobile
 * (change_mobile, change_password), the new mobile with the old number's ticket (new_mobile),
 * an e-mail address (email_bind).
 */
const sendAccountCode = fromPromise<SendCodeOutput, SmsCodeRequest>(async ({ input }) => {
  const answer =
    input.scene === 'new_mobile'
      ? await quietApi.call('sendNewMobileSms', {
          body: {
            mobile: await encrypt(input.mobile ?? ''),
            ...(input.verifyTicket ? { verifyTicket: input.verifyTicket } : {}),
          },
        })
      : input.scene === 'email_bind'
        ? await quietApi.call('sendEmailCode', { body: { email: input.email ?? '' } })
        : await quietApi.call('sendMemberSms', {
            body: { scene: input.scene as z.output<typeof MemberSmsScene> },
          });
  return { resendAfter: answer.resendAfter, to: answer.to };
});

const accountCode = smsCodeMachine.provide({ actors: { sendCode: sendAccountCode } });

/** A code to the member's own mobile, checked: the single-use ticket of `scene`. */
const checkOwnCode = (scene: 'change_mobile' | 'change_password') =>
  fromPromise<{ verifyTicket: string }, { code: string }>(async ({ input }) => {
    const checked = await quietApi.call('checkMemberSms', { body: { scene, code: await encrypt(input.code) } });
    return { verifyTicket: checked.verifyTicket };
  });

/** 更换手机号 with the app's actors; the page adds what a change refreshes (`changed`). */
export const appMobileChangeMachine = mobileChangeMachine.provide({
  actors: {
    smsCode: accountCode,
    checkOld: checkOwnCode('change_mobile'),
    changeMobile: fromPromise<{ mobile: string }, ChangeMobileInput>(async ({ input }) =>
      quietApi.call('changeMobile', {
        body: {
          mobile: await encrypt(input.mobile),
          code: await encrypt(input.code),
          ...(input.verifyTicket ? { verifyTicket: input.verifyTicket } : {}),
        },
      }),
    ),
  },
});

/** 设置 / 修改登录密码 with the app's actors. */
export const appPasswordChangeMachine = passwordChangeMachine.provide({
  actors: {
    smsCode: accountCode,
    verifyCode: checkOwnCode('change_password'),
    changePassword: fromPromise<unknown, ChangePasswordInput>(({ input }) =>
      quietApi.call('changePassword', { body: input }),
    ),
  },
});

/** 绑定 / 更换邮箱 with the app's actors. */
export const appEmailBindMachine = emailBindMachine.provide({
  actors: {
    smsCode: accountCode,
    bindEmail: fromPromise<{ email: string }, { email: string; code: string }>(async ({ input }) =>
      quietApi.call('bindEmail', { body: { email: input.email, code: await encrypt(input.code) } }),
    ),
  },
});

/** Save a nickname (the form checked it with openapi/rules/nickname.ts first). */
export function saveNickname(nickname: string): Promise<unknown> {
  return quietApi.call('updateNickname', { body: { nickname } });
}

/**
 * 绑定 a social account: the provider's authorize page for a bind-purpose state, coming back to
 * the callback page, which binds it for the logged-in member and links back here.
 */
export async function startSnsBind(platform: 1 | 2 | 3 | 4, phone: boolean): Promise<void> {
  const { url } = await quietApi.call('getSnsAuthorize', {
    query: { platform, purpose: 'bind', mobile: phone ? '1' : '0', redirect: USER_CENTRE_PATH },
  });
  window.location.assign(url);
}

/** 解绑 a social account (refused when it is the only way to log in). */
export function unbindSns(platform: 1 | 2 | 3 | 4): Promise<unknown> {
  return quietApi.call('unbindSns', { body: { platform } });
}
