/**
 * Uploads (spec §7 Upload, §9): GET /v1/oss/policy (a V4 PostObject policy per module, rate
 * limited), the built-in receiver at /uploads (verifies the signed policy as OSS does and refuses
 * in OSS's XML; magic bytes, pixel floods, quota; stores and serves the file) and
 * POST /v1/users/avatar (only the caller's own uploaded picture).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { MAX_IMAGE_PIXELS, UPLOAD_LIMITS } from '../../openapi/rules/uploads';
import type { UploadConfig } from '../../server/config';
import { members, uploads } from '../../server/db/tables';
import { POLICY_LIMIT } from '../../server/modules/uploads/service';
import type { OssPolicyData } from '../../server/providers/oss';
import { UPLOAD_QUOTA } from '../../server/providers/oss/receiver';
import { signatureMatches } from '../../server/providers/oss/signer';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';
import { browserForm, jpegHeader, objectNameFor, ossError, png, postForm, type FormFile } from './uploads-helpers';

let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('uploads');
});
afterAll(() => h.env.cleanup());

const policyOf = async (member: number, module = 'avatar') => {
  const r = await h.call<OssPolicyData>('GET', `/api/v1/oss/policy?module=${module}`, { member });
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const field = (p: OssPolicyData, name: string) => p.fields.find((f) => f.name === name)?.value;
const decoded = (p: OssPolicyData) =>
  JSON.parse(Buffer.from(field(p, 'policy')!, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
const pngFile = (bytes = png(8, 8)): FormFile => ({ bytes, type: 'image/png', filename: 'me.png' });
const upload = (p: OssPolicyData, key: string, file: FormFile = pngFile()) =>
  postForm(h.app, browserForm(p, key, file), p.host);
const setAvatar = (member: number, key: string) =>
  h.call<{ avatar: string }>('POST', '/api/v1/users/avatar', { member, body: { key } });

describe('GET /v1/oss/policy', () => {
  it('signs a V4 policy for the caller’s own folder of the module, with its size and types, for 10 minutes', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    expect(p.host).toBe('/uploads');
    expect(p.dir).toBe(`avatar/${m}/`);
    expect(p.maxSize).toBe(2 * 1024 * 1024);
    expect(p.accept).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(p.publicBase).toBe('/uploads/');
    expect(p.expire).toBe(h.clock.now() + 10 * 60_000);
    expect(p.fields.map((f) => f.name)).toEqual([
      'policy',
      'x-oss-signature-version',
      'x-oss-credential',
      'x-oss-date',
      'x-oss-signature',
      'success_action_status',
    ]);
    expect(field(p, 'x-oss-signature-version')).toBe('OSS4-HMAC-SHA256');
    expect(field(p, 'x-oss-credential')).toBe('local/20300101/local/oss/aliyun_v4_request');
    expect(field(p, 'x-oss-date')).toBe('20300101T020000Z');
    expect(field(p, 'success_action_status')).toBe('200');
    const policy = decoded(p);
    expect(policy.expiration).toBe(new Date(p.expire).toISOString());
    expect(policy.conditions).toEqual([
      { 'x-oss-signature-version': 'OSS4-HMAC-SHA256' },
      { 'x-oss-credential': 'local/20300101/local/oss/aliyun_v4_request' },
      { 'x-oss-date': '20300101T020000Z' },
      { bucket: 'local' },
      ['starts-with', '$key', `avatar/${m}/`],
      ['content-length-range', 1, 2 * 1024 * 1024],
      ['in', '$content-type', ['image/png', 'image/jpeg', 'image/gif', 'image/webp']],
      ['eq', '$success_action_status', '200'],
    ]);
  });

  it('gives each module its own folder, size and types', async () => {
    const m = await newMember(h.ctx);
    for (const module of ['feedback', 'task', 'forum'] as const) {
      const p = await policyOf(m, module);
      expect(p.dir).toBe(`${module}/${m}/`);
      expect(p.maxSize).toBe(UPLOAD_LIMITS[module].maxSize);
      expect(p.accept).toEqual(UPLOAD_LIMITS[module].accept);
      expect(decoded(p).conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024]);
    }
    expect((await policyOf(m, 'task')).accept).not.toContain('image/gif');
  });

  it('refuses an unknown module and a visitor', async () => {
    const m = await newMember(h.ctx);
    const bad = await h.call('GET', '/api/v1/oss/policy?module=secret', { member: m });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    expect(bad.msg).toContain('query.module');
    const visitor = await h.call('GET', '/api/v1/oss/policy?module=avatar');
    expect([visitor.status, visitor.code]).toEqual([401, 401]);
  });

  it(`gives one member at most ${POLICY_LIMIT.perWindow} policies in 10 minutes (429 with Retry-After), then again`, async () => {
    const m = await newMember(h.ctx);
    const other = await newMember(h.ctx);
    for (let i = 0; i < POLICY_LIMIT.perWindow; i++) await policyOf(m);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/oss/policy?module=avatar',
      headers: { authorization: `Bearer m:${m}` },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(JSON.parse(res.body)).toMatchObject({ code: Code.RATE_LIMITED, msg: '上传太频繁，请稍后再试' });
    await policyOf(other); // another member is not held up
    h.clock.advance(POLICY_LIMIT.windowMs + 1);
    await policyOf(m);
  });
});

describe('POST /uploads (the built-in receiver)', () => {
  it('stores a real PNG under the member’s key and serves it back byte for byte, as an image that is never sniffed', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const key = p.dir + objectNameFor();
    const bytes = png(16, 12);
    const res = await upload(p, key, pngFile(bytes));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const [row] = await h.ctx.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ memberId: m, module: 'avatar', contentType: 'image/png', size: bytes.length });
    const got = await h.app.inject({ method: 'GET', url: p.publicBase + key });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = path.join(h.env.config.dataDir, 'uploads', 'avatar', String(m));
    expect(readdirSync(file)).toEqual([key.split('/')[2]]);
  });

  it('takes a JPEG header of a normal photo size', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m, 'feedback');
    const res = await upload(p, p.dir + objectNameFor('jpg'), { bytes: jpegHeader(4032, 3024), type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
  });

  const refused = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
    status: res.statusCode,
    ...ossError(res),
    xml: String(res.headers['content-type']).startsWith('application/xml'),
  });

  it('refuses a correctly signed policy used for another member’s folder (AccessDenied, the key condition)', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    const pb = await policyOf(b);
    const res = await upload(pb, `avatar/${a}/${objectNameFor()}`);
    expect(refused(res)).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["starts-with","$key","avatar/${b}/"]`,
      xml: true,
    });
    expect(await h.ctx.db.select().from(uploads).where(eq(uploads.memberId, a))).toEqual([]);
  });

  it('refuses an expired policy', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    h.clock.advance(10 * 60_000);
    expect(refused(await upload(p, p.dir + objectNameFor()))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('refuses a tampered policy or signature (SignatureDoesNotMatch)', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    const p = await policyOf(b);
    // The member widens the policy to another folder and keeps the signature.
    const policy = decoded(p);
    policy.conditions = policy.conditions.map((c) =>
      Array.isArray(c) && c[0] === 'starts-with' ? ['starts-with', '$key', `avatar/${a}/`] : c,
    );
    const forged = {
      ...p,
      fields: p.fields.map((f) =>
        f.name === 'policy' ? { ...f, value: Buffer.from(JSON.stringify(policy)).toString('base64') } : f,
      ),
    };
    expect(refused(await upload(forged, `avatar/${a}/${objectNameFor()}`))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const badSig = {
      ...p,
      fields: p.fields.map((f) => (f.name === 'x-oss-signature' ? { ...f, value: '0'.repeat(64) } : f)),
    };
    expect(refused(await upload(badSig, p.dir + objectNameFor()))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a file over the module’s size (EntityTooLarge) and an empty one (EntityTooSmall)', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const big = Buffer.concat([png(8, 8), Buffer.alloc(2 * 1024 * 1024)]);
    expect(refused(await upload(p, p.dir + objectNameFor(), pngFile(big)))).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
    });
    const beyondAll = Buffer.concat([png(8, 8), Buffer.alloc(6 * 1024 * 1024)]);
    expect(refused(await upload(p, p.dir + objectNameFor(), pngFile(beyondAll)))).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
    });
    expect(refused(await upload(p, p.dir + objectNameFor(), pngFile(Buffer.alloc(0))))).toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
    });
  });

  it('refuses a type the policy does not name (the content-type condition)', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m, 'task');
    const gif = Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00;', 'latin1');
    expect(refused(await upload(p, p.dir + objectNameFor('gif'), { bytes: gif, type: 'image/gif' }))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringContaining('["in","$content-type"'),
    });
    const svg = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' };
    expect(refused(await upload(p, p.dir + objectNameFor('png'), svg))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
  });

  it('refuses a form without a signed field, without a file, or with the file not last (InvalidArgument)', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const key = p.dir + objectNameFor();
    for (const missing of ['x-oss-signature', 'x-oss-credential', 'policy', 'x-oss-date']) {
      const entries = browserForm(p, key, pngFile()).filter(([name]) => name !== missing);
      expect(refused(await postForm(h.app, entries))).toMatchObject({
        status: 400,
        code: 'InvalidArgument',
        message: `Bucket POST must contain a field named '${missing}'.`,
      });
    }
    const noFile = browserForm(p, key, pngFile()).slice(0, -1);
    expect(refused(await postForm(h.app, noFile))).toMatchObject({ status: 400, code: 'InvalidArgument' });
    const form = browserForm(p, key, pngFile());
    const keyLast = [...form.filter(([n]) => n !== 'key'), ['key', key] as [string, string]];
    expect(refused(await postForm(h.app, keyLast))).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
      message: "Bucket POST must contain a field named 'key'.",
    });
    const notMultipart = await h.app.inject({ method: 'POST', url: '/uploads', payload: { key } });
    expect(refused(notMultipart)).toMatchObject({ status: 400, code: 'MalformedPOSTRequest' });
  });

  it('refuses a fake PNG (the bytes are not a PNG) and an extension that is not the type', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const fake = { bytes: Buffer.from('<?php echo 1; ?> not a picture at all'), type: 'image/png' };
    expect(refused(await upload(p, p.dir + objectNameFor(), fake))).toMatchObject({
      status: 400,
      code: 'InvalidImage',
      message: 'The file content is not an image of its declared Content-Type.',
    });
    const jpegAsPng = { bytes: jpegHeader(100, 100), type: 'image/png' };
    expect(refused(await upload(p, p.dir + objectNameFor(), jpegAsPng))).toMatchObject({ code: 'InvalidImage' });
    expect(refused(await upload(p, p.dir + objectNameFor('jpg'), pngFile()))).toMatchObject({
      status: 400,
      code: 'InvalidImage',
      message: 'The extension of the object key does not match its Content-Type.',
    });
    expect(await h.ctx.db.select().from(uploads).where(eq(uploads.memberId, m))).toEqual([]);
  });

  it('refuses a pixel flood: a tiny PNG whose header says 20000 × 20000', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const flood = png(20_000, 20_000, false);
    expect(flood.length).toBeLessThan(200);
    expect(refused(await upload(p, p.dir + objectNameFor(), pngFile(flood)))).toMatchObject({
      status: 400,
      code: 'ImageTooLarge',
    });
    const tall = png(10, 9000, false); // few pixels, one side too long
    expect(refused(await upload(p, p.dir + objectNameFor(), pngFile(tall)))).toMatchObject({ code: 'ImageTooLarge' });
    const justUnder = jpegHeader(4096, MAX_IMAGE_PIXELS / 4096);
    const pf = await policyOf(m, 'feedback');
    expect((await upload(pf, pf.dir + objectNameFor('jpg'), { bytes: justUnder, type: 'image/jpeg' })).statusCode).toBe(
      200,
    );
  });

  it('refuses keys that would leave the member’s folder on disk (InvalidObjectName)', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    for (const key of [`${p.dir}../../../escape.png`, `${p.dir}sub\\x.png`, `${p.dir}.hidden.png`, `${p.dir}a/b.png`]) {
      expect(refused(await upload(p, key)), key).toMatchObject({ status: 400, code: 'InvalidObjectName' });
    }
    const outside = await h.app.inject({ method: 'GET', url: '/uploads/avatar/1/..%2F..%2F..%2Fetc%2Fpasswd' });
    expect(outside.statusCode).toBe(404);
    expect(ossError(outside).code).toBe('NoSuchKey');
    expect((await h.app.inject({ method: 'GET', url: `/uploads/avatar/${m}/nothing.png` })).statusCode).toBe(404);
  });

  it(`holds each member to ${UPLOAD_QUOTA.perDay} uploads a day and ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB kept (QuotaExceeded)`, async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m, 'forum');
    const file = pngFile(png(2, 2));
    for (let i = 0; i < UPLOAD_QUOTA.perDay; i++)
      expect((await upload(p, p.dir + objectNameFor(), file)).statusCode).toBe(200);
    expect(refused(await upload(p, p.dir + objectNameFor(), file))).toMatchObject({
      status: 403,
      code: 'QuotaExceeded',
    });
    // The next Beijing day the count starts again; the bytes kept still count.
    h.clock.advance(24 * 3600_000);
    const next = await policyOf(m, 'forum');
    expect((await upload(next, next.dir + objectNameFor(), file)).statusCode).toBe(200);
    await h.ctx.db.insert(uploads).values({
      key: `forum/${m}/big.png`,
      memberId: m,
      module: 'forum',
      contentType: 'image/png',
      size: UPLOAD_QUOTA.bytes - 100,
      createdAt: new Date(h.clock.now() - 3 * 86_400_000),
    });
    expect(refused(await upload(next, next.dir + objectNameFor(), file))).toMatchObject({ code: 'QuotaExceeded' });
  });
});

describe('POST /v1/users/avatar', () => {
  it('sets the caller’s own uploaded picture: the account shows it, and the picture it replaces is removed', async () => {
    const m = await newMember(h.ctx);
    const p = await policyOf(m);
    const first = p.dir + objectNameFor();
    const second = p.dir + objectNameFor();
    expect((await upload(p, first)).statusCode).toBe(200);
    expect((await upload(p, second)).statusCode).toBe(200);
    const r1 = await setAvatar(m, first);
    expect(r1).toMatchObject({ code: 200, data: { avatar: `/uploads/${first}` } });
    const account = await h.call<{ avatar: string }>('GET', '/api/v1/users/account', { member: m });
    expect(account.data.avatar).toBe(`/uploads/${first}`);
    const r2 = await setAvatar(m, second);
    expect(r2.data.avatar).toBe(`/uploads/${second}`);
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${first}` })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${second}` })).statusCode).toBe(200);
    expect((await h.ctx.db.select().from(uploads).where(eq(uploads.memberId, m))).map((u) => u.key)).toEqual([second]);
  });

  it('refuses another member’s picture, a key never uploaded and another module’s picture, alike (4002)', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    const pa = await policyOf(a);
    const aKey = pa.dir + objectNameFor();
    expect((await upload(pa, aKey)).statusCode).toBe(200);
    const pf = await policyOf(b, 'feedback');
    const feedbackKey = pf.dir + objectNameFor();
    expect((await upload(pf, feedbackKey)).statusCode).toBe(200);
    for (const key of [aKey, `avatar/${b}/${objectNameFor()}`, feedbackKey, '../avatar/1/x.png']) {
      const r = await setAvatar(b, key);
      expect([r.status, r.code, r.msg], key).toEqual([200, Code.UPLOAD_KEY_INVALID, '图片不存在或已失效，请重新上传']);
    }
    const [row] = await h.ctx.db.select({ avatar: members.avatar }).from(members).where(eq(members.id, b));
    expect(row!.avatar).toBeNull();
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${aKey}` })).statusCode).toBe(200);
  });
});

describe('with Aliyun OSS configured', () => {
  const oss: UploadConfig = {
    provider: 'aliyun',
    accessKeyId: 'LTAI5tTestKeyId',
    accessKeySecret: 'test-secret-of-the-bucket',
    bucket: 'weidou-test',
    region: 'cn-hangzhou',
    host: 'https://weidou-test.oss-cn-hangzhou.aliyuncs.com',
    publicBase: 'http://img.example.com/',
    objectAcl: 'public-read',
  };
  const asMember = (id: number) => ({ authorization: `Bearer m:${id}` });

  it('the policy sends the browser to the bucket, signed with the bucket’s key, with the object ACL', async () => {
    const app = await h.env.build(
      { seedDemo: false, uploads: oss },
      { now: h.clock.now, verifyMember: async (t) => (/^m:\d+$/.test(t) ? { id: Number(t.slice(2)) } : null) },
    );
    const m = await newMember(h.ctx);
    const res = await app.inject({ method: 'GET', url: '/api/v1/oss/policy?module=avatar', headers: asMember(m) });
    const p = (JSON.parse(res.body) as { data: OssPolicyData }).data;
    expect(p.host).toBe(oss.host);
    expect(p.publicBase).toBe(oss.publicBase);
    expect(p.fields.map((f) => f.name)).toContain('x-oss-object-acl');
    expect(field(p, 'x-oss-object-acl')).toBe('public-read');
    const credential = field(p, 'x-oss-credential')!;
    expect(credential).toMatch(/^LTAI5tTestKeyId\/\d{8}\/cn-hangzhou\/oss\/aliyun_v4_request$/);
    const day = credential.split('/')[1]!;
    expect(
      signatureMatches(oss.accessKeySecret, day, 'cn-hangzhou', field(p, 'policy')!, field(p, 'x-oss-signature')!),
    ).toBe(true);
    expect(decoded(p).conditions).toContainEqual({ 'x-oss-object-acl': 'public-read' });
    expect(decoded(p).conditions).toContainEqual({ bucket: 'weidou-test' });
    // Feedback screenshots are private in the bucket whatever OSS_OBJECT_ACL says (read by signed URL).
    const fb = await app.inject({ method: 'GET', url: '/api/v1/oss/policy?module=feedback', headers: asMember(m) });
    const pf = (JSON.parse(fb.body) as { data: OssPolicyData }).data;
    expect(field(pf, 'x-oss-object-acl')).toBe('private');
    expect(decoded(pf).conditions).toContainEqual({ 'x-oss-object-acl': 'private' });
    // The page may post to the bucket and show pictures from the plain-http public base.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/weidou-test\.oss-cn-hangzhou\.aliyuncs\.com/);
    expect(csp).toMatch(/img-src [^;]*http:\/\/img\.example\.com/);
    // No local receiver: the bucket takes the posts.
    expect((await app.inject({ method: 'POST', url: '/uploads', payload: {} })).statusCode).not.toBe(200);

    // The avatar: the key must be in the caller's own folder (the bucket checked the upload).
    const own = `avatar/${m}/${objectNameFor()}`;
    const set = await app.inject({
      method: 'POST',
      url: '/api/v1/users/avatar',
      headers: asMember(m),
      payload: { key: own },
    });
    expect(JSON.parse(set.body)).toMatchObject({ code: 200, data: { avatar: `http://img.example.com/${own}` } });
    const other = await newMember(h.ctx);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/users/avatar',
      headers: asMember(other),
      payload: { key: own },
    });
    expect(JSON.parse(foreign.body)).toMatchObject({ code: Code.UPLOAD_KEY_INVALID });
  });
});
