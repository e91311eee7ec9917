/** Codes for logged-in members: to their own mobile, to a new mobile, to an e-mail address. */
import { eq } from 'drizzle-orm';
import { checkMemberSms, sendEmailCode, sendMemberSms, sendNewMobileSms } from '../../../openapi/operations/sms';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { invalidParams } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { handle } from '../../http/handle';
import { decryptField, decryptMobile, findMemberByMobile } from '../auth/accounts';
import { normalizeEmail } from '../../../openapi/rules/email';
import { checkCode, sendCode } from '../auth/codes';
import { spendLookup } from '../auth/lookups';
import { createVerifyTicket, peekVerifyTicket } from '../auth/tickets';

async function ownMobile(ctx: AppContext, memberId: number): Promise<string | null> {
  const [row] = await ctx.db.select({ mobile: members.mobile }).from(members).where(eq(members.id, memberId)).limit(1);
  return row?.mobile ?? null;
}

export const routes = [
  handle(sendMemberSms, async ({ ctx, member, body, request }) => {
    const mobile = await ownMobile(ctx, member.id);
    if (!mobile) throw new AppError('PREREQUISITE_REQUIRED', '请先绑定手机号');
    return sendCode(ctx, { channel: 'sms', target: mobile, purpose: body.scene, memberId: member.id, ip: request.ip });
  }),

  handle(checkMemberSms, async ({ ctx, member, body }) => {
    const mobile = await ownMobile(ctx, member.id);
    if (!mobile) throw new AppError('CODE_INVALID');
    await checkCode(ctx, { channel: 'sms', target: mobile, purpose: body.scene, code: decryptField(ctx, body.code) });
    return createVerifyTicket(ctx, member.id, body.scene);
  }),

  handle(sendNewMobileSms, async ({ ctx, member, body, request }) => {
    // Its answer tells whether the mobile is registered: under the lookup budget (auth/lookups).
    await spendLookup(ctx, request);
    const mobile = decryptMobile(ctx, body.mobile);
    if (!mobile) throw invalidParams([{ field: 'body.mobile', reason: '请输入正确的 11 位手机号' }]);
    const current = await ownMobile(ctx, member.id);
    if (current) {
      // Changing a bound mobile needs the old one verified first (/v1/sms/check, change_mobile).
      if (!body.verifyTicket) throw new AppError('PREREQUISITE_REQUIRED', '请先验证原手机号');
      if (!(await peekVerifyTicket(ctx, member.id, 'change_mobile', body.verifyTicket))) {
        throw new AppError('VERIFY_TICKET_INVALID', '原手机号验证已失效，请重新验证原手机号');
      }
    }
    if (mobile === current) throw new AppError('MOBILE_REGISTERED', '新手机号不能与当前手机号相同');
    if (await findMemberByMobile(ctx, mobile)) throw new AppError('MOBILE_REGISTERED', '该手机号已绑定其他账号');
    return sendCode(ctx, {
      channel: 'sms',
      target: mobile,
      purpose: 'new_mobile',
      memberId: member.id,
      ip: request.ip,
    });
  }),

  handle(sendEmailCode, async ({ ctx, member, body, request }) =>
    sendCode(ctx, {
      channel: 'email',
      target: normalizeEmail(body.email),
      purpose: 'email_bind',
      memberId: member.id,
      ip: request.ip,
    }),
  ),
];
