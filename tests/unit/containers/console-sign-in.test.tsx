import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_TOKEN_KEY, consoleToken } from '../../../src/admin/api';
import { StaffSessionProvider } from '../../../src/admin/app/staffSession';
import SignInPage from '../../../src/admin/pages/sign-in/SignInPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/admin/api', async (importOriginal) =>
  (await import('./harness')).withFakeConsoleApi(await importOriginal<{ createConsoleClient: () => unknown }>()),
);

/** The console's sign-in container over a fake contract server: what the staff member sees, what the server is asked. */

const staff = {
  id: 4,
  login: 'demo.admin',
  name: '管理员老王',
  roles: ['admin'],
  permissions: ['console.home', 'audit.read'],
  sessionExpiresAt: Date.UTC(2026, 10, 29, 20),
};
const URL_IN = '/admin/sign-in?return=%2Fadmin%2Faudit';

function render() {
  return renderPage(
    <StaffSessionProvider>
      <SignInPage />
    </StaffSessionProvider>,
    { url: URL_IN, path: '/admin/sign-in' },
  );
}

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

async function passwordStep() {
  await screen.findByText('员工登录');
  type('登录名', 'Demo.Admin');
  type('密码', 'weidou-admin-2030');
  fireEvent.click(screen.getByRole('button', { name: '下一步' }));
}

beforeEach(() => {
  server.reset();
  consoleToken.clear();
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('console sign-in', () => {
  it('password, then the code: the token is kept for the console and the staff member goes where they were going', async () => {
    server.reply('staffSignIn', ok({ ticket: 't1', totpSetup: null, mustChangePassword: false }));
    server.reply('staffSignInVerify', ok({ token: 'staff-token', staff }));
    render();
    await passwordStep();
    await screen.findByPlaceholderText('6 位动态验证码');
    expect(server.callsOf('staffSignIn')[0]!.body).toEqual({ login: 'demo.admin', password: 'weidou-admin-2030' });
    expect(screen.queryByText('首次登录：绑定身份验证器')).toBeNull();
    type('6 位动态验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByTestId('current-url').textContent).toBe('/admin/audit'));
    expect(server.callsOf('staffSignInVerify')[0]!.body).toEqual({ ticket: 't1', code: '123456' });
    expect(sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBe('staff-token');
    expect(server.toasts).toEqual([]);
  });

  it('first sign-in: the QR code and the secret, and a new password held to the rule', async () => {
    server.reply(
      'staffSignIn',
      ok({
        ticket: 't2',
        totpSetup: {
          otpauthUri: 'otpauth://totp/weidou:demo.admin?secret=JBSWY3DPEHPK3PXP',
          secret: 'JBSWY3DPEHPK3PXP',
        },
        mustChangePassword: true,
      }),
    );
    server.reply('staffSignInVerify', ok({ token: 'staff-token', staff }));
    render();
    await passwordStep();
    await screen.findByText('首次登录：绑定身份验证器');
    expect(screen.getByRole('img', { name: '身份验证器绑定二维码' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    type('新密码', 'short');
    expect(await screen.findByText('密码至少 10 位')).toBeTruthy();
    type('新密码', 'weidou-new-2031');
    type('再次输入新密码', 'weidou-new-2032');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('再次输入新密码', 'weidou-new-2031');
    type('6 位动态验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(server.callsOf('staffSignInVerify')).toHaveLength(1));
    expect(server.callsOf('staffSignInVerify')[0]!.body).toEqual({
      ticket: 't2',
      code: '654321',
      newPassword: 'weidou-new-2031',
    });
  });

  it('wrong credentials and a lock are said in the form, once (no toast)', async () => {
    server.reply('staffSignIn', refuse('STAFF_WRONG_CREDENTIALS'));
    render();
    await passwordStep();
    expect((await screen.findByRole('alert')).textContent).toContain('登录名或密码错误');
    server.reply('staffSignIn', refuse('STAFF_LOCKED', undefined, { retryAfter: 600 }));
    type('密码', 'again-wrong-1');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('请 10 分钟后再试'));
    expect(server.toasts).toEqual([]);
  });

  it('a used code stays on the code step; an expired ticket goes back to the password', async () => {
    server.reply('staffSignIn', ok({ ticket: 't3', totpSetup: null, mustChangePassword: false }));
    server.reply('staffSignInVerify', refuse('TOTP_WRONG'));
    render();
    await passwordStep();
    await screen.findByPlaceholderText('6 位动态验证码');
    type('6 位动态验证码', '111111');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('动态验证码错误或已使用过');
    server.reply('staffSignInVerify', refuse('STAFF_TICKET_INVALID'));
    type('6 位动态验证码', '222222');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('button', { name: '下一步' });
    expect(screen.getByRole('alert').textContent).toContain('登录已超时');
    expect(sessionStorage.getItem(CONSOLE_TOKEN_KEY)).toBeNull();
  });
});
