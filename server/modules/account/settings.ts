/**
 * The personal centre's changes to the caller's own account (`/v1/users/nickname`, `/mobile`,
 * `/password`, `/email`). Only the caller's row is touched.
 *
 * - Nickname: the shared rule (openapi/rules/nickname.ts): length, characters, reserved words.
 * - Mobile: a member with a mobile first proves the old one (`/v1/sms/check`, scene
 *   change_mobile → a verify ticket), then the code sent to the new one (`/v1/sms/new-mobile`,
 *   purpose new_mobile, for this member). A member without one (social sign-up) binds one with the
 *   new number's code alone. Mobile and code arrive RSA-encrypted (spec §5); what does not decrypt
 *   is a wrong code. The ticket is checked before the code (a wrong ticket costs no try), used up
 *   with the change in one transaction; the new number must be nobody's (also under concurrency:
 *   the unique column).
 * - Password: set or change with the old password (wrong ones back off per member) or a verify
 *   ticket of scene change_password; argon2id; every other session is revoked, this one stays.
 * - E-mail: the code sent by `/v1/email/send` to the address for this member; an address bound to
 *   another member is refused after the code (so nobody learns whose it is without its inbox).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { nicknameError, nicknameProblem } from '../../../openapi/rules/nickname';
import { normalizeEmail } from '../../../openapi/rules/email';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import type { Member } from '../../http/auth';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../kernel/db';
import { maskEmail, maskMobile } from '../../kernel/mask';
import { decryptField, decryptMobile, memberRow } from '../auth/accounts';
import { checkCode, lockOn } from '../auth/codes';
import { clearFailures, confirmOldPassword, hashPassword } from '../auth/password';
import { consumeVerifyTicket, peekVerifyTicket } from '../auth/tickets';
import { revokeOtherSessions } from '../auth/tokens';

export async function updateNickname(ctx: AppContext, memberId: number, raw: string): Promise<{ ok: true }> {
  const problem = nicknameProblem(raw);
  if (problem)
    throw new AppError(problem === 'reserved' ? 'NICKNAME_RESERVED' : 'NICKNAME_INVALID', nicknameError(raw)!);
  const now = new Date(ctx.now());
  await ctx.db.update(members).set({ nickname: raw.trim(), updatedAt: now }).where(eq(members.id, memberId));
  return { ok: true };
}

/** A presented verify ticket that is not this member's live one for `scene`. */
const ticketGone = (scene: 'change_mobile' | 'change_password') =>
  new AppError(
    'VERIFY_TICKET_INVALID',
    scene === 'change_mobile' ? '原手机号验证已失效，请重新验证原手机号' : '短信验证已失效，请重新获取验证码',
  );

export async function changeMobile(
  ctx: AppContext,
  memberId: number,
  body: { mobile: string; code: string; verifyTicket?: string },
): Promise<{ mobile: string }> {
  const row = await memberRow(ctx, memberId);
  const current = row.mobile;
  if (current) {
    if (!body.verifyTicket) throw new AppError('PREREQUISITE_REQUIRED', '请先验证原手机号');
    if (!(await peekVerifyTicket(ctx, memberId, 'change_mobile', body.verifyTicket))) {
      throw ticketGone('change_mobile');
    }
  }
  const mobile = decryptMobile(ctx, body.mobile);
  if (!mobile) throw new AppError('CODE_INVALID');
  if (mobile === current) throw new AppError('MOBILE_REGISTERED', '新手机号不能与当前手机号相同');
  await checkCode(ctx, {
    channel: 'sms',
    target: mobile,
    purpose: 'new_mobile',
    code: decryptField(ctx, body.code),
    memberId,
  });
  try {
    await ctx.db.transaction(async (tx) => {
      if (current) {
        const used = await consumeVerifyTicket(ctx, memberId, 'change_mobile', body.verifyTicket!, tx);
        if (!used) throw ticketGone('change_mobile');
      }
      const [taken] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.mobile, mobile), ne(members.id, memberId)))
        .limit(1);
      if (taken) throw new AppError('MOBILE_REGISTERED', '该手机号已绑定其他账号');
      await tx
        .update(members)
        .set({ mobile, updatedAt: new Date(ctx.now()) })
        .where(eq(members.id, memberId));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MOBILE_REGISTERED', '该手机号已绑定其他账号');
    throw err;
  }
  return { mobile: maskMobile(mobile)! };
}

export async function changePassword(
  ctx: AppContext,
  member: Member,
  body: { password: string; oldPassword?: string; verifyTicket?: string },
): Promise<{ ok: true }> {
  const row = await memberRow(ctx, member.id);
  if (body.verifyTicket) {
    if (!(await consumeVerifyTicket(ctx, member.id, 'change_password', body.verifyTicket))) {
      throw ticketGone('change_password');
    }
  } else if (body.oldPassword !== undefined) {
    if (!row.passwordHash) throw new AppError('PREREQUISITE_REQUIRED', '你还没有设置密码，请先用短信验证');
    await confirmOldPassword(ctx, member.id, row.passwordHash, body.oldPassword);
  } else {
    throw new AppError(
      'PREREQUISITE_REQUIRED',
      row.passwordHash ? '请输入原密码，或用短信验证码验证' : '请先用短信验证码验证手机号',
    );
  }
  const now = new Date(ctx.now());
  await ctx.db
    .update(members)
    .set({ passwordHash: await hashPassword(body.password), passwordChangedAt: now, updatedAt: now })
    .where(eq(members.id, member.id));
  // The other devices log in again with the new password; this one stays logged in.
  await revokeOtherSessions(ctx, member.id, member.familyId, 'password_change');
  if (row.mobile) await clearFailures(ctx, row.mobile);
  return { ok: true };
}

export async function bindEmail(
  ctx: AppContext,
  memberId: number,
  body: { email: string; code: string },
): Promise<{ email: string }> {
  const email = normalizeEmail(body.email);
  await checkCode(ctx, {
    channel: 'email',
    target: email,
    purpose: 'email_bind',
    code: decryptField(ctx, body.code),
    memberId,
  });
  await ctx.db.transaction(async (tx) => {
    // One member per address: concurrent binds of one address take turns.
    await lockOn(tx, `email:${email}`);
    const [taken] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(sql`lower(${members.email}) = ${email}`, ne(members.id, memberId)))
      .limit(1);
    if (taken) throw new AppError('EMAIL_TAKEN');
    await tx
      .update(members)
      .set({ email, updatedAt: new Date(ctx.now()) })
      .where(eq(members.id, memberId));
  });
  return { email: maskEmail(email)! };
}
