/**
 * The screen message (弹屏消息): one full-screen announcement, shown once per member on login or
 * /home, then marked seen (`/v1/messages/screen`, `/v1/messages/flash/read`; the home check asks
 * `pendingScreenMessage` too).
 *
 * The current one is the newest live announcement: started (`start_at` ≤ now), not ended
 * (now < `end_at`) and not withdrawn. A newer one takes over from an older one still in its
 * window; a member who has seen the current one gets nothing (result code 1060) until an operator
 * sets another. Operators set, withdraw and list them with `npm run ops -- screen …`.
 */
import { and, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScreenMessage } from '../../../openapi/schemas/messages';
import { screenMessageSeen, screenMessages } from '../../db/schema-content';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { plainText, sanitizeRichText } from '../../kernel/html';
import { openAt } from '../../kernel/window';
import { TITLE_MAX } from './send';

export type ScreenMessageData = z.output<typeof ScreenMessage>;
type ScreenRow = typeof screenMessages.$inferSelect;

const toScreenMessage = (r: ScreenRow): ScreenMessageData => ({
  id: r.id,
  title: r.title,
  content: r.content,
  image: r.image,
  link: r.link,
  buttonText: r.buttonText,
  endAt: r.endAt.getTime(),
});

const live = (now: number) =>
  openAt({ start: screenMessages.startAt, end: screenMessages.endAt, withdrawn: screenMessages.withdrawnAt }, now);

/** The current screen message if this member has not seen it yet, else null. */
export async function pendingScreenMessage(
  db: Executor,
  memberId: number,
  now: number,
): Promise<ScreenMessageData | null> {
  const current = db
    .select({ id: screenMessages.id })
    .from(screenMessages)
    .where(live(now))
    .orderBy(desc(screenMessages.startAt), desc(screenMessages.id))
    .limit(1);
  const [row] = await db
    .select()
    .from(screenMessages)
    .where(
      and(
        eq(screenMessages.id, sql`(${current})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(screenMessageSeen)
            .where(
              and(eq(screenMessageSeen.memberId, memberId), eq(screenMessageSeen.screenMessageId, screenMessages.id)),
            ),
        ),
      ),
    )
    .limit(1);
  return row ? toScreenMessage(row) : null;
}

/**
 * The member has seen screen message `id` (any one that exists, even if it was withdrawn while it
 * was on screen). Idempotent. An id that names none is refused.
 */
export async function markScreenSeen(db: Executor, memberId: number, id: number, now: number): Promise<void> {
  const [row] = await db
    .select({ id: screenMessages.id })
    .from(screenMessages)
    .where(eq(screenMessages.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '这条弹屏消息不存在');
  await db
    .insert(screenMessageSeen)
    .values({ screenMessageId: id, memberId, seenAt: new Date(now) })
    .onConflictDoNothing();
}

/* ---- operators ---- */

export interface ScreenInput {
  title: string;
  /** Rich text; sanitized before it is stored. */
  content: string;
  /** https image URL, or null. */
  image?: string | null;
  /** Where the button goes (the caller checks it: a routed in-site path or https), or null. */
  link?: string | null;
  buttonText?: string | null;
  /** Default: now. */
  startAt?: number;
  endAt: number;
}

export async function setScreenMessage(ctx: { db: Executor; now: () => number }, input: ScreenInput) {
  const now = ctx.now();
  const title = input.title.trim();
  if (!title) throw new AppError('INVALID_PARAMS', '请填写弹屏标题');
  if ([...title].length > TITLE_MAX) throw new AppError('INVALID_PARAMS', `弹屏标题最多 ${TITLE_MAX} 个字`);
  const content = sanitizeRichText(input.content);
  if (!plainText(content) && !input.image) throw new AppError('INVALID_PARAMS', '请填写弹屏内容或配图');
  const image = input.image?.trim() || null;
  if (image !== null && !/^https:\/\/[^\s]+$/i.test(image))
    throw new AppError('INVALID_PARAMS', `配图必须是 https 地址：${image}`);
  const buttonText = input.buttonText?.trim() || '知道了';
  if ([...buttonText].length > 10) throw new AppError('INVALID_PARAMS', '按钮文字最多 10 个字');
  const startAt = input.startAt ?? now;
  if (input.endAt <= startAt) throw new AppError('INVALID_PARAMS', '结束时间必须晚于开始时间');
  if (input.endAt <= now) throw new AppError('INVALID_PARAMS', '结束时间已经过去，会员不会看到这条弹屏');
  const [row] = await ctx.db
    .insert(screenMessages)
    .values({
      title,
      content,
      image,
      link: input.link?.trim() || null,
      buttonText,
      startAt: new Date(startAt),
      endAt: new Date(input.endAt),
      createdAt: new Date(now),
    })
    .returning();
  return row!;
}

/** Withdraw a screen message now; a withdrawn one is refused again. */
export async function withdrawScreenMessage(ctx: { db: Executor; now: () => number }, id: number) {
  const [row] = await ctx.db
    .update(screenMessages)
    .set({ withdrawnAt: new Date(ctx.now()) })
    .where(and(eq(screenMessages.id, id), isNull(screenMessages.withdrawnAt)))
    .returning();
  if (row) return row;
  const [exists] = await ctx.db.select({ id: screenMessages.id }).from(screenMessages).where(eq(screenMessages.id, id));
  if (exists) throw new AppError('INVALID_PARAMS', `弹屏消息 ${id} 已经撤下了`);
  throw new AppError('NOT_FOUND', `弹屏消息 ${id} 不存在`);
}

/** Every screen message, newest first, with how many members have seen each (the CLI's list). */
export async function listScreenMessages(db: Executor, limit: number) {
  return db
    .select({
      s: screenMessages,
      seen: sql<number>`(select count(*) from ${screenMessageSeen} where ${screenMessageSeen.screenMessageId} = ${screenMessages.id})`.mapWith(
        Number,
      ),
    })
    .from(screenMessages)
    .orderBy(desc(screenMessages.id))
    .limit(limit);
}
