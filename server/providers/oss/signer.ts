/**
 * Aliyun OSS PostObject, signature V4 (OSS4-HMAC-SHA256): the POST policy and its signature.
 *
 * - credential `x-oss-credential` = `<AccessKeyId>/<YYYYMMDD>/<region>/oss/aliyun_v4_request`;
 * - `x-oss-date` = `YYYYMMDD'T'HHMMSS'Z'` (UTC), the same day as the credential;
 * - signing key = HMAC-SHA256 chain: key `"aliyun_v4" + secret` over the day, then the region,
 *   then `oss`, then `aliyun_v4_request`;
 * - `x-oss-signature` = hex(HMAC-SHA256(signing key, base64(policy JSON))).
 *
 * The policy carries `x-oss-signature-version`, `x-oss-credential` and `x-oss-date` as conditions,
 * so the form's values are bound by the signature. The same code signs for the real bucket and for
 * the built-in receiver (server/providers/oss/receiver.ts), which verifies as OSS would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = 'OSS4-HMAC-SHA256';
const PRODUCT = 'oss';
const REQUEST = 'aliyun_v4_request';

export interface OssCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  /** Standard region id, e.g. `cn-hangzhou`. */
  region: string;
}

/** A policy condition: `{ field: value }` (exact match) or `[op, "$field", …]`. */
export type PolicyCondition =
  | Record<string, string>
  | ['eq' | 'starts-with', string, string]
  | ['in' | 'not-in', string, string[]]
  | ['content-length-range', number, number];

export interface PostPolicy {
  /** ISO 8601 UTC with milliseconds (`2030-01-01T02:10:00.000Z`). */
  expiration: string;
  conditions: PolicyCondition[];
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The derived V4 signing key of one day (YYYYMMDD) and region. */
export function signingKey(secret: string, day: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`aliyun_v4${secret}`, day), region), PRODUCT), REQUEST);
}

/** `20231216T162057Z` */
export function ossDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** `<AccessKeyId>/<YYYYMMDD>/<region>/oss/aliyun_v4_request` */
export function credentialOf(accessKeyId: string, day: string, region: string): string {
  return `${accessKeyId}/${day}/${region}/${PRODUCT}/${REQUEST}`;
}

/** The parts of an `x-oss-credential`, or null when it is not of that form. */
export function parseCredential(value: string): { accessKeyId: string; day: string; region: string } | null {
  const m = /^([^/]+)\/(\d{8})\/([a-z0-9-]+)\/oss\/aliyun_v4_request$/.exec(value);
  return m ? { accessKeyId: m[1]!, day: m[2]!, region: m[3]! } : null;
}

/** hex(HMAC-SHA256(signing key, base64 policy)) */
export function signPolicy(secret: string, day: string, region: string, base64Policy: string): string {
  return createHmac('sha256', signingKey(secret, day, region))
    .update(base64Policy, 'utf8')
    .digest('hex');
}

/** Whether `signature` (hex) is the policy's signature, compared in constant time. */
export function signatureMatches(secret: string, day: string, region: string, base64Policy: string, signature: string) {
  const want = Buffer.from(signPolicy(secret, day, region, base64Policy), 'hex');
  const got = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return got.length === want.length && timingSafeEqual(got, want);
}

export interface SignedPost {
  /** base64 of the policy JSON: the `policy` form field. */
  policy: string;
  /** The V4 form fields, in the order they are posted (the caller adds key, Content-Type, file). */
  fields: { name: string; value: string }[];
}

/**
 * Sign a POST policy for `conditions` valid until `expiresAt`, dated `now`. The signature fields
 * are added to the conditions; `success_action_status` (and the ACL, when given) become form
 * fields and are expected to have conditions of their own among `conditions`.
 */
export function signPost(
  credentials: OssCredentials,
  opts: { now: number; expiresAt: number; conditions: PolicyCondition[]; formFields: Record<string, string> },
): SignedPost {
  const date = ossDate(opts.now);
  const day = date.slice(0, 8);
  const credential = credentialOf(credentials.accessKeyId, day, credentials.region);
  const policy: PostPolicy = {
    expiration: new Date(opts.expiresAt).toISOString(),
    conditions: [
      { 'x-oss-signature-version': SIGNATURE_VERSION },
      { 'x-oss-credential': credential },
      { 'x-oss-date': date },
      ...opts.conditions,
    ],
  };
  const base64 = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const signature = signPolicy(credentials.accessKeySecret, day, credentials.region, base64);
  return {
    policy: base64,
    fields: [
      { name: 'policy', value: base64 },
      { name: 'x-oss-signature-version', value: SIGNATURE_VERSION },
      { name: 'x-oss-credential', value: credential },
      { name: 'x-oss-date', value: date },
      { name: 'x-oss-signature', value: signature },
      ...Object.entries(opts.formFields).map(([name, value]) => ({ name, value })),
    ],
  };
}

/**
 * OSS signature V1 of a query-string-signed GET of one object (a private object's expiring URL):
 * `Signature = base64(HMAC-SHA1(AccessKeySecret, "GET\n\n\n{Expires}\n/{bucket}/{key}"))`, with
 * `Expires` in Unix seconds; the URL carries `OSSAccessKeyId`, `Expires` and `Signature`.
 */
export function signGetV1(secret: string, bucket: string, key: string, expires: number): string {
  return createHmac('sha1', secret).update(`GET\n\n\n${expires}\n/${bucket}/${key}`, 'utf8').digest('base64');
}

/** Whether `signature` (base64) is the V1 GET signature of the object and expiry, compared in constant time. */
export function getSignatureMatches(secret: string, bucket: string, key: string, expires: number, signature: string) {
  const want = Buffer.from(signGetV1(secret, bucket, key, expires), 'base64');
  const got = /^[A-Za-z0-9+/]{27}=$/.test(signature) ? Buffer.from(signature, 'base64') : Buffer.alloc(0);
  return got.length === want.length && timingSafeEqual(got, want);
}
