/**
 * Console containers as a staff member sees them. Apart from harness.tsx: the console's session
 * imports the console client, which the tests mock with a factory importing harness.tsx — the
 * harness importing the session back would wait on itself.
 */
import type { ReactElement } from 'react';
import { permissionsOf, type StaffRole } from '../../../openapi/rules/staff';
import { StaffSessionProvider } from '../../../src/admin/app/staffSession';

/** A console page as a staff member with this role sees it (their permissions decide the controls). */
export const staffAs = (role: StaffRole, now = Date.UTC(2026, 10, 29, 8, 0)) => ({
  id: 1,
  login: `demo.${role}`,
  name: '小林',
  roles: [role],
  permissions: permissionsOf([role]),
  sessionExpiresAt: now + 3_600_000,
});

export const asStaff = (role: StaffRole, page: ReactElement) => (
  <StaffSessionProvider initial={staffAs(role)}>{page}</StaffSessionProvider>
);
