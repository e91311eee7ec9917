/** Shared by the accounts-*.test.ts files: a moving clock, RSA encryption, the outbox, calls. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { createTestEnv, envelopeOf, testClock, type TestEnv } from './helpers';

/** 2030-01-01 10:00 Beijing. */
export const T0 = Date.UTC(2030, 0, 1, 2, 0, 0);

export interface Harness {
  env: TestEnv;
  app: FastifyInstance;
  clock: { now: () => number; advance(ms: number): void; set(ms: number): void };
  enc(text: string): string;
  call(
    method: 'GET' | 'POST',
    url: string,
    opts?: { body?: unknown; token?: string; ip?: string },
  ): Promise<{ status: number; code: number; msg: string; data: unknown }>;
  /** The newest code sent to `to` (optionally for `purpose`), from DATA_DIR/outbox.jsonl. */
  lastCode(to: string, purpose?: string): string;
  outbox(): { channel: string; to: string; code: string; purpose: string; text: string; at: string }[];
  /** Register a member by SMS; returns the login result. */
  register(mobile: string, extra?: Record<string, unknown>): Promise<LoginData>;
  /** Log in by SMS. */
  smsLogin(mobile: string): Promise<LoginData>;
  rebuild(): Promise<void>;
}

export interface LoginData {
  token: string;
  refreshToken: string;
  expired: number;
  isNew: boolean;
  member: { id: number; memberCode: string; nickname: string; mobile: string | null; registeredAt: number };
}

let ipCounter = 1;
/** A fresh client address per call unless a test pins one (keeps the per-IP limit out of the way). */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

let mobileCounter = 0;
export const freshMobile = () =>
  `139${String(Date.now() % 10000).padStart(4, '0')}${String(mobileCounter++).padStart(4, '0')}`;

export async function harness(name: string): Promise<Harness> {
  const env = createTestEnv(name);
  const clock = testClock(T0);
  const h = { env, clock } as Harness;
  h.rebuild = async () => {
    await env.closeAll();
    h.app = await env.build({}, { now: clock.now });
  };
  h.app = await env.build({}, { now: clock.now });
  const keyRes = await h.app.inject({ method: 'GET', url: '/api/v1/auth/rsa-key' });
  const { publicKey } = envelopeOf(keyRes).data as { publicKey: string };
  const pub = forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey;
  h.enc = (text) => forge.util.encode64(pub.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'));
  h.call = async (method, url, opts = {}) => {
    const res = await h.app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? freshIp(),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    const body = envelopeOf(res);
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
  };
  h.outbox = () => {
    const file = path.join(env.config.dataDir, 'outbox.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ReturnType<Harness['outbox']>[number]);
  };
  h.lastCode = (to, purpose) => {
    const line = h
      .outbox()
      .filter((l) => l.to === to && (!purpose || l.purpose === purpose))
      .at(-1);
    if (!line) throw new Error(`no code for ${to}`);
    return line.code;
  };
  h.register = async (mobile, extra = {}) => {
    const sent = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'register' } });
    if (sent.code !== 200) throw new Error(`send failed: ${sent.code} ${sent.msg}`);
    const res = await h.call('POST', '/api/auth/sms/register', {
      body: { mobile: h.enc(mobile), code: h.enc(h.lastCode(mobile, 'register')), agreement: true, ...extra },
    });
    if (res.code !== 200) throw new Error(`register failed: ${res.code} ${res.msg}`);
    clock.advance(61_000);
    return res.data as LoginData;
  };
  h.smsLogin = async (mobile) => {
    const sent = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(mobile), scene: 'login' } });
    if (sent.code !== 200) throw new Error(`send failed: ${sent.code} ${sent.msg}`);
    const res = await h.call('POST', '/api/auth/sms/login', {
      body: { mobile: h.enc(mobile), code: h.enc(h.lastCode(mobile, 'login')) },
    });
    if (res.code !== 200) throw new Error(`login failed: ${res.code} ${res.msg}`);
    clock.advance(61_000);
    return res.data as LoginData;
  };
  return h;
}
