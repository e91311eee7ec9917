import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { freshIp, freshMobile, harness, T0, type Harness } from './accounts-helpers';

let h: Harness;
beforeAll(async () => {
  h = await harness('acc_codes');
});
afterAll(() => h.env.cleanup());

const send = (mobile: string, scene: string, ip?: string) =>
  h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene }, ip });
const login = (mobile: string, code: string) =>
  h.call('POST', '/api/auth/sms/login', { body: { mobile: h.enc(mobile), code: h.enc(code) } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS codes', () => {
  it('sends a 6-digit code to the outbox (JSON line) valid 5 minutes', async () => {
    const mobile = freshMobile();
    const res = await send(mobile, 'register');
    expect(res.code).toBe(200);
    // It says where the code went, masked (the form shows 验证码已发送至 139****1234).
    expect(res.data).toEqual({
      resendAfter: 60,
      expiredAt: h.clock.now() + 5 * 60_000,
      to: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
    });
    const line = h.outbox().at(-1)!;
    expect(line).toMatchObject({ channel: 'sms', to: mobile, purpose: 'register' });
    expect(line.code).toMatch(/^\d{6}$/);
    expect(line.text).toContain(line.code);
    expect(typeof line.at).toBe('string');
  });

  it('register needs a new number; reset needs a member; SMS login takes either (登录即注册)', async () => {
    const member = freshMobile();
    await h.register(member);
    expect((await send(member, 'register')).code).toBe(Code.MOBILE_REGISTERED);
    expect((await send(member, 'login')).code).toBe(200);
    const stranger = freshMobile();
    expect((await send(stranger, 'login')).code).toBe(200);
    expect((await send(stranger, 'reset')).code).toBe(Code.MOBILE_NOT_REGISTERED);
    h.clock.advance(61_000);
    expect((await send(stranger, 'bind')).code).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    const mobile = freshMobile();
    await h.register(mobile);
    expect((await send(mobile, 'login')).code).toBe(200);
    h.clock.advance(5 * 60_000 + 1000);
    const res = await login(mobile, h.lastCode(mobile, 'login'));
    expect(res.code).toBe(Code.CODE_INVALID);
  });

  it('a code is single use', async () => {
    const mobile = freshMobile();
    await h.register(mobile);
    await send(mobile, 'login');
    const code = h.lastCode(mobile, 'login');
    expect((await login(mobile, code)).code).toBe(200);
    expect((await login(mobile, code)).code).toBe(Code.CODE_INVALID);
  });

  it('5 wrong tries kill the code, even for the right code afterwards', async () => {
    const mobile = freshMobile();
    await h.register(mobile);
    await send(mobile, 'login');
    const code = h.lastCode(mobile, 'login');
    for (let i = 0; i < 4; i++) expect((await login(mobile, wrong(code))).code).toBe(Code.CODE_INVALID);
    const fifth = await login(mobile, wrong(code));
    expect(fifth.code).toBe(Code.CODE_TOO_MANY_TRIES);
    expect(fifth.msg).toBe('验证码错误次数过多，请重新获取');
    expect((await login(mobile, code)).code).toBe(Code.CODE_TOO_MANY_TRIES);
    // A new code works again.
    h.clock.advance(61_000);
    await send(mobile, 'login');
    expect((await login(mobile, h.lastCode(mobile, 'login'))).code).toBe(200);
  });

  it('a code is bound to its purpose and its mobile; only the newest one is live', async () => {
    const a = freshMobile();
    const b = freshMobile();
    await h.register(a);
    await h.register(b);
    await send(a, 'login');
    const codeA = h.lastCode(a, 'login');
    // reset with a login code
    const reset = await h.call('POST', '/api/v1/auth/password/reset', {
      body: { mobile: h.enc(a), code: h.enc(codeA), password: 'new-password-1' },
    });
    expect(reset.code).toBe(Code.CODE_INVALID);
    // b with a's code
    await send(b, 'login');
    const codeB = h.lastCode(b, 'login');
    if (codeA !== codeB) expect((await login(b, codeA)).code).toBe(Code.CODE_INVALID);
    // a newer code replaces the older one
    h.clock.advance(61_000);
    await send(a, 'login');
    const newer = h.lastCode(a, 'login');
    if (newer !== codeA) expect((await login(a, codeA)).code).toBe(Code.CODE_INVALID);
    expect((await login(a, newer)).code).toBe(200);
  });

  it('RSA garbage in mobile or code is answered exactly like a wrong code', async () => {
    const mobile = freshMobile();
    await h.register(mobile);
    await send(mobile, 'login');
    const code = h.lastCode(mobile, 'login');
    const wrongAnswer = await login(mobile, wrong(code));
    const garbageCode = await h.call('POST', '/api/auth/sms/login', {
      body: { mobile: h.enc(mobile), code: 'bm90IHJzYQ==' },
    });
    const garbageMobile = await h.call('POST', '/api/auth/sms/login', {
      body: { mobile: 'AAAA', code: h.enc(code) },
    });
    const notAMobile = await h.call('POST', '/api/auth/sms/login', {
      body: { mobile: h.enc('hello'), code: h.enc(code) },
    });
    const registerGarbage = await h.call('POST', '/api/auth/sms/register', {
      body: { mobile: 'x'.repeat(40), code: 'y'.repeat(40), agreement: true },
    });
    const resetGarbage = await h.call('POST', '/api/v1/auth/password/reset', {
      body: { mobile: h.enc(mobile), code: '%%%', password: 'whatever-123' },
    });
    for (const r of [garbageCode, garbageMobile, notAMobile, registerGarbage, resetGarbage]) {
      expect({ status: r.status, code: r.code, msg: r.msg, data: r.data }).toEqual({
        status: wrongAnswer.status,
        code: Code.CODE_INVALID,
        msg: wrongAnswer.msg,
        data: undefined,
      });
    }
  });

  it('one send per mobile per 60 s; 10 per Beijing day; the limits survive a restart', async () => {
    const mobile = freshMobile();
    expect((await send(mobile, 'register')).code).toBe(200);
    const again = await send(mobile, 'register');
    expect(again.code).toBe(Code.SEND_TOO_FREQUENT);
    expect(again.msg).toMatch(/请 \d+ 秒后再试/);
    expect((await send(mobile, 'bind')).code).toBe(Code.SEND_TOO_FREQUENT);
    await h.rebuild();
    expect((await send(mobile, 'register')).code).toBe(Code.SEND_TOO_FREQUENT);
    for (let i = 1; i < 10; i++) {
      h.clock.advance(61_000);
      expect((await send(mobile, 'register')).code).toBe(200);
    }
    h.clock.advance(61_000);
    const limit = await send(mobile, 'register');
    expect(limit.code).toBe(Code.SEND_DAILY_LIMIT);
    expect(limit.msg).toContain('10');
    await h.rebuild();
    expect((await send(mobile, 'register')).code).toBe(Code.SEND_DAILY_LIMIT);
    // The next Beijing day (00:00 +08:00 = 16:00 UTC).
    h.clock.set(T0 + 24 * 3600_000);
    expect((await send(mobile, 'register')).code).toBe(200);
  });

  it('at most 20 sends per IP per hour', async () => {
    h.clock.set(T0 + 3 * 24 * 3600_000);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send(freshMobile(), 'register', ip)).code).toBe(200);
    const res = await send(freshMobile(), 'register', ip);
    expect(res.code).toBe(Code.SEND_IP_LIMIT);
    expect((await send(freshMobile(), 'register')).code).toBe(200);
    h.clock.advance(3600_000 + 1000);
    expect((await send(freshMobile(), 'register', ip)).code).toBe(200);
  });

  it('an undecryptable mobile on a send call is a field error, nothing is sent', async () => {
    const before = h.outbox().length;
    const res = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: 'garbage', scene: 'register' } });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('body.mobile');
    expect(h.outbox().length).toBe(before);
  });
});

describe('member codes', () => {
  it('sends to the own mobile, checks it for a single-use verify ticket; e-mail codes go to the outbox', async () => {
    const mobile = freshMobile();
    const { token } = await h.register(mobile);
    const sent = await h.call('POST', '/api/v1/sms/send', { token, body: { scene: 'change_password' } });
    expect(sent.code).toBe(200);
    expect((sent.data as { to: string }).to).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    const code = h.lastCode(mobile, 'change_password');
    const wrongScene = await h.call('POST', '/api/v1/sms/check', {
      token,
      body: { scene: 'change_mobile', code: h.enc(code) },
    });
    expect(wrongScene.code).toBe(Code.CODE_INVALID);
    const ok = await h.call('POST', '/api/v1/sms/check', {
      token,
      body: { scene: 'change_password', code: h.enc(code) },
    });
    expect(ok.code).toBe(200);
    expect((ok.data as { verifyTicket: string }).verifyTicket.length).toBeGreaterThan(20);

    // New mobile: needs the old one verified first.
    h.clock.advance(61_000);
    const newMobile = freshMobile();
    const refused = await h.call('POST', '/api/v1/sms/new-mobile', { token, body: { mobile: h.enc(newMobile) } });
    expect(refused.code).toBe(Code.PREREQUISITE_REQUIRED);
    await h.call('POST', '/api/v1/sms/send', { token, body: { scene: 'change_mobile' } });
    const check = await h.call('POST', '/api/v1/sms/check', {
      token,
      body: { scene: 'change_mobile', code: h.enc(h.lastCode(mobile, 'change_mobile')) },
    });
    const { verifyTicket } = check.data as { verifyTicket: string };
    const sentNew = await h.call('POST', '/api/v1/sms/new-mobile', {
      token,
      body: { mobile: h.enc(newMobile), verifyTicket },
    });
    expect(sentNew.code).toBe(200);
    expect(h.outbox().at(-1)).toMatchObject({ channel: 'sms', to: newMobile, purpose: 'new_mobile' });

    const mail = await h.call('POST', '/api/v1/email/send', { token, body: { email: 'Someone@Example.com' } });
    expect(mail.code).toBe(200);
    expect((mail.data as { to: string }).to).toBe('so***@example.com');
    expect(h.outbox().at(-1)).toMatchObject({ channel: 'email', to: 'someone@example.com', purpose: 'email_bind' });
    expect((await h.call('POST', '/api/v1/email/send', { token, body: { email: 'someone@example.com' } })).code).toBe(
      Code.SEND_TOO_FREQUENT,
    );
    expect((await h.call('POST', '/api/v1/sms/send', { body: { scene: 'change_password' } })).status).toBe(401);
  });
});
