import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../src/pages/login/LoginPage';
import RegisterPage from '../../../src/pages/register/RegisterPage';
import PasswordPage from '../../../src/pages/password/PasswordPage';
import BindPage from '../../../src/pages/bind/BindPage';
import ThirdLoginPage from '../../../src/pages/third-login/ThirdLoginPage';
import { saveBind } from '../../../src/components/auth/bindTicket';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
// The fake server reads the fields as typed: no RSA here (tests/api covers the encryption).
vi.mock('../../../src/api/encrypt', () => ({ encrypt: async (value: string) => value }));

/**
 * The account forms over a fake contract server: each refusal is shown once, on the form (never a
 * toast over it too); a sent code says where it went and takes the focus; a wrong password says
 * the tries left and a locked one counts down with the way to SMS login.
 */

const MOBILE = '13812345678';
const sent = ok({ resendAfter: 60, expiredAt: Date.now() + 300_000, to: '138****5678' });

beforeEach(() => {
  server.reset();
  server.reply('listSnsProviders', ok([]));
  server.reply('listLoginBanners', ok([]));
});
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  sessionStorage.clear();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The refusal is on screen exactly once, and no toast said it too. */
async function shownOnce(message: string) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
  expect(server.toasts).toEqual([]);
}

describe('/login', () => {
  const open = () => renderPage(<LoginPage />, { url: '/login' });

  it('a refused code request is shown on the form only', async () => {
    server.reply('sendAuthSms', refuse('SEND_DAILY_LIMIT'));
    open();
    type('手机号', MOBILE);
    press('获取验证码');
    await shownOnce('今日发送次数已达上限');
    expect(server.callsOf('sendAuthSms').map((c) => c.body)).toEqual([{ mobile: MOBILE, scene: 'login' }]);
  });

  it('a sent code says where it went, masked, and the code box takes the focus', async () => {
    server.reply('sendAuthSms', sent);
    open();
    type('手机号', MOBILE);
    press('获取验证码');
    await screen.findByText('验证码已发送至 138****5678');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('短信验证码')));
    expect(screen.getByRole('button', { name: /s 后重发/ }).hasAttribute('disabled')).toBe(true);
  });

  it('a refused SMS login is shown on the form only', async () => {
    server.reply('smsLogin', refuse('CODE_INVALID'));
    open();
    type('手机号', MOBILE);
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    press('登录');
    await shownOnce('验证码错误或已失效');
  });

  it('登录即注册: 登录 waits for the agreement, and the call carries the consent', async () => {
    server.reply('smsLogin', refuse('AGREEMENT_REQUIRED'));
    open();
    type('手机号', MOBILE);
    type('短信验证码', '123456');
    screen.getByText('未注册的手机号验证后将自动注册微豆调研账号');
    expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    press('登录');
    await shownOnce('这个手机号还没有账号，登录即注册：请先勾选同意《用户协议》与《隐私政策》，再重新获取验证码');
    expect(server.callsOf('smsLogin').map((c) => (c.body as { agreement?: boolean }).agreement)).toEqual([true]);
  });

  it('a wrong password says the tries left, on the form only', async () => {
    server.reply(
      'passwordLogin',
      refuse('WRONG_CREDENTIALS', '手机号或密码错误，还可尝试 2 次', { remainingTries: 2 }),
    );
    open();
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    type('手机号', MOBILE);
    type('密码', 'wrong-pass-1');
    press('登录');
    await shownOnce('手机号或密码错误，还可尝试 2 次');
  });

  it('a locked password login counts down and offers SMS login with the mobile kept', async () => {
    server.reply('passwordLogin', refuse('LOGIN_LOCKED', '登录失败次数过多，请 15 分钟后再试', { retryAfter: 900 }));
    open();
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    type('手机号', MOBILE);
    type('密码', 'wrong-pass-1');
    press('登录');
    await screen.findByText(/15 分 0 秒/);
    expect(screen.getByRole('alert').textContent).toContain('密码错误次数过多，密码登录已暂停');
    expect(screen.getByRole('button', { name: '登录' }).matches(':disabled')).toBe(true);
    expect(server.toasts).toEqual([]);
    await waitFor(() => screen.getByText(/14 分 59 秒/), { timeout: 2500 });

    press('改用短信验证码登录');
    expect(screen.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe(MOBILE);
    expect(screen.queryByText(/密码登录已暂停/)).toBeNull();
  });

  it('an 11-digit number with a wrong prefix is told so, not 请输入 11 位手机号', async () => {
    open();
    type('手机号', '23812345678');
    fireEvent.blur(screen.getByLabelText('手机号'));
    await screen.findByText('手机号格式不正确，应以 13–19 开头');
    expect(screen.queryByText('请输入 11 位手机号')).toBeNull();
    expect(screen.getByRole('button', { name: '获取验证码' }).matches(':disabled')).toBe(true);
  });
});

describe('/register', () => {
  it('a refused registration is shown on the form only', async () => {
    server.reply('smsRegister', refuse('CODE_INVALID'));
    renderPage(<RegisterPage />, { url: '/register' });
    type('手机号', MOBILE);
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('checkbox'));
    press('注册');
    await shownOnce('验证码错误或已失效');
  });
});

describe('/register → /login with the mobile', () => {
  it('该手机号已注册 offers 去登录 carrying the mobile, and the login form starts with it', async () => {
    server.reply('smsRegister', refuse('MOBILE_REGISTERED'));
    renderPage(<RegisterPage />, { url: '/register' });
    type('手机号', MOBILE);
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('checkbox'));
    press('注册');
    await shownOnce('该手机号已注册');
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe(`/login?mobile=${MOBILE}`);
  });

  it('/login?mobile= fills the mobile in', async () => {
    renderPage(<LoginPage />, { url: `/login?mobile=${MOBILE}` });
    await waitFor(() => expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe(MOBILE));
  });
});

describe('/password', () => {
  it('refusals of the code and of the reset are shown on the form only; the code step focuses the code', async () => {
    server.reply('sendAuthSms', refuse('MOBILE_NOT_REGISTERED'));
    server.reply('resetPassword', refuse('CODE_INVALID'));
    renderPage(<PasswordPage />, { url: '/password' });
    type('注册时使用的手机号', MOBILE);
    press('获取验证码');
    await shownOnce('该手机号尚未注册');

    server.reply('sendAuthSms', sent);
    press('获取验证码');
    await screen.findByText('138****5678');
    expect(screen.getAllByText(/验证码已发送至/)).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText('短信验证码'));
    type('短信验证码', '123456');
    press('下一步');
    type('新密码', 'newpass123');
    type('确认新密码', 'newpass123');
    press('确认重置');
    await shownOnce('验证码错误或已失效');
  });
});

const ticket = {
  status: 'bind' as const,
  bindTicket: 'bt-1',
  platform: 1 as const,
  nickname: '微信用户',
  avatar: null,
  expiredAt: Date.now() + 600_000,
};

describe('/bind and /login/third', () => {
  it('a refused bind is shown on the form only', async () => {
    server.reply('snsBind', refuse('CODE_INVALID'));
    saveBind({ ticket, state: 's-1', platform: 'wechat' });
    renderPage(<BindPage />, { url: '/bind' });
    await screen.findByRole('button', { name: '绑定并登录' });
    type('手机号', MOBILE);
    type('短信验证码', '123456');
    press('绑定并登录');
    await shownOnce('验证码错误或已失效');
  });

  it('a refused social callback is shown on the page only', async () => {
    server.reply('wechatCallback', refuse('SNS_STATE_INVALID'));
    renderPage(<ThirdLoginPage />, { url: '/login/third?platform=wechat&code=c-1&state=s-2' });
    await shownOnce('授权已失效，请重新发起登录');
  });
});
