/**
 * The console from outside: a member harness (accounts-helpers.ts) plus staff accounts made by
 * the same service as `npm run ops -- staff add`, signed in through the two-step API with codes
 * from their authenticator secret, as a person with an authenticator app would.
 */
import type { StaffRole } from '../../openapi/rules/staff';
import type { AppContext } from '../../server/context';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { totpCodeAt } from '../../server/modules/staff/totp';
import { harness, type Harness } from './accounts-helpers';

export interface StaffAccount {
  login: string;
  password: string;
  secret: string;
  roles: StaffRole[];
  /** A console session token after sign-in. */
  token: string;
}

export interface ConsoleHarness extends Harness {
  ctx: AppContext;
  /** A new staff account, signed in (first sign-in done: new password, authenticator bound). */
  staff(roles: StaffRole[], login?: string): Promise<StaffAccount>;
  /** The authenticator's current code for `secret`; moves the clock past the step afterwards so the next code is new. */
  code(secret: string): string;
  /** Sign in again with password and code; the session token. */
  signIn(account: Pick<StaffAccount, 'login' | 'password' | 'secret'>): Promise<string>;
  /** A console call with a staff token. */
  admin(method: 'GET' | 'POST', url: string, token: string, body?: unknown): ReturnType<Harness['call']>;
}

let made = 0;

export async function consoleHarness(name: string): Promise<ConsoleHarness> {
  const h = (await harness(name)) as ConsoleHarness;
  h.ctx = (h.app as unknown as { ctx: AppContext }).ctx;
  h.code = (secret) => {
    const code = totpCodeAt(secret, h.clock.now());
    h.clock.advance(30_000);
    return code;
  };
  h.admin = (method, url, token, body) => h.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  h.signIn = async (a) => {
    const first = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: a.login, password: a.password },
    });
    if (first.code !== 200) throw new Error(`sign-in failed: ${first.code} ${first.msg}`);
    const { ticket } = first.data as { ticket: string };
    const done = await h.call('POST', '/api/admin/v1/auth/verify', { body: { ticket, code: h.code(a.secret) } });
    if (done.code !== 200) throw new Error(`verify failed: ${done.code} ${done.msg}`);
    return (done.data as { token: string }).token;
  };
  h.staff = async (roles, login = `staff${++made}${roles.join('').slice(0, 8)}`) => {
    h.ctx = (h.app as unknown as { ctx: AppContext }).ctx;
    const created = await createStaffAccount(h.ctx, { login, name: `员工${made}`, roles });
    const password = `new-pass-${made}-2030`;
    const first = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login, password: created.oneTimePassword },
    });
    if (first.code !== 200) throw new Error(`sign-in failed: ${first.code} ${first.msg}`);
    const { ticket } = first.data as { ticket: string };
    const done = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket, code: h.code(created.totpSecret), newPassword: password },
    });
    if (done.code !== 200) throw new Error(`verify failed: ${done.code} ${done.msg}`);
    return { login, password, secret: created.totpSecret, roles, token: (done.data as { token: string }).token };
  };
  return h;
}
