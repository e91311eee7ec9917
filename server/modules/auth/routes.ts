/**
 * Login, registration, tokens, password reset and invites (spec §4, §5). Mobile numbers and codes
 * arrive RSA-encrypted; a field that does not decrypt is answered exactly like a wrong code.
 * A call whose answer tells whether a mobile is registered is under the lookup budget (lookups.ts);
 * the others check the SMS code before they look at the mobile.
 */
import { eq } from 'drizzle-orm';
import {
  checkInvite,
  getRsaKey,
  inviteRegister,
  logout,
  passwordLogin,
  refreshToken,
  resetPassword,
  sendInviteCode,
  smsLogin,
  smsRegister,
} from '../../../openapi/operations/auth';
import { sendAuthSms } from '../../../openapi/operations/sms';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { invalidParams } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { handle } from '../../http/handle';
import { maskNickname } from '../../kernel/mask';
import type { FastifyRequest } from 'fastify';
import {
  createMember,
  decryptField,
  decryptMobile,
  findMemberByMobile,
  inviterByCode,
  issueLogin,
  verifyCode,
} from './accounts';
import { deviceIdOf } from '../invites/service';
import { sendCode } from './codes';
import { spendLookup, takeLookup } from './lookups';
import { assertNotLocked, clearFailures, hashPassword, verifyPassword, wrongCredentials } from './password';
import { endSession, revokeAllSessions, rotateRefreshToken } from './tokens';

/** Points the invitee gets for registering by invite, shown on the invite landing: none (the inviter is rewarded, modules/invites). */
const INVITEE_REWARD_POINTS = 0;

const meta = (request: FastifyRequest, method: string) => ({
  method,
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

/** The mobile of a send call; an undecryptable or malformed one is a field error. */
function mobileToSend(ctx: AppContext, encrypted: string): string {
  const mobile = decryptMobile(ctx, encrypted);
  if (!mobile) throw invalidParams([{ field: 'body.mobile', reason: '请输入正确的 11 位手机号' }]);
  return mobile;
}

/** Decrypt mobile + code for a code check; a mobile that does not decrypt is a wrong code. */
function mobileAndCode(
  ctx: AppContext,
  body: { mobile: string; code: string },
): { mobile: string; code: string | null } {
  const mobile = decryptMobile(ctx, body.mobile);
  if (!mobile) throw new AppError('CODE_INVALID');
  return { mobile, code: decryptField(ctx, body.code) };
}

async function register(
  ctx: AppContext,
  request: FastifyRequest,
  body: { mobile: string; code: string; password?: string; inviteCode?: string },
  purpose: 'register' | 'invite',
) {
  const { mobile, code } = mobileAndCode(ctx, body);
  if (body.inviteCode && !(await inviterByCode(ctx, body.inviteCode))) throw new AppError('INVITE_CODE_INVALID');
  // The code first: without it, a registered mobile is answered like any other (a wrong code);
  // createMember refuses a registered one (MOBILE_REGISTERED) once the code is verified.
  await verifyCode(ctx, { mobile, purpose, code, ip: request.ip });
  const { id } = await createMember(ctx, {
    mobile,
    inviteCode: body.inviteCode ?? null,
    ip: request.ip,
    deviceId: deviceIdOf(request),
    password: body.password ?? null,
  });
  return issueLogin(ctx, id, { isNew: true, ...meta(request, purpose) });
}

export const routes = [
  handle(getRsaKey, async ({ ctx }) => ({ publicKey: ctx.rsa.publicKey, keyId: ctx.rsa.keyId })),

  handle(sendAuthSms, async ({ ctx, body, request }) => {
    await spendLookup(ctx, request);
    const mobile = mobileToSend(ctx, body.mobile);
    const registered = (await findMemberByMobile(ctx, mobile)) !== null;
    // register: only new numbers; reset: only members; login: either (a new number logging in
    // is registered, 登录即注册); bind: either (social bind to an existing member, or social registration).
    if (body.scene === 'register' && registered) throw new AppError('MOBILE_REGISTERED');
    if (body.scene === 'reset' && !registered) throw new AppError('MOBILE_NOT_REGISTERED');
    return sendCode(ctx, { channel: 'sms', target: mobile, purpose: body.scene, ip: request.ip });
  }),

  // 登录即注册: a number without an account that logs in with its code gets one, by the rules of
  // registration (createMember: the signup's device/IP record and invite checks), once the member
  // has consented to the agreement. The code is checked first, so nothing says whether a number
  // is registered without it.
  handle(smsLogin, async ({ ctx, body, request }) => {
    const { mobile, code } = mobileAndCode(ctx, body);
    await verifyCode(ctx, { mobile, purpose: 'login', code, ip: request.ip });
    const member = await findMemberByMobile(ctx, mobile);
    if (member) return issueLogin(ctx, member.id, meta(request, 'sms'));
    if (body.agreement !== true) throw new AppError('AGREEMENT_REQUIRED');
    const { id } = await createMember(ctx, { mobile, ip: request.ip, deviceId: deviceIdOf(request) });
    return issueLogin(ctx, id, { isNew: true, ...meta(request, 'sms_register') });
  }),

  handle(passwordLogin, async ({ ctx, body, request }) => {
    const mobile = decryptMobile(ctx, body.mobile);
    await assertNotLocked(ctx, mobile, request.ip);
    const [row] = mobile
      ? await ctx.db
          .select({ id: members.id, passwordHash: members.passwordHash })
          .from(members)
          .where(eq(members.mobile, mobile))
          .limit(1)
      : [];
    // Unknown mobile, no password set and wrong password all take the same time and answer.
    const ok = await verifyPassword(row?.passwordHash ?? null, body.password);
    if (!row || !ok || !mobile) throw await wrongCredentials(ctx, mobile, request.ip);
    await clearFailures(ctx, mobile);
    return issueLogin(ctx, row.id, meta(request, 'password'));
  }),

  handle(smsRegister, async ({ ctx, body, request }) => register(ctx, request, body, 'register')),

  handle(refreshToken, async ({ ctx, body }) => rotateRefreshToken(ctx, body)),

  handle(logout, async ({ ctx, member, body }) => {
    await endSession(ctx, member, body?.refreshToken);
    return { ok: true as const };
  }),

  handle(resetPassword, async ({ ctx, body, request }) => {
    const { mobile, code } = mobileAndCode(ctx, body);
    await verifyCode(ctx, { mobile, purpose: 'reset', code, ip: request.ip });
    const member = await findMemberByMobile(ctx, mobile);
    if (!member) throw new AppError('MOBILE_NOT_REGISTERED');
    const now = new Date(ctx.now());
    await ctx.db
      .update(members)
      .set({ passwordHash: await hashPassword(body.password), passwordChangedAt: now, updatedAt: now })
      .where(eq(members.id, member.id));
    await revokeAllSessions(ctx, member.id, 'password_reset');
    await clearFailures(ctx, mobile);
    return { ok: true as const };
  }),

  /* ---- invites ---- */

  handle(checkInvite, async ({ ctx, body, request }) => {
    const inviter = await inviterByCode(ctx, body.inviteCode);
    let registered: boolean | null = null;
    // Past the lookup budget the mobile is not looked at: null, as without one.
    if (body.mobile && !(await takeLookup(ctx, request))) {
      const mobile = decryptMobile(ctx, body.mobile);
      registered = mobile ? (await findMemberByMobile(ctx, mobile)) !== null : null;
    }
    return {
      valid: inviter !== null,
      inviter: inviter ? { nickname: maskNickname(inviter.nickname), avatar: inviter.avatar } : null,
      registered,
      rewardPoints: INVITEE_REWARD_POINTS,
    };
  }),

  handle(sendInviteCode, async ({ ctx, body, request }) => {
    await spendLookup(ctx, request);
    if (!(await inviterByCode(ctx, body.inviteCode))) throw new AppError('INVITE_CODE_INVALID');
    const mobile = mobileToSend(ctx, body.mobile);
    if (await findMemberByMobile(ctx, mobile)) throw new AppError('MOBILE_REGISTERED');
    return sendCode(ctx, { channel: 'sms', target: mobile, purpose: 'invite', ip: request.ip });
  }),

  handle(inviteRegister, async ({ ctx, body, request }) => register(ctx, request, body, 'invite')),
];
