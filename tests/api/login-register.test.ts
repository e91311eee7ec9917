import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { freshIp, freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';

/** 登录即注册: SMS login of a number without an account registers it, with the agreement's consent. */

let h: Harness;
beforeAll(async () => {
  h = await harness('login_register');
});
afterAll(() => h.env.cleanup());

const send = (mobile: string, ip = freshIp()) =>
  h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'login' }, ip });
const login = (mobile: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/api/auth/sms/login', {
    body: { mobile: h.enc(mobile), code: h.enc(h.lastCode(mobile, 'login')), ...extra },
  });

describe('SMS login of a new number (登录即注册)', () => {
  it('a new number with a valid code and the consent gets an account and tokens', async () => {
    const mobile = freshMobile();
    expect((await send(mobile)).code).toBe(200);
    const res = await login(mobile, { agreement: true });
    expect(res.code).toBe(200);
    const data = res.data as LoginData;
    expect(data.isNew).toBe(true);
    expect(data.token).toBeTruthy();
    expect(data.refreshToken).toBeTruthy();
    expect(data.member.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    expect(data.member.nickname).toBe(`微豆用户${mobile.slice(-4)}`);
    // The token works: the new member's own account.
    const me = await h.call('GET', '/api/v1/users/account', { token: data.token });
    expect(me.code).toBe(200);
    // The next login is an ordinary one, on the same account.
    h.clock.advance(61_000);
    const again = await h.smsLogin(mobile);
    expect(again).toMatchObject({ isNew: false, member: { id: data.member.id } });
  });

  it('without the consent a new number is refused in plain words, and no account is made', async () => {
    const mobile = freshMobile();
    await send(mobile);
    const res = await login(mobile);
    expect(res.code).toBe(Code.AGREEMENT_REQUIRED);
    expect(res.msg).toContain('请先勾选同意《用户协议》与《隐私政策》');
    const falsy = freshMobile();
    await send(falsy);
    expect((await login(falsy, { agreement: false })).code).toBe(Code.AGREEMENT_REQUIRED);
    // Still nobody's: registration by SMS is open to it (after the resend window).
    h.clock.advance(61_000);
    const reg = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'register' } });
    expect(reg.code).toBe(200);
  });

  it('an existing number logs in as before, with or without the consent', async () => {
    const mobile = freshMobile();
    const registered = await h.register(mobile);
    await send(mobile);
    const plain = await login(mobile);
    expect(plain).toMatchObject({ code: 200, data: { isNew: false, member: { id: registered.member.id } } });
    h.clock.advance(61_000);
    await send(mobile);
    const consenting = await login(mobile, { agreement: true });
    expect(consenting).toMatchObject({ code: 200, data: { isNew: false, member: { id: registered.member.id } } });
  });

  it('a wrong code is a wrong code, whether the number has an account or not (nothing tells them apart)', async () => {
    const stranger = freshMobile();
    const member = freshMobile();
    await h.register(member);
    await send(stranger);
    await send(member);
    const bad = (m: string) =>
      h.call('POST', '/api/auth/sms/login', { body: { mobile: h.enc(m), code: h.enc('000000'), agreement: true } });
    const a = await bad(stranger);
    const b = await bad(member);
    expect(a.code).toBe(Code.CODE_INVALID);
    expect({ code: b.code, msg: b.msg }).toEqual({ code: a.code, msg: a.msg });
  });

  it('the send for login no longer says whether a number is registered', async () => {
    const stranger = freshMobile();
    const member = freshMobile();
    await h.register(member);
    const a = await send(stranger);
    const b = await send(member);
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
  });
});
