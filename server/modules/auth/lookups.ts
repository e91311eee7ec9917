/**
 * The budget of mobile lookups: the calls whose answer depends on whether a mobile is registered —
 * a code for login, reset, register or bind (`/v1/auth/sms/send`), an invite registration code
 * (`/v1/auth/invite/code`), a code to a new mobile (`/v1/sms/new-mobile`) and the invite check with
 * a mobile (`/v1/auth/invite/check`). Every such call counts, whatever it answers (a code sent,
 * 该手机号已注册, 该手机号尚未注册, 发送太频繁, a field error), before the mobile is looked at:
 *
 * - per IP: `smsIpHourlyLimit` calls (SMS_IP_HOURLY_LIMIT, default 20) within the last hour — the
 *   IP's budget of codes, now spent by refusals too; an IP that has had that many codes sent within
 *   the hour (member sends included) is past it as well;
 * - per device (`X-Device-Id`, when sent): DEVICE_HOURLY_LOOKUPS calls within the last hour.
 *
 * Past either budget the call is answered without looking at the mobile (SEND_IP_LIMIT, the answer
 * of the per-IP send limit), so the answer is the same whatever the number; such answers spend
 * nothing, and the budget frees up an hour after the calls that spent it. Calls are rows in
 * `login_attempts` (scopes `lookup-ip`, `lookup-device`) written under a per-IP and a per-device
 * lock, so the budgets hold under concurrent calls, across restarts and across processes.
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Tx } from '../../kernel/db';
import { deviceIdOf } from '../invites/service';
import { lockOn, sendsFromIp } from './codes';

const WINDOW_MS = 60 * 60 * 1000;
/** Mobile lookups one device may make per hour. */
export const DEVICE_HOURLY_LOOKUPS = 10;

type Scope = 'lookup-ip' | 'lookup-device';

async function spent(tx: Tx, scope: Scope, key: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Count this call against the IP's and the device's budgets. Returns null when within both, else
 * the refusal to answer with (nothing counted).
 */
export async function takeLookup(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
): Promise<AppError | null> {
  const { ip } = request;
  const device = deviceIdOf(request);
  const now = ctx.now();
  const since = new Date(now - WINDOW_MS);
  const limit = ctx.config.smsIpHourlyLimit;
  return ctx.db.transaction(async (tx) => {
    await lockOn(tx, `lookup-ip:${ip}`);
    if (device) await lockOn(tx, `lookup-device:${device}`);
    if ((await spent(tx, 'lookup-ip', ip, since)) >= limit || (await sendsFromIp(tx, ip, now)) >= limit) {
      return new AppError('SEND_IP_LIMIT');
    }
    if (device && (await spent(tx, 'lookup-device', device, since)) >= DEVICE_HOURLY_LOOKUPS) {
      return new AppError('SEND_IP_LIMIT', '当前设备获取验证码过于频繁，请稍后再试');
    }
    const keys: [Scope, string][] = [
      ['lookup-ip', ip],
      ...(device ? [['lookup-device', device] as [Scope, string]] : []),
    ];
    const createdAt = new Date(now);
    await tx.insert(loginAttempts).values(keys.map(([scope, key]) => ({ scope, key, createdAt })));
    // Housekeeping: rows that left the window count for nothing.
    for (const [scope, key] of keys) {
      await tx
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.key, key), lt(loginAttempts.createdAt, since)));
    }
    return null;
  });
}

/** `takeLookup`, throwing the refusal when past a budget. */
export async function spendLookup(ctx: AppContext, request: Pick<FastifyRequest, 'ip' | 'headers'>): Promise<void> {
  const refusal = await takeLookup(ctx, request);
  if (refusal) throw refusal;
}
