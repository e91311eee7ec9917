import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { members } from '../../server/db/schema';
import { messageInbox, messages } from '../../server/db/tables';
import { REFRESH_REUSE_GRACE_MS, SESSION_RECHECK_MS } from '../../server/modules/auth/tokens';
import { freshIp, freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';

let h: Harness;
beforeAll(async () => {
  h = await harness('acc_session');
});
afterAll(() => h.env.cleanup());

const account = (token: string) => h.call('GET', '/api/v1/users/account', { token });
const refresh = (t: { token: string; refreshToken: string }) =>
  h.call('POST', '/api/v1/auth/token/refresh', { body: { token: t.token, refreshToken: t.refreshToken } });
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('register, login, tokens', () => {
  it('register → account → SMS login; login results carry token, refreshToken, expired (30 min)', async () => {
    const mobile = freshMobile();
    const reg = await h.register(mobile);
    expect(reg.isNew).toBe(true);
    expect(reg.member.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(reg.member.memberCode).toMatch(/^[A-Z2-9]{8}$/);
    // When the member registered: the home page greets a newcomer from it, after a reload too.
    const [row] = await h.app.ctx.db.select().from(members).where(eq(members.mobile, mobile));
    expect(reg.member.registeredAt).toBe(row!.createdAt.getTime());
    expect(reg.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const acc = await account(reg.token);
    expect(acc.code).toBe(200);
    expect(acc.data).toMatchObject({
      id: reg.member.id,
      nickname: reg.member.nickname,
      hasPassword: false,
      // The welcome message (modules/invites recordSignup) is waiting.
      newMessage: true,
      registeredAt: reg.member.registeredAt,
    });
    h.clock.advance(1000);
    const before = h.clock.now();
    const login = await h.smsLogin(mobile);
    expect(login.isNew).toBe(false);
    expect(login.member.registeredAt).toBe(reg.member.registeredAt);
    expect(login.expired).toBe(Math.floor((before + 30 * 60_000) / 1000) * 1000);
    expect(login.token).not.toBe(reg.token);
  });

  it('refresh rotates; a reused refresh token revokes the whole family (the newer one too)', async () => {
    const mobile = freshMobile();
    const first = await h.register(mobile);
    const r1 = await refresh(first);
    expect(r1.code).toBe(200);
    const second = r1.data as LoginData;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await account(second.token)).code).toBe(200);
    // replay the first (already rotated) token, past the grace for a lost answer
    h.clock.advance(REFRESH_REUSE_GRACE_MS);
    const replay = await refresh(first);
    expect(replay.status).toBe(401);
    expect(replay.code).toBe(401);
    // the newer refresh token and its access token are dead as well
    expect((await refresh(second)).status).toBe(401);
    expect((await account(second.token)).status).toBe(401);
    // another session of the same member is untouched
    const other = await h.smsLogin(mobile);
    expect((await refresh(other)).code).toBe(200);
  });

  it('a refresh whose answer was lost (successor never used) may come back within the grace, once the successor is retired', async () => {
    const mobile = freshMobile();
    const first = await h.register(mobile);
    const lost = (await refresh(first)).data as LoginData; // the page was reloaded before this arrived
    h.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    const again = await refresh(first);
    expect(again.code).toBe(200);
    const kept = again.data as LoginData;
    expect(kept.refreshToken).not.toBe(lost.refreshToken);
    expect((await account(kept.token)).code).toBe(200);
    // The session goes on from the re-issued token.
    const next = await refresh(kept);
    expect(next.code).toBe(200);
    // A replay once the successor was used is a stolen token: the whole session ends.
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(next.data as LoginData)).status).toBe(401);
    expect((await account((next.data as LoginData).token)).status).toBe(401);
  });

  it('refresh needs the access token of the same session', async () => {
    const a = await h.register(freshMobile());
    const b = await h.register(freshMobile());
    expect((await refresh({ token: b.token, refreshToken: a.refreshToken })).status).toBe(401);
    expect((await refresh({ token: 'x.y.z', refreshToken: a.refreshToken })).status).toBe(401);
    expect((await refresh({ token: a.token, refreshToken: 'unknown' })).status).toBe(401);
    // not consumed by the refused attempts
    expect((await refresh(a)).code).toBe(200);
  });

  it('an expired access token gets 401 but can still be refreshed; the family ends 14 days after login', async () => {
    let t = await h.register(freshMobile());
    h.clock.advance(31 * 60_000);
    expect((await account(t.token)).status).toBe(401);
    for (let day = 0; day < 13; day++) {
      const r = await refresh(t);
      expect(r.code).toBe(200);
      t = r.data as LoginData;
      h.clock.advance(24 * 3600_000);
    }
    // 13 days + 31 min after login: still alive, access capped at the family's end
    const r = await refresh(t);
    expect(r.code).toBe(200);
    t = r.data as LoginData;
    h.clock.advance(24 * 3600_000);
    expect((await refresh(t)).status).toBe(401);
    expect((await account(t.token)).status).toBe(401);
  });

  it('logout revokes the session: refresh token and access token stop working', async () => {
    const t = await h.register(freshMobile());
    const out = await h.call('POST', '/api/v1/auth/logout', { token: t.token, body: { refreshToken: t.refreshToken } });
    expect(out.code).toBe(200);
    expect(out.data).toEqual({ ok: true });
    expect((await refresh(t)).status).toBe(401);
    expect((await account(t.token)).status).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/logout', { token: t.token, body: {} })).status).toBe(401);
  });

  it(`a logged-out token is refused at once by the process that logged out, by other workers within ${SESSION_RECHECK_MS} ms`, async () => {
    // A second app on the same database stands for another worker process (its own session memory).
    const other = await h.env.build({}, { now: h.clock.now });
    const accountAt = async (token: string) =>
      (
        await other.inject({
          method: 'GET',
          url: '/api/v1/users/account',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    const t = await h.register(freshMobile());
    // Both workers have checked the live session and remember it.
    expect((await account(t.token)).code).toBe(200);
    expect(await accountAt(t.token)).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/logout', { token: t.token, body: {} })).code).toBe(200);
    // The worker that logged out refuses it immediately.
    expect((await account(t.token)).status).toBe(401);
    // The other may still answer from its memory, but not once the bound has passed.
    h.clock.advance(SESSION_RECHECK_MS);
    expect(await accountAt(t.token)).toBe(401);
    expect((await account(t.token)).status).toBe(401);
  });

  it('401 for tampered, forged, alg-none and expired tokens', async () => {
    const t = await h.register(freshMobile());
    const [head, body, sig] = t.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const other = await h.register(freshMobile());
    const tampered = `${head}.${b64({ ...claims, sub: String(other.member.id) })}.${sig}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${body}.`;
    const noneSig = `${b64({ alg: 'none', typ: 'JWT' })}.${body}.${sig}`;
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${body}.${sig}`;
    const forged = `${head}.${body}.${createHmac('sha256', 'guess').update(`${head}.${body}`).digest('base64url')}`;
    for (const bad of [tampered, none, noneSig, hs512, forged, 'garbage', `${t.token}x`]) {
      const res = await account(bad);
      expect(res.status).toBe(401);
      expect(res.code).toBe(Code.UNAUTHORIZED);
    }
    expect((await account(t.token)).code).toBe(200);
    h.clock.advance(30 * 60_000 + 1000);
    expect((await account(t.token)).status).toBe(401);
  });
});

describe('password login', () => {
  const pwLogin = (mobile: string, password: string, ip?: string) =>
    h.call('POST', '/api/auth/password/login', { body: { mobile: h.enc(mobile), password }, ip });

  it('logs in with the password set at registration; unknown mobile and wrong password answer the same', async () => {
    const mobile = freshMobile();
    await h.register(mobile, { password: 'correct-horse-1' });
    const [row] = await h.app.ctx.db.select().from(members).where(eq(members.mobile, mobile));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const ok = await pwLogin(mobile, 'correct-horse-1');
    expect(ok.code).toBe(200);
    const wrongPw = await pwLogin(mobile, 'wrong-horse-1');
    const unknown = await pwLogin(freshMobile(), 'correct-horse-1');
    const garbage = await h.call('POST', '/api/auth/password/login', { body: { mobile: 'AAAA', password: 'x' } });
    for (const r of [wrongPw, unknown, garbage]) {
      expect({ code: r.code, msg: r.msg }).toEqual({ code: Code.WRONG_CREDENTIALS, msg: '手机号或密码错误' });
    }
    // SMS-only member: no password → same answer
    const smsOnly = freshMobile();
    await h.register(smsOnly);
    expect((await pwLogin(smsOnly, 'anything-123')).code).toBe(Code.WRONG_CREDENTIALS);
  });

  it('5 failures in 15 minutes lock the mobile (even the right password) until the window passes', async () => {
    const mobile = freshMobile();
    await h.register(mobile, { password: 'correct-horse-1' });
    for (let i = 0; i < 4; i++) expect((await pwLogin(mobile, `wrong-${i}-xxxx`)).code).toBe(Code.WRONG_CREDENTIALS);
    // The failure that locks says so at once, with the wait.
    const fifth = await pwLogin(mobile, 'wrong-4-xxxx');
    expect(fifth).toMatchObject({ code: Code.LOGIN_LOCKED, msg: '登录失败次数过多，请 15 分钟后再试' });
    expect(fifth.data).toEqual({ retryAfter: 15 * 60 });
    h.clock.advance(60_000);
    const locked = await pwLogin(mobile, 'correct-horse-1');
    expect(locked.code).toBe(Code.LOGIN_LOCKED);
    expect(locked.msg).toMatch(/请 \d+ 分钟后再试/);
    expect(locked.data).toEqual({ retryAfter: 14 * 60 });
    h.clock.advance(14 * 60_000 + 1000);
    expect((await pwLogin(mobile, 'correct-horse-1')).code).toBe(200);
    // success cleared the count
    for (let i = 0; i < 4; i++) await pwLogin(mobile, `wrong-${i}-xxxx`);
    expect((await pwLogin(mobile, 'correct-horse-1')).code).toBe(200);
  });

  it('from the third failure the answer says how many tries are left, the same for an unknown mobile', async () => {
    const member = freshMobile();
    await h.register(member, { password: 'correct-horse-1' });
    const stranger = freshMobile();
    const answers = async (mobile: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await pwLogin(mobile, `wrong-${i}-xxxx`);
        out.push({ code: r.code, msg: r.msg, data: r.data });
      }
      return out;
    };
    const seen = await answers(member);
    expect(seen).toEqual([
      { code: Code.WRONG_CREDENTIALS, msg: '手机号或密码错误', data: undefined },
      { code: Code.WRONG_CREDENTIALS, msg: '手机号或密码错误', data: undefined },
      { code: Code.WRONG_CREDENTIALS, msg: '手机号或密码错误，还可尝试 2 次', data: { remainingTries: 2 } },
      { code: Code.WRONG_CREDENTIALS, msg: '手机号或密码错误，还可尝试 1 次', data: { remainingTries: 1 } },
      { code: Code.LOGIN_LOCKED, msg: '登录失败次数过多，请 15 分钟后再试', data: { retryAfter: 900 } },
    ]);
    // Nobody's number counts down and locks exactly alike: the answers tell nothing about membership.
    expect(await answers(stranger)).toEqual(seen);
    h.clock.advance(15 * 60_000 + 1000);
  });

  it('an IP near its own limit warns for any mobile, and its last failure locks', async () => {
    const ip = freshIp();
    for (let i = 0; i < 17; i++)
      expect((await pwLogin(freshMobile(), 'nope-nope-1', ip)).code).toBe(Code.WRONG_CREDENTIALS);
    const warned = await pwLogin(freshMobile(), 'nope-nope-1', ip);
    expect(warned).toMatchObject({ code: Code.WRONG_CREDENTIALS, data: { remainingTries: 2 } });
    await pwLogin(freshMobile(), 'nope-nope-1', ip);
    expect((await pwLogin(freshMobile(), 'nope-nope-1', ip)).code).toBe(Code.LOGIN_LOCKED);
    h.clock.advance(15 * 60_000 + 1000);
  });

  it('20 failures from one IP in 15 minutes lock that IP for every mobile', async () => {
    const ip = freshIp();
    const mobile = freshMobile();
    await h.register(mobile, { password: 'correct-horse-1' });
    for (let i = 0; i < 20; i++) await pwLogin(freshMobile(), 'nope-nope-1', ip);
    expect((await pwLogin(mobile, 'correct-horse-1', ip)).code).toBe(Code.LOGIN_LOCKED);
    expect((await pwLogin(mobile, 'correct-horse-1')).code).toBe(200);
  });

  it('reset password by SMS: new password works, old does not, every session is revoked', async () => {
    const mobile = freshMobile();
    const session = await h.register(mobile, { password: 'old-password-1' });
    const other = await h.smsLogin(mobile);
    expect(
      (await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'reset' } })).code,
    ).toBe(200);
    const res = await h.call('POST', '/api/v1/auth/password/reset', {
      body: { mobile: h.enc(mobile), code: h.enc(h.lastCode(mobile, 'reset')), password: 'new-password-1' },
    });
    expect(res.code).toBe(200);
    for (const t of [session, other]) {
      expect((await refresh(t)).status).toBe(401);
      expect((await account(t.token)).status).toBe(401);
    }
    expect((await pwLogin(mobile, 'old-password-1')).code).toBe(Code.WRONG_CREDENTIALS);
    expect((await pwLogin(mobile, 'new-password-1')).code).toBe(200);
  });
});

describe('invites', () => {
  it('check shows validity, masked inviter and whether the mobile is registered', async () => {
    const inviterMobile = freshMobile();
    const inviter = await h.register(inviterMobile);
    const [row] = await h.app.ctx.db.select().from(members).where(eq(members.id, inviter.member.id));
    const good = await h.call('POST', '/api/v1/auth/invite/check', {
      body: { inviteCode: row!.inviteCode.toLowerCase(), mobile: h.enc(inviterMobile) },
    });
    expect(good.data).toEqual({
      valid: true,
      inviter: { nickname: `微***${inviterMobile.slice(-1)}`, avatar: null },
      registered: true,
      rewardPoints: 0,
    });
    const bad = await h.call('POST', '/api/v1/auth/invite/check', { body: { inviteCode: 'NOPE1234' } });
    expect(bad.data).toEqual({ valid: false, inviter: null, registered: null, rewardPoints: 0 });
  });

  it('invite registration and SMS registration with a code record the inviter', async () => {
    const inviter = await h.register(freshMobile());
    const [inv] = await h.app.ctx.db.select().from(members).where(eq(members.id, inviter.member.id));
    const inviteCode = inv!.inviteCode;

    const invitee = freshMobile();
    const sent = await h.call('POST', '/api/v1/auth/invite/code', { body: { inviteCode, mobile: h.enc(invitee) } });
    expect(sent.code).toBe(200);
    const reg = await h.call('POST', '/api/v1/auth/invite', {
      body: { inviteCode, mobile: h.enc(invitee), code: h.enc(h.lastCode(invitee, 'invite')), agreement: true },
    });
    expect(reg.code).toBe(200);
    const viaSms = await h.register(freshMobile(), { inviteCode });
    const rows = await h.app.ctx.db.select().from(members).where(eq(members.inviterId, inviter.member.id));
    expect(rows.map((r) => r.id).sort()).toEqual([(reg.data as LoginData).member.id, viaSms.member.id].sort());

    // invalid code: refused before the SMS code is used
    const mobile = freshMobile();
    await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'register' } });
    const code = h.lastCode(mobile, 'register');
    const refused = await h.call('POST', '/api/auth/sms/register', {
      body: { mobile: h.enc(mobile), code: h.enc(code), agreement: true, inviteCode: 'BADCODE9' },
    });
    expect(refused.code).toBe(Code.INVITE_CODE_INVALID);
    expect(
      (
        await h.call('POST', '/api/v1/auth/invite/code', {
          body: { inviteCode: 'BADCODE9', mobile: h.enc(freshMobile()) },
        })
      ).code,
    ).toBe(Code.INVITE_CODE_INVALID);
    // a registered mobile cannot be invited (so nobody invites themselves)
    const self = await h.call('POST', '/api/v1/auth/invite/code', {
      body: { inviteCode, mobile: h.enc(inv!.mobile!) },
    });
    expect(self.code).toBe(Code.MOBILE_REGISTERED);
  });
});

describe('header calls only read the caller', () => {
  it('account and new-message flag are the caller’s own', async () => {
    const a = await h.register(freshMobile());
    const b = await h.register(freshMobile());
    const now = new Date(h.clock.now());
    const sent = await h.app.ctx.db
      .insert(messages)
      .values([
        { audience: 'member', title: 'hi', createdAt: now },
        { audience: 'member', title: 'again', createdAt: now },
        { audience: 'member', title: 'read', createdAt: now },
      ])
      .returning();
    await h.app.ctx.db.insert(messageInbox).values([
      { messageId: sent[0]!.id, memberId: a.member.id },
      { messageId: sent[1]!.id, memberId: a.member.id },
      { messageId: sent[2]!.id, memberId: a.member.id, readAt: now },
    ]);
    const accA = await account(a.token);
    const accB = await account(b.token);
    expect((accA.data as { id: number }).id).toBe(a.member.id);
    expect((accB.data as { id: number }).id).toBe(b.member.id);
    // B reads its welcome message; A's stays unread, with A's two others.
    await h.call('POST', '/api/v1/messages/read', { token: b.token, body: { all: true } });
    expect((accA.data as { newMessage: boolean }).newMessage).toBe(true);
    expect(((await account(b.token)).data as { newMessage: boolean }).newMessage).toBe(false);
    expect((await h.call('GET', '/api/v1/messages/new', { token: a.token })).data).toEqual({ hasNew: true, unread: 3 });
    expect((await h.call('GET', '/api/v1/messages/new', { token: b.token })).data).toEqual({
      hasNew: false,
      unread: 0,
    });
    expect((await h.call('GET', '/api/v1/messages/new')).status).toBe(401);
    // b's refresh token cannot be ended by a
    await h.call('POST', '/api/v1/auth/logout', { token: a.token, body: { refreshToken: b.refreshToken } });
    expect((await refresh(b)).code).toBe(200);
  });
});
