/**
 * Real-name verification (实名认证, `/v1/users/id-verify`, `/v2/users/id-verfiy`).
 *
 * A submission needs a fresh SMS check (verify ticket, scene `id_verify`) and a well-formed ID
 * number (GB 11643 checksum, real birth date): that first gate calls nobody and costs nothing.
 * Then the 二要素 provider (`ctx.identity`: the sandbox, or Aliyun Cloudauth) compares the name with
 * the number. A mismatch or 查无记录 uses one of ID_VERIFY_DAILY_TRIES tries of the Beijing day
 * (`id_verify_attempts`; a try is reserved as a `pending` row under the member's lock before the
 * call, so concurrent submissions cannot overspend), and the member is told how many are left. A
 * provider that cannot answer costs no try. The ticket stays valid until a match spends it (in the
 * transaction that writes the verification), so a typo in the name does not cost a new SMS.
 * The number is never stored: only its masked form and an HMAC keyed with the server secret, which
 * is UNIQUE, so one ID number verifies one account. Once verified, the member cannot change it.
 */
import { createHmac } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IdVerifyState } from '../../../openapi/enums';
import type { IdVerify, IdVerifyBody } from '../../../openapi/schemas/identity';
import type { AppContext } from '../../context';
import { idVerifications, idVerifyAttempts } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { consumeVerifyTicket, peekVerifyTicket } from '../auth/tickets';
import { lockOn } from '../auth/codes';
import {
  ID_PROBLEM_MESSAGES,
  ID_VERIFY_DAILY_TRIES,
  idNumberProblem,
  idTriesLeftText,
  normalizeIdNumber,
} from '../../../openapi/rules/identity';
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

/** Attempts that use a try: answered mismatch / not found, or still waiting for an answer. */
const TRY_RESULTS = ['pending', 'mismatch', 'not_found'];

/** Tries used by the member on the Beijing day `day`. */
export async function triesUsed(db: Executor, memberId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(idVerifyAttempts)
    .where(
      and(
        eq(idVerifyAttempts.memberId, memberId),
        eq(idVerifyAttempts.day, day),
        inArray(idVerifyAttempts.result, TRY_RESULTS),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Ask the 二要素 provider; returns on a match. Throws ID_TRIES_EXHAUSTED (none left today, nothing
 * asked), ID_MISMATCH / ID_NOT_FOUND with `{ triesLeft }` (one try used), ID_CHECK_UNAVAILABLE
 * (the provider could not answer; no try used).
 */
async function checkWithProvider(
  ctx: AppContext,
  memberId: number,
  person: { realName: string; idNumber: string },
): Promise<void> {
  const day = shanghaiDay(ctx.now());
  const attemptId = await ctx.db.transaction(async (tx: Tx) => {
    await lockOn(tx, `id-verify:${memberId}`);
    if ((await triesUsed(tx, memberId, day)) >= ID_VERIFY_DAILY_TRIES) {
      throw new AppError('ID_TRIES_EXHAUSTED', undefined, { triesLeft: 0 });
    }
    const [row] = await tx
      .insert(idVerifyAttempts)
      .values({ memberId, day, result: 'pending', provider: ctx.identity.name, createdAt: new Date(ctx.now()) })
      .returning({ id: idVerifyAttempts.id });
    return row!.id;
  });
  const settle = (result: string) =>
    ctx.db.update(idVerifyAttempts).set({ result }).where(eq(idVerifyAttempts.id, attemptId));
  let verdict: Awaited<ReturnType<AppContext['identity']['verify']>>;
  try {
    verdict = await ctx.identity.verify(person);
  } catch (err) {
    await settle('error');
    // The provider's own words only: never the name or the number.
    ctx.log.error({ err, provider: ctx.identity.name, memberId }, 'identity check failed');
    throw new AppError('ID_CHECK_UNAVAILABLE');
  }
  await settle(verdict);
  if (verdict === 'match') return;
  const triesLeft = Math.max(0, ID_VERIFY_DAILY_TRIES - (await triesUsed(ctx.db, memberId, day)));
  if (verdict === 'mismatch') {
    throw new AppError('ID_MISMATCH', `姓名与身份证号不一致，请核对后再试；${idTriesLeftText(triesLeft)}`, {
      triesLeft,
    });
  }
  throw new AppError('ID_NOT_FOUND', `未查到该身份证号的登记信息，请核对后再试；${idTriesLeftText(triesLeft)}`, {
    triesLeft,
  });
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
  // The ticket is spent only by a match, so a typo does not cost a new SMS.
  if (!(await peekVerifyTicket(ctx, memberId, 'id_verify', body.verifyTicket))) {
    throw new AppError('PREREQUISITE_REQUIRED', '短信验证已失效，请重新获取验证码');
  }
  await checkWithProvider(ctx, memberId, { realName: body.realName, idNumber });
  const now = new Date(ctx.now());
  try {
    const row = await ctx.db.transaction(async (tx: Tx) => {
      if (!(await consumeVerifyTicket(ctx, memberId, 'id_verify', body.verifyTicket, tx))) {
        throw new AppError('PREREQUISITE_REQUIRED', '短信验证已失效，请重新获取验证码');
      }
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
