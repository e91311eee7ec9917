/**
 * The built-in upload receiver: the local stand-in for an OSS bucket, so uploads work offline.
 *
 * - `POST /uploads` (only without `OSS_*`): a PostObject form — the signed fields first, `file`
 *   last — verified exactly as OSS verifies a V4 POST policy (signature, expiry, every condition)
 *   and refused with OSS's XML errors and statuses; then what OSS does not check: the object key's
 *   shape, the image's magic bytes against its declared type and extension, its pixel size (no
 *   pixel floods) and the member's quota. Stored under `DATA_DIR/uploads/<key>` with an `uploads`
 *   row; answered 200 with an empty body (`success_action_status`).
 * - `GET /uploads/<key>`: a stored file, with its type, `nosniff` and a year's cache (keys are
 *   never reused for other content: a new upload gets a new name). Objects of the private modules
 *   (`feedback/…`) are served only with a valid, unexpired V1 query signature (`signedGetUrl` in
 *   index.ts: `OSSAccessKeyId`, `Expires`, `Signature`), as a private OSS object is, and kept in
 *   private caches only until the URL expires; without one, 403 AccessDenied.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_UPLOAD_SIZE,
  OBJECT_KEY_RE,
  typeOfKey,
} from '../../../openapi/rules/uploads';
import type { AppContext } from '../../context';
import { members, uploads } from '../../db/tables';
import { shanghaiDay, shanghaiDayStart } from '../../kernel/time';
import { readImageHeader } from './images';
import { isPrivateKey, LOCAL_UPLOAD_PATH, type UploadTarget } from './index';
import {
  SIGNATURE_VERSION,
  getSignatureMatches,
  parseCredential,
  signatureMatches,
  type PolicyCondition,
} from './signer';

/** What one member may keep through the receiver, and upload in one Beijing day. */
export const UPLOAD_QUOTA = { bytes: 50 * 1024 * 1024, perDay: 50 } as const;

/** OSS lets `x-oss-date` run ahead of its own clock by at most this much, and a request live 7 days. */
const DATE_SKEW_MS = 15 * 60_000;
const DATE_MAX_AGE_MS = 7 * 86_400_000;

/** A refusal in OSS's words: HTTP status, error code and message. */
export class OssError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Element text: `&`, `<` and `>` escaped (quotes may stay). */
const escapeXml = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

function sendOssError(request: FastifyRequest, reply: FastifyReply, err: OssError) {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error>\n  <Code>${escapeXml(err.code)}</Code>\n` +
    `  <Message>${escapeXml(err.message)}</Message>\n  <RequestId>${escapeXml(String(request.id))}</RequestId>\n` +
    `  <HostId>${escapeXml(request.hostname || 'localhost')}</HostId>\n</Error>\n`;
  return reply
    .code(err.status)
    .header('content-type', 'application/xml')
    .header('cache-control', 'no-store')
    .send(body);
}

const denied = (message: string) => new OssError(403, 'AccessDenied', message);
const invalidArgument = (message: string) => new OssError(400, 'InvalidArgument', message);
const conditionFailed = (c: PolicyCondition) =>
  denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(c)}`);

interface Verified {
  key: string;
  /** The object's Content-Type as the form declares it. */
  contentType: string;
  /** content-length-range of the policy (the receiver's hard limit when it has none). */
  sizeRange: [number, number];
}

/** Verify the signature, the expiry and every condition but the size, as OSS does before it reads the file. */
export function verifyForm(target: UploadTarget, fields: Map<string, string>, fileType: string, now: number): Verified {
  const need = (name: string) => {
    const v = fields.get(name);
    if (v === undefined || v === '') throw invalidArgument(`Bucket POST must contain a field named '${name}'.`);
    return v;
  };
  const key = need('key');
  const policyB64 = need('policy');
  const version = need('x-oss-signature-version');
  const credentialField = need('x-oss-credential');
  const date = need('x-oss-date');
  const signature = need('x-oss-signature');
  if (version !== SIGNATURE_VERSION) throw invalidArgument(`Unsupported signature version ${version}.`);
  const credential = parseCredential(credentialField);
  if (!credential) throw invalidArgument('Invalid x-oss-credential; it must end with aliyun_v4_request.');
  if (credential.accessKeyId !== target.credentials.accessKeyId)
    throw new OssError(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.');
  if (credential.region !== target.credentials.region)
    throw invalidArgument(
      `The region ${credential.region} in x-oss-credential is wrong; expecting ${target.credentials.region}.`,
    );
  const dated = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!dated || dated.slice(1, 4).join('') !== credential.day)
    throw invalidArgument('x-oss-date must be YYYYMMDDTHHMMSSZ on the day of x-oss-credential.');
  const signedAt = Date.UTC(+dated[1]!, +dated[2]! - 1, +dated[3]!, +dated[4]!, +dated[5]!, +dated[6]!);
  if (signedAt > now + DATE_SKEW_MS || now > signedAt + DATE_MAX_AGE_MS)
    throw new OssError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  if (!signatureMatches(target.credentials.accessKeySecret, credential.day, credential.region, policyB64, signature))
    throw new OssError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Number.isFinite(expiration))
    throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid expiration.');
  if (expiration <= now) throw denied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(policy.conditions))
    throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid conditions.');

  // What conditions compare: the form's fields, the bucket, and the object's Content-Type.
  const contentType = fields.get('content-type') ?? fileType;
  const valueOf = (name: string) => {
    const n = name.replace(/^\$/, '').toLowerCase();
    if (n === 'bucket') return target.bucket;
    if (n === 'content-type') return contentType;
    return fields.get(n) ?? '';
  };
  let sizeRange: [number, number] = [0, MAX_UPLOAD_SIZE];
  for (const c of policy.conditions as PolicyCondition[]) {
    if (c && typeof c === 'object' && !Array.isArray(c)) {
      const entries = Object.entries(c);
      if (entries.length !== 1)
        throw new OssError(
          400,
          'InvalidPolicyDocument',
          'Invalid Policy: Invalid Simple-Condition: Simple-Conditions must have exactly one property specified.',
        );
      const [name, value] = entries[0]!;
      if (valueOf(name) !== value) throw conditionFailed(c);
      continue;
    }
    if (!Array.isArray(c) || c.length !== 3)
      throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.');
    const [op, a, b] = c as [string, unknown, unknown];
    if (op === 'content-length-range') {
      if (!Number.isInteger(a) || !Number.isInteger(b) || (a as number) < 0 || (b as number) < (a as number))
        throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid content-length-range.');
      sizeRange = [a as number, Math.min(b as number, MAX_UPLOAD_SIZE)];
      continue;
    }
    if (typeof a !== 'string' || !a.startsWith('$'))
      throw new OssError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.');
    const value = valueOf(a);
    const ok =
      op === 'eq'
        ? value === b
        : op === 'starts-with'
          ? typeof b === 'string' && value.startsWith(b)
          : op === 'in'
            ? Array.isArray(b) && b.includes(value)
            : op === 'not-in'
              ? Array.isArray(b) && !b.includes(value)
              : null;
    if (ok === null) throw new OssError(400, 'InvalidPolicyDocument', `Invalid Policy: Unknown condition ${op}.`);
    if (!ok) throw conditionFailed(c);
  }
  return { key, contentType, sizeRange };
}

/** Read the file part whole, refusing it past `max` bytes. */
async function readFile(file: MultipartFile, range: [number, number]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file) {
      size += (chunk as Buffer).length;
      if (size <= range[1]) chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    size = Infinity;
  }
  if (file.file.truncated) size = Infinity;
  if (size > range[1])
    throw new OssError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
  if (size < range[0])
    throw new OssError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
  return Buffer.concat(chunks);
}

/** Let the rest of a refused request's file go by, so the connection can answer. */
async function drain(file: MultipartFile) {
  await pipeline(file.file, new Writable({ write: (_c, _e, cb) => cb() })).catch(() => {});
}

/** The checks OSS does not make: key shape, type by extension and magic bytes, pixel size. */
function checkContent(key: string, contentType: string, bytes: Buffer): { module: string; memberId: number } {
  const m = OBJECT_KEY_RE.exec(key);
  if (!m) throw new OssError(400, 'InvalidObjectName', 'The specified object is not valid.');
  if (typeOfKey(key) !== contentType)
    throw new OssError(400, 'InvalidImage', 'The extension of the object key does not match its Content-Type.');
  const header = readImageHeader(bytes);
  if (!header || header.type !== contentType)
    throw new OssError(400, 'InvalidImage', 'The file content is not an image of its declared Content-Type.');
  if (
    header.width > MAX_IMAGE_SIDE ||
    header.height > MAX_IMAGE_SIDE ||
    header.width * header.height > MAX_IMAGE_PIXELS
  )
    throw new OssError(
      400,
      'ImageTooLarge',
      `The image is ${header.width}x${header.height} pixels; at most ${MAX_IMAGE_PIXELS} pixels and ${MAX_IMAGE_SIDE} on a side.`,
    );
  return { module: m[1]!, memberId: Number(m[2]) };
}

/** DATA_DIR/uploads/<key>, never outside it. */
function storedPath(root: string, key: string): string {
  if (!OBJECT_KEY_RE.test(key)) throw new OssError(400, 'InvalidObjectName', 'The specified object is not valid.');
  const file = path.resolve(root, ...key.split('/'));
  if (!file.startsWith(root + path.sep))
    throw new OssError(400, 'InvalidObjectName', 'The specified object is not valid.');
  return file;
}

/** Refuse when the member would keep more than the quota, or upload more today. */
async function checkQuota(ctx: AppContext, memberId: number, key: string, size: number) {
  const now = ctx.now();
  const dayStart = new Date(shanghaiDayStart(shanghaiDay(now)));
  const [row] = await ctx.db
    .select({
      bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`,
      today: sql<number>`count(*) filter (where ${uploads.createdAt} >= ${dayStart.toISOString()}::timestamptz)::int`,
    })
    .from(uploads)
    .where(and(eq(uploads.memberId, memberId), ne(uploads.key, key)));
  if (Number(row?.bytes ?? 0) + size > UPLOAD_QUOTA.bytes || (row?.today ?? 0) >= UPLOAD_QUOTA.perDay)
    throw new OssError(403, 'QuotaExceeded', 'The member has used up the upload quota.');
}

const malformed = () =>
  new OssError(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');

/**
 * Read the form in order: the text fields before the file (by lower-cased name: OSS reads field
 * names without regard to case), then the file, verified before a byte of it is kept. Fields
 * after the file are not part of the upload, as with OSS.
 */
async function readForm(
  ctx: AppContext,
  target: UploadTarget,
  request: FastifyRequest,
): Promise<{ verified: Verified; bytes: Buffer }> {
  if (!request.isMultipart()) throw malformed();
  const fields = new Map<string, string>();
  let got: { verified: Verified; bytes: Buffer } | undefined;
  let refusal: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname.toLowerCase();
        if (got || refusal) continue;
        if (fields.has(name)) refusal = invalidArgument(`The form field ${part.fieldname} appears more than once.`);
        else fields.set(name, String(part.value));
        continue;
      }
      if (got || refusal || part.fieldname !== 'file') {
        refusal ??= invalidArgument("The file must be posted in the field named 'file', last.");
        await drain(part);
        continue;
      }
      try {
        const verified = verifyForm(target, fields, part.mimetype, ctx.now());
        got = { verified, bytes: await readFile(part, verified.sizeRange) };
      } catch (err) {
        refusal = err;
        await drain(part);
      }
    }
  } catch (err) {
    throw err instanceof OssError ? err : (refusal ?? malformed());
  }
  if (refusal) throw refusal;
  if (!got) throw invalidArgument("Bucket POST must contain a field named 'file'.");
  return got;
}

async function receive(ctx: AppContext, target: UploadTarget, root: string, request: FastifyRequest): Promise<void> {
  const { verified, bytes } = await readForm(ctx, target, request);
  const { key, contentType } = verified;
  const { module, memberId } = checkContent(key, contentType, bytes);
  const [owner] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!owner) throw denied('The object key names no member.');
  await checkQuota(ctx, memberId, key, bytes.length);

  const dest = storedPath(root, key);
  await mkdir(path.dirname(dest), { recursive: true });
  const temp = `${dest}.${process.pid}.${Date.now()}.part`;
  await writeFile(temp, bytes);
  await rename(temp, dest);
  const at = new Date(ctx.now());
  await ctx.db
    .insert(uploads)
    .values({ key, memberId, module, contentType, size: bytes.length, createdAt: at })
    .onConflictDoUpdate({ target: uploads.key, set: { contentType, size: bytes.length, createdAt: at } });
}

/** Remove a stored object (its file and row), e.g. an avatar the member replaced. */
export async function removeStored(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(uploads).where(eq(uploads.key, key));
  const root = path.join(ctx.config.dataDir, 'uploads');
  try {
    await unlink(storedPath(root, key));
  } catch {
    // Already gone (or never a local file): nothing to remove.
  }
}

/**
 * A private object's read: the query's V1 signature must be the target's over this key and its
 * `Expires` (Unix seconds, not yet past). Returns the seconds it stays valid; throws AccessDenied
 * (the same for a missing, expired or forged signature: nothing is told about the object).
 */
function verifySignedGet(target: UploadTarget, key: string, query: Record<string, unknown>, now: number): number {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const expiresText = text('Expires');
  const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : NaN;
  const nowS = Math.floor(now / 1000);
  if (!text('Signature') || !Number.isFinite(expires)) throw denied('You have no right to access this object.');
  if (expires <= nowS) throw denied('Request has expired.');
  if (
    text('OSSAccessKeyId') !== target.credentials.accessKeyId ||
    !getSignatureMatches(target.credentials.accessKeySecret, target.bucket, key, expires, text('Signature'))
  )
    throw denied('You have no right to access this object.');
  return expires - nowS;
}

async function serve(
  ctx: AppContext,
  target: UploadTarget,
  root: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const key = (request.params as { '*': string })['*'];
  const type = typeOfKey(key);
  let file: string;
  try {
    file = storedPath(root, key);
  } catch {
    return sendOssError(request, reply, new OssError(404, 'NoSuchKey', 'The specified key does not exist.'));
  }
  // Checked before the file is looked for, so a refusal says nothing about whether it exists.
  let cache = 'public, max-age=31536000, immutable';
  if (isPrivateKey(key)) {
    const validFor = verifySignedGet(target, key, request.query as Record<string, unknown>, ctx.now());
    cache = `private, max-age=${validFor}`;
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || !type)
    return sendOssError(request, reply, new OssError(404, 'NoSuchKey', 'The specified key does not exist.'));
  return reply
    .header('content-type', type)
    .header('content-length', String(info.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .header('content-disposition', 'inline')
    .send(createReadStream(file));
}

/**
 * `GET /uploads/<key>` always (files stored before OSS was configured stay reachable; private ones
 * only while the receiver signs their URLs); `POST /uploads` when local.
 */
export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext, target: UploadTarget): Promise<void> {
  const root = path.join(ctx.config.dataDir, 'uploads');
  await app.register(async (scope) => {
    scope.setErrorHandler((err, request, reply) => {
      if (err instanceof OssError) return sendOssError(request, reply, err);
      request.log.error({ err }, 'upload receiver');
      return sendOssError(
        request,
        reply,
        new OssError(500, 'InternalError', 'We encountered an internal error. Please try again.'),
      );
    });
    scope.get(`${LOCAL_UPLOAD_PATH}/*`, (request, reply) => serve(ctx, target, root, request, reply));
    if (target.kind !== 'local') return;
    await scope.register(fastifyMultipart, {
      limits: {
        fieldNameSize: 100,
        fieldSize: 16 * 1024,
        fields: 20,
        fileSize: MAX_UPLOAD_SIZE + 1,
        files: 1,
        parts: 21,
        headerPairs: 50,
      },
    });
    scope.post(LOCAL_UPLOAD_PATH, async (request, reply) => {
      await receive(ctx, target, root, request);
      return reply.code(200).header('cache-control', 'no-store').send('');
    });
  });
}
