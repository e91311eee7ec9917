/**
 * Every console operation × every role, generated from the contract: a role whose permissions
 * (openapi/rules/staff.ts) lack the operation's is refused with 无权限 (HTTP 403, 1206) before its
 * input is read; a role that has it gets past the check. The test fails when a console operation
 * declares no permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../openapi/index';
import { mayDo, STAFF_ROLES, type StaffRole } from '../../openapi/rules/staff';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { createStaffSession } from '../../server/modules/staff/sessions';
import { consoleHarness, type ConsoleHarness } from './console-helpers';

let h: ConsoleHarness;
const staffIds = {} as Record<StaffRole, number>;

beforeAll(async () => {
  h = await consoleHarness('console-permissions');
  for (const role of STAFF_ROLES) {
    const made = await createStaffAccount(h.ctx, { login: `matrix.${role}`, name: `矩阵${role}`, roles: [role] });
    staffIds[role] = made.staff.id;
  }
});
afterAll(() => h.env.cleanup());

const consoleOps = operations.filter((o) => o.auth === 'staff');
const url = (path: string) => `/api${path.replace('{id}', '1').replace('{login}', 'nobody')}`;

describe('console permissions', () => {
  it('every console operation declares a permission, and every call under /admin/ is a console one (sign-in aside)', () => {
    expect(consoleOps.length).toBeGreaterThan(0);
    expect(consoleOps.filter((o) => !o.permission).map((o) => o.id)).toEqual([]);
    const open = operations.filter((o) => o.path.startsWith('/admin/') && o.auth !== 'staff').map((o) => o.id);
    expect(open.sort()).toEqual(['staffSignIn', 'staffSignInVerify']);
  });

  for (const o of consoleOps)
    it(`${o.id} (${o.permission}): ${STAFF_ROLES.filter((r) => mayDo([r], o.permission!)).join(', ')} only`, async () => {
      for (const role of STAFF_ROLES) {
        // A session of its own per call: some calls (sign-out) end the session they come with.
        const { token } = await createStaffSession(h.ctx.db, staffIds[role], h.clock.now(), {});
        const res = await h.call(o.method === 'get' ? 'GET' : 'POST', url(o.path), {
          token,
          ...(o.method === 'post' ? { body: {} } : {}),
        });
        if (mayDo([role], o.permission!)) {
          expect([res.status, res.code], `${role} may ${o.id}`).not.toEqual([403, 1206]);
          expect(res.status, `${role} may ${o.id}`).not.toBe(401);
        } else {
          expect({ status: res.status, code: res.code, msg: res.msg }, `${role} may not ${o.id}`).toEqual({
            status: 403,
            code: 1206,
            msg: '无权限：你的角色不能进行这项操作',
          });
        }
      }
    });
});
