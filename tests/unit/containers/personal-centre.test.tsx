import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type SessionActor } from '../../../machines/session';
import { SessionProvider } from '../../../src/flows/session';
import UserPage from '../../../src/pages/user/UserPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
// The fake server reads the fields as typed: no RSA here (tests/api covers the encryption).
vi.mock('../../../src/api/encrypt', () => ({ encrypt: async (value: string) => value }));

/**
 * `/home/user` over a fake contract server: what the member sees of the account, each change's
 * calls in order with what they carry (tickets, the old password), every refusal shown once in
 * its panel and never as a toast too, and what a change refreshes (the account, the header's
 * nickname and mobile through the session).
 */

const account = {
  id: 7,
  memberCode: 'WD8K2M7Q',
  nickname: '小橙子',
  avatar: null,
  mobile: '138****6601',
  registeredAt: Date.UTC(2026, 0, 2),
  email: null as string | null,
  hasPassword: true,
  idVerifyState: 0,
  points: 1280,
  credit: 36,
  level: 1,
  basicSurveyDone: false,
  newMessage: false,
  role: 0,
  bbsRole: 0,
};
const bindings = [
  { platform: 1, bound: true, available: true, nickname: '橙子', avatar: null, boundAt: Date.UTC(2026, 0, 5) },
  { platform: 2, bound: false, available: true, nickname: null, avatar: null, boundAt: null },
  { platform: 3, bound: false, available: false, nickname: null, avatar: null, boundAt: null },
  { platform: 4, bound: false, available: false, nickname: null, avatar: null, boundAt: null },
];
const noProperty = {
  gender: null,
  birthday: null,
  provinceId: null,
  cityId: null,
  countyId: null,
  regionName: null,
  education: null,
  occupation: null,
  income: null,
  marital: null,
  complete: false,
  updatedAt: null,
};
const sent = (to: string) => ok({ resendAfter: 60, expiredAt: Date.now() + 300_000, to });

let session: SessionActor;
beforeEach(() => {
  server.reset();
  server.reply('getAccount', ok(account));
  server.reply('listSnsBindings', ok(bindings));
  server.reply('getConsignee', ok(null));
  server.reply('getProperty', ok(noProperty));
  server.reply('checkBasicSurvey', ok({ completed: false, answered: 3, total: 8, required: true, rewardPoints: 20 }));
  server.reply('getIdVerify', ok({ state: 0, realName: null, idNumber: null, submittedAt: null, reason: null }));
  session = createActor(sessionMachine, {
    input: { loggedIn: true, user: { nickname: '小橙子', mobile: '138****6601' } },
  }).start();
});
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  session.stop();
});

function open() {
  renderPage(
    <SessionProvider actor={session}>
      <UserPage />
    </SessionProvider>,
    { url: '/home/user' },
  );
}

const press = (name: string | RegExp, inside: HTMLElement = document.body) =>
  fireEvent.click(within(inside).getByRole('button', { name }));
const type = (label: string, value: string, inside: HTMLElement = document.body) =>
  fireEvent.change(within(inside).getByLabelText(label), { target: { value } });
const form = (name: string) => screen.findByRole('form', { name });

/** The refusal is on screen exactly once, and no toast said it too. */
async function shownOnce(message: string) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
  expect(server.toasts).toEqual([]);
}

// Whole flows of several steps each: under load (CI shares two cores) one can take a few seconds.
describe('/home/user container', { timeout: 15_000 }, () => {
  it('shows the account, the bindings, the address and what 更多资料 tells from their reads', async () => {
    open();
    await screen.findByText('小橙子');
    screen.getByText('138****6601');
    screen.getByText('已绑定：橙子');
    expect(screen.getByRole('button', { name: '绑定QQ' }).hasAttribute('disabled')).toBe(false);
    screen.getByText('未填写');
    expect(screen.getByRole('link', { name: '去完善' }).getAttribute('href')).toBe('/user/survey');
    await screen.findByText('已答 3/8 题，完成可得 20 微豆；用于为你匹配合适的问卷');
    expect(server.calls.map((c) => c.operationId).sort()).toEqual([
      'checkBasicSurvey',
      'getAccount',
      'getConsignee',
      'getIdVerify',
      'getProperty',
      'listSnsBindings',
    ]);
  });

  it('a page that cannot read the account says so and tries again', async () => {
    let fail = true;
    server.reply('getAccount', () => (fail ? 'network-error' : ok(account)));
    open();
    expect((await screen.findByRole('button', { name: '重新加载' })).hasAttribute('disabled')).toBe(false);
    expect(server.toasts).toEqual([]);
    fail = false;
    press('重新加载');
    await screen.findByText('小橙子');
  });

  it('nickname: the rule answers before any call; a saved one reaches the header and the account', async () => {
    server.reply('updateNickname', ok({ ok: true }));
    open();
    await screen.findByText('小橙子');
    press('修改昵称');
    const nickname = await form('修改昵称');
    type('昵称', '官方小橙', nickname);
    await within(nickname).findByText('昵称不能包含“官方”，请换一个');
    expect(within(nickname).getByRole('button', { name: '保存昵称' })).toHaveProperty('disabled', true);
    type('昵称', ' 橙子_2026 ', nickname);
    press('保存昵称', nickname);
    await waitFor(() =>
      expect(server.callsOf('updateNickname').map((c) => c.body)).toEqual([{ nickname: '橙子_2026' }]),
    );
    await waitFor(() => expect(session.getSnapshot().context.user?.nickname).toBe('橙子_2026'));
    await waitFor(() => expect(server.callsOf('getAccount')).toHaveLength(2));
  });

  it('nickname: the server’s refusal shows on the field once', async () => {
    server.reply('updateNickname', refuse('NICKNAME_RESERVED', '昵称不能包含“admin”，请换一个'));
    open();
    await screen.findByText('小橙子');
    press('修改昵称');
    const nickname = await form('修改昵称');
    type('昵称', '豆豆', nickname);
    press('保存昵称', nickname);
    await shownOnce('昵称不能包含“admin”，请换一个');
  });

  it('实名认证: a mismatch shows the tries left in the form; the corrected submission reuses the ticket', async () => {
    server.reply('sendMemberSms', sent('138****6601'));
    server.reply('checkMemberSms', ok({ verifyTicket: 'vt-id', expiredAt: Date.now() + 600_000 }));
    let answer = refuse('ID_MISMATCH', '姓名与身份证号不一致，请核对后再试；今天还可尝试 2 次', { triesLeft: 2 });
    server.reply('submitIdVerify', () => answer);
    open();
    await screen.findByText('小橙子');
    press('去实名认证');
    const identity = await form('实名认证');
    type('真实姓名', '王小明', identity);
    type('身份证号', '110105199003071239', identity);
    press('获取验证码', identity);
    await waitFor(() => expect(server.callsOf('sendMemberSms').map((c) => c.body)).toEqual([{ scene: 'id_verify' }]));
    type('短信验证码', '246810', identity);
    press('提交认证', identity);
    await shownOnce('姓名与身份证号不一致，请核对后再试；今天还可尝试 2 次');

    answer = ok({ state: 2, realName: '王**', idNumber: '110***********1239', submittedAt: Date.now(), reason: null });
    type('真实姓名', '王晓明', identity);
    press('提交认证', identity);
    await waitFor(() => expect(server.callsOf('submitIdVerify')).toHaveLength(2));
    // the code was checked once: its ticket serves the corrected submission too
    expect(server.callsOf('checkMemberSms').map((c) => c.body)).toEqual([{ scene: 'id_verify', code: '246810' }]);
    expect(server.callsOf('submitIdVerify').map((c) => c.body)).toEqual([
      { realName: '王小明', idNumber: '110105199003071239', verifyTicket: 'vt-id' },
      { realName: '王晓明', idNumber: '110105199003071239', verifyTicket: 'vt-id' },
    ]);
  });

  it('mobile: old number’s code → ticket → new number’s code → change; the header gets the new number', async () => {
    server.reply('sendMemberSms', sent('138****6601'));
    server.reply('checkMemberSms', ok({ verifyTicket: 'vt-1', expiredAt: Date.now() + 600_000 }));
    server.reply('sendNewMobileSms', sent('139****5678'));
    server.reply('changeMobile', ok({ mobile: '139****5678' }));
    open();
    await screen.findByText('小橙子');
    press('更换手机号');
    const mobile = await form('更换手机号');
    press('获取验证码', mobile);
    await within(mobile).findByText('验证码已发送至 138****6601');
    type('短信验证码', '123456', mobile);
    press('下一步', mobile);
    await within(mobile).findByLabelText('新手机号');
    type('新手机号', '13912345678', mobile);
    press('获取验证码', mobile);
    await within(mobile).findByText('验证码已发送至 139****5678');
    type('短信验证码', '654321', mobile);
    press('确认更换', mobile);
    await screen.findByText('手机号已更换为 139****5678，下次请用新手机号登录');

    expect(server.callsOf('sendMemberSms').map((c) => c.body)).toEqual([{ scene: 'change_mobile' }]);
    expect(server.callsOf('checkMemberSms').map((c) => c.body)).toEqual([{ scene: 'change_mobile', code: '123456' }]);
    expect(server.callsOf('sendNewMobileSms').map((c) => c.body)).toEqual([
      { mobile: '13912345678', verifyTicket: 'vt-1' },
    ]);
    expect(server.callsOf('changeMobile').map((c) => c.body)).toEqual([
      { mobile: '13912345678', code: '654321', verifyTicket: 'vt-1' },
    ]);
    expect(session.getSnapshot().context.user?.mobile).toBe('139****5678');
    await waitFor(() => expect(server.callsOf('getAccount')).toHaveLength(2));
    expect(server.toasts).toEqual([]);
  });

  it('mobile: a taken number and an expired ticket are each said once, in the panel', async () => {
    server.reply('sendMemberSms', sent('138****6601'));
    server.reply('checkMemberSms', ok({ verifyTicket: 'vt-1', expiredAt: Date.now() + 600_000 }));
    let answer = refuse('MOBILE_REGISTERED', '该手机号已绑定其他账号');
    server.reply('changeMobile', () => answer);
    open();
    await screen.findByText('小橙子');
    press('更换手机号');
    const mobile = await form('更换手机号');
    type('短信验证码', '123456', mobile);
    press('下一步', mobile);
    await within(mobile).findByLabelText('新手机号');
    type('新手机号', '13912345678', mobile);
    type('短信验证码', '654321', mobile);
    press('确认更换', mobile);
    await shownOnce('该手机号已绑定其他账号');
    // The ticket ran out meanwhile: back to the old number's step, saying why.
    answer = refuse('VERIFY_TICKET_INVALID', '原手机号验证已失效，请重新验证原手机号');
    press('确认更换', mobile);
    await shownOnce('原手机号验证已失效，请重新验证原手机号');
    within(mobile).getByRole('button', { name: '下一步' });
  });

  it('mobile: a member without one binds a first number with its code alone', async () => {
    server.reply('getAccount', ok({ ...account, mobile: null, hasPassword: false }));
    server.reply('sendNewMobileSms', sent('139****5678'));
    server.reply('changeMobile', ok({ mobile: '139****5678' }));
    open();
    await screen.findByText('小橙子');
    expect(screen.getByRole('button', { name: '设置登录密码' })).toHaveProperty('disabled', true);
    press('绑定手机号');
    const mobile = await form('绑定手机号');
    type('新手机号', '13912345678', mobile);
    press('获取验证码', mobile);
    await within(mobile).findByText('验证码已发送至 139****5678');
    type('短信验证码', '654321', mobile);
    press('确认绑定', mobile);
    await screen.findByText('手机号已绑定为 139****5678，下次请用新手机号登录');
    expect(server.callsOf('sendMemberSms')).toEqual([]);
    expect(server.callsOf('sendNewMobileSms').map((c) => c.body)).toEqual([{ mobile: '13912345678' }]);
    expect(server.callsOf('changeMobile').map((c) => c.body)).toEqual([{ mobile: '13912345678', code: '654321' }]);
  });

  it('password: a wrong old password is said once; the right one changes it', async () => {
    let answer = refuse('OLD_PASSWORD_WRONG', '原密码错误，还可尝试 2 次');
    server.reply('changePassword', () => answer);
    open();
    await screen.findByText('小橙子');
    press('修改登录密码');
    const password = await form('修改登录密码');
    type('原密码', 'old-pass-1', password);
    type('新密码', 'Bean2030x', password);
    type('确认新密码', 'Bean2030x', password);
    press('确认修改', password);
    await shownOnce('原密码错误，还可尝试 2 次');
    answer = ok({ ok: true });
    press('确认修改', password);
    await screen.findByText('登录密码已修改，其他设备需要用新密码重新登录');
    expect(server.callsOf('changePassword').map((c) => c.body)).toEqual([
      { password: 'Bean2030x', oldPassword: 'old-pass-1' },
      { password: 'Bean2030x', oldPassword: 'old-pass-1' },
    ]);
    await waitFor(() => expect(server.callsOf('getAccount')).toHaveLength(2));
  });

  it('password: a first one is set with an SMS code, checked for a ticket first', async () => {
    server.reply('getAccount', ok({ ...account, hasPassword: false }));
    server.reply('sendMemberSms', sent('138****6601'));
    server.reply('checkMemberSms', ok({ verifyTicket: 'vt-9', expiredAt: Date.now() + 600_000 }));
    server.reply('changePassword', ok({ ok: true }));
    open();
    await screen.findByText('小橙子');
    press('设置登录密码');
    const password = await form('设置登录密码');
    expect(within(password).queryByRole('radio')).toBeNull();
    press('获取验证码', password);
    await within(password).findByText('验证码已发送至 138****6601');
    type('短信验证码', '112233', password);
    type('新密码', 'Bean2030x', password);
    type('确认新密码', 'Bean2031x', password);
    fireEvent.blur(within(password).getByLabelText('确认新密码'));
    await within(password).findByText('两次输入的密码不一致');
    expect(within(password).getByRole('button', { name: '设置密码' })).toHaveProperty('disabled', true);
    type('确认新密码', 'Bean2030x', password);
    press('设置密码', password);
    await screen.findByText('登录密码已设置，其他设备需要用新密码重新登录');
    expect(server.callsOf('sendMemberSms').map((c) => c.body)).toEqual([{ scene: 'change_password' }]);
    expect(server.callsOf('checkMemberSms').map((c) => c.body)).toEqual([{ scene: 'change_password', code: '112233' }]);
    expect(server.callsOf('changePassword').map((c) => c.body)).toEqual([
      { password: 'Bean2030x', verifyTicket: 'vt-9' },
    ]);
  });

  it('e-mail: code to the address, then bind; an address taken by another account is said once', async () => {
    server.reply('sendEmailCode', sent('be***@example.com'));
    let answer = refuse('EMAIL_TAKEN');
    server.reply('bindEmail', () => answer);
    open();
    await screen.findByText('小橙子');
    press('绑定邮箱');
    const email = await form('绑定邮箱');
    type('邮箱地址', 'bean@example.com', email);
    press('获取验证码', email);
    await within(email).findByText('验证码已发送至 be***@example.com');
    type('邮箱验证码', '640022', email);
    press('确认绑定', email);
    await shownOnce('该邮箱已绑定其他账号');
    answer = ok({ email: 'be***@example.com' });
    press('确认绑定', email);
    await screen.findByText('邮箱已绑定为 be***@example.com');
    expect(server.callsOf('sendEmailCode').map((c) => c.body)).toEqual([{ email: 'bean@example.com' }]);
    expect(server.callsOf('bindEmail').map((c) => c.body)).toEqual([
      { email: 'bean@example.com', code: '640022' },
      { email: 'bean@example.com', code: '640022' },
    ]);
  });

  it('social: 解绑 asks first; a refusal is said in the row once; a done unbind re-reads the list', async () => {
    let answer = refuse('PREREQUISITE_REQUIRED', '这是你唯一的登录方式，请先绑定手机号再解绑');
    server.reply('unbindSns', () => answer);
    open();
    await screen.findByText('已绑定：橙子');
    press('解绑微信');
    screen.getByText('解绑后将不能再用微信登录这个账号，确定解绑吗？');
    press('取消', screen.getByTestId('sns-1'));
    expect(server.callsOf('unbindSns')).toEqual([]);
    press('解绑微信');
    press('确认解绑微信');
    await shownOnce('这是你唯一的登录方式，请先绑定手机号再解绑');
    answer = ok({ ok: true });
    press('解绑微信');
    press('确认解绑微信');
    await waitFor(() => expect(server.callsOf('listSnsBindings')).toHaveLength(2));
    expect(server.callsOf('unbindSns').map((c) => c.body)).toEqual([{ platform: 1 }, { platform: 1 }]);
  });

  it('social: 绑定 asks for a bind-purpose authorize that comes back here, and leaves for it', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      server.reply(
        'getSnsAuthorize',
        ok({ url: 'https://open.qq.example/authorize?state=s', state: 's', expiredAt: 1 }),
      );
      open();
      await screen.findByText('已绑定：橙子');
      press('绑定QQ');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://open.qq.example/authorize?state=s'));
      expect(server.callsOf('getSnsAuthorize').map((c) => c.query)).toEqual([
        { platform: '2', purpose: 'bind', mobile: '0', redirect: '/home/user' },
      ]);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
