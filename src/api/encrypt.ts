import { api } from './index';

/**
 * Mobile numbers and codes travel RSA-encrypted with the server's public key (spec §5:
 * jsencrypt, PKCS#1 v1.5); the key is fetched once per page (GET /v1/auth/rsa-key) and
 * jsencrypt is loaded only when needed.
 */

let keyPromise: Promise<string> | null = null;

/** The PEM public key, fetched once (and again after a failure). */
export function publicKey(): Promise<string> {
  keyPromise ??= api.call('getRsaKey').then(
    (key) => key.publicKey,
    (error: unknown) => {
      keyPromise = null;
      throw error;
    },
  );
  return keyPromise;
}

/** Forget the cached key (the server rotated it). */
function forgetPublicKey(): void {
  keyPromise = null;
}

/** Encrypt one value (mobile, SMS code) with the server's public key. */
export async function encrypt(value: string): Promise<string> {
  const [pem, { JSEncrypt }] = await Promise.all([publicKey(), import('jsencrypt')]);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(pem);
  const out = rsa.encrypt(value);
  if (out === false) {
    forgetPublicKey();
    throw Object.assign(new Error('加密失败'), { msg: '加密失败，请刷新页面后重试' });
  }
  return out;
}
