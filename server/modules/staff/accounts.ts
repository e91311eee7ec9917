/**
 * Staff accounts: created with a one-time password and a new authenticator secret (both shown
 * once), their roles changed, disabled or reset — from the console (admin) and the CLI alike.
 * At least one active admin always remains.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '../../../openapi/rules/staff';
import { staff, staffSessions } from '../../db/schema-staff';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { hashPassword } from '../auth/password';
import { encryptSecret, newTotpSecret } from './totp';

export interface StaffDeps {
  db: Executor;
  now: () => number;
  /** The key staff TOTP secrets are encrypted with (totp.ts). */
  staffTotpKey: Buffer;
}

export type StaffRecord = typeof staff.$inferSelect;

export interface StaffView {
  id: number;
  login: string;
  name: string;
  roles: StaffRole[];
  state: 'active' | 'disabled';
  totpBound: boolean;
  lockedUntil: number | null;
  lastSignInAt: number | null;
  createdAt: number;
}

export const rolesOf = (row: Pick<StaffRecord, 'roles'>): StaffRole[] =>
  row.roles.split(',').filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r));

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function staffView(row: StaffRecord, now: number): StaffView {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    roles: rolesOf(row),
    state: row.state === 'disabled' ? 'disabled' : 'active',
    totpBound: row.totpConfirmedAt !== null,
    lockedUntil: row.lockedUntil && row.lockedUntil.getTime() > now ? row.lockedUntil.getTime() : null,
    lastSignInAt: ms(row.lastSignInAt),
    createdAt: row.createdAt.getTime(),
  };
}

/** Roles in the table's order, once each. */
const normalRoles = (roles: readonly StaffRole[]) => STAFF_ROLES.filter((r) => roles.includes(r));

/** 14 characters a person can type: letters and digits, never 0/o/1/l/i, at least one of each. */
export function oneTimePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    const p = Array.from({ length: 14 }, () => all[randomInt(all.length)]).join('');
    if (/[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}

export async function findStaff(db: Executor, login: string): Promise<StaffRecord | null> {
  const [row] = await db.select().from(staff).where(eq(staff.login, login)).limit(1);
  return row ?? null;
}

async function mustFind(db: Executor, login: string): Promise<StaffRecord> {
  const row = await findStaff(db, login);
  if (!row) throw new AppError('STAFF_NOT_FOUND');
  return row;
}

export async function listStaffAccounts(deps: Pick<StaffDeps, 'db' | 'now'>): Promise<StaffView[]> {
  const rows = await deps.db.select().from(staff).orderBy(asc(staff.id));
  return rows.map((r) => staffView(r, deps.now()));
}

export const countStaff = async (db: Executor) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(staff))[0]?.n ?? 0);

export interface NewCredentials {
  staff: StaffView;
  oneTimePassword: string;
  totpSecret: string;
}

export async function createStaffAccount(
  deps: StaffDeps,
  input: { login: string; name: string; roles: readonly StaffRole[] },
): Promise<NewCredentials> {
  if (await findStaff(deps.db, input.login)) throw new AppError('STAFF_LOGIN_TAKEN');
  const password = oneTimePassword();
  const secret = newTotpSecret();
  const [row] = await deps.db
    .insert(staff)
    .values({
      login: input.login,
      name: input.name,
      passwordHash: await hashPassword(password),
      mustChangePassword: 1,
      totpSecret: encryptSecret(deps.staffTotpKey, secret),
      roles: normalRoles(input.roles).join(','),
      createdAt: new Date(deps.now()),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('STAFF_LOGIN_TAKEN');
  return { staff: staffView(row, deps.now()), oneTimePassword: password, totpSecret: secret };
}

/** Would this change leave no active admin? (checked under a lock on the admins' rows) */
async function lastActiveAdmin(db: Executor, exceptId: number): Promise<boolean> {
  const others = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(ne(staff.id, exceptId), eq(staff.state, 'active'), sql`',' || ${staff.roles} || ',' LIKE '%,admin,%'`))
    .for('update');
  return others.length === 0;
}

export async function revokeStaffSessions(db: Executor, staffId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

export interface StaffChange {
  before: StaffView;
  after: StaffView;
}

export async function setRoles(
  deps: StaffDeps,
  login: string,
  roles: readonly StaffRole[],
  by: { id: number | null },
): Promise<StaffChange> {
  const row = await mustFind(deps.db, login);
  const next = normalRoles(roles);
  if (row.id === by.id && !next.includes('admin')) throw new AppError('STAFF_NOT_SELF');
  if (rolesOf(row).includes('admin') && !next.includes('admin') && (await lastActiveAdmin(deps.db, row.id)))
    throw new AppError('STAFF_LAST_ADMIN');
  const [after] = await deps.db
    .update(staff)
    .set({ roles: next.join(',') })
    .where(eq(staff.id, row.id))
    .returning();
  return { before: staffView(row, deps.now()), after: staffView(after!, deps.now()) };
}

export async function disableStaffAccount(
  deps: StaffDeps,
  login: string,
  by: { id: number | null },
): Promise<StaffChange> {
  const row = await mustFind(deps.db, login);
  if (row.id === by.id) throw new AppError('STAFF_NOT_SELF');
  if (rolesOf(row).includes('admin') && (await lastActiveAdmin(deps.db, row.id)))
    throw new AppError('STAFF_LAST_ADMIN');
  const [after] = await deps.db.update(staff).set({ state: 'disabled' }).where(eq(staff.id, row.id)).returning();
  await revokeStaffSessions(deps.db, row.id, new Date(deps.now()));
  return { before: staffView(row, deps.now()), after: staffView(after!, deps.now()) };
}

/** A new one-time password and authenticator; the account is active again, unlocked, signed out. */
export async function resetStaffAccount(
  deps: StaffDeps,
  login: string,
  by: { id: number | null },
): Promise<StaffChange & Omit<NewCredentials, 'staff'>> {
  const row = await mustFind(deps.db, login);
  if (row.id === by.id) throw new AppError('STAFF_NOT_SELF');
  const password = oneTimePassword();
  const secret = newTotpSecret();
  const [after] = await deps.db
    .update(staff)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: 1,
      totpSecret: encryptSecret(deps.staffTotpKey, secret),
      totpConfirmedAt: null,
      totpLastStep: 0,
      state: 'active',
      failedCount: 0,
      failedSince: null,
      lockedUntil: null,
    })
    .where(eq(staff.id, row.id))
    .returning();
  await revokeStaffSessions(deps.db, row.id, new Date(deps.now()));
  return {
    before: staffView(row, deps.now()),
    after: staffView(after!, deps.now()),
    oneTimePassword: password,
    totpSecret: secret,
  };
}
