import { afterAll, describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { buildApp } from '../../server/app';
import { rsaKeysFromPem, generateRsaPair, keyIdOf } from '../../server/security/rsa';
import { createTestEnv, envelopeOf } from './helpers';

const env = createTestEnv('rsa');
afterAll(() => env.cleanup());

type KeyData = { publicKey: string; keyId: string };

async function fetchKey(app: Awaited<ReturnType<typeof buildApp>>): Promise<KeyData> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/rsa-key' });
  expect(res.statusCode).toBe(200);
  const body = envelopeOf(res);
  expect(body.code).toBe(200);
  return body.data as KeyData;
}

/** What the browser does: jsencrypt, RSAES-PKCS1-v1_5, base64. */
async function jsencrypt(publicKey: string, text: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const enc = new JSEncrypt();
  enc.setPublicKey(publicKey);
  const out = enc.encrypt(text);
  if (typeof out !== 'string') throw new Error('jsencrypt failed');
  return out;
}

describe('RSA key', () => {
  it('GET /api/v1/auth/rsa-key returns a 2048-bit PEM public key and its key id', async () => {
    const app = await env.build();
    const { publicKey, keyId } = await fetchKey(app);
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const parsed = forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey;
    expect(parsed.n.bitLength()).toBe(2048);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(keyId).toBe(keyIdOf(publicKey));
  });

  it('is created once and kept: a restarted server on the same data answers the same key', async () => {
    await env.closeAll();
    const first = await buildApp(env.config);
    const before = await fetchKey(first);
    await first.close();
    const second = await buildApp(env.config);
    const after = await fetchKey(second);
    await second.close();
    expect(after).toEqual(before);
  });

  it('decrypts what jsencrypt encrypted with the served key (mobile, code, Chinese text)', async () => {
    const app = await env.build();
    const { publicKey } = await fetchKey(app);
    for (const text of ['13800138000', '123456', '微豆调研 ok']) {
      const cipher = await jsencrypt(publicKey, text);
      expect(app.ctx.rsa.decrypt(cipher)).toBe(text);
    }
  });

  it('decrypts node-forge PKCS#1 v1.5 ciphertexts, including ones missing leading zero bytes', () => {
    const pair = generateRsaPair();
    const keys = rsaKeysFromPem(pair.publicPem, pair.privatePem);
    const pub = forge.pki.publicKeyFromPem(pair.publicPem) as forge.pki.rsa.PublicKey;
    for (let i = 0; i < 5; i++) {
      expect(keys.decrypt(forge.util.encode64(pub.encrypt('13912345678', 'RSAES-PKCS1-V1_5')))).toBe('13912345678');
    }
    // About 1 in 256 ciphertexts starts with a zero byte; jsencrypt sends those one byte short.
    let bytes = '';
    for (let i = 0; i < 20000 && bytes.charCodeAt(0) !== 0; i++) bytes = pub.encrypt('13912345678', 'RSAES-PKCS1-V1_5');
    expect(bytes.charCodeAt(0)).toBe(0);
    expect(keys.decrypt(forge.util.encode64(bytes))).toBe('13912345678');
    expect(keys.decrypt(forge.util.encode64(bytes.slice(1)))).toBe('13912345678');
  });

  it('answers null (never throws) for garbage, wrong keys and tampering', async () => {
    const app = await env.build();
    const { decrypt } = app.ctx.rsa;
    const otherPair = generateRsaPair();
    const foreign = forge.util.encode64(
      (forge.pki.publicKeyFromPem(otherPair.publicPem) as forge.pki.rsa.PublicKey).encrypt(
        '13800138000',
        'RSAES-PKCS1-V1_5',
      ),
    );
    const good = await jsencrypt(app.ctx.rsa.publicKey, '13800138000');
    const tampered = forge.util.encode64(
      (() => {
        const b = forge.util.decode64(good).split('');
        b[100] = String.fromCharCode(b[100]!.charCodeAt(0) ^ 1);
        return b.join('');
      })(),
    );
    for (const input of [
      '',
      'not base64 !!',
      'AAAA',
      forge.util.encode64('x'.repeat(256)),
      foreign,
      tampered,
      'A'.repeat(5000),
      null,
      undefined,
      42,
      {},
    ]) {
      expect(decrypt(input)).toBeNull();
    }
  });
});
