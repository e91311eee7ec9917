/**
 * The contract says what the server really answers:
 * - what the server's source shows each operation can answer — HTTP 429, HTTP 401 outside member
 *   operations, refusals that carry `data`, 400 — is what the operation declares (`limited`,
 *   `unauthorized`, `refusals`, input), no more and no less;
 * - each limiter answers 429 as the contract says, with Retry-After.
 * Every answer of every API test is also checked against openapi/openapi.json (tests/api/helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../openapi/index';
import { Code, describeCode, type CodeName } from '../../openapi/codes';
import { buildDocument } from '../../openapi/generate';
import { routes } from '../../server/modules';
import { smsCodes } from '../../server/db/schema';
import { freshIp, freshMobile, harness, T0, type Harness } from './accounts-helpers';
import { envelopeOf } from './helpers';
import { scanServerAnswers, type OperationAnswers } from './support/server-answers';

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('what an operation declares is what its handler can answer (server source)', () => {
  const found = scanServerAnswers('server');
  const reached = (o: Operation, code: CodeName, withData?: boolean) =>
    (found.get(o.id)?.sites ?? []).some((s) => s.code === code && (withData === undefined || s.data === withData));
  const handled = operations.filter((o) => routes.some((r) => r.operation.id === o.id));

  it('the scan sees the handler of every bound operation', () => {
    expect(sorted(found.keys())).toEqual(sorted(handled.map((o) => o.id)));
    // It follows calls across modules: the SMS limit lives in auth/codes.ts, three imports away.
    expect(found.get('sendEmailCode')!.sites.map((s) => s.code)).toContain('RATE_LIMITED');
  });

  it('429: the operations with `limited` are the ones that can answer RATE_LIMITED', () => {
    expect(sorted(operations.filter((o) => o.limited).map((o) => o.id))).toEqual(
      sorted(handled.filter((o) => reached(o, 'RATE_LIMITED')).map((o) => o.id)),
    );
  });

  it('401: an operation outside `auth: member` declares `unauthorized` exactly when it can answer it', () => {
    const can = (a: OperationAnswers | undefined) =>
      Boolean(a && (a.readsMember || a.sites.some((s) => s.code === 'UNAUTHORIZED')));
    const nonMember = handled.filter((o) => o.auth !== 'member');
    expect(sorted(nonMember.filter((o) => o.unauthorized).map((o) => o.id))).toEqual(
      sorted(nonMember.filter((o) => can(found.get(o.id))).map((o) => o.id)),
    );
    expect(operations.filter((o) => o.auth === 'member' && o.unauthorized).map((o) => o.id)).toEqual([]);
  });

  it('refusals with data: each operation declares the codes whose answers carry data, and only those', () => {
    // A fresh-code move declares the lock by being one (openapi/generate.ts adds it to the document).
    const declared = (o: Operation) =>
      Object.keys({ ...(o.freshTotp ? { STAFF_LOCKED: true } : {}), ...o.refusals }).sort();
    const carried = (o: Operation) =>
      sorted(
        new Set([
          ...(found.get(o.id)?.sites ?? [])
            .filter((s) => s.data && describeCode(codeNumber(s.code))?.http === 200)
            .map((s) => s.code),
          // handle() checks a fresh code before the handler: wrong codes lock (STAFF_LOCKED, retryAfter).
          ...(o.freshTotp ? ['STAFF_LOCKED'] : []),
        ]),
      );
    const mismatch = handled
      .filter((o) => JSON.stringify(declared(o)) !== JSON.stringify(carried(o)))
      .map((o) => ({ id: o.id, declared: declared(o), carried: carried(o) }));
    expect(mismatch).toEqual([]);
    // Only business answers (HTTP 200) are declared there; protocol errors have their own status.
    const notBusiness = operations.flatMap((o) =>
      declared(o)
        .filter((name) => describeCode(codeNumber(name))?.http !== 200)
        .map((name) => `${o.id}: ${name}`),
    );
    expect(notBusiness).toEqual([]);
  });

  it('400: every operation whose handler can refuse its input declares 400', () => {
    const doc = buildDocument();
    const missing = handled.filter(
      (o) => reached(o, 'INVALID_PARAMS') && !doc.paths?.[o.path]?.[o.method]?.responses?.['400'],
    );
    expect(missing.map((o) => o.id)).toEqual([]);
  });
});

describe('429 answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness('contract-429');
  });
  afterAll(async () => {
    await h.env.cleanup();
  });

  async function expect429(method: 'GET' | 'POST', url: string, payload?: object, ip = freshIp()) {
    const res = await h.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(429);
    expect(envelopeOf(res).code).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('the verification-code budget of the whole site (sendAuthSms and the other senders)', async () => {
    const now = new Date(h.clock.now());
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      channel: 'sms',
      target: `1390000${String(i).padStart(4, '0')}`,
      purpose: 'login',
      codeHash: 'x',
      expiresAt: now,
      createdAt: now,
    }));
    await h.app.ctx.db.insert(smsCodes).values(rows);
    await expect429('POST', '/api/v1/auth/sms/send', { mobile: h.enc(freshMobile()), scene: 'register' });
    h.clock.advance(3600_000);
  });

  it('third-party authorisations per address (getSnsAuthorize)', async () => {
    const app = await h.env.build({ oauth: { qq: { appId: 'app', appKey: 'key' } } }, { now: () => T0 });
    const ip = '198.51.100.77';
    const url = '/api/v1/auth/sns/authorize?platform=2&purpose=login';
    for (;;) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: ip });
      if (res.statusCode !== 200) break;
      expect(envelopeOf(res).code).toBe(200);
    }
    const res = await app.inject({ method: 'GET', url, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

function codeNumber(name: string): number {
  return Code[name as CodeName];
}
