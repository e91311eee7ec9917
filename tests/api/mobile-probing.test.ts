/**
 * Whether a mobile is registered cannot be asked without limit (server/modules/auth/lookups.ts):
 * the calls whose answer tells it (sms/send for login, reset, register; invite/code; invite/check
 * with a mobile; sms/new-mobile) count every answer, refusals included, against the IP's budget
 * (SMS_IP_HOURLY_LIMIT per hour) and the device's (DEVICE_HOURLY_LOOKUPS per hour). Within the
 * budget the answers stay helpful (该手机号已注册 …); past it, a registered and an unknown number get
 * the same answer. The other account calls check the SMS code or the password before the mobile,
 * so they answer a registered and an unknown number alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { DEVICE_HOURLY_LOOKUPS } from '../../server/modules/auth/lookups';
import { freshIp, freshMobile, harness, type Harness } from './accounts-helpers';
import { envelopeOf } from './helpers';

let h: Harness;
/** A member's mobile and a number nobody registered. */
let member: string;
let inviteCode: string;
let limit: number;

beforeAll(async () => {
  h = await harness('probing');
  member = freshMobile();
  const { token } = await h.register(member);
  inviteCode = ((await h.call('GET', '/api/v1/users/invite', { token })).data as { inviteCode: string }).inviteCode;
  limit = h.env.config.smsIpHourlyLimit;
});
afterAll(() => h.env.cleanup());

interface Who {
  ip: string;
  deviceId?: string;
  token?: string;
}
type Answer = { status: number; code: number; msg: string; data: unknown };

/** One call from `who` (its address, `X-Device-Id`, bearer). */
async function post(url: string, body: object, who: Who): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who.deviceId) headers['x-device-id'] = who.deviceId;
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  const res = await h.app.inject({ method: 'POST', url, remoteAddress: who.ip, headers, payload: body });
  const { code, msg, data } = envelopeOf(res);
  return { status: res.statusCode, code, msg, data };
}

const send = (mobile: string, scene: string, who: Who) =>
  post('/api/v1/auth/sms/send', { mobile: h.enc(mobile), scene }, who);
const inviteSend = (mobile: string, who: Who) =>
  post('/api/v1/auth/invite/code', { inviteCode, mobile: h.enc(mobile) }, who);
const inviteCheck = (mobile: string, who: Who) =>
  post('/api/v1/auth/invite/check', { inviteCode, mobile: h.enc(mobile) }, who);

/** The probes whose helpful answer tells a member's number from an unknown one. */
const probes: { name: string; ask: (mobile: string, who: Who) => Promise<Answer>; member: number; unknown: number }[] =
  [
    { name: 'sms/send reset', ask: (m, w) => send(m, 'reset', w), member: 200, unknown: Code.MOBILE_NOT_REGISTERED },
    { name: 'sms/send register', ask: (m, w) => send(m, 'register', w), member: Code.MOBILE_REGISTERED, unknown: 200 },
    { name: 'invite/code', ask: inviteSend, member: Code.MOBILE_REGISTERED, unknown: 200 },
  ];

const helpfulMsg: Record<number, string> = {
  [Code.MOBILE_REGISTERED]: '该手机号已注册',
  [Code.MOBILE_NOT_REGISTERED]: '该手机号尚未注册',
};

/**
 * Spend `n` calls of a budget with probes that are refused (该手机号已注册 / 尚未注册), checking
 * each answer is the helpful one. `who()` gives the caller of each call.
 */
async function spendWithRefusals(n: number, who: () => Who): Promise<void> {
  const refused = [probes[0]!, probes[1]!, probes[2]!];
  for (let i = 0; i < n; i++) {
    const p = refused[i % refused.length]!;
    const mobile = p.member === 200 ? freshMobile() : member;
    const expected = p.member === 200 ? p.unknown : p.member;
    const r = await p.ask(mobile, who());
    expect({ probe: p.name, code: r.code, msg: r.msg }).toEqual({
      probe: p.name,
      code: expected,
      msg: helpfulMsg[expected],
    });
  }
}

/** Every probe past the budget: a member's number and an unknown one get one and the same answer. */
async function expectSameForAll(who: () => Who, expected: Pick<Answer, 'status' | 'code' | 'msg'>) {
  const before = h.outbox().length;
  for (const p of probes) {
    const a = await p.ask(member, who());
    const b = await p.ask(freshMobile(), who());
    expect({ probe: p.name, ...b }).toEqual({ probe: p.name, ...a });
    expect({ probe: p.name, ...a }).toEqual({ probe: p.name, ...expected, data: undefined });
  }
  const checkA = await inviteCheck(member, who());
  const checkB = await inviteCheck(freshMobile(), who());
  expect(checkB).toEqual(checkA);
  expect(checkA.data).toMatchObject({ valid: true, registered: null });
  expect(h.outbox().length).toBe(before);
}

const ipLimited = { status: 200, code: Code.SEND_IP_LIMIT, msg: '当前网络获取验证码过于频繁，请稍后再试' };
const deviceLimited = { status: 200, code: Code.SEND_IP_LIMIT, msg: '当前设备获取验证码过于频繁，请稍后再试' };

describe('mobile lookups from one IP', () => {
  it('within the budget the answers tell; refusals spend it; past it every number gets the same answer', async () => {
    const ip = freshIp();
    // Helpful, and different for a member's number and an unknown one, probe by probe.
    for (const p of probes) {
      const a = await p.ask(member, { ip });
      const b = await p.ask(freshMobile(), { ip });
      expect([p.name, a.code, b.code]).toEqual([p.name, p.member, p.unknown]);
      h.clock.advance(61_000);
    }
    const check = [await inviteCheck(member, { ip }), await inviteCheck(freshMobile(), { ip })];
    expect(check.map((r) => (r.data as { registered: boolean | null }).registered)).toEqual([true, false]);
    // 10 calls so far, 4 codes sent; the rest of the budget is spent by refusals only.
    const sentBefore = h.outbox().length;
    await spendWithRefusals(limit - 2 * probes.length - 2, () => ({ ip }));
    expect(h.outbox().length).toBe(sentBefore);

    await expectSameForAll(() => ({ ip }), ipLimited);
    // Another address is not affected.
    expect((await send(member, 'register', { ip: freshIp() })).code).toBe(Code.MOBILE_REGISTERED);
    // An hour later the budget is free again.
    h.clock.advance(3_600_000);
    expect((await send(member, 'register', { ip })).code).toBe(Code.MOBILE_REGISTERED);
  });

  it('a burst of 60 concurrent probes gets exactly the budget answered, the rest the same refusal', async () => {
    const ip = freshIp();
    const mobiles = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? member : freshMobile()));
    const started = performance.now();
    const answers = await Promise.all(mobiles.map((m) => send(m, 'register', { ip })));
    const ms = performance.now() - started;
    const helpful = answers.filter((r) => r.code !== Code.SEND_IP_LIMIT);
    expect(helpful.length).toBe(limit);
    expect(new Set(helpful.map((r) => r.code))).toEqual(new Set([200, Code.MOBILE_REGISTERED]));
    const limited = answers.filter((r) => r.code === Code.SEND_IP_LIMIT);
    expect(new Set(limited.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ ...ipLimited, data: undefined })]),
    );
    console.info(
      `60 concurrent probes from one IP: ${helpful.length} answered, ${limited.length} limited, ${ms.toFixed(0)} ms`,
    );
  });

  it('codes sent for members from an IP spend its budget too', async () => {
    const ip = freshIp();
    const { token } = await h.register(freshMobile());
    for (let i = 0; i < limit; i++) {
      const r = await post('/api/v1/email/send', { email: `probe-${i}@example.com` }, { ip, token });
      expect(r.code).toBe(200);
    }
    await expectSameForAll(() => ({ ip }), ipLimited);
  });
});

describe('mobile lookups from one device', () => {
  it('within the device budget the answers tell; past it the same answer from any address; a new pair is independent', async () => {
    const deviceId = `dev-probe-${freshMobile()}`;
    const fromDevice = () => ({ ip: freshIp(), deviceId });
    await spendWithRefusals(DEVICE_HOURLY_LOOKUPS, fromDevice);
    await expectSameForAll(fromDevice, deviceLimited);

    // The rules: the budgets are per IP and per device, each on its own.
    const other = `dev-probe-${freshMobile()}`;
    expect((await send(member, 'register', { ip: freshIp(), deviceId: other })).code).toBe(Code.MOBILE_REGISTERED);
    expect((await send(member, 'register', { ip: freshIp() })).code).toBe(Code.MOBILE_REGISTERED);
    // An IP past its budget stays so with a new device.
    const ip = freshIp();
    await spendWithRefusals(limit, () => ({ ip }));
    expect(await send(member, 'register', { ip, deviceId: `dev-probe-${freshMobile()}` })).toEqual({
      ...ipLimited,
      data: undefined,
    });
    h.clock.advance(3_600_000);
    expect((await send(member, 'register', fromDevice())).code).toBe(Code.MOBILE_REGISTERED);
  });
});

describe('a logged-in member changing the mobile', () => {
  it('sms/new-mobile tells within the budget only', async () => {
    const own = freshMobile();
    const { token } = await h.register(own);
    await h.call('POST', '/api/v1/sms/send', { token, body: { scene: 'change_mobile' } });
    const check = await h.call('POST', '/api/v1/sms/check', {
      token,
      body: { scene: 'change_mobile', code: h.enc(h.lastCode(own, 'change_mobile')) },
    });
    const { verifyTicket } = check.data as { verifyTicket: string };
    const deviceId = `dev-probe-${freshMobile()}`;
    const newMobile = (mobile: string) =>
      post('/api/v1/sms/new-mobile', { mobile: h.enc(mobile), verifyTicket }, { ip: freshIp(), deviceId, token });
    const answers = [];
    for (let i = 0; i < DEVICE_HOURLY_LOOKUPS; i++) answers.push((await newMobile(member)).code);
    expect(answers).toEqual(Array.from({ length: DEVICE_HOURLY_LOOKUPS }, () => Code.MOBILE_REGISTERED));
    const a = await newMobile(member);
    const b = await newMobile(freshMobile());
    expect(b).toEqual(a);
    expect(a).toEqual({ ...deviceLimited, data: undefined });
  });
});

describe('calls that check a code or a password first', () => {
  it('answer a member’s number and an unknown one alike', async () => {
    const wrong = h.enc('000000');
    const calls: [string, (mobile: string) => Promise<Answer>][] = [
      [
        'sms/register',
        (m) => post('/api/auth/sms/register', { mobile: h.enc(m), code: wrong, agreement: true }, { ip: freshIp() }),
      ],
      [
        'invite register',
        (m) =>
          post(
            '/api/v1/auth/invite',
            { inviteCode, mobile: h.enc(m), code: wrong, agreement: true },
            { ip: freshIp() },
          ),
      ],
      ['sms/login', (m) => post('/api/auth/sms/login', { mobile: h.enc(m), code: wrong }, { ip: freshIp() })],
      [
        'password/reset',
        (m) =>
          post(
            '/api/v1/auth/password/reset',
            { mobile: h.enc(m), code: wrong, password: 'new-password-1' },
            { ip: freshIp() },
          ),
      ],
      [
        'password login',
        (m) => post('/api/auth/password/login', { mobile: h.enc(m), password: 'not-it-123' }, { ip: freshIp() }),
      ],
    ];
    for (const [name, call] of calls) {
      const a = await call(member);
      const b = await call(freshMobile());
      expect({ name, ...b }).toEqual({ name, ...a });
      expect([name, a.code]).toEqual([name, name === 'password login' ? Code.WRONG_CREDENTIALS : Code.CODE_INVALID]);
    }
  });
});
