/**
 * QR login: desktop asks for a ticket, a member's phone scans it (and sees which device
 * asks), confirms or refuses; the desktop's poll receives the tokens exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMember, issueLogin } from '../../server/modules/auth/accounts';
import { QR_COLLECT_MS, QR_PER_IP_PER_MINUTE, QR_TTL_MS } from '../../server/modules/qrcode/service';
import { describeDevice, maskIp } from '../../server/modules/qrcode/device';
import { createTestEnv, envelopeOf } from './helpers';

const env = createTestEnv('qrcode');
let app: FastifyInstance;
let clock = Date.parse('2026-03-01T08:00:00.000Z');
const tick = (ms: number) => (clock += ms);

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

let mobileSeq = 0;
async function member(): Promise<{ id: number; token: string }> {
  const mobile = `1390000${String(++mobileSeq).padStart(4, '0')}`;
  const { id } = await createMember(app.ctx, { mobile });
  const login = await issueLogin(app.ctx, id);
  return { id, token: login.token };
}

type Ticket = { ticket: string; url: string; expiredAt: number; pollInterval: number };
type Check = { status: string; login: { token: string; refreshToken: string; member: { id: number } } | null };

async function newTicket(ip = '203.0.113.7'): Promise<Ticket> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/qrcode/login',
    headers: { 'user-agent': DESKTOP_UA },
    remoteAddress: ip,
  });
  const body = envelopeOf(res);
  expect(body.code, body.msg).toBe(200);
  return body.data as Ticket;
}

async function check(ticket: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/auth/qrcode/check?ticket=${encodeURIComponent(ticket)}`,
    headers: { 'user-agent': DESKTOP_UA },
  });
  expect(res.statusCode).toBe(200);
  const body = envelopeOf(res);
  expect(body.code).toBe(200);
  return body.data as Check;
}

async function phone(path: 'scan' | 'confirm', token: string | null, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/auth/qrcode/${path}`,
    headers: { 'user-agent': PHONE_UA, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

beforeAll(async () => {
  app = await env.build({ publicOrigin: 'https://weidou.example', publicOriginFixed: true }, { now: () => clock });
});
afterAll(() => env.cleanup());

describe('QR login ticket', () => {
  it('is random (≥128 bits), short-lived and points at the phone confirm page', async () => {
    const a = await newTicket();
    const b = await newTicket();
    expect(a.ticket).not.toBe(b.ticket);
    expect(a.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes
    expect(a.url).toBe(`https://weidou.example/qrcode/confirm?ticket=${a.ticket}`);
    expect(a.expiredAt).toBe(clock + QR_TTL_MS);
    expect(a.pollInterval).toBeGreaterThan(0);
    expect(await check(a.ticket)).toEqual({ status: 'waiting', login: null });
  });

  it('an unknown ticket reads expired', async () => {
    expect(await check('no-such-ticket')).toEqual({ status: 'expired', login: null });
  });
});

describe('QR login flow', () => {
  it('waiting → scanned (phone sees the device) → confirmed → tokens delivered once', async () => {
    const m = await member();
    const t = await newTicket('203.0.113.7');

    const scan = await phone('scan', m.token, { ticket: t.ticket });
    expect(scan.code, scan.msg).toBe(200);
    expect(scan.data).toEqual({
      status: 'scanned',
      device: {
        browser: 'Chrome 120',
        os: 'Windows 10/11',
        description: 'Windows 10/11 上的 Chrome 120',
        ip: '203.0.*.*',
        requestedAt: clock,
      },
      expiredAt: t.expiredAt,
    });
    // Scanning again (page reload) is fine for the same member.
    expect((await phone('scan', m.token, { ticket: t.ticket })).code).toBe(200);
    expect(await check(t.ticket)).toEqual({ status: 'scanned', login: null });

    tick(5_000);
    const confirm = await phone('confirm', m.token, { ticket: t.ticket, approve: true });
    expect(confirm.code, confirm.msg).toBe(200);
    expect(confirm.data).toEqual({ status: 'confirmed' });

    const first = await check(t.ticket);
    expect(first.status).toBe('confirmed');
    expect(first.login?.member.id).toBe(m.id);
    expect(first.login?.token).toEqual(expect.any(String));
    expect(first.login?.refreshToken).toEqual(expect.any(String));

    // The desktop's new token works.
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/sns',
      headers: { authorization: `Bearer ${first.login!.token}` },
    });
    expect(envelopeOf(me).code).toBe(200);

    // Delivered once: the ticket is consumed.
    expect(await check(t.ticket)).toEqual({ status: 'expired', login: null });
    const again = await phone('confirm', m.token, { ticket: t.ticket, approve: true });
    expect(again.code).toBe(1111);
  });

  it('concurrent polls after confirmation: exactly one receives the tokens', async () => {
    const m = await member();
    const t = await newTicket();
    expect((await phone('scan', m.token, { ticket: t.ticket })).code).toBe(200);
    expect((await phone('confirm', m.token, { ticket: t.ticket, approve: true })).code).toBe(200);
    const polls = await Promise.all(Array.from({ length: 6 }, () => check(t.ticket)));
    expect(polls.filter((p) => p.status === 'confirmed' && p.login)).toHaveLength(1);
    expect(polls.filter((p) => p.status === 'expired' && !p.login)).toHaveLength(5);
  });

  it('refused: the desktop reads refused, never tokens, and the ticket cannot be confirmed afterwards', async () => {
    const m = await member();
    const t = await newTicket();
    expect((await phone('scan', m.token, { ticket: t.ticket })).code).toBe(200);
    const refuse = await phone('confirm', m.token, { ticket: t.ticket, approve: false });
    expect(refuse.code).toBe(200);
    expect(refuse.data).toEqual({ status: 'refused' });
    expect(await check(t.ticket)).toEqual({ status: 'refused', login: null });
    const late = await phone('confirm', m.token, { ticket: t.ticket, approve: true });
    expect(late.code).toBe(1111);
    expect(await check(t.ticket)).toEqual({ status: 'refused', login: null });
  });

  it('expiry: after 120 s the desktop reads expired and the phone can neither scan nor confirm', async () => {
    const m = await member();
    const waiting = await newTicket();
    const scanned = await newTicket();
    expect((await phone('scan', m.token, { ticket: scanned.ticket })).code).toBe(200);
    tick(QR_TTL_MS);
    expect(await check(waiting.ticket)).toEqual({ status: 'expired', login: null });
    expect(await check(scanned.ticket)).toEqual({ status: 'expired', login: null });
    const scan = await phone('scan', m.token, { ticket: waiting.ticket });
    expect(scan.code).toBe(1111);
    expect(scan.msg).toBe('二维码已过期，请刷新');
    expect((await phone('confirm', m.token, { ticket: scanned.ticket, approve: true })).code).toBe(1111);
    expect(await check(scanned.ticket)).toEqual({ status: 'expired', login: null });
  });

  it('a confirmed ticket the desktop does not collect in time expires', async () => {
    const m = await member();
    const t = await newTicket();
    expect((await phone('scan', m.token, { ticket: t.ticket })).code).toBe(200);
    expect((await phone('confirm', m.token, { ticket: t.ticket, approve: true })).code).toBe(200);
    tick(QR_COLLECT_MS);
    expect(await check(t.ticket)).toEqual({ status: 'expired', login: null });
  });

  it('only the member who scanned decides; confirming needs a scan first', async () => {
    const owner = await member();
    const other = await member();
    const t = await newTicket();
    const early = await phone('confirm', owner.token, { ticket: t.ticket, approve: true });
    expect(early.code).toBe(1111);
    expect(early.msg).toBe('请先扫描二维码');
    expect((await phone('scan', owner.token, { ticket: t.ticket })).code).toBe(200);
    const steal = await phone('scan', other.token, { ticket: t.ticket });
    expect(steal.code).toBe(1111);
    expect(steal.msg).toContain('其他账号');
    expect((await phone('confirm', other.token, { ticket: t.ticket, approve: true })).code).toBe(1111);
    expect(await check(t.ticket)).toEqual({ status: 'scanned', login: null });
    const ok = await phone('confirm', owner.token, { ticket: t.ticket, approve: true });
    expect(ok.code).toBe(200);
    const got = await check(t.ticket);
    expect(got.login?.member.id).toBe(owner.id);
  });

  it('scan and confirm need a logged-in member', async () => {
    const t = await newTicket();
    expect((await phone('scan', null, { ticket: t.ticket })).status).toBe(401);
    expect((await phone('confirm', null, { ticket: t.ticket, approve: true })).status).toBe(401);
    expect((await phone('confirm', 'forged.token.value', { ticket: t.ticket, approve: true })).status).toBe(401);
    expect(await check(t.ticket)).toEqual({ status: 'waiting', login: null });
  });

  it('limits how many tickets one address can ask for per minute', async () => {
    tick(61_000);
    const ip = '198.51.100.23';
    for (let i = 0; i < QR_PER_IP_PER_MINUTE; i++) await newTicket(ip);
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/qrcode/login', remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(envelopeOf(res).code).toBe(429);
    // Other addresses are not affected; a minute later this one may ask again.
    await newTicket('198.51.100.24');
    tick(61_000);
    await newTicket(ip);
  });
});

describe('device description', () => {
  it('names common browsers and systems in plain words', () => {
    expect(describeDevice(DESKTOP_UA).description).toBe('Windows 10/11 上的 Chrome 120');
    expect(describeDevice(PHONE_UA)).toMatchObject({ os: 'iOS 17', browser: 'Safari 17' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36 Edg/121.0.2277.83',
      ),
    ).toMatchObject({ os: 'macOS', browser: 'Edge 121' });
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:122.0) Gecko/20100101 Firefox/122.0')).toMatchObject({
      os: 'Linux',
      browser: 'Firefox 122',
    });
    expect(describeDevice(undefined).description).toBe('未知系统 上的 未知浏览器');
  });

  it('masks addresses', () => {
    expect(maskIp('203.0.113.7')).toBe('203.0.*.*');
    expect(maskIp('::ffff:10.1.2.3')).toBe('10.1.*.*');
    expect(maskIp('2001:db8:1:2::5')).toBe('2001:db8:*');
    expect(maskIp(undefined)).toBe('未知');
  });
});
