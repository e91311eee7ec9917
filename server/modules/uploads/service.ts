/**
 * Upload policies (`/v1/oss/policy`) and the avatar (`/v1/users/avatar`): the member gets a policy
 * for their own folder of one module (server/providers/oss), uploads to the upload host, then
 * sets the uploaded picture as their avatar. Only the caller's own objects are ever accepted.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OBJECT_KEY_RE, typeOfKey, type UploadModule } from '../../../openapi/rules/uploads';
import type { AppContext } from '../../context';
import { kv, members, uploads } from '../../db/tables';
import { AppError } from '../../http/errors';
import { issuePolicy, type OssPolicyData } from '../../providers/oss';
import { removeStored } from '../../providers/oss/receiver';

/** Policies one member may get in a window (a member picking and retrying a few pictures needs far fewer). */
export const POLICY_LIMIT = { perWindow: 20, windowMs: 10 * 60_000 } as const;

/**
 * Count one policy request of the member in a fixed window kept in `kv` (one row per member that
 * uploads, updated in place; one atomic statement, so it holds across processes). Over the limit
 * → 429 RATE_LIMITED.
 */
async function admitPolicy(ctx: AppContext, memberId: number): Promise<void> {
  const now = ctx.now();
  const key = `oss_policy_window:${memberId}`;
  const fresh = { start: now, n: 1 };
  const [row] = await ctx.db
    .insert(kv)
    .values({ key, value: fresh, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: kv.key,
      set: {
        value: sql`case when (${kv.value}->>'start')::bigint <= ${now - POLICY_LIMIT.windowMs}
          then ${JSON.stringify(fresh)}::jsonb
          else jsonb_set(${kv.value}, '{n}', to_jsonb((${kv.value}->>'n')::int + 1)) end`,
        updatedAt: new Date(now),
      },
    })
    .returning({ value: kv.value });
  const n = (row?.value as { n?: number } | undefined)?.n ?? 1;
  if (n > POLICY_LIMIT.perWindow) throw new AppError('RATE_LIMITED', '上传太频繁，请稍后再试');
}

export async function policyFor(ctx: AppContext, memberId: number, module: UploadModule): Promise<OssPolicyData> {
  await admitPolicy(ctx, memberId);
  return issuePolicy(ctx.uploads, module, memberId, ctx.now());
}

/** The avatar key of `memberId` an avatar URL names, when it is one of the site's own uploads. */
function ownAvatarKey(ctx: AppContext, memberId: number, url: string | null): string | null {
  const base = ctx.uploads.publicBase;
  if (!url?.startsWith(base)) return null;
  const key = url.slice(base.length);
  const m = OBJECT_KEY_RE.exec(key);
  return m && m[1] === 'avatar' && Number(m[2]) === memberId ? key : null;
}

/**
 * Accept `keys` as uploads of `memberId` to `module`: each must be in the member's own folder of
 * that module and, with the built-in receiver, a picture the member uploaded (an `uploads` row of
 * theirs). With OSS the bucket checked the upload against the member's policy; the row records the
 * key when it is first used. Anything else is UPLOAD_KEY_INVALID, the same answer whether a key is
 * another member's or names nothing.
 */
export async function acceptOwnUploads(
  ctx: Pick<AppContext, 'db' | 'now' | 'uploads'>,
  memberId: number,
  module: UploadModule,
  keys: readonly string[],
): Promise<void> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return;
  for (const key of wanted) {
    const m = OBJECT_KEY_RE.exec(key);
    if (!m || m[1] !== module || Number(m[2]) !== memberId) throw new AppError('UPLOAD_KEY_INVALID');
  }
  if (ctx.uploads.kind === 'local') {
    const own = await ctx.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(inArray(uploads.key, wanted), eq(uploads.memberId, memberId), eq(uploads.module, module)));
    if (own.length !== wanted.length) throw new AppError('UPLOAD_KEY_INVALID');
    return;
  }
  // The bucket checked the upload; the row records the key when it is first used.
  await ctx.db
    .insert(uploads)
    .values(
      wanted.map((key) => ({
        key,
        memberId,
        module,
        contentType: typeOfKey(key)!,
        size: 0,
        createdAt: new Date(ctx.now()),
      })),
    )
    .onConflictDoNothing();
}

/**
 * Set the member's avatar to an uploaded picture of their own (`acceptOwnUploads`); with the
 * built-in receiver the avatar it replaces is removed.
 */
export async function setAvatar(ctx: AppContext, memberId: number, key: string): Promise<{ avatar: string }> {
  await acceptOwnUploads(ctx, memberId, 'avatar', [key]);
  const local = ctx.uploads.kind === 'local';
  const avatar = ctx.uploads.publicBase + key;
  const [before] = await ctx.db.select({ avatar: members.avatar }).from(members).where(eq(members.id, memberId));
  await ctx.db
    .update(members)
    .set({ avatar, updatedAt: new Date(ctx.now()) })
    .where(eq(members.id, memberId));
  const replaced = ownAvatarKey(ctx, memberId, before?.avatar ?? null);
  if (local && replaced && replaced !== key) await removeStored(ctx, replaced);
  return { avatar };
}
