/**
 * Codes for logged-in members (验证码): to their own mobile, to a new mobile, to an e-mail address,
 * and checking a code sent to their own mobile for a verify ticket. The rules live here; the
 * routes only hand the request over.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeEmail } from '../../../openapi/rules/email';
import type { MemberSmsScene } from '../../../openapi/schemas/sms';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { invalidParams } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { decryptField, decryptMobile, findMemberByMobile } from '../auth/accounts';
import { checkCode, sendCode } from '../auth/codes';
import { createVerifyTicket, peekVerifyTicket } from '../auth/tickets';

type SmsScene = z.output<typeof MemberSmsScene>;

async function ownMobile(ctx: AppContext, memberId: number): Promise<string | null> {
  const [row] = await ctx.db.select({ mobile: members.mobile }).from(members).where(eq(members.id, memberId)).limit(1);
  return row?.mobile ?? null;
}

/** A code to the member's own mobile, for `scene`. */
export async function sendOwnMobileCode(ctx: AppContext, memberId: number, scene: SmsScene, ip: string) {
  const mobile = await ownMobile(ctx, memberId);
  if (!mobile) throw new AppError('PREREQUISITE_REQUIRED', '请先绑定手机号');
  return sendCode(ctx, { channel: 'sms', target: mobile, purpose: scene, memberId, ip });
}

/** The code sent to the member's own mobile, checked: a verify ticket for `scene`. */
export async function checkOwnMobileCode(ctx: AppContext, memberId: number, scene: SmsScene, encryptedCode: string) {
  const mobile = await ownMobile(ctx, memberId);
  if (!mobile) throw new AppError('CODE_INVALID');
  await checkCode(ctx, { channel: 'sms', target: mobile, purpose: scene, code: decryptField(ctx, encryptedCode) });
  return createVerifyTicket(ctx, memberId, scene);
}

/**
 * A code to a new mobile (binding one, or changing the bound one after the old one was verified:
 * `verifyTicket` of change_mobile). Its answer tells whether the mobile is registered, so the
 * caller spends a lookup first (auth/lookups).
 */
export async function sendNewMobileCode(
  ctx: AppContext,
  memberId: number,
  input: { encryptedMobile: string; verifyTicket?: string | null },
  ip: string,
) {
  const mobile = decryptMobile(ctx, input.encryptedMobile);
  if (!mobile) throw invalidParams([{ field: 'body.mobile', reason: '请输入正确的 11 位手机号' }]);
  const current = await ownMobile(ctx, memberId);
  if (current) {
    if (!input.verifyTicket) throw new AppError('PREREQUISITE_REQUIRED', '请先验证原手机号');
    if (!(await peekVerifyTicket(ctx, memberId, 'change_mobile', input.verifyTicket))) {
      throw new AppError('VERIFY_TICKET_INVALID', '原手机号验证已失效，请重新验证原手机号');
    }
  }
  if (mobile === current) throw new AppError('MOBILE_REGISTERED', '新手机号不能与当前手机号相同');
  if (await findMemberByMobile(ctx, mobile)) throw new AppError('MOBILE_REGISTERED', '该手机号已绑定其他账号');
  return sendCode(ctx, { channel: 'sms', target: mobile, purpose: 'new_mobile', memberId, ip });
}

/** A code to an e-mail address the member is binding. */
export const sendEmailBindCode = (ctx: AppContext, memberId: number, email: string, ip: string) =>
  sendCode(ctx, { channel: 'email', target: normalizeEmail(email), purpose: 'email_bind', memberId, ip });
