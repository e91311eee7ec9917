/**
 * Where browsers upload files (spec §7 Upload): Aliyun OSS by PostObject when `OSS_*` is set,
 * otherwise the built-in receiver at `/uploads` (receiver.ts), which verifies the same signed
 * policy as OSS would. Either way the server signs a V4 POST policy (signer.ts) that limits the
 * member to their own folder of one module, the module's size and image types, for 10 minutes.
 *
 * Objects of the private modules (feedback screenshots) are never read by their plain URL: the
 * server hands out an expiring URL signed with OSS's V1 query signature (`signedGetUrl`), which the
 * bucket checks (keep such objects private in the bucket) and the built-in receiver checks alike.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OssPolicy } from '../../../openapi/schemas/oss';
import { UPLOAD_LIMITS, uploadDir, type UploadModule } from '../../../openapi/rules/uploads';
import type { Config } from '../../config';
import type { Database } from '../../db';
import { kv } from '../../db/tables';
import { signGetV1, signPost, type OssCredentials, type PolicyCondition } from './signer';

/** How long a signed policy may be used. */
export const POLICY_TTL_MS = 10 * 60_000;

/** The built-in receiver's path: `POST /uploads`, `GET /uploads/<key>`. */
export const LOCAL_UPLOAD_PATH = '/uploads';

/** The built-in receiver's bucket and region names, as its policies carry them. */
export const LOCAL_BUCKET = 'local';
const LOCAL_REGION = 'local';
const LOCAL_ACCESS_KEY_ID = 'local';
const LOCAL_SECRET_KEY = 'oss_local_secret';

export interface UploadTarget {
  readonly kind: 'local' | 'aliyun';
  readonly bucket: string;
  readonly credentials: OssCredentials;
  /** Where the form is posted (`/uploads` for the built-in receiver: the site's own origin). */
  readonly host: string;
  /** Ends with `/`; an object's public URL is publicBase + key. */
  readonly publicBase: string;
  readonly objectAcl?: 'private' | 'public-read';
}

export type OssPolicyData = z.output<typeof OssPolicy>;

/** The built-in receiver's signing secret: made once, kept in `kv` so every process shares it. */
async function loadOrCreateLocalSecret(db: Database): Promise<string> {
  const read = async () => {
    const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, LOCAL_SECRET_KEY)).limit(1);
    const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
    return typeof secret === 'string' && secret.length >= 32 ? secret : null;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(kv)
    .values({ key: LOCAL_SECRET_KEY, value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('upload signing secret could not be stored');
  return stored;
}

export async function createUploadTarget(config: Pick<Config, 'uploads'>, db: Database): Promise<UploadTarget> {
  const u = config.uploads;
  if (u.provider === 'aliyun') {
    return {
      kind: 'aliyun',
      bucket: u.bucket,
      credentials: { accessKeyId: u.accessKeyId, accessKeySecret: u.accessKeySecret, region: u.region },
      host: u.host,
      publicBase: u.publicBase,
      ...(u.objectAcl ? { objectAcl: u.objectAcl } : {}),
    };
  }
  return {
    kind: 'local',
    bucket: LOCAL_BUCKET,
    credentials: {
      accessKeyId: LOCAL_ACCESS_KEY_ID,
      accessKeySecret: await loadOrCreateLocalSecret(db),
      region: LOCAL_REGION,
    },
    host: LOCAL_UPLOAD_PATH,
    publicBase: `${LOCAL_UPLOAD_PATH}/`,
  };
}

/**
 * Origins the page's CSP must allow beyond its own: posting the form to the bucket (`connect`) and
 * showing images from the public base when it is plain http (`img`; https is allowed already).
 */
export function uploadOrigins(target: UploadTarget): { connect: string[]; img: string[] } {
  if (target.kind === 'local') return { connect: [], img: [] };
  const publicOrigin = new URL(target.publicBase).origin;
  return {
    connect: [new URL(target.host).origin],
    img: publicOrigin.startsWith('http:') ? [publicOrigin] : [],
  };
}

/**
 * A signed policy for one member and module: keys under `<module>/<memberId>/`, 1 byte to the
 * module's size, the module's image types, `success_action_status` 200, valid POLICY_TTL_MS; the
 * object ACL `private` for the private modules, else `OSS_OBJECT_ACL` when set.
 */
export function issuePolicy(target: UploadTarget, module: UploadModule, memberId: number, now: number): OssPolicyData {
  const limit = UPLOAD_LIMITS[module];
  const dir = uploadDir(module, memberId);
  const expiresAt = now + POLICY_TTL_MS;
  const conditions: PolicyCondition[] = [
    { bucket: target.bucket },
    ['starts-with', '$key', dir],
    ['content-length-range', 1, limit.maxSize],
    ['in', '$content-type', [...limit.accept]],
    ['eq', '$success_action_status', '200'],
  ];
  const formFields: Record<string, string> = { success_action_status: '200' };
  // A private module's objects are private whatever the bucket's or the site's default ACL.
  const acl = PRIVATE_MODULES.includes(module) ? 'private' : target.objectAcl;
  if (acl) {
    conditions.push({ 'x-oss-object-acl': acl });
    formFields['x-oss-object-acl'] = acl;
  }
  const signed = signPost(target.credentials, { now, expiresAt, conditions, formFields });
  return {
    host: target.host,
    fields: signed.fields,
    dir,
    maxSize: limit.maxSize,
    accept: [...limit.accept],
    publicBase: target.publicBase,
    expire: expiresAt,
  };
}

/** Modules whose objects only their member (and operators) may read: served by signed URL only. */
export const PRIVATE_MODULES: readonly UploadModule[] = ['feedback'];

/** Whether `key` is an object of a private module (`feedback/…`). */
export const isPrivateKey = (key: string) => PRIVATE_MODULES.some((m) => key.startsWith(`${m}/`));

/** A signed URL stays valid at least this long… */
export const SIGNED_URL_TTL_S = 3600;
/** …and its expiry is rounded up to this step, so one picture keeps one URL (and the browser's copy) for a while. */
const SIGNED_URL_STEP_S = 900;

/**
 * An expiring URL to read one object (OSS V1 query signature: `OSSAccessKeyId`, `Expires`,
 * `Signature`). For OSS it names the bucket's own host (a CDN in front of it would need its own
 * URL signing); for the built-in receiver, `/uploads/<key>`, which verifies it the same way.
 */
export function signedGetUrl(target: UploadTarget, key: string, now: number): string {
  const expires = Math.ceil((Math.floor(now / 1000) + SIGNED_URL_TTL_S) / SIGNED_URL_STEP_S) * SIGNED_URL_STEP_S;
  const signature = signGetV1(target.credentials.accessKeySecret, target.bucket, key, expires);
  const base = target.kind === 'local' ? `${LOCAL_UPLOAD_PATH}/` : `${target.host}/`;
  const query = new URLSearchParams({
    OSSAccessKeyId: target.credentials.accessKeyId,
    Expires: String(expires),
    Signature: signature,
  });
  return `${base}${key.split('/').map(encodeURIComponent).join('/')}?${query.toString()}`;
}
