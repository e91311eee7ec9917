/**
 * The OSS V4 signer (server/providers/oss/signer.ts) against fixed vectors.
 *
 * The signing key derivation (HMAC-SHA256 chain "aliyun_v4"+secret → day → region → "oss" →
 * "aliyun_v4_request") is checked against the published vector of Aliyun's Go SDK v2
 * (oss/signer/signer_test.go, TestV4AuthHeader case 1: ak "ak", sk "sk", 2023-12-16T16:20:57Z,
 * cn-hangzhou, PUT /bucket/1234+-/123/1.txt → Signature=e21d18da…). Its canonical request is
 * written out below as that SDK forms it; a PostObject signature is the same key over the base64
 * policy instead of that string to sign. The POST policy vector pins the whole form (its value
 * was computed separately, with Python's hmac over the same policy JSON).
 *
 * The V1 query signature of a private object's URL is checked against the example the OSS
 * documentation shares with the original S3 query-string authentication (secret
 * "OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV", GET of /quotes/nelson, Expires 1141889120 →
 * Signature=vjbyPxybdZaNmGa%2ByT272YEAiv4%3D).
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedGetUrl, type UploadTarget } from '../../server/providers/oss';
import {
  credentialOf,
  getSignatureMatches,
  ossDate,
  parseCredential,
  signatureMatches,
  signingKey,
  signPolicy,
  signGetV1,
  signPost,
} from '../../server/providers/oss/signer';

describe('OSS V4 signing key', () => {
  it('matches the published vector of Aliyun’s Go SDK v2 (header signature, 2023-12-16)', () => {
    const canonicalRequest = [
      'PUT',
      '/bucket/1234%2B-/123/1.txt',
      '%2Bparam1=value3&%2Bparam2&%7Cparam1=value4&%7Cparam2&param1=value1&param2',
      'content-type:text/plain\nx-oss-content-sha256:UNSIGNED-PAYLOAD\nx-oss-date:20231216T162057Z\nx-oss-head1:value\n',
      '',
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const stringToSign = [
      'OSS4-HMAC-SHA256',
      ossDate(1702743657_000),
      '20231216/cn-hangzhou/oss/aliyun_v4_request',
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    const key = signingKey('sk', '20231216', 'cn-hangzhou');
    expect(createHmac('sha256', key).update(stringToSign).digest('hex')).toBe(
      'e21d18daa82167720f9b1047ae7e7f1ce7cb77a31e8203a7d5f4624fa0284afe',
    );
  });

  it('formats the date and credential as OSS reads them', () => {
    expect(ossDate(Date.UTC(2023, 11, 3, 12, 12, 12))).toBe('20231203T121212Z');
    expect(credentialOf('LTAI5tXxx', '20231203', 'cn-hangzhou')).toBe(
      'LTAI5tXxx/20231203/cn-hangzhou/oss/aliyun_v4_request',
    );
    expect(parseCredential('LTAI5tXxx/20231203/cn-hangzhou/oss/aliyun_v4_request')).toEqual({
      accessKeyId: 'LTAI5tXxx',
      day: '20231203',
      region: 'cn-hangzhou',
    });
    expect(parseCredential('LTAI5tXxx/2023-12-03/cn-hangzhou/oss/abc')).toBeNull();
  });
});

describe('POST policy signature', () => {
  const credentials = { accessKeyId: 'ak', accessKeySecret: 'sk', region: 'cn-hangzhou' };
  const now = Date.UTC(2023, 11, 16, 16, 20, 57);
  const signed = signPost(credentials, {
    now,
    expiresAt: now + 10 * 60_000,
    conditions: [
      { bucket: 'examplebucket' },
      ['starts-with', '$key', 'avatar/7/'],
      ['content-length-range', 1, 2097152],
    ],
    formFields: { success_action_status: '200' },
  });

  it('signs base64(policy) with the derived key, hex (fixed vector)', () => {
    const policy = JSON.parse(Buffer.from(signed.policy, 'base64').toString('utf8'));
    expect(policy).toEqual({
      expiration: '2023-12-16T16:30:57.000Z',
      conditions: [
        { 'x-oss-signature-version': 'OSS4-HMAC-SHA256' },
        { 'x-oss-credential': 'ak/20231216/cn-hangzhou/oss/aliyun_v4_request' },
        { 'x-oss-date': '20231216T162057Z' },
        { bucket: 'examplebucket' },
        ['starts-with', '$key', 'avatar/7/'],
        ['content-length-range', 1, 2097152],
      ],
    });
    const signature = signed.fields.find((f) => f.name === 'x-oss-signature')!.value;
    expect(signature).toBe(
      createHmac('sha256', signingKey('sk', '20231216', 'cn-hangzhou'))
        .update(signed.policy)
        .digest('hex'),
    );
    expect(signature).toBe('4d95ff525fa7a81e77d5b923812a99e1de3a7ad1d6b90305e766ce4a1da776cc');
    expect(signed.fields.map((f) => f.name)).toEqual([
      'policy',
      'x-oss-signature-version',
      'x-oss-credential',
      'x-oss-date',
      'x-oss-signature',
      'success_action_status',
    ]);
  });

  it('verifies only the exact signature of the exact policy, for its day and region', () => {
    const signature = signed.fields.find((f) => f.name === 'x-oss-signature')!.value;
    expect(signatureMatches('sk', '20231216', 'cn-hangzhou', signed.policy, signature)).toBe(true);
    expect(signatureMatches('sk', '20231216', 'cn-hangzhou', signed.policy, signature.toUpperCase())).toBe(true);
    expect(signatureMatches('sk2', '20231216', 'cn-hangzhou', signed.policy, signature)).toBe(false);
    expect(signatureMatches('sk', '20231217', 'cn-hangzhou', signed.policy, signature)).toBe(false);
    expect(signatureMatches('sk', '20231216', 'cn-shanghai', signed.policy, signature)).toBe(false);
    expect(signatureMatches('sk', '20231216', 'cn-hangzhou', `${signed.policy}=`, signature)).toBe(false);
    expect(signatureMatches('sk', '20231216', 'cn-hangzhou', signed.policy, signature.slice(0, 63))).toBe(false);
    expect(signPolicy('sk', '20231216', 'cn-hangzhou', signed.policy)).toBe(signature);
  });
});

describe('V1 query signature of a private object’s URL', () => {
  const secret = 'OtxrzxIsfpFjA7SwPzILwy8Bw21TLhquhboDYROV';

  it('matches the documented example', () => {
    expect(signGetV1(secret, 'quotes', 'nelson', 1141889120)).toBe('vjbyPxybdZaNmGa+yT272YEAiv4=');
    expect(getSignatureMatches(secret, 'quotes', 'nelson', 1141889120, 'vjbyPxybdZaNmGa+yT272YEAiv4=')).toBe(true);
  });

  it('verifies only the exact object, expiry and secret', () => {
    const sig = signGetV1(secret, 'quotes', 'nelson', 1141889120);
    expect(getSignatureMatches(secret, 'quotes', 'nelson2', 1141889120, sig)).toBe(false);
    expect(getSignatureMatches(secret, 'quotes', 'nelson', 1141889121, sig)).toBe(false);
    expect(getSignatureMatches(secret, 'other', 'nelson', 1141889120, sig)).toBe(false);
    expect(getSignatureMatches(`${secret}x`, 'quotes', 'nelson', 1141889120, sig)).toBe(false);
    for (const bad of ['', 'not base64', sig.slice(0, -2), `${sig}=`])
      expect(getSignatureMatches(secret, 'quotes', 'nelson', 1141889120, bad)).toBe(false);
  });

  it('signs an OSS URL on the bucket’s host, valid at least an hour, stable within a quarter hour', () => {
    const target: UploadTarget = {
      kind: 'aliyun',
      bucket: 'weidou-uploads',
      credentials: { accessKeyId: 'LTAI5tExample', accessKeySecret: secret, region: 'cn-hangzhou' },
      host: 'https://weidou-uploads.oss-cn-hangzhou.aliyuncs.com',
      publicBase: 'https://img.example.com/',
    };
    const now = Date.UTC(2030, 0, 1, 2, 1, 0);
    const key = 'feedback/42/17356896000001234.png';
    const signed = signedGetUrl(target, key, now);
    const url = new URL(signed);
    expect(url.origin + url.pathname).toBe(`https://weidou-uploads.oss-cn-hangzhou.aliyuncs.com/${key}`);
    const expires = Number(url.searchParams.get('Expires'));
    expect(expires).toBeGreaterThanOrEqual(now / 1000 + 3600);
    expect(expires).toBeLessThan(now / 1000 + 3600 + 900);
    expect(url.searchParams.get('OSSAccessKeyId')).toBe('LTAI5tExample');
    expect(url.searchParams.get('Signature')).toBe(
      createHmac('sha1', secret).update(`GET\n\n\n${expires}\n/weidou-uploads/${key}`).digest('base64'),
    );
    // Within the same quarter hour the picture keeps its URL (and the browser its copy); after it, a new one.
    expect(signedGetUrl(target, key, now + 13 * 60_000)).toBe(signed);
    expect(signedGetUrl(target, key, now + 15 * 60_000)).not.toBe(signed);
  });
});
