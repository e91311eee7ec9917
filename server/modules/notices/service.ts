/**
 * Notices (公告) as members see them: site-wide, shown while their window is open
 * (kernel/window.ts), pinned ones first, then the newest. Read state is per member
 * (`notice_reads`): a member reads or marks only their own rows, and no answer carries anyone
 * else's.
 */
import { and, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Notice, NoticeBrief } from '../../../openapi/schemas/notices';
import type { AppContext } from '../../context';
import { noticeReads, notices } from '../../db/tables';
import type { Executor } from '../../kernel/db';
import { AppError } from '../../http/errors';
import { openAt } from '../../kernel/window';

export type NoticeBriefData = z.output<typeof NoticeBrief>;
export type NoticeData = z.output<typeof Notice>;

/** At most this many unread notices are listed (the count in /v1/home/check has no cap). */
export const UNREAD_LIST_LIMIT = 50;

const published = (now: number) =>
  openAt({ start: notices.publishAt, end: notices.endAt, withdrawn: notices.withdrawnAt }, now);

const unreadBy = (db: Executor, memberId: number) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(noticeReads)
      .where(and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.memberId, memberId))),
  );

type NoticeRow = typeof notices.$inferSelect;

const briefOf = (n: NoticeRow): NoticeBriefData => ({
  id: n.id,
  title: n.title,
  summary: n.summary,
  pinned: n.pinned > 0,
  publishedAt: n.publishAt.getTime(),
});

/** The published notices the member has not read, pinned first, newest first. */
export async function unreadNotices(ctx: AppContext, memberId: number): Promise<NoticeBriefData[]> {
  const rows = await ctx.db
    .select()
    .from(notices)
    .where(and(published(ctx.now()), unreadBy(ctx.db, memberId)))
    .orderBy(desc(notices.pinned), desc(notices.publishAt), desc(notices.id))
    .limit(UNREAD_LIST_LIMIT);
  return rows.map(briefOf);
}

/** How many published notices the member has not read. */
export async function unreadNoticeCount(db: Executor, memberId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(published(now), unreadBy(db, memberId)));
  return row?.n ?? 0;
}

/** Mark the published notices among `ids` read by the member; other ids (unknown, not shown) are passed over. */
export async function markNoticesRead(ctx: AppContext, memberId: number, ids: readonly number[]): Promise<void> {
  const now = ctx.now();
  const shown = await ctx.db
    .select({ id: notices.id })
    .from(notices)
    .where(and(inArray(notices.id, [...new Set(ids)]), published(now)));
  await insertReads(
    ctx.db,
    memberId,
    shown.map((n) => n.id),
    now,
  );
}

async function insertReads(db: Executor, memberId: number, ids: number[], now: number) {
  if (ids.length === 0) return;
  await db
    .insert(noticeReads)
    .values(ids.map((noticeId) => ({ noticeId, memberId, readAt: new Date(now) })))
    .onConflictDoNothing();
}

/**
 * One published notice; a logged-in viewer has read it from now on. A notice not published
 * (unknown, not yet, ended, withdrawn) is NOT_FOUND alike.
 */
export async function noticeDetail(ctx: AppContext, id: number, viewerId: number | null): Promise<NoticeData> {
  const [row] = await ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), published(ctx.now())))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '公告不存在或已下线');
  if (viewerId !== null) await insertReads(ctx.db, viewerId, [row.id], ctx.now());
  return { ...briefOf(row), content: row.content, read: viewerId !== null };
}
