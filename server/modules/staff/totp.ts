/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s — what every authenticator app reads from an otpauth://
 * QR code), via the otpauth library. Secrets are stored AES-256-GCM encrypted under a key from
 * `STAFF_TOTP_KEY` (base64, 32 bytes) or, without it, one made on first use and kept in `kv`.
 * A code is accepted once: the step it belongs to must be later than the last accepted one.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db';
import { kv } from '../../db/schema';

const KEY_NAME = 'staff_totp_key';
const PERIOD = 30;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export function otpauthUri(secretBase32: string, login: string, issuer: string): string {
  return new TOTP({ issuer, label: login, secret: Secret.fromBase32(secretBase32), period: PERIOD }).toString();
}

/** The step a code at `now` belongs to (±1 step of clock drift allowed), or null when wrong. */
export function totpStep(secretBase32: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD,
    timestamp: now,
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The code an authenticator shows at `now` (tests, the demo's README line). */
export const totpCodeAt = (secretBase32: string, now: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secretBase32), period: PERIOD, timestamp: now });

export async function loadOrCreateTotpKey(db: Database, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('STAFF_TOTP_KEY must be 32 bytes, base64');
    return key;
  }
  const read = async () => {
    const rows = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, KEY_NAME)).limit(1);
    const value = rows[0]?.value as { key?: unknown } | undefined;
    return typeof value?.key === 'string' ? Buffer.from(value.key, 'base64') : null;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(kv)
    .values({ key: KEY_NAME, value: { key: randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored || stored.length !== 32) throw new Error('staff TOTP key could not be stored');
  return stored;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(key: Buffer, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
