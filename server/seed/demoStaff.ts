/**
 * One console account per role for trying the console at once (README "The operations console"):
 * known passwords and authenticator secrets, already bound. Only with the SMS outbox (a local
 * setup), as the demo member: no deployed site gets accounts whose secrets are published.
 */
import type { StaffRole } from '../../openapi/rules/staff';
import type { AppContext } from '../context';
import { staff } from '../db/schema-staff';
import { hashPassword } from '../modules/auth/password';
import { encryptSecret } from '../modules/staff/totp';

export const DEMO_STAFF: readonly {
  login: string;
  name: string;
  role: StaffRole;
  password: string;
  totpSecret: string;
}[] = [
  {
    login: 'demo.support',
    name: '客服小林',
    role: 'support',
    password: 'weidou-support-2030',
    totpSecret: 'DQOEXRTM4ATPXFOIW4SQZ2FYBMYFWVHH',
  },
  {
    login: 'demo.finance',
    name: '财务小周',
    role: 'finance',
    password: 'weidou-finance-2030',
    totpSecret: 'U5KO2DMNBB6AEUV76ZYG7D7FGKBTJAID',
  },
  {
    login: 'demo.content',
    name: '运营小陈',
    role: 'content',
    password: 'weidou-content-2030',
    totpSecret: '2XCZINZ53RS5DW4SN5PBWDYUN4KXKKED',
  },
  {
    login: 'demo.admin',
    name: '管理员老王',
    role: 'admin',
    password: 'weidou-admin-2030',
    totpSecret: 'YCCVY5TNYJCVJ7VUSCOOMBCKKJNQ2C6L',
  },
];

/** Seed the demo staff accounts; how many were created. */
export async function seedDemoStaff(ctx: AppContext): Promise<number> {
  if (ctx.config.sms.provider !== 'outbox') return 0;
  let created = 0;
  for (const s of DEMO_STAFF) {
    const rows = await ctx.db
      .insert(staff)
      .values({
        login: s.login,
        name: s.name,
        passwordHash: await hashPassword(s.password),
        mustChangePassword: 0,
        totpSecret: encryptSecret(ctx.staffTotpKey, s.totpSecret),
        totpConfirmedAt: new Date(ctx.now()),
        roles: s.role,
      })
      .onConflictDoNothing()
      .returning({ id: staff.id });
    created += rows.length;
  }
  return created;
}
