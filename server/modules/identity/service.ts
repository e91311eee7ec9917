/**
 * Real-name verification (实名认证, `/v1/users/id-verify`, `/v2/users/id-verfiy`).
 *
 * A submission needs a fresh SMS check (verify ticket, scene `id_verify`) and a well-formed ID
 * number (GB 11643 checksum, real birth date). There is no outside name-and-number check in this
 * deployment, so a valid submission is verified at once. The number is never stored: only its
 * masked form and an HMAC keyed with the server secret, which is UNIQUE, so one ID number verifies
 * one account. Once verified, the member cannot change it.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IdVerifyState } from '../../../openapi/enums';
import type { IdVerify, IdVerifyBody } from '../../../openapi/schemas/identity';
import type { AppContext } from '../../context';
import { idVerifications } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { consumeVerifyTicket } from '../auth/tickets';
import { ID_PROBLEM_MESSAGES, idNumberProblem, normalizeIdNumber } from '../../../openapi/rules/identity';
import { maskIdNumber, maskName } from './idcard';
import { isUniqueViolation, type Executor, type Tx } from '../../kernel/db';
import { shanghaiDay } from '../../kernel/time';

export type IdVerifyData = z.output<typeof IdVerify>;
export function idNumberHash(secret: Buffer, idNumber: string): string {
  return createHmac('sha256', secret).update(`id-number:${idNumber}`, 'utf8').digest('hex');
}

export async function identityOf(db: Executor, memberId: number) {
  const [row] = await db.select().from(idVerifications).where(eq(idVerifications.memberId, memberId)).limit(1);
  return row;
}

export async function isVerified(db: Executor, memberId: number): Promise<boolean> {
  return (await identityOf(db, memberId))?.state === IdVerifyState.values.VERIFIED;
}

function toView(row: typeof idVerifications.$inferSelect | undefined): IdVerifyData {
  if (!row) return { state: 0, realName: null, idNumber: null, submittedAt: null, reason: null };
  return {
    state: row.state as IdVerifyData['state'],
    realName: maskName(row.realName),
    idNumber: row.idNumberMasked,
    submittedAt: row.createdAt.getTime(),
    reason: null,
  };
}

export async function getIdVerify(ctx: AppContext, memberId: number): Promise<IdVerifyData> {
  return toView(await identityOf(ctx.db, memberId));
}

export async function submitIdVerify(
  ctx: AppContext,
  memberId: number,
  body: z.output<typeof IdVerifyBody>,
): Promise<IdVerifyData> {
  if ((await identityOf(ctx.db, memberId))?.state === IdVerifyState.values.VERIFIED) {
    throw new AppError('ID_VERIFIED_LOCKED');
  }
  const idNumber = normalizeIdNumber(body.idNumber);
  const problem = idNumberProblem(idNumber, shanghaiDay(ctx.now()));
  if (problem) throw new AppError('ID_NUMBER_INVALID', ID_PROBLEM_MESSAGES[problem]);
  const hash = idNumberHash(ctx.authSecret, idNumber);
  const [holder] = await ctx.db
    .select({ memberId: idVerifications.memberId })
    .from(idVerifications)
    .where(eq(idVerifications.idNumberHash, hash))
    .limit(1);
  if (holder && holder.memberId !== memberId) throw new AppError('ID_NUMBER_TAKEN');
  // The ticket is spent only by a submission that can succeed, so a typo does not cost a new SMS.
  if (!(await consumeVerifyTicket(ctx, memberId, 'id_verify', body.verifyTicket))) {
    throw new AppError('PREREQUISITE_REQUIRED', '短信验证已失效，请重新获取验证码');
  }
  const now = new Date(ctx.now());
  try {
    const row = await ctx.db.transaction(async (tx: Tx) => {
      const values = {
        memberId,
        realName: body.realName,
        idNumberMasked: maskIdNumber(idNumber),
        idNumberHash: hash,
        state: IdVerifyState.values.VERIFIED,
        verifiedAt: now,
        createdAt: now,
      };
      // Two submissions at once: the second finds the row verified and leaves it alone.
      const [saved] = await tx
        .insert(idVerifications)
        .values(values)
        .onConflictDoUpdate({
          target: idVerifications.memberId,
          set: values,
          setWhere: sql`${idVerifications.state} <> ${IdVerifyState.values.VERIFIED}`,
        })
        .returning();
      if (!saved) throw new AppError('ID_VERIFIED_LOCKED');
      return saved;
    });
    return toView(row);
  } catch (err) {
    if (isUniqueViolation(err, 'id_verifications_id_number_hash_unique')) throw new AppError('ID_NUMBER_TAKEN');
    throw err;
  }
}
