/**
 * The personal centre's account changes over HTTP, as /home/user makes them: nickname (length,
 * characters, reserved words), mobile (old number's ticket, then the new number's code; first
 * bind without one), password (old password or an SMS ticket; the other sessions end, this one
 * stays), e-mail (code from /v1/email/send) and the social unbind that never removes the last way
 * in. Every refusal is a zh-CN envelope; tickets and codes are single use and the member's own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../openapi/codes';
import { members } from '../../server/db/schema';
import { snsBindings } from '../../server/db/schema-social';
import { issueLogin } from '../../server/modules/auth/accounts';
import { freshIp, freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';

let h: Harness;
beforeAll(async () => {
  h = await harness('personal-centre');
});
afterAll(() => h.env.cleanup());

type M = LoginData & { mobile: string };

async function newMember(extra: Record<string, unknown> = {}): Promise<M> {
  const mobile = freshMobile();
  return { ...(await h.register(mobile, extra)), mobile };
}

const account = async (token: string) =>
  (await h.call('GET', '/api/v1/users/account', { token })).data as {
    nickname: string;
    mobile: string | null;
    email: string | null;
    hasPassword: boolean;
  };

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** An SMS code to the member's own mobile for `scene`, checked: the verify ticket. */
async function ticket(m: { token: string; mobile: string }, scene: 'change_mobile' | 'change_password') {
  const sent = await h.call('POST', '/api/v1/sms/send', { token: m.token, body: { scene } });
  expect(sent.code).toBe(200);
  const checked = await h.call('POST', '/api/v1/sms/check', {
    token: m.token,
    body: { scene, code: h.enc(h.lastCode(m.mobile, scene)) },
  });
  expect(checked.code).toBe(200);
  h.clock.advance(61_000);
  return (checked.data as { verifyTicket: string }).verifyTicket;
}

/** A code to the new number (with the old number's ticket, when there is one). */
async function newMobileCode(token: string, mobile: string, verifyTicket?: string) {
  const sent = await h.call('POST', '/api/v1/sms/new-mobile', {
    token,
    body: { mobile: h.enc(mobile), ...(verifyTicket ? { verifyTicket } : {}) },
  });
  expect(sent.code, sent.msg).toBe(200);
  return h.lastCode(mobile, 'new_mobile');
}

const changeMobile = (token: string, body: { mobile: string; code: string; verifyTicket?: string }) =>
  h.call('POST', '/api/v1/users/mobile', {
    token,
    body: { mobile: h.enc(body.mobile), code: h.enc(body.code), verifyTicket: body.verifyTicket },
  });

/** A member who signed up by a social account and has no mobile (and no password). */
async function socialOnlyMember(platforms: number[]): Promise<{ id: number; token: string }> {
  const db = h.app.ctx.db;
  const [row] = await db
    .insert(members)
    .values({
      nickname: '微信用户',
      memberCode: randomBytes(4).toString('hex').toUpperCase(),
      inviteCode: randomBytes(4).toString('hex').toUpperCase(),
    })
    .returning({ id: members.id });
  for (const platform of platforms) {
    await db.insert(snsBindings).values({
      memberId: row!.id,
      platform,
      openId: `open-${row!.id}-${platform}`,
      nickname: '社交昵称',
    });
  }
  const login = await issueLogin(h.app.ctx, row!.id);
  return { id: row!.id, token: login.token };
}

describe('nickname', () => {
  const rename = (token: string, nickname: unknown) =>
    h.call('POST', '/api/v1/users/nickname', { token, body: { nickname } });

  it('saves a name of Han, letters, digits, _ and -, trimmed, and the account shows it', async () => {
    const m = await newMember();
    const res = await rename(m.token, '  小豆_Bean-2024  ');
    expect(res).toMatchObject({ status: 200, code: 200, data: { ok: true } });
    expect((await account(m.token)).nickname).toBe('小豆_Bean-2024');
    expect((await rename(m.token, '豆子')).code).toBe(200);
    expect((await rename(m.token, '一二三四五六七八九十一二三四五六')).code).toBe(200);
  });

  it.each([
    ['one character', '豆', '昵称至少 2 个字'],
    ['17 characters', '一二三四五六七八九十一二三四五六七', '昵称最多 16 个字'],
    ['only spaces', '     ', '请输入昵称'],
    ['a space inside', '小 豆', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['a control character', '小豆\u0007', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['a zero-width space', '小\u200b豆', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['a right-to-left mark', '小豆\u200f', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['an emoji', '小豆😀', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['full-width letters', 'ＢＥＡＮ', '昵称只能包含汉字、字母、数字、下划线和短横线'],
    ['only symbols', '__--', '昵称不能只有符号'],
  ])('refuses %s (NICKNAME_INVALID) and keeps the old name', async (_, nickname, msg) => {
    const m = await newMember();
    const before = (await account(m.token)).nickname;
    const res = await rename(m.token, nickname);
    expect(res).toMatchObject({ status: 200, code: Code.NICKNAME_INVALID, msg });
    expect((await account(m.token)).nickname).toBe(before);
  });

  it.each([
    ['官方小助手', '官方'],
    ['小豆客服', '客服'],
    ['管理员007', '管理员'],
    ['ADMIN', 'admin'],
    ['a_d-m_i_n', 'admin'],
    ['Sys-Tem', 'system'],
    ['系_统通知', '系统'],
    ['微豆达人', '微豆'],
    ['WeiDou_fan', 'weidou'],
  ])('refuses the reserved word in %s (NICKNAME_RESERVED)', async (nickname, word) => {
    const m = await newMember();
    const res = await rename(m.token, nickname);
    expect(res).toMatchObject({ status: 200, code: Code.NICKNAME_RESERVED, msg: `昵称不能包含“${word}”，请换一个` });
  });

  it('needs a login and a string', async () => {
    expect((await rename('', '小豆')).status).toBe(401);
    const m = await newMember();
    const res = await rename(m.token, 12);
    expect(res.status).toBe(400);
  });
});

describe('mobile', () => {
  it('old number’s ticket, then the new number’s code: the mobile changes, logs in, the old one is free', async () => {
    const m = await newMember();
    const verifyTicket = await ticket(m, 'change_mobile');
    const next = freshMobile();
    const code = await newMobileCode(m.token, next, verifyTicket);
    const res = await changeMobile(m.token, { mobile: next, code, verifyTicket });
    expect(res).toMatchObject({ code: 200, data: { mobile: masked(next) } });
    expect((await account(m.token)).mobile).toBe(masked(next));
    // The new number logs in; the old one is nobody's now.
    h.clock.advance(61_000);
    expect((await h.smsLogin(next)).member.id).toBe(m.member.id);
    const old = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(m.mobile), scene: 'reset' } });
    expect(old.code).toBe(Code.MOBILE_NOT_REGISTERED);

    // The ticket was used up with the change.
    h.clock.advance(61_000);
    const again = await changeMobile(m.token, { mobile: freshMobile(), code: '123456', verifyTicket });
    expect(again).toMatchObject({ code: Code.VERIFY_TICKET_INVALID, msg: '原手机号验证已失效，请重新验证原手机号' });
  });

  it('a member with a mobile must bring the old number’s ticket', async () => {
    const m = await newMember();
    const res = await changeMobile(m.token, { mobile: freshMobile(), code: '123456' });
    expect(res).toMatchObject({ code: Code.PREREQUISITE_REQUIRED, msg: '请先验证原手机号' });
    const send = await h.call('POST', '/api/v1/sms/new-mobile', {
      token: m.token,
      body: { mobile: h.enc(freshMobile()) },
    });
    expect(send).toMatchObject({ code: Code.PREREQUISITE_REQUIRED, msg: '请先验证原手机号' });
  });

  it('refuses a wrong, another scene’s, another member’s or an expired ticket, at both steps', async () => {
    const m = await newMember();
    const other = await newMember();
    const next = freshMobile();
    const tickets = {
      wrong: 'not-a-ticket-at-all',
      otherScene: await ticket(m, 'change_password'),
      otherMember: await ticket(other, 'change_mobile'),
    };
    for (const [what, verifyTicket] of Object.entries(tickets)) {
      const send = await h.call('POST', '/api/v1/sms/new-mobile', {
        token: m.token,
        body: { mobile: h.enc(next), verifyTicket },
      });
      expect(send.code, what).toBe(Code.VERIFY_TICKET_INVALID);
      const res = await changeMobile(m.token, { mobile: next, code: '123456', verifyTicket });
      expect(res.code, what).toBe(Code.VERIFY_TICKET_INVALID);
    }
    // The other member's ticket is still theirs to use.
    const theirs = await newMobileCode(other.token, freshMobile(), tickets.otherMember);
    expect(theirs).toMatch(/^\d{6}$/);
    // Valid for 10 minutes only.
    const verifyTicket = await ticket(m, 'change_mobile');
    const code = await newMobileCode(m.token, next, verifyTicket);
    h.clock.advance(10 * 60_000);
    const late = await changeMobile(m.token, { mobile: next, code, verifyTicket });
    expect(late).toMatchObject({ code: Code.VERIFY_TICKET_INVALID });
    expect((await account(m.token)).mobile).toBe(masked(m.mobile));
  });

  it('a wrong code or a mobile that does not decrypt is refused and keeps the ticket', async () => {
    const m = await newMember();
    const verifyTicket = await ticket(m, 'change_mobile');
    const next = freshMobile();
    const code = await newMobileCode(m.token, next, verifyTicket);
    const wrong = await changeMobile(m.token, {
      mobile: next,
      code: code === '000000' ? '111111' : '000000',
      verifyTicket,
    });
    expect(wrong).toMatchObject({ code: Code.CODE_INVALID, msg: '验证码错误或已失效' });
    const garbage = await h.call('POST', '/api/v1/users/mobile', {
      token: m.token,
      body: { mobile: 'not-encrypted', code: h.enc(code), verifyTicket },
    });
    expect(garbage.code).toBe(Code.CODE_INVALID);
    // A code sent to another number is no code for this one.
    const elsewhere = await changeMobile(m.token, { mobile: freshMobile(), code, verifyTicket });
    expect(elsewhere.code).toBe(Code.CODE_INVALID);
    expect((await changeMobile(m.token, { mobile: next, code, verifyTicket })).code).toBe(200);
  });

  it('a code another member asked for to that number is not this member’s', async () => {
    const a = await newMember();
    const b = await newMember();
    const next = freshMobile();
    const aTicket = await ticket(a, 'change_mobile');
    const bTicket = await ticket(b, 'change_mobile');
    const aCode = await newMobileCode(a.token, next, aTicket);
    const res = await changeMobile(b.token, { mobile: next, code: aCode, verifyTicket: bTicket });
    expect(res.code).toBe(Code.CODE_INVALID);
    expect((await changeMobile(a.token, { mobile: next, code: aCode, verifyTicket: aTicket })).code).toBe(200);
  });

  it('the new number must be free: taken before the code is asked, or meanwhile', async () => {
    const m = await newMember();
    const taken = await newMember();
    const verifyTicket = await ticket(m, 'change_mobile');
    const refused = await h.call('POST', '/api/v1/sms/new-mobile', {
      token: m.token,
      body: { mobile: h.enc(taken.mobile), verifyTicket },
    });
    expect(refused).toMatchObject({ code: Code.MOBILE_REGISTERED, msg: '该手机号已绑定其他账号' });
    const own = await h.call('POST', '/api/v1/sms/new-mobile', {
      token: m.token,
      body: { mobile: h.enc(m.mobile), verifyTicket },
    });
    expect(own).toMatchObject({ code: Code.MOBILE_REGISTERED, msg: '新手机号不能与当前手机号相同' });

    // Free when the code went out, registered by someone else before the change: refused, ticket kept.
    const next = freshMobile();
    const code = await newMobileCode(m.token, next, verifyTicket);
    h.clock.advance(61_000);
    await h.register(next);
    const res = await changeMobile(m.token, { mobile: next, code, verifyTicket });
    expect(res).toMatchObject({ code: Code.MOBILE_REGISTERED, msg: '该手机号已绑定其他账号' });
    expect((await account(m.token)).mobile).toBe(masked(m.mobile));
    const later = freshMobile();
    const code2 = await newMobileCode(m.token, later, verifyTicket);
    expect((await changeMobile(m.token, { mobile: later, code: code2, verifyTicket })).code).toBe(200);
  });

  it('codes to the old and the new number are rate limited like every SMS code', async () => {
    const m = await newMember();
    expect((await h.call('POST', '/api/v1/sms/send', { token: m.token, body: { scene: 'change_mobile' } })).code).toBe(
      200,
    );
    const again = await h.call('POST', '/api/v1/sms/send', { token: m.token, body: { scene: 'change_mobile' } });
    expect(again).toMatchObject({ code: Code.SEND_TOO_FREQUENT });
    expect((again.data as { resendAfter: number }).resendAfter).toBeGreaterThan(0);
    h.clock.advance(61_000);
    const verifyTicket = await ticket(m, 'change_mobile');
    const next = freshMobile();
    await newMobileCode(m.token, next, verifyTicket);
    const twice = await h.call('POST', '/api/v1/sms/new-mobile', {
      token: m.token,
      body: { mobile: h.enc(next), verifyTicket },
    });
    expect(twice.code).toBe(Code.SEND_TOO_FREQUENT);
  });

  it('a member without a mobile binds one with the new number’s code alone', async () => {
    const s = await socialOnlyMember([1]);
    const next = freshMobile();
    const code = await newMobileCode(s.token, next);
    const res = await changeMobile(s.token, { mobile: next, code });
    expect(res).toMatchObject({ code: 200, data: { mobile: masked(next) } });
    expect((await account(s.token)).mobile).toBe(masked(next));
  });
});

describe('password', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/v1/users/password', { token, body });
  const passwordLogin = (mobile: string, password: string) =>
    h.call('POST', '/api/auth/password/login', { body: { mobile: h.enc(mobile), password } });
  const refresh = (login: { token: string; refreshToken: string }) =>
    h.call('POST', '/api/v1/auth/token/refresh', { body: { token: login.token, refreshToken: login.refreshToken } });

  it('sets a first password with an SMS ticket (no old one to give)', async () => {
    const m = await newMember();
    expect((await account(m.token)).hasPassword).toBe(false);
    const byOld = await change(m.token, { password: 'bean-2030', oldPassword: 'anything' });
    expect(byOld).toMatchObject({ code: Code.PREREQUISITE_REQUIRED, msg: '你还没有设置密码，请先用短信验证' });
    const none = await change(m.token, { password: 'bean-2030' });
    expect(none).toMatchObject({ code: Code.PREREQUISITE_REQUIRED, msg: '请先用短信验证码验证手机号' });
    const res = await change(m.token, { password: 'bean-2030', verifyTicket: await ticket(m, 'change_password') });
    expect(res).toMatchObject({ code: 200, data: { ok: true } });
    expect((await account(m.token)).hasPassword).toBe(true);
    expect((await passwordLogin(m.mobile, 'bean-2030')).code).toBe(200);
  });

  it('changing it ends every other session at once and keeps this one', async () => {
    const m = await newMember({ password: 'old-pass-1' });
    const phone = await h.smsLogin(m.mobile);
    const laptop = (await passwordLogin(m.mobile, 'old-pass-1')).data as LoginData;
    const res = await change(m.token, { password: 'new-pass-2', oldPassword: 'old-pass-1' });
    expect(res).toMatchObject({ code: 200, data: { ok: true } });

    // This session: its access token and its refresh token still work.
    expect((await h.call('GET', '/api/v1/users/account', { token: m.token })).code).toBe(200);
    const rotated = await refresh(m);
    expect(rotated.code).toBe(200);
    expect((await h.call('GET', '/api/v1/users/account', { token: (rotated.data as LoginData).token })).code).toBe(200);
    // The others: access tokens refused at once, refresh tokens dead.
    for (const other of [phone, laptop]) {
      expect((await h.call('GET', '/api/v1/users/account', { token: other.token })).status).toBe(401);
      expect((await refresh(other)).status).toBe(401);
    }
    // The new password logs in, the old one does not.
    expect((await passwordLogin(m.mobile, 'old-pass-1')).code).toBe(Code.WRONG_CREDENTIALS);
    expect((await passwordLogin(m.mobile, 'new-pass-2')).code).toBe(200);
  });

  it('a wrong old password is refused, says the tries left near the end, then locks for 15 minutes', async () => {
    const m = await newMember({ password: 'right-pass-1' });
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await change(m.token, { password: 'next-pass-1', oldPassword: 'wrong-pass' }));
    expect(answers.map((a) => [a.code, a.msg])).toEqual([
      [Code.OLD_PASSWORD_WRONG, '原密码错误'],
      [Code.OLD_PASSWORD_WRONG, '原密码错误'],
      [Code.OLD_PASSWORD_WRONG, '原密码错误，还可尝试 2 次'],
      [Code.OLD_PASSWORD_WRONG, '原密码错误，还可尝试 1 次'],
      [Code.OLD_PASSWORD_LOCKED, '原密码错误次数过多，请 15 分钟后再试，或改用短信验证'],
    ]);
    // Locked: even the right one waits; the SMS way is open.
    const locked = await change(m.token, { password: 'next-pass-1', oldPassword: 'right-pass-1' });
    expect(locked.code).toBe(Code.OLD_PASSWORD_LOCKED);
    h.clock.advance(15 * 60_000 + 1000);
    expect((await change(m.token, { password: 'next-pass-1', oldPassword: 'right-pass-1' })).code).toBe(200);
    expect((await account(m.token)).hasPassword).toBe(true);
  });

  it('refuses a wrong, used, another member’s or another scene’s ticket', async () => {
    const m = await newMember({ password: 'right-pass-1' });
    const other = await newMember();
    const verifyTicket = await ticket(m, 'change_password');
    expect((await change(m.token, { password: 'next-pass-1', verifyTicket })).code).toBe(200);
    const bad = {
      used: verifyTicket,
      wrong: 'no-such-ticket',
      otherMember: await ticket(other, 'change_password'),
      otherScene: await ticket(m, 'change_mobile'),
    };
    for (const [what, t] of Object.entries(bad)) {
      const res = await change(m.token, { password: 'third-pass-1', verifyTicket: t });
      expect(res, what).toMatchObject({ code: Code.VERIFY_TICKET_INVALID, msg: '短信验证已失效，请重新获取验证码' });
    }
    expect((await passwordLogin(m.mobile, 'next-pass-1')).code).toBe(200);
    expect((await change(m.token, { password: 'short' })).status).toBe(400);
  });
});

describe('e-mail', () => {
  const send = (token: string, email: string, ip = freshIp()) =>
    h.call('POST', '/api/v1/email/send', { token, body: { email }, ip });
  const bind = (token: string, email: string, code: string) =>
    h.call('POST', '/api/v1/users/email', { token, body: { email, code: h.enc(code) } });
  let n = 0;
  const freshEmail = () => `bean.${Date.now() % 100000}.${n++}@example.com`;

  it('sends a code through the outbox, binds the address and answers it masked', async () => {
    const m = await newMember();
    const email = freshEmail();
    const sent = await send(m.token, email.toUpperCase());
    expect(sent.code).toBe(200);
    expect(h.outbox().at(-1)).toMatchObject({ channel: 'email', to: email, purpose: 'email_bind' });
    const res = await bind(m.token, email.toUpperCase(), h.lastCode(email, 'email_bind'));
    expect(res).toMatchObject({ code: 200, data: { email: `be***@example.com` } });
    expect((await account(m.token)).email).toBe('be***@example.com');
    // Changing it: a new address, a new code.
    h.clock.advance(61_000);
    const next = freshEmail();
    await send(m.token, next);
    expect((await bind(m.token, next, h.lastCode(next, 'email_bind'))).code).toBe(200);
  });

  it('a wrong, used, expired or another address’s code is refused', async () => {
    const m = await newMember();
    const email = freshEmail();
    await send(m.token, email);
    const code = h.lastCode(email, 'email_bind');
    const wrong = await bind(m.token, email, code === '000000' ? '111111' : '000000');
    expect(wrong).toMatchObject({ code: Code.CODE_INVALID, msg: '验证码错误或已失效' });
    expect((await bind(m.token, freshEmail(), code)).code).toBe(Code.CODE_INVALID);
    expect((await bind(m.token, email, code)).code).toBe(200);
    expect((await bind(m.token, email, code)).code).toBe(Code.CODE_INVALID);

    h.clock.advance(61_000);
    const late = freshEmail();
    await send(m.token, late);
    h.clock.advance(5 * 60_000 + 1000);
    expect((await bind(m.token, late, h.lastCode(late, 'email_bind'))).code).toBe(Code.CODE_INVALID);
  });

  it('five wrong codes kill it', async () => {
    const m = await newMember();
    const email = freshEmail();
    await send(m.token, email);
    const code = h.lastCode(email, 'email_bind');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await bind(m.token, email, wrongCode)).code);
    expect(codes).toEqual([...Array(4).fill(Code.CODE_INVALID), Code.CODE_TOO_MANY_TRIES]);
    expect((await bind(m.token, email, code)).code).toBe(Code.CODE_TOO_MANY_TRIES);
  });

  it('another member’s code to that address is not this member’s', async () => {
    const a = await newMember();
    const b = await newMember();
    const email = freshEmail();
    await send(a.token, email);
    expect((await bind(b.token, email, h.lastCode(email, 'email_bind'))).code).toBe(Code.CODE_INVALID);
  });

  it('an address bound to another member is refused, in any case', async () => {
    const a = await newMember();
    const b = await newMember();
    const email = freshEmail();
    await send(a.token, email);
    expect((await bind(a.token, email, h.lastCode(email, 'email_bind'))).code).toBe(200);
    h.clock.advance(61_000);
    await send(b.token, email.toUpperCase());
    const res = await bind(b.token, email.toUpperCase(), h.lastCode(email, 'email_bind'));
    expect(res).toMatchObject({ code: Code.EMAIL_TAKEN, msg: '该邮箱已绑定其他账号' });
    expect((await account(b.token)).email).toBeNull();
  });

  it('is rate limited like SMS: one per 60 s, ten a day per address, twenty an hour per network', async () => {
    const m = await newMember();
    const email = freshEmail();
    expect((await send(m.token, email)).code).toBe(200);
    const again = await send(m.token, email);
    expect(again).toMatchObject({ code: Code.SEND_TOO_FREQUENT });
    expect((again.data as { resendAfter: number }).resendAfter).toBeGreaterThan(0);
    for (let i = 1; i < 10; i++) {
      h.clock.advance(61_000);
      expect((await send(m.token, email)).code).toBe(200);
    }
    h.clock.advance(61_000);
    expect(await send(m.token, email)).toMatchObject({
      code: Code.SEND_DAILY_LIMIT,
      msg: '该邮箱今日获取验证码已达 10 次上限，请明天再试',
    });
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send(m.token, freshEmail(), ip)).code).toBe(200);
    expect((await send(m.token, freshEmail(), ip)).code).toBe(Code.SEND_IP_LIMIT);
  });
});

describe('social bindings: never the last way in', () => {
  const unbind = (token: string, platform: number) =>
    h.call('POST', '/api/v1/users/sns/unbind', { token, body: { platform } });
  const bound = async (token: string) =>
    ((await h.call('GET', '/api/v1/users/sns', { token })).data as { platform: number; bound: boolean }[])
      .filter((b) => b.bound)
      .map((b) => b.platform);

  it('a member without a mobile keeps the last social account; with two, one may go', async () => {
    const s = await socialOnlyMember([1, 2]);
    expect((await unbind(s.token, 2)).code).toBe(200);
    expect(await bound(s.token)).toEqual([1]);
    const last = await unbind(s.token, 1);
    expect(last).toMatchObject({ code: Code.PREREQUISITE_REQUIRED, msg: '这是你唯一的登录方式，请先绑定手机号再解绑' });
    expect(await bound(s.token)).toEqual([1]);
    // Unbinding what is not bound changes nothing and refuses nothing.
    expect((await unbind(s.token, 3)).code).toBe(200);
    expect(await bound(s.token)).toEqual([1]);
  });

  it('two unbinds at once cannot remove the last two', async () => {
    const s = await socialOnlyMember([3, 4]);
    const answers = await Promise.all([unbind(s.token, 3), unbind(s.token, 4)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, Code.PREREQUISITE_REQUIRED].sort());
    expect((await bound(s.token)).length).toBe(1);
  });

  it('once a mobile is bound, the last social account may go', async () => {
    const s = await socialOnlyMember([1]);
    const next = freshMobile();
    const code = await newMobileCode(s.token, next);
    expect((await changeMobile(s.token, { mobile: next, code })).code).toBe(200);
    expect((await unbind(s.token, 1)).code).toBe(200);
    expect(await bound(s.token)).toEqual([]);
    const row = await h.app.ctx.db.select().from(members).where(eq(members.id, s.id));
    expect(row[0]!.mobile).toBe(next);
  });
});
