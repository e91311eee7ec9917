/**
 * Console sign-in from outside: password then authenticator code, the first sign-in's new
 * password and QR, lockout, a code accepted once, short sessions, and console and member tokens
 * that never work on each other's calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LOCK_MS, STAFF_SESSION_IDLE_MS } from '../../openapi/rules/staff';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { freshMobile } from './accounts-helpers';
import { consoleHarness, type ConsoleHarness } from './console-helpers';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await consoleHarness('console-signin');
});
afterAll(() => h.env.cleanup());

const ME = '/api/admin/v1/me';

describe('console sign-in', () => {
  it('first sign-in: the QR code and a new password are asked for, then the code opens a session', async () => {
    const made = await createStaffAccount(h.ctx, { login: 'xiaolin', name: '客服小林', roles: ['support'] });
    const first = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: 'xiaolin', password: made.oneTimePassword },
    });
    expect(first.code).toBe(200);
    const step = first.data as {
      ticket: string;
      totpSetup: { otpauthUri: string; secret: string };
      mustChangePassword: boolean;
    };
    expect(step.mustChangePassword).toBe(true);
    expect(step.totpSetup.secret).toBe(made.totpSecret);
    expect(step.totpSetup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*xiaolin\?.*secret=/);

    const noPassword = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: step.ticket, code: h.code(made.totpSecret) },
    });
    expect(noPassword.code).toBe(1205);
    const weak = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: step.ticket, code: '123456', newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.msg).toContain('密码至少 10 位');
    const wrong = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: step.ticket, code: '000000', newPassword: 'my-new-pass-2030' },
    });
    expect(wrong.code).toBe(1204);
    const ok = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: step.ticket, code: h.code(made.totpSecret), newPassword: 'my-new-pass-2030' },
    });
    expect(ok.code).toBe(200);
    const session = ok.data as {
      token: string;
      staff: { login: string; name: string; roles: string[]; permissions: string[] };
    };
    expect(session.staff).toMatchObject({ login: 'xiaolin', name: '客服小林', roles: ['support'] });
    expect(session.staff.permissions).toContain('feedback.desk');
    expect(session.staff.permissions).not.toContain('balance.adjust');
    const me = await h.admin('GET', ME, session.token);
    expect(me.code).toBe(200);

    // The ticket was used; the one-time password is gone; the next sign-in shows no QR code.
    const again = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: step.ticket, code: h.code(made.totpSecret) },
    });
    expect(again.code).toBe(1203);
    const old = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: 'xiaolin', password: made.oneTimePassword },
    });
    expect(old.code).toBe(1201);
    const next = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: 'xiaolin', password: 'my-new-pass-2030' },
    });
    expect(next.data).toMatchObject({ totpSetup: null, mustChangePassword: false });
  });

  it('a code is accepted once: the same code on a second sign-in is refused', async () => {
    const a = await h.staff(['finance']);
    const t1 = await h.call('POST', '/api/admin/v1/auth/sign-in', { body: { login: a.login, password: a.password } });
    const t2 = await h.call('POST', '/api/admin/v1/auth/sign-in', { body: { login: a.login, password: a.password } });
    const code = h.code(a.secret);
    h.clock.advance(-30_000); // still within the code's step
    const first = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: (t1.data as { ticket: string }).ticket, code },
    });
    expect(first.code).toBe(200);
    const replay = await h.call('POST', '/api/admin/v1/auth/verify', {
      body: { ticket: (t2.data as { ticket: string }).ticket, code },
    });
    expect(replay.code).toBe(1204);
    h.clock.advance(30_000);
  });

  it('5 wrong passwords lock the account for 15 minutes, the right password included', async () => {
    const a = await h.staff(['content']);
    for (let i = 0; i < 4; i++) {
      const r = await h.call('POST', '/api/admin/v1/auth/sign-in', {
        body: { login: a.login, password: 'wrong-password-1' },
      });
      expect(r.code).toBe(1201);
    }
    const fifth = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: a.login, password: 'wrong-password-1' },
    });
    expect(fifth.code).toBe(1202);
    expect((fifth.data as { retryAfter: number }).retryAfter).toBe(STAFF_LOCK_MS / 1000);
    const right = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: a.login, password: a.password },
    });
    expect(right.code).toBe(1202);
    h.clock.advance(STAFF_LOCK_MS);
    expect(await h.signIn(a)).toMatch(/^st_/);
  });

  it('5 wrong codes lock as well; an unknown login answers like a wrong password', async () => {
    const a = await h.staff(['content']);
    const t = await h.call('POST', '/api/admin/v1/auth/sign-in', { body: { login: a.login, password: a.password } });
    const ticket = (t.data as { ticket: string }).ticket;
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await h.call('POST', '/api/admin/v1/auth/verify', { body: { ticket, code: '000000' } })).code);
    expect(answers).toEqual([1204, 1204, 1204, 1204, 1202]);
    const unknown = await h.call('POST', '/api/admin/v1/auth/sign-in', {
      body: { login: 'nobody', password: 'whatever-123' },
    });
    expect(unknown).toMatchObject({ code: 1201, msg: '登录名或密码错误' });
    h.clock.advance(STAFF_LOCK_MS);
  });

  it('console and member tokens never work on each other’s calls', async () => {
    const a = await h.staff(['admin']);
    const member = await h.register(freshMobile());
    const asMember = await h.admin('GET', ME, member.token);
    expect(asMember.status).toBe(401);
    const asStaff = await h.call('GET', '/api/v1/users/account', { token: a.token });
    expect(asStaff.status).toBe(401);
    const none = await h.call('GET', ME);
    expect(none.status).toBe(401);
  });

  it('sessions end after 30 idle minutes, at sign-out, and everywhere at once', async () => {
    const a = await h.staff(['support']);
    h.clock.advance(STAFF_SESSION_IDLE_MS - 60_000);
    expect((await h.admin('GET', ME, a.token)).code).toBe(200);
    h.clock.advance(STAFF_SESSION_IDLE_MS + 1);
    expect((await h.admin('GET', ME, a.token)).status).toBe(401);

    const s1 = await h.signIn(a);
    const s2 = await h.signIn(a);
    expect((await h.admin('POST', '/api/admin/v1/auth/sign-out', s1)).code).toBe(200);
    expect((await h.admin('GET', ME, s1)).status).toBe(401);
    expect((await h.admin('GET', ME, s2)).code).toBe(200);
    const s3 = await h.signIn(a);
    expect((await h.admin('POST', '/api/admin/v1/auth/sign-out-everywhere', s3)).code).toBe(200);
    expect((await h.admin('GET', ME, s2)).status).toBe(401);
    expect((await h.admin('GET', ME, s3)).status).toBe(401);
  });

  it('sessions end 12 hours after sign-in however busy', async () => {
    const a = await h.staff(['support']);
    for (let i = 0; i < 35; i++) {
      h.clock.advance(20 * 60_000);
      expect((await h.admin('GET', ME, a.token)).code, `after ${(i + 1) * 20} min`).toBe(200);
    }
    h.clock.advance(20 * 60_000);
    expect((await h.admin('GET', ME, a.token)).status).toBe(401);
  });
});
