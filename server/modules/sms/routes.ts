/** Codes for logged-in members: to their own mobile, to a new mobile, to an e-mail address (./service.ts). */
import { checkMemberSms, sendEmailCode, sendMemberSms, sendNewMobileSms } from '../../../openapi/operations/sms';
import { handle } from '../../http/handle';
import { spendLookup } from '../auth/lookups';
import { checkOwnMobileCode, sendEmailBindCode, sendNewMobileCode, sendOwnMobileCode } from './service';

export const routes = [
  handle(sendMemberSms, ({ ctx, member, body, request }) => sendOwnMobileCode(ctx, member.id, body.scene, request.ip)),
  handle(checkMemberSms, ({ ctx, member, body }) => checkOwnMobileCode(ctx, member.id, body.scene, body.code)),
  handle(sendNewMobileSms, async ({ ctx, member, body, request }) => {
    await spendLookup(ctx, request);
    return sendNewMobileCode(
      ctx,
      member.id,
      { encryptedMobile: body.mobile, verifyTicket: body.verifyTicket },
      request.ip,
    );
  }),
  handle(sendEmailCode, ({ ctx, member, body, request }) => sendEmailBindCode(ctx, member.id, body.email, request.ip)),
];
