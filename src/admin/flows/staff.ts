import type { z } from 'zod';
import type { StaffCredentials, StaffRow } from '../../../openapi/schemas/admin';
import type { StaffRole } from '../../../openapi/rules/staff';
import { consoleApi, quietConsoleApi } from '../api';

export type StaffAccount = z.output<typeof StaffRow>;
export type NewCredentials = z.output<typeof StaffCredentials>;

export const listStaff = (signal?: AbortSignal) => consoleApi.call('listStaff', signal ? { signal } : {});

/** Quiet: the form and the code prompt show their refusal themselves. */
export const createStaff = (body: { login: string; name: string; roles: StaffRole[] }) =>
  quietConsoleApi.call('createStaff', { body });
export const setStaffRoles = (login: string, body: { roles: StaffRole[]; reason: string; totp: string }) =>
  quietConsoleApi.call('setStaffRoles', { params: { login }, body });
export const disableStaff = (login: string, body: { reason: string; totp: string }) =>
  quietConsoleApi.call('disableStaff', { params: { login }, body });
export const resetStaff = (login: string, body: { reason: string; totp: string }) =>
  quietConsoleApi.call('resetStaff', { params: { login }, body });
