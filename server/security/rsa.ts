/**
 * The server's RSA key pair. Browsers encrypt mobile numbers and codes with the public key
 * (jsencrypt: RSAES-PKCS1-v1_5, base64). The pair is created on first start, stored in the
 * database and reused on every later start (and by every process sharing the database).
 *
 * Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809), so decryption uses
 * node-forge. Every failure returns null: callers answer it exactly like a wrong code.
 */
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { desc } from 'drizzle-orm';
import forge from 'node-forge';
import type { Database } from '../db';
import { serverKeys } from '../db/schema';

export interface RsaKeys {
  /** PEM (SPKI) public key handed to clients. */
  readonly publicKey: string;
  /** First 16 hex characters of SHA-256 over the public key's DER. */
  readonly keyId: string;
  /** Decrypt a base64 PKCS#1 v1.5 ciphertext to a UTF-8 string; null on any failure. */
  decrypt(ciphertext: unknown): string | null;
}

export function keyIdOf(publicPem: string): string {
  const der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function generateRsaPair(): { publicPem: string; privatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicPem: publicKey, privatePem: privateKey };
}

export function rsaKeysFromPem(publicPem: string, privatePem: string): RsaKeys {
  const privateKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey;
  const byteLength = Math.ceil(privateKey.n.bitLength() / 8);
  return {
    publicKey: publicPem,
    keyId: keyIdOf(publicPem),
    decrypt(ciphertext) {
      try {
        if (typeof ciphertext !== 'string' || ciphertext.length === 0 || ciphertext.length > 1024) return null;
        const compact = ciphertext.replace(/\s+/g, '');
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
        let bytes = forge.util.decode64(compact);
        // jsencrypt drops leading zero bytes of the ciphertext (about 1 in 256); put them back.
        if (bytes.length < byteLength && bytes.length > byteLength - 8) {
          bytes = '\0'.repeat(byteLength - bytes.length) + bytes;
        }
        if (bytes.length !== byteLength) return null;
        const plain = privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5');
        return forge.util.decodeUtf8(plain);
      } catch {
        return null;
      }
    },
  };
}

/** Load the key pair from the database, creating and storing it on first start. */
export async function loadOrCreateRsaKeys(db: Database): Promise<RsaKeys> {
  const existing = await latestKey(db);
  if (existing) return rsaKeysFromPem(existing.publicPem, existing.privatePem);
  const pair = generateRsaPair();
  // Another process may create the first key at the same moment; the first insert wins.
  await db
    .insert(serverKeys)
    .values({ id: 1, keyId: keyIdOf(pair.publicPem), publicPem: pair.publicPem, privatePem: pair.privatePem })
    .onConflictDoNothing();
  const stored = await latestKey(db);
  if (!stored) throw new Error('RSA key pair could not be stored');
  return rsaKeysFromPem(stored.publicPem, stored.privatePem);
}

async function latestKey(db: Database) {
  const rows = await db.select().from(serverKeys).orderBy(desc(serverKeys.id)).limit(1);
  return rows[0];
}
