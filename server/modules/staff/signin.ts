/**
 * Staff sign-in in two steps — password, then an authenticator code (the first sign-in binds the
 * authenticator from a QR code and sets a new password) — and the fresh code sensitive moves ask
 * for. 5 wrong passwords or codes within 15 minutes lock the account for 15 minutes; the counting
 * is one conditional UPDATE, so parallel tries cannot slip past it. A code is accepted once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { permissionsOf, SIGN_IN_TICKET_MS, STAFF_LOCK_MS, STAFF_LOCK_TRIES } from '../../../openapi/rules/staff';
import type { AppContext } from '../../context';
import { staff, staffSignInTickets } from '../../db/schema-staff';
import type { Staff } from '../../http/auth';
import { AppError } from '../../http/errors';
import { appendAudit } from '../../kernel/audit';
import type { Executor } from '../../kernel/db';
import { hashPassword, verifyPassword } from '../auth/password';
import { rolesOf, type StaffRecord } from './accounts';
import { createStaffSession } from './sessions';
import { decryptSecret, otpauthUri, totpStep } from './totp';

export type SignInContext = Pick<AppContext, 'db' | 'now' | 'config'> & { staffTotpKey: Buffer };

const ISSUER = '微豆调研管理后台';
const hash = (t: string) => createHash('sha256').update(t).digest('base64url');

function lockedRefusal(until: Date, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  return new AppError('STAFF_LOCKED', `错误次数过多，账号已锁定，请 ${Math.ceil(retryAfter / 60)} 分钟后再试`, {
    retryAfter,
  });
}

function assertUnlocked(row: StaffRecord, now: number): void {
  if (row.lockedUntil && row.lockedUntil.getTime() > now) throw lockedRefusal(row.lockedUntil, now);
}

/** Count one wrong password or code; the refusal to give (the lock when this one locked). */
async function failure(db: Executor, row: StaffRecord, now: number, refusal: AppError): Promise<AppError> {
  const windowStart = new Date(now - STAFF_LOCK_MS);
  const fresh = sql`${staff.failedSince} IS NULL OR ${staff.failedSince} < ${windowStart}`;
  const [counted] = await db
    .update(staff)
    .set({
      failedCount: sql`CASE WHEN ${fresh} THEN 1 ELSE ${staff.failedCount} + 1 END`,
      failedSince: sql`CASE WHEN ${fresh} THEN ${new Date(now)} ELSE ${staff.failedSince} END`,
    })
    .where(eq(staff.id, row.id))
    .returning({ failedCount: staff.failedCount });
  if ((counted?.failedCount ?? 0) < STAFF_LOCK_TRIES) return refusal;
  const until = new Date(now + STAFF_LOCK_MS);
  await db.update(staff).set({ lockedUntil: until, failedCount: 0, failedSince: null }).where(eq(staff.id, row.id));
  return lockedRefusal(until, now);
}

export async function signIn(ctx: SignInContext, input: { login: string; password: string }) {
  const now = ctx.now();
  const [row] = await ctx.db.select().from(staff).where(eq(staff.login, input.login)).limit(1);
  if (row) assertUnlocked(row, now);
  const ok = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row) throw new AppError('STAFF_WRONG_CREDENTIALS');
  if (!ok) throw await failure(ctx.db, row, now, new AppError('STAFF_WRONG_CREDENTIALS'));
  if (row.state !== 'active') throw new AppError('STAFF_WRONG_CREDENTIALS', '该账号已停用，请联系管理员');
  const ticket = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(staffSignInTickets)
    .values({ staffId: row.id, ticketHash: hash(ticket), expiresAt: new Date(now + SIGN_IN_TICKET_MS) });
  const bound = row.totpConfirmedAt !== null;
  const secret = bound ? null : decryptSecret(ctx.staffTotpKey, row.totpSecret);
  return {
    ticket,
    totpSetup: secret ? { otpauthUri: otpauthUri(secret, row.login, ISSUER), secret } : null,
    mustChangePassword: row.mustChangePassword === 1,
  };
}

/**
 * Check `code` for `row` and take its step (a code is accepted once). Wrong or used: counted,
 * and the refusal thrown.
 */
async function takeCode(db: Executor, key: Buffer, row: StaffRecord, code: string, now: number): Promise<number> {
  assertUnlocked(row, now);
  const step = totpStep(decryptSecret(key, row.totpSecret), code, now);
  const wrong = new AppError('TOTP_WRONG');
  if (step === null || step <= row.totpLastStep) throw await failure(db, row, now, wrong);
  const [taken] = await db
    .update(staff)
    .set({ totpLastStep: step, failedCount: 0, failedSince: null })
    .where(and(eq(staff.id, row.id), lt(staff.totpLastStep, step)))
    .returning({ id: staff.id });
  if (!taken) throw await failure(db, row, now, wrong);
  return step;
}

export async function verifySignIn(
  ctx: SignInContext,
  input: { ticket: string; code: string; newPassword?: string | undefined },
  client: { ip: string; userAgent: string | null },
) {
  const now = ctx.now();
  const [ticket] = await ctx.db
    .select()
    .from(staffSignInTickets)
    .where(
      and(
        eq(staffSignInTickets.ticketHash, hash(input.ticket)),
        isNull(staffSignInTickets.usedAt),
        gt(staffSignInTickets.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  if (!ticket) throw new AppError('STAFF_TICKET_INVALID');
  const [row] = await ctx.db.select().from(staff).where(eq(staff.id, ticket.staffId)).limit(1);
  if (!row || row.state !== 'active') throw new AppError('STAFF_TICKET_INVALID');
  if (row.mustChangePassword === 1 && !input.newPassword) throw new AppError('STAFF_NEW_PASSWORD_REQUIRED');
  await takeCode(ctx.db, ctx.staffTotpKey, row, input.code, now);
  const newHash = row.mustChangePassword === 1 && input.newPassword ? await hashPassword(input.newPassword) : null;
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffSignInTickets)
      .set({ usedAt: new Date(now) })
      .where(and(eq(staffSignInTickets.id, ticket.id), isNull(staffSignInTickets.usedAt)))
      .returning({ id: staffSignInTickets.id });
    if (!used) throw new AppError('STAFF_TICKET_INVALID');
    await tx
      .update(staff)
      .set({
        lastSignInAt: new Date(now),
        totpConfirmedAt: row.totpConfirmedAt ?? new Date(now),
        ...(newHash ? { passwordHash: newHash, mustChangePassword: 0 } : {}),
      })
      .where(eq(staff.id, row.id));
    const session = await createStaffSession(tx, row.id, now, client);
    const roles = rolesOf(row);
    await appendAudit(
      tx,
      { staffId: row.id, login: row.login, roles, channel: 'console', ip: client.ip, userAgent: client.userAgent },
      {
        operation: 'staffSignInVerify',
        targetType: 'staff',
        targetId: row.login,
        after: {
          ...(row.totpConfirmedAt ? {} : { authenticatorBound: true }),
          ...(newHash ? { passwordChanged: true } : {}),
        },
      },
      new Date(now),
    );
    return {
      token: session.token,
      staff: {
        id: row.id,
        login: row.login,
        name: row.name,
        roles,
        permissions: permissionsOf(roles),
        sessionExpiresAt: session.expiresAt,
      },
    };
  });
}

/** A sensitive move's fresh code (ctx.checkFreshTotp). */
export async function checkFreshTotp(ctx: SignInContext, who: Staff, code: string): Promise<void> {
  const [row] = await ctx.db.select().from(staff).where(eq(staff.id, who.id)).limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  await takeCode(ctx.db, ctx.staffTotpKey, row, code, ctx.now());
}
