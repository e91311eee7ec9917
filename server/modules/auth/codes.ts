/**
 * One-time codes (SMS and e-mail): 6 digits, valid 5 minutes, single use, bound to the target
 * (mobile or address) and the purpose. The newest code of a target+purpose is the only live one.
 * 5 wrong tries kill a code. Sending is limited per target (one per 60 s, 10 per Beijing day),
 * per IP (20 per hour) and globally (1000 per hour), counted from the `sms_codes` rows themselves,
 * so the limits hold across restarts and across processes sharing the database.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { smsCodes } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Executor, Tx } from '../../kernel/db';
import { maskEmail, maskMobile } from '../../kernel/mask';
import { SMS_CODE_RE } from '../../../openapi/rules/mobile';
import { codeEmail } from '../../providers/email/message';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const DAILY_LIMIT_PER_TARGET = 10;
const GLOBAL_HOURLY_LIMIT = 1000;
export const MAX_TRIES = 5;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const BEIJING_OFFSET = 8 * HOUR;

export type Channel = 'sms' | 'email';

export interface SentCode {
  /** Seconds until the next send is allowed. */
  resendAfter: number;
  /** Epoch ms. */
  expiredAt: number;
  /** Where the code went, masked (138****1234, ab***@example.com). */
  to: string;
}

/** Start of the Beijing calendar day containing `now` (epoch ms). */
function beijingDayStart(now: number): number {
  return Math.floor((now + BEIJING_OFFSET) / DAY) * DAY - BEIJING_OFFSET;
}

function codeHash(ctx: AppContext, channel: Channel, target: string, purpose: string, code: string): string {
  return createHmac('sha256', ctx.authSecret).update(`${channel}\n${target}\n${purpose}\n${code}`).digest('hex');
}

/** Codes sent for requests from `ip` within the hour before `now` (the per-IP send limit counts these). */
export async function sendsFromIp(db: Executor, ip: string, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now - HOUR))));
  return row?.n ?? 0;
}

/** Take the transaction-scoped advisory lock named `key` (serialises concurrent sends to one target / from one IP). */
export async function lockOn(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Check the limits, store a new code and deliver it. Throws SEND_TOO_FREQUENT, SEND_DAILY_LIMIT,
 * SEND_IP_LIMIT, RATE_LIMITED (global) or SEND_FAILED (provider refused).
 */
export async function sendCode(
  ctx: AppContext,
  input: { channel: Channel; target: string; purpose: string; memberId?: number | null; ip?: string | null },
): Promise<SentCode> {
  const { channel, target, purpose } = input;
  const ip = input.ip ?? null;
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + CODE_TTL_MS;

  const id = await ctx.db.transaction(async (tx) => {
    await lockOn(tx, `code:${channel}:${target}`);
    if (ip) await lockOn(tx, `code-ip:${ip}`);

    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.channel, channel), eq(smsCodes.target, target)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = last.createdAt.getTime() + ctx.config.smsResendSeconds * 1000 - now;
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AppError('SEND_TOO_FREQUENT', `发送太频繁，请 ${seconds} 秒后再试`, { resendAfter: seconds });
      }
    }
    const [today] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.channel, channel),
          eq(smsCodes.target, target),
          gt(smsCodes.createdAt, new Date(beijingDayStart(now) - 1)),
        ),
      );
    if ((today?.n ?? 0) >= DAILY_LIMIT_PER_TARGET) {
      throw new AppError(
        'SEND_DAILY_LIMIT',
        channel === 'sms'
          ? `该手机号今日获取验证码已达 ${DAILY_LIMIT_PER_TARGET} 次上限，请明天再试`
          : `该邮箱今日获取验证码已达 ${DAILY_LIMIT_PER_TARGET} 次上限，请明天再试`,
      );
    }
    if (ip && (await sendsFromIp(tx, ip, now)) >= ctx.config.smsIpHourlyLimit) throw new AppError('SEND_IP_LIMIT');
    const [global] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(gt(smsCodes.createdAt, new Date(now - HOUR)));
    if ((global?.n ?? 0) >= GLOBAL_HOURLY_LIMIT) {
      ctx.log.error({ limit: GLOBAL_HOURLY_LIMIT }, 'global verification-code send limit reached');
      throw new AppError('RATE_LIMITED', '验证码服务繁忙，请稍后再试');
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({
        channel,
        target,
        purpose,
        memberId: input.memberId ?? null,
        codeHash: codeHash(ctx, channel, target, purpose, code),
        expiresAt: new Date(expiresAt),
        ip,
        createdAt: new Date(now),
      })
      .returning({ id: smsCodes.id });
    return row!.id;
  });

  try {
    if (channel === 'sms') {
      await ctx.sms.send({ mobile: target, template: 'code', params: { code, purpose } });
    } else {
      await ctx.email.send({
        to: target,
        ...codeEmail({ code, purpose, ttlMinutes: CODE_TTL_MS / 60_000 }),
        code,
        purpose,
      });
    }
  } catch (err) {
    // The code is dead (never delivered) but still counts towards the limits.
    await ctx.db
      .update(smsCodes)
      .set({ usedAt: new Date(ctx.now()) })
      .where(eq(smsCodes.id, id));
    ctx.log.error(
      { err, channel, provider: channel === 'sms' ? ctx.sms.name : ctx.email.name },
      'code delivery failed',
    );
    throw new AppError('SEND_FAILED', channel === 'sms' ? undefined : '验证码邮件发送失败，请稍后再试或换一个邮箱');
  }
  return {
    resendAfter: ctx.config.smsResendSeconds,
    expiredAt: expiresAt,
    to: (channel === 'sms' ? maskMobile(target) : maskEmail(target)) ?? '',
  };
}

/**
 * Check and consume the live code for target+purpose. `code` null (undecryptable) counts as a
 * wrong try. With `memberId`, the code must have been sent for that member (a code another member
 * asked for to the same address is answered like a wrong one and left alone). Throws CODE_INVALID
 * (wrong, expired, used, none, another member's) or CODE_TOO_MANY_TRIES.
 */
export async function checkCode(
  ctx: AppContext,
  input: { channel: Channel; target: string; purpose: string; code: string | null; memberId?: number },
): Promise<void> {
  const { channel, target, purpose } = input;
  const now = ctx.now();
  const [live] = await ctx.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.channel, channel), eq(smsCodes.target, target), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!live || live.usedAt || live.expiresAt.getTime() <= now) throw new AppError('CODE_INVALID');
  if (input.memberId !== undefined && live.memberId !== input.memberId) throw new AppError('CODE_INVALID');
  if (live.tries >= MAX_TRIES) throw new AppError('CODE_TOO_MANY_TRIES');

  const code = input.code?.trim() ?? '';
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(codeHash(ctx, channel, target, purpose, code), 'hex');
  const right = SMS_CODE_RE.test(code) && timingSafeEqual(expected, given);
  if (!right) {
    const [bumped] = await ctx.db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(and(eq(smsCodes.id, live.id), lt(smsCodes.tries, MAX_TRIES)))
      .returning({ tries: smsCodes.tries });
    if (!bumped || bumped.tries >= MAX_TRIES) throw new AppError('CODE_TOO_MANY_TRIES');
    throw new AppError('CODE_INVALID');
  }
  const used = await ctx.db
    .update(smsCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt), lt(smsCodes.tries, MAX_TRIES)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw new AppError('CODE_INVALID');
}
