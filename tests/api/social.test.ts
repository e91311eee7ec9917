/**
 * Social login against a small OAuth2 test provider (tests/api/support): providers
 * offered only when configured; authorize URL with a single-use state; callback refusals
 * (unknown, replayed, other provider's, expired state); bound → login; unbound → bind ticket →
 * SMS bind or register → login; binding management; members only ever see their own bindings.
 * Plus the Alipay RSA2 request signing and the social settings of server/config.ts.
 */
import { readFileSync, existsSync } from 'node:fs';
import { generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { ConfigError, loadConfig } from '../../server/config';
import { eq } from 'drizzle-orm';
import { members } from '../../server/db/schema';
import { createMember, issueLogin } from '../../server/modules/auth/accounts';
import { STATE_TTL_MS } from '../../server/modules/social/service';
import {
  alipayProvider,
  alipaySign,
  alipaySignContent,
  alipayPrivateKey,
  alipayTimestamp,
  rawMember,
} from '../../server/providers/oauth/alipay';
import { outboxFile } from '../../server/providers/sms/outbox';
import { createTestEnv, envelopeOf } from './helpers';
import { startOAuthTestProvider, type OAuthTestProvider, type TestUser } from './support/oauth-test-provider';

const env = createTestEnv('social');
let provider: OAuthTestProvider;
let app: FastifyInstance;
let clock = Date.parse('2026-03-01T08:00:00.000Z');
const tick = (ms: number) => (clock += ms);
const ORIGIN = 'https://weidou.example';

type Platform = 'wechat' | 'qq' | 'weibo' | 'alipay';
const PLATFORM: Record<Platform, 1 | 2 | 3 | 4> = { wechat: 1, qq: 2, weibo: 3, alipay: 4 };
const CALLBACK: Record<Platform, string> = {
  wechat: '/open/wechat/callback',
  qq: '/open/qq/callback.php',
  weibo: '/open/sina/callback.php',
  alipay: '/open/alipay/callback',
};

type Env = { status: number; code: number; msg: string; data?: unknown };

async function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; payload?: unknown; ip?: string; on?: FastifyInstance } = {},
): Promise<Env> {
  const res = await (opts.on ?? app).inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
    remoteAddress: opts.ip ?? '192.0.2.10',
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

let seq = 0;
const nextMobile = () => `1370000${String(++seq).padStart(4, '0')}`;
let ipSeq = 0;
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function member(mobile = nextMobile()): Promise<{ id: number; token: string; mobile: string }> {
  const { id } = await createMember(app.ctx, { mobile });
  const login = await issueLogin(app.ctx, id);
  return { id, token: login.token, mobile };
}

/** What the browser does: jsencrypt / PKCS#1 v1.5 with the served key, base64. */
function encrypt(text: string): string {
  const key = forge.pki.publicKeyFromPem(app.ctx.rsa.publicKey) as forge.pki.rsa.PublicKey;
  return forge.util.encode64(key.encrypt(text, 'RSAES-PKCS1-V1_5'));
}

/** Ask for an SMS code as the SPA would and read it from the outbox. */
async function smsCode(mobile: string, scene: 'bind' | 'register'): Promise<string> {
  const sent = await call('POST', '/api/v1/auth/sms/send', {
    payload: { mobile: encrypt(mobile), scene },
    ip: nextIp(),
  });
  expect(sent.code, sent.msg).toBe(200);
  const file = outboxFile(env.config.dataDir);
  expect(existsSync(file)).toBe(true);
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string; purpose: string });
  const line = lines.filter((l) => l.to === mobile && l.purpose === scene).at(-1);
  expect(line).toBeDefined();
  return line!.code;
}

async function authorize(platform: Platform, purpose: 'login' | 'bind' = 'login', token?: string) {
  const r = await call('GET', `/api/v1/auth/sns/authorize?platform=${PLATFORM[platform]}&purpose=${purpose}`, {
    token,
  });
  expect(r.code, r.msg).toBe(200);
  return r.data as { url: string; state: string; expiredAt: number };
}

async function callback(platform: Platform, code: string, state: string, on?: FastifyInstance) {
  const q = new URLSearchParams({ code, state });
  return call('GET', `/api/v1/auth/${platform}/callback?${q.toString()}`, { on });
}

/** The whole login round trip as `user` at the provider: authorize → consent → our callback. */
async function socialLogin(platform: Platform, user: TestUser) {
  provider.signIn(user);
  const { url } = await authorize(platform);
  const back = await provider.authorize(url);
  expect(back.redirectUri).toBe(`${ORIGIN}${CALLBACK[platform]}`);
  return callback(platform, back.code, back.state);
}

type BindTicket = { status: 'bind'; bindTicket: string; platform: number; nickname: string | null };
type Login = { status?: 'login'; token: string; member: { id: number }; isNew: boolean };

beforeAll(async () => {
  provider = await startOAuthTestProvider();
  app = await env.build({ publicOrigin: ORIGIN, oauth: provider.config }, { now: () => clock });
});
afterAll(async () => {
  await env.cleanup();
  await provider?.close();
});

describe('providers', () => {
  it('are offered only when configured', async () => {
    const all = await call('GET', '/api/v1/auth/sns/providers');
    expect(all.data).toEqual([
      { platform: 1, name: '微信' },
      { platform: 2, name: 'QQ' },
      { platform: 3, name: '微博' },
      { platform: 4, name: '支付宝' },
    ]);

    const none = await env.build({ oauth: {} });
    expect((await call('GET', '/api/v1/auth/sns/providers', { on: none })).data).toEqual([]);
    const refused = await call('GET', '/api/v1/auth/sns/authorize?platform=1&purpose=login', { on: none });
    expect(refused.code).toBe(1114);

    const qqOnly = await env.build({ oauth: { qq: provider.config.qq } });
    expect((await call('GET', '/api/v1/auth/sns/providers', { on: qqOnly })).data).toEqual([
      { platform: 2, name: 'QQ' },
    ]);
    expect((await call('GET', '/api/v1/auth/sns/authorize?platform=3&purpose=login', { on: qqOnly })).code).toBe(1114);
    expect((await call('GET', '/api/v1/auth/wechat/callback?code=x&state=y', { on: qqOnly })).code).toBe(1114);
  });

  it('the social settings are read from the environment, all of a provider or none', () => {
    const base = { DATA_DIR: '/tmp/weidou-x' };
    expect(loadConfig(base).oauth).toEqual({});
    expect(loadConfig(base).publicOrigin).toBe('http://localhost:8080');
    const full = loadConfig({
      ...base,
      PUBLIC_ORIGIN: 'https://www.example.cn/',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's1',
      QQ_APP_ID: '1001',
      QQ_APP_KEY: 'k',
      QQ_OAUTH_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(full.publicOrigin).toBe('https://www.example.cn');
    expect(full.oauth).toEqual({
      wechat: { appId: 'wx1', appSecret: 's1', baseUrl: undefined },
      qq: { appId: '1001', appKey: 'k', baseUrl: 'http://127.0.0.1:9' },
    });
    expect(() => loadConfig({ ...base, WEIBO_APP_KEY: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ALIPAY_APP_ID: '1', ALIPAY_PRIVATE_KEY: 'x' })).toThrow(/ALIPAY_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, PUBLIC_ORIGIN: 'ftp://x' })).toThrow(ConfigError);
  });
});

describe('authorize', () => {
  it('returns the provider URL carrying a fresh state and our callback route', async () => {
    for (const platform of ['wechat', 'qq', 'weibo', 'alipay'] as const) {
      const a = await authorize(platform);
      const b = await authorize(platform);
      expect(a.state).not.toBe(b.state);
      expect(a.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(a.expiredAt).toBe(clock + STATE_TTL_MS);
      const url = new URL(a.url);
      expect(url.origin).toBe(provider.baseUrl);
      expect(url.searchParams.get('state')).toBe(a.state);
      expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}${CALLBACK[platform]}`);
    }
    const wx = new URL((await authorize('wechat')).url);
    expect(wx.pathname).toBe('/connect/qrconnect');
    expect(wx.searchParams.get('scope')).toBe('snsapi_login');
    expect(wx.hash).toBe('#wechat_redirect');
    const mobileWeibo = await call('GET', '/api/v1/auth/sns/authorize?platform=3&purpose=login&mobile=1');
    expect(new URL((mobileWeibo.data as { url: string }).url).searchParams.get('display')).toBe('mobile');
  });

  it('remembers a site path to come back to (never another site)', async () => {
    provider.signIn({ id: 'redirect-user' });
    for (const [asked, expected] of [
      ['/home/user?tab=sns', '/home/user?tab=sns'],
      ['//evil.example/x', null],
      ['https://evil.example/', null],
      ['/\\evil.example', null],
    ] as const) {
      const r = await call(
        'GET',
        `/api/v1/auth/sns/authorize?platform=2&purpose=login&redirect=${encodeURIComponent(asked)}`,
      );
      const back = await provider.authorize((r.data as { url: string }).url);
      const result = await callback('qq', back.code, back.state);
      expect(result.code).toBe(200);
      expect((result.data as { redirect: string | null }).redirect, asked).toBe(expected);
    }
  });

  it('purpose bind needs a logged-in member', async () => {
    const r = await call('GET', '/api/v1/auth/sns/authorize?platform=1&purpose=bind');
    expect(r.status).toBe(401);
  });
});

describe('callback state checks', () => {
  it('an unknown state is refused (and nothing is exchanged)', async () => {
    provider.signIn({ id: 'mallory' });
    const before = provider.requests.length;
    const r = await callback('wechat', 'some-code', 'never-issued-state');
    expect(r.code).toBe(1112);
    expect(provider.requests.length).toBe(before);
  });

  it('a replayed state is refused', async () => {
    provider.signIn({ id: 'replay' });
    const { url } = await authorize('qq');
    const back = await provider.authorize(url);
    expect((await callback('qq', back.code, back.state)).code).toBe(200);
    const again = await callback('qq', back.code, back.state);
    expect(again.code).toBe(1112);
    expect(again.msg).toBe('授权已失效，请重新发起登录');
  });

  it("provider mix-up: provider A's state at provider B's callback is refused and burnt", async () => {
    provider.signIn({ id: 'mixup' });
    const { url } = await authorize('wechat');
    const back = await provider.authorize(url);
    expect((await callback('weibo', back.code, back.state)).code).toBe(1112);
    // The state is spent even at its own callback now.
    expect((await callback('wechat', back.code, back.state)).code).toBe(1112);
  });

  it('a bind-purpose state is not accepted by the login callback', async () => {
    const m = await member();
    const { url } = await authorize('wechat', 'bind', m.token);
    const back = await provider.authorize(url);
    expect((await callback('wechat', back.code, back.state)).code).toBe(1112);
  });

  it('a state older than 10 minutes is refused', async () => {
    provider.signIn({ id: 'slow' });
    const { url } = await authorize('weibo');
    const back = await provider.authorize(url);
    tick(STATE_TTL_MS);
    expect((await callback('weibo', back.code, back.state)).code).toBe(1112);
  });

  it('a code the provider refuses ends in a clear refusal', async () => {
    const { state } = await authorize('qq');
    const r = await callback('qq', 'forged-code', state);
    expect(r.code).toBe(1112);
    expect(r.msg).toBe('QQ授权失败，请重新发起');
  });
});

describe('social login', () => {
  it('unbound → bind ticket → bind an existing account by SMS → login; next time it logs straight in', async () => {
    const m = await member();
    const user: TestUser = { id: 'alice', nickname: '爱丽丝', avatar: 'https://cdn.example/a.png' };
    const first = await socialLogin('wechat', user);
    expect(first.code, first.msg).toBe(200);
    const ticket = first.data as BindTicket;
    expect(ticket).toMatchObject({
      status: 'bind',
      platform: 1,
      nickname: '爱丽丝',
      avatar: 'https://cdn.example/a.png',
    });
    expect(ticket.bindTicket).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // A wrong code keeps the ticket usable.
    const wrong = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(m.mobile), code: encrypt('000000') },
    });
    expect(wrong.code).toBe(1101);
    // Garbage ciphertext reads like a wrong code.
    const garbage = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: 'bm90IHJzYQ==', code: encrypt('000000') },
    });
    expect(garbage.code).toBe(1101);

    const code = await smsCode(m.mobile, 'bind');
    const bound = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(m.mobile), code: encrypt(code) },
    });
    expect(bound.code, bound.msg).toBe(200);
    expect((bound.data as Login).member.id).toBe(m.id);
    expect((bound.data as Login).isNew).toBe(false);

    // The ticket was single use.
    const reuse = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(m.mobile), code: encrypt(code) },
    });
    expect(reuse.code).toBe(1112);

    const again = await socialLogin('wechat', user);
    expect(again.code).toBe(200);
    expect(again.data).toMatchObject({ status: 'login', member: { id: m.id } });
    const token = (again.data as Login).token;
    const list = await call('GET', '/api/v1/users/sns', { token });
    expect(list.code).toBe(200);
    expect((list.data as { platform: number; bound: boolean; nickname: string | null }[])[0]).toMatchObject({
      platform: 1,
      bound: true,
      nickname: '爱丽丝',
    });
  });

  it('a frozen member binding by SMS is told so, and nothing is bound', async () => {
    const m = await member();
    await app.ctx.db.update(members).set({ frozenAt: new Date(clock), frozenReason: '异常刷分' }).where(eq(members.id, m.id));
    const user: TestUser = { id: 'frozen-carol', nickname: '卡罗尔' };
    const ticket = (await socialLogin('qq', user)).data as BindTicket;
    const code = await smsCode(m.mobile, 'bind');
    const bound = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(m.mobile), code: encrypt(code) },
    });
    expect([bound.code, bound.msg]).toEqual([1140, expect.stringContaining('你的账号已被冻结（原因：异常刷分）')]);
    // Still unbound: the same QQ account is offered binding again, not logged in to the frozen member.
    expect((await socialLogin('qq', user)).data).toMatchObject({ status: 'bind' });
  });

  it('unbound → snsRegister with SMS → a new member, logged in, bound', async () => {
    const mobile = nextMobile();
    const res = await socialLogin('weibo', { id: 'bob', nickname: '鲍勃', avatar: 'https://cdn.example/b.png' });
    const ticket = res.data as BindTicket;
    expect(ticket.status).toBe('bind');
    const code = await smsCode(mobile, 'register');
    // A wrong invite code is refused without spending the SMS code or the ticket.
    const badInvite = await call('POST', '/api/v1/auth/sns/register', {
      payload: {
        bindTicket: ticket.bindTicket,
        mobile: encrypt(mobile),
        code: encrypt(code),
        agreement: true,
        inviteCode: 'NOSUCH99',
      },
    });
    expect(badInvite.code).toBe(1110);
    const reg = await call('POST', '/api/v1/auth/sns/register', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(mobile), code: encrypt(code), agreement: true },
    });
    expect(reg.code, reg.msg).toBe(200);
    const login = reg.data as Login & { member: { nickname: string; avatar: string | null } };
    expect(login.isNew).toBe(true);
    expect(login.member.nickname).toBe('鲍勃');
    expect(login.member.avatar).toBe('https://cdn.example/b.png');

    const next = await socialLogin('weibo', { id: 'bob', nickname: '鲍勃' });
    expect(next.data).toMatchObject({ status: 'login', member: { id: login.member.id } });
  });

  it('snsRegister refuses a mobile that is already a member', async () => {
    const ticket = (await socialLogin('qq', { id: 'carol' })).data as BindTicket;
    // The code was sent while the mobile was free; the mobile registers before the code is used.
    const mobile = nextMobile();
    const code = await smsCode(mobile, 'register');
    await member(mobile);
    const r = await call('POST', '/api/v1/auth/sns/register', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(mobile), code: encrypt(code), agreement: true },
    });
    expect(r.code).toBe(1108);
    // The bind ticket is still good for binding that account instead.
    tick(61_000); // SMS resend interval
    const bindCode = await smsCode(mobile, 'bind');
    const bound = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(mobile), code: encrypt(bindCode) },
    });
    expect(bound.code, bound.msg).toBe(200);
  });

  it('snsBind refuses a mobile that has no account', async () => {
    const mobile = nextMobile();
    const ticket = (await socialLogin('qq', { id: 'dave' })).data as BindTicket;
    const code = await smsCode(mobile, 'bind');
    const r = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: ticket.bindTicket, mobile: encrypt(mobile), code: encrypt(code) },
    });
    expect(r.code).toBe(1109);
  });

  it('a member keeps one account per platform: binding a second one by SMS is refused', async () => {
    const m = await member();
    const t1 = (await socialLogin('alipay', { id: 'erin-1', nickname: 'Erin' })).data as BindTicket;
    expect(t1).toMatchObject({ status: 'bind', platform: 4, nickname: 'Erin' });
    const c1 = await smsCode(m.mobile, 'bind');
    const ok = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: t1.bindTicket, mobile: encrypt(m.mobile), code: encrypt(c1) },
    });
    expect(ok.code, ok.msg).toBe(200);

    tick(61_000); // SMS resend interval
    const t2 = (await socialLogin('alipay', { id: 'erin-2' })).data as BindTicket;
    const c2 = await smsCode(m.mobile, 'bind');
    const second = await call('POST', '/api/v1/auth/sns/bind', {
      payload: { bindTicket: t2.bindTicket, mobile: encrypt(m.mobile), code: encrypt(c2) },
    });
    expect(second.code).toBe(1113);

    // Alipay's login for the first account works (signed gateway round trip).
    const back = await socialLogin('alipay', { id: 'erin-1' });
    expect(back.data).toMatchObject({ status: 'login', member: { id: m.id } });
  });
});

describe('binding management', () => {
  it('a member binds with a bind-purpose state, lists, unbinds; another member sees none of it', async () => {
    const a = await member();
    const b = await member();

    const initial = await call('GET', '/api/v1/users/sns', { token: a.token });
    expect(initial.data).toEqual(
      [1, 2, 3, 4].map((platform) => ({
        platform,
        bound: false,
        available: true,
        nickname: null,
        avatar: null,
        boundAt: null,
      })),
    );

    provider.signIn({ id: 'frank', nickname: '弗兰克' });
    const { url } = await authorize('qq', 'bind', a.token);
    const back = await provider.authorize(url);
    // Another member cannot use a's state.
    const stolen = await call('POST', '/api/v1/users/qq/bind', { token: b.token, payload: back });
    expect(stolen.code).toBe(1112);

    const { url: url2 } = await authorize('qq', 'bind', a.token);
    const back2 = await provider.authorize(url2);
    // Provider mix-up on the bind side too.
    expect((await call('POST', '/api/v1/users/wechat/bind', { token: a.token, payload: back2 })).code).toBe(1112);

    const { url: url3 } = await authorize('qq', 'bind', a.token);
    const back3 = await provider.authorize(url3);
    const bound = await call('POST', '/api/v1/users/qq/bind', {
      token: a.token,
      payload: { code: back3.code, state: back3.state },
    });
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data).toMatchObject({ platform: 2, bound: true, nickname: '弗兰克', boundAt: clock });
    // Replay of the same state.
    expect((await call('POST', '/api/v1/users/qq/bind', { token: a.token, payload: back3 })).code).toBe(1112);

    const aList = (await call('GET', '/api/v1/users/sns', { token: a.token })).data as { bound: boolean }[];
    expect(aList.map((x) => x.bound)).toEqual([false, true, false, false]);
    const bList = (await call('GET', '/api/v1/users/sns', { token: b.token })).data as { bound: boolean }[];
    expect(bList.map((x) => x.bound)).toEqual([false, false, false, false]);

    // Logging in with that QQ account now reaches a.
    const login = await socialLogin('qq', { id: 'frank' });
    expect(login.data).toMatchObject({ status: 'login', member: { id: a.id } });

    // b cannot take frank's QQ account.
    const { url: url4 } = await authorize('qq', 'bind', b.token);
    const back4 = await provider.authorize(url4);
    const taken = await call('POST', '/api/v1/users/qq/bind', { token: b.token, payload: back4 });
    expect(taken.code).toBe(1113);

    // b unbinding QQ touches nothing of a's.
    expect((await call('POST', '/api/v1/users/sns/unbind', { token: b.token, payload: { platform: 2 } })).code).toBe(
      200,
    );
    expect(((await call('GET', '/api/v1/users/sns', { token: a.token })).data as { bound: boolean }[])[1]!.bound).toBe(
      true,
    );

    // a unbinds; the QQ account is free again (login → bind ticket).
    const un = await call('POST', '/api/v1/users/sns/unbind', { token: a.token, payload: { platform: 2 } });
    expect(un).toMatchObject({ code: 200, data: { ok: true } });
    expect(((await call('GET', '/api/v1/users/sns', { token: a.token })).data as { bound: boolean }[])[1]!.bound).toBe(
      false,
    );
    expect((await socialLogin('qq', { id: 'frank' })).data).toMatchObject({ status: 'bind' });
  });

  it('binding management needs a logged-in member', async () => {
    expect((await call('GET', '/api/v1/users/sns')).status).toBe(401);
    expect((await call('POST', '/api/v1/users/sns/unbind', { payload: { platform: 1 } })).status).toBe(401);
    expect((await call('POST', '/api/v1/users/wechat/bind', { payload: { code: 'c', state: 's' } })).status).toBe(401);
  });

  it('lists platforms that are not configured as unavailable', async () => {
    const qqOnly = await env.build({ oauth: { qq: provider.config.qq } }, { now: () => clock });
    const m = await member();
    const list = (await call('GET', '/api/v1/users/sns', { token: m.token, on: qqOnly })).data as {
      available: boolean;
    }[];
    expect(list.map((x) => x.available)).toEqual([false, true, false, false]);
  });
});

describe('Alipay RSA2 signing', () => {
  it('signs the sorted key=value string without sign and empty values', () => {
    expect(
      alipaySignContent({
        timestamp: '2026-03-01 16:00:00',
        app_id: '2021000000000001',
        method: 'alipay.system.oauth.token',
        sign: 'must-not-appear',
        charset: 'utf-8',
        empty: '',
        missing: undefined,
        code: 'a b&c=中',
        version: '1.0',
        sign_type: 'RSA2',
        format: 'JSON',
        grant_type: 'authorization_code',
      }),
    ).toBe(
      'app_id=2021000000000001&charset=utf-8&code=a b&c=中&format=JSON&grant_type=authorization_code' +
        '&method=alipay.system.oauth.token&sign_type=RSA2&timestamp=2026-03-01 16:00:00&version=1.0',
    );
    expect(alipayTimestamp(new Date('2026-03-01T08:00:00.000Z'))).toBe('2026-03-01 16:00:00');
  });

  it('produces a SHA256withRSA signature the public key verifies; bare base64 keys are accepted', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/-----[A-Z ]+-----|\s/g, '');
    const content = alipaySignContent({ b: '2', a: '1' });
    const signature = alipaySign(content, alipayPrivateKey(bare));
    expect(verify('sha256', Buffer.from('a=1&b=2'), publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  });

  it('takes the signed response text verbatim', () => {
    const body = '{"alipay_system_oauth_token_response":{"a":"}{\\"x","b":{"c":1}},"sign":"s"}';
    expect(rawMember(body, 'alipay_system_oauth_token_response')).toBe('{"a":"}{\\"x","b":{"c":1}}');
    expect(rawMember(body, 'error_response')).toBeNull();
  });

  it('sends a signed alipay.system.oauth.token and refuses an answer with a bad signature', async () => {
    const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const seen: Record<string, string>[] = [];
    let signer = theirs.privateKey;
    const fetchStub = async (_url: string, init?: RequestInit) => {
      const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
      seen.push(form);
      const key = `${form.method!.replace(/\./g, '_')}_response`;
      const raw =
        form.method === 'alipay.system.oauth.token'
          ? '{"user_id":"2088000000000001","access_token":"tok","expires_in":"1296000"}'
          : '{"code":"10000","msg":"Success","nick_name":"支付宝用户"}';
      const sig = alipaySign(raw, signer);
      return new Response(`{"${key}":${raw},"sign":"${sig}"}`);
    };
    const p = alipayProvider({
      appId: '2021000000000001',
      privateKey: ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: theirs.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      fetch: fetchStub,
      now: () => new Date('2026-03-01T08:00:00.000Z'),
    });
    expect(await p.exchange('auth-code-1', 'https://x/open/alipay/callback')).toEqual({
      openId: '2088000000000001',
      nickname: '支付宝用户',
      avatar: undefined,
    });
    const tokenCall = seen[0]!;
    expect(tokenCall).toMatchObject({
      app_id: '2021000000000001',
      method: 'alipay.system.oauth.token',
      grant_type: 'authorization_code',
      code: 'auth-code-1',
      sign_type: 'RSA2',
      charset: 'utf-8',
      timestamp: '2026-03-01 16:00:00',
      version: '1.0',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(alipaySignContent(tokenCall)),
        ours.publicKey,
        Buffer.from(tokenCall.sign!, 'base64'),
      ),
    ).toBe(true);
    expect(seen[1]).toMatchObject({ method: 'alipay.user.info.share', auth_token: 'tok' });

    signer = forger.privateKey;
    await expect(p.exchange('auth-code-2', 'https://x/open/alipay/callback')).rejects.toThrow(/bad signature/);
  });
});
