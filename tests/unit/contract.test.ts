/**
 * The contract (DESIGN §3): every call of spec §7 is one operation of the table, the table is
 * consistent, the generated document is fresh, and the code and enum catalogues are sound.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations, operationGroups, resultCodes, behaviourOf, TAGS } from '../../openapi/index';
import * as enums from '../../openapi/enums';
import { buildDocument } from '../../openapi/generate';
import { enumSchema } from '../../openapi/schemas/enum';
import { isEmail } from '../../openapi/rules/email';
import { Email } from '../../openapi/schemas/common';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Spec §7 "Calls", copied call by call (method + path, `{id}` for ids). */
const SPEC_CALLS = [
  // Auth and sms
  'POST /auth/sms/login',
  'POST /auth/password/login',
  'POST /auth/sms/register',
  'POST /v1/auth/sms/send',
  'POST /v1/sms/new-mobile',
  'POST /v1/sms/send',
  'POST /v1/sms/check',
  'POST /v1/email/send',
  'POST /v1/auth/token/refresh',
  'GET /v1/auth/qrcode/login',
  'GET /v1/auth/qrcode/check',
  'POST /v1/auth/password/reset',
  'POST /v1/auth/invite',
  'POST /v1/auth/invite/check',
  'POST /v1/auth/invite/code',
  'GET /v1/auth/alipay/callback',
  'GET /v1/auth/wechat/callback',
  'GET /v1/auth/qq/callback',
  'GET /v1/auth/weibo/callback',
  'POST /v1/auth/sns/bind',
  'POST /v1/auth/sns/register',
  // User
  'GET /v1/users/account',
  'GET /v1/users/sns',
  'GET /v1/users/checkin',
  'POST /v1/users/checkin',
  'GET /v1/users/credit',
  'GET /v1/users/invite',
  'POST /v1/users/sns/unbind',
  'POST /v1/users/nickname',
  'POST /v1/users/mobile',
  'POST /v1/users/password',
  'POST /v1/users/email',
  'POST /v1/users/avatar',
  'GET /v1/users/property',
  'POST /v1/users/property',
  'GET /v1/users/exchange-info',
  'GET /v1/users/id-verify',
  'POST /v2/users/id-verfiy',
  'GET /v1/users/consignee',
  'POST /v1/users/consignee',
  'GET /v1/users/survey/check',
  'GET /v1/users/survey/basic',
  'POST /v1/users/survey/basic',
  'POST /v1/users/wechat/bind',
  'POST /v1/users/qq/bind',
  'POST /v1/users/weibo/bind',
  'POST /v1/users/alipay/bind',
  'GET /v1/users/inviters',
  'GET /v1/credits/invite',
  'GET /v1/credits',
  'GET /v1/polls/{id}',
  'POST /v1/polls',
  'GET /focusMembers/info',
  'GET /focusSections/decode/task',
  // Content and rewards
  'GET /v1/categories',
  'GET /v1/questions',
  'GET /v1/jd/cities',
  'GET /v1/messages/new',
  'GET /v1/messages/screen',
  'GET /v1/messages',
  'POST /v1/messages/read',
  'POST /v1/messages/flash/read',
  'GET /v1/events',
  'GET /v1/banners',
  'GET /v1/banners/login',
  'GET /v1/notices/unread',
  'POST /v1/notices/read',
  'GET /v1/notices/{id}',
  'GET /v1/tasks/recommend',
  'GET /v1/points',
  'GET /v3/benefits',
  'POST /v1/benefits/use',
  'POST /v1/benefits/use/value',
  'GET /v1/benefits/{id}',
  'POST /v1/benefits/{id}',
  'POST /v1/benefits/allow/{id}',
  'POST /v1/benefits/check/{id}',
  'GET /v1/browse/redirect',
  'GET /v1/home/check',
  'GET /v1/app/down',
  // Upload (the POST to the upload target goes to OSS, not to this API)
  'GET /v1/oss/policy',
] as const;

/** Calls the spec leaves unnamed but DESIGN §1 names (RSA key, QR confirm, OAuth start). */
const DESIGN_CALLS = [
  'GET /v1/auth/rsa-key',
  'POST /v1/auth/qrcode/confirm',
  'GET /v1/auth/sns/providers',
  'GET /v1/auth/sns/authorize',
] as const;

const key = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

describe('operation table', () => {
  it('has exactly one operation for every call of spec §7', () => {
    expect(new Set(SPEC_CALLS).size).toBe(SPEC_CALLS.length);
    for (const call of SPEC_CALLS) {
      const matches = operations.filter((o) => key(o) === call);
      expect(
        matches.map((o) => o.id),
        call,
      ).toHaveLength(1);
    }
  });

  it('has the design calls beyond the spec', () => {
    for (const call of DESIGN_CALLS)
      expect(
        operations.some((o) => key(o) === call),
        call,
      ).toBe(true);
  });

  it('has unique operation ids and unique method + path pairs', () => {
    const ids = operations.map((o) => o.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const keys = operations.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('exports each operation under its own id', () => {
    for (const group of Object.values(operationGroups)) {
      for (const [name, o] of Object.entries(group)) expect(o.id).toBe(name);
    }
  });

  it('declares path params exactly as the path names them', () => {
    for (const o of operations) {
      const inPath = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(o.params?.shape ?? {}).sort();
      expect(declared, o.id).toEqual(inPath);
    }
  });

  it('gives every operation a valid shape', () => {
    for (const o of operations) {
      expect(['get', 'post'], o.id).toContain(o.method);
      expect(['none', 'member', 'optional', 'staff'], o.id).toContain(o.auth);
      expect(o.path, o.id).toMatch(/^\/[\w\-/{}]+$/);
      expect(o.summary.length, o.id).toBeGreaterThan(0);
      expect(TAGS, o.id).toContain(o.tag);
      if (o.method === 'get') expect(o.body, `${o.id}: GET has no body`).toBeUndefined();
    }
  });

  it('accepts numeric path params as strings (they arrive as text)', () => {
    for (const o of operations) {
      if (!o.params || !('id' in o.params.shape)) continue;
      expect(o.params.safeParse({ id: '1234' }).success, o.id).toBe(true);
    }
  });
});

describe('generated document', () => {
  const onDisk = JSON.parse(readFileSync(path.join(root, 'openapi/openapi.json'), 'utf8'));
  const fresh = JSON.parse(JSON.stringify(buildDocument()));

  it('lists every operation of the table', () => {
    const listed = new Set<string>();
    for (const [p, item] of Object.entries(onDisk.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const [method, o] of Object.entries(item)) listed.add(`${method.toUpperCase()} ${p} ${o.operationId}`);
    }
    for (const o of operations) expect(listed.has(`${key(o)} ${o.id}`), o.id).toBe(true);
    expect(listed.size).toBe(operations.length);
  });

  it('is up to date with the schemas (run `npm run gen:api`)', () => {
    expect(onDisk).toEqual(fresh);
  });

  it('is OpenAPI 3.1 with a description on every field and parameter', () => {
    expect(fresh.openapi).toMatch(/^3\.1\./);
    const components = fresh.components.schemas as Record<string, { description?: string }>;
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const [name, prop] of Object.entries((n.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        const ref = typeof prop.$ref === 'string' ? components[prop.$ref.split('/').pop()!] : undefined;
        if (!prop.description && !ref?.description) missing.push(`${at}.${name}`);
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(fresh, '#');
    expect(missing).toEqual([]);
    for (const item of Object.values(
      fresh.paths as Record<string, Record<string, { parameters?: { name: string; description?: string }[] }>>,
    )) {
      for (const o of Object.values(item)) {
        for (const p of o.parameters ?? []) expect(p.description, p.name).toBeTruthy();
      }
    }
  });
});

describe('result codes', () => {
  it('are unique by code and by name', () => {
    const codes = resultCodes.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const names = resultCodes.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('give the spec codes their spec §8 behaviour', () => {
    expect(behaviourOf(200)).toBe('success');
    expect(behaviourOf(5629)).toBe('normal');
    expect(behaviourOf(5013)).toBe('normal');
    expect(behaviourOf(1060)).toBe('silent');
    expect(behaviourOf(1049)).toBe('silent');
    expect(behaviourOf(1105)).toBe('quiet');
    expect(behaviourOf(10014)).toBe('quiet');
    expect(behaviourOf(401)).toBe('logout');
    expect(behaviourOf(987654)).toBe('toast');
  });

  it('each carry a message and an HTTP status', () => {
    for (const c of resultCodes) {
      expect(c.msg.length, String(c.code)).toBeGreaterThan(0);
      expect(c.http, String(c.code)).toBeGreaterThanOrEqual(200);
    }
  });
});

describe('enums', () => {
  const defs = Object.entries(enums as Record<string, unknown>).filter(
    (entry): entry is [string, enums.EnumDef] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'values' in entry[1] && 'labels' in entry[1],
  );

  it('are found', () => {
    expect(defs.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'SnsPlatform',
        'ExchangeType',
        'TaskModule',
        'AuditState',
        'JoinResult',
        'TaskType',
        'ExchangeState',
        'FeedbackState',
        'LowQualityReason',
        'DeviceType',
      ]),
    );
  });

  it.each(defs)('%s has a label for every value and a value for every label', (_name, def) => {
    const values = Object.values(def.values).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(values.length);
    expect(
      Object.keys(def.labels)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(values);
    for (const v of values) {
      expect(def.labels[v]?.trim().length).toBeGreaterThan(0);
      expect(enumSchema(def).safeParse(v).success).toBe(true);
    }
    expect(enumSchema(def).safeParse(Math.max(...values) + 1).success).toBe(false);
  });

  it('keep the spec values', () => {
    expect(enums.SnsPlatform.values).toEqual({ WECHAT: 1, QQ: 2, WEIBO: 3, ALIPAY: 4 });
    expect(enums.ExchangeState.list).toEqual([0, 1, 2, 3, 4, 5]);
    expect(enums.JoinResult.list).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(enums.TaskType.list).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(enums.FeedbackState.list).toEqual([0, 1, 2, 3, 4, 5]);
    expect(enums.POINTS_RANGES.map((r) => r.label)).toEqual(['0-34', '35-84', '85-299', '300-499', '500 及以上']);
  });
});

describe('e-mail rule', () => {
  it('the form check (isEmail) accepts exactly what the contract’s Email takes', () => {
    const samples = [
      'a@b.cn',
      ' member@example.com ',
      'no-at.example.com',
      'a@b',
      'x@-y.com',
      `${'a'.repeat(250)}@b.cn`,
      'a.b+c@mail.example.org',
      '中文@例子.cn',
      '',
    ];
    for (const v of samples) expect(isEmail(v), v).toBe(Email.safeParse(v.trim()).success);
  });
});
