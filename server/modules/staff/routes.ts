import {
  createStaff,
  disableStaff,
  getStaffMe,
  listAudit,
  listStaff,
  resetStaff,
  setStaffRoles,
  staffSignIn,
  staffSignInVerify,
  staffSignOut,
  staffSignOutEverywhere,
  verifyAudit,
} from '../../../openapi/operations/admin';
import { permissionsOf } from '../../../openapi/rules/staff';
import { handle } from '../../http/handle';
import { verifyAuditChain } from '../../kernel/audit';
import {
  createStaffAccount,
  disableStaffAccount,
  listStaffAccounts,
  resetStaffAccount,
  revokeStaffSessions,
  setRoles,
} from './accounts';
import { listAuditRows } from './audit';
import { endStaffSession } from './sessions';
import { signIn, verifySignIn } from './signin';

export const routes = [
  handle(staffSignIn, async ({ body, ctx }) => signIn(ctx, body)),
  handle(staffSignInVerify, async ({ body, ctx, request }) =>
    verifySignIn(ctx, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  ),
  handle(getStaffMe, async ({ staff }) => ({
    id: staff.id,
    login: staff.login,
    name: staff.name,
    roles: staff.roles,
    permissions: permissionsOf(staff.roles),
    sessionExpiresAt: staff.sessionExpiresAt,
  })),
  handle(staffSignOut, async ({ staff, ctx, audit }) => {
    audit.targetType = 'staff';
    audit.targetId = staff.login;
    await endStaffSession(ctx.db, staff.sessionId, new Date(ctx.now()));
    return { ok: true as const };
  }),
  handle(staffSignOutEverywhere, async ({ staff, ctx, audit }) => {
    audit.targetType = 'staff';
    audit.targetId = staff.login;
    await revokeStaffSessions(ctx.db, staff.id, new Date(ctx.now()));
    return { ok: true as const };
  }),
  handle(listStaff, async ({ ctx }) => ({ list: await listStaffAccounts(ctx) })),
  handle(createStaff, async ({ body, ctx, audit }) => {
    const made = await createStaffAccount(ctx, body);
    Object.assign(audit, { targetType: 'staff', targetId: made.staff.login, after: made.staff });
    return made;
  }),
  handle(setStaffRoles, async ({ params, body, staff, ctx, audit }) => {
    const change = await setRoles(ctx, params.login, body.roles, staff);
    Object.assign(audit, {
      targetType: 'staff',
      targetId: params.login,
      before: { roles: change.before.roles },
      after: { roles: change.after.roles },
    });
    return change.after;
  }),
  handle(disableStaff, async ({ params, staff, ctx, audit }) => {
    const change = await disableStaffAccount(ctx, params.login, staff);
    Object.assign(audit, {
      targetType: 'staff',
      targetId: params.login,
      before: { state: change.before.state },
      after: { state: change.after.state },
    });
    return change.after;
  }),
  handle(resetStaff, async ({ params, staff, ctx, audit }) => {
    const change = await resetStaffAccount(ctx, params.login, staff);
    Object.assign(audit, {
      targetType: 'staff',
      targetId: params.login,
      before: { state: change.before.state, totpBound: change.before.totpBound },
      after: { state: change.after.state, totpBound: false, passwordReset: true },
    });
    return { staff: change.after, oneTimePassword: change.oneTimePassword, totpSecret: change.totpSecret };
  }),
  handle(listAudit, async ({ query, ctx }) => listAuditRows(ctx.db, query)),
  handle(verifyAudit, async ({ ctx }) => verifyAuditChain(ctx.db)),
];
