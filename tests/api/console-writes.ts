/**
 * Every console write (a POST operation with `auth: 'staff'`) with one successful call, for the
 * audit test (console-audit.test.ts): it fails when a console write has no entry here, and proves
 * each one leaves exactly one audit row naming its operation. Each console area keeps its entries
 * in its own file (console-writes-*.ts), listed below.
 */
import type { ConsoleHarness, StaffAccount } from './console-helpers';

export interface ConsoleWrite {
  /** The operation id. */
  op: string;
  /**
   * Make one successful call of the operation as `admin` (an admin account; `fresh(code)` gives a
   * new authenticator code for moves that ask for one). Resolves with the answer's code.
   */
  call(h: ConsoleHarness, admin: StaffAccount): Promise<number>;
}

export const staffWrites: ConsoleWrite[] = [
  {
    op: 'createStaff',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/staff', a.token, {
          login: 'audit.new',
          name: '新同事',
          roles: ['support'],
        })
      ).code,
  },
  {
    op: 'setStaffRoles',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/staff/audit.new/roles', a.token, {
          roles: ['support', 'content'],
          reason: '兼做内容',
          totp: h.code(a.secret),
        })
      ).code,
  },
  {
    op: 'resetStaff',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/staff/audit.new/reset', a.token, {
          reason: '手机丢失',
          totp: h.code(a.secret),
        })
      ).code,
  },
  {
    op: 'disableStaff',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/staff/audit.new/disable', a.token, {
          reason: '离职',
          totp: h.code(a.secret),
        })
      ).code,
  },
  {
    op: 'staffSignOutEverywhere',
    call: async (h, a) => (await h.admin('POST', '/api/admin/v1/auth/sign-out-everywhere', await h.signIn(a))).code,
  },
  {
    op: 'staffSignOut',
    call: async (h, a) => (await h.admin('POST', '/api/admin/v1/auth/sign-out', await h.signIn(a))).code,
  },
];
