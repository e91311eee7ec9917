/**
 * The operator's side of notices (`npm run ops -- notice …`, the demo seed): publish with a window
 * and a pin, withdraw, list with each one's state and how many members read it. Content is
 * sanitized here, once, when stored (kernel/html.ts); the summary is its plain text unless given.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { WriteContext } from '../../kernel/db';
import { noticeReads, notices } from '../../db/tables';
import { AppError } from '../../http/errors';
import { plainText, sanitizeRichText } from '../../kernel/html';
import { checkWindow, windowLabel } from '../../kernel/window';

type Ctx = WriteContext;

export const NOTICE_TITLE_MAX = 60;
export const NOTICE_SUMMARY_MAX = 120;

export interface NoticeInput {
  title: string;
  /** HTML as the operator wrote it; sanitized before it is stored. */
  content: string;
  summary?: string;
  pinned?: boolean;
  /** Epoch ms; default now. */
  publishAt?: number;
  endAt?: number | null;
}

export type NoticeRow = typeof notices.$inferSelect;

/** Validate, sanitize and store a notice. */
export async function publishNotice(ctx: Ctx, input: NoticeInput): Promise<NoticeRow> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  const now = ctx.now();
  const title = input.title.trim();
  if (!title) throw bad('请填写公告标题');
  if ([...title].length > NOTICE_TITLE_MAX) throw bad(`公告标题最多 ${NOTICE_TITLE_MAX} 个字`);
  const content = sanitizeRichText(input.content);
  if (!plainText(content) && !/<img [^>]*src=/.test(content)) throw bad('公告正文为空（或清洗后没有可展示的内容）');
  const summary = input.summary?.trim() || plainText(content, NOTICE_SUMMARY_MAX);
  if ([...summary].length > NOTICE_SUMMARY_MAX) throw bad(`公告摘要最多 ${NOTICE_SUMMARY_MAX} 个字`);
  const publishAt = input.publishAt ?? now;
  const endAt = input.endAt ?? null;
  checkWindow(publishAt, endAt, now);
  const [row] = await ctx.db
    .insert(notices)
    .values({
      title,
      summary,
      content,
      pinned: input.pinned ? 1 : 0,
      publishAt: new Date(publishAt),
      endAt: endAt === null ? null : new Date(endAt),
      createdAt: new Date(now),
    })
    .returning();
  return row!;
}

/** Withdraw a notice now; `already` when it was withdrawn before (nothing changes). */
export async function withdrawNotice(ctx: Ctx, id: number): Promise<{ row: NoticeRow; already: boolean }> {
  const [row] = await ctx.db.select().from(notices).where(eq(notices.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的公告`);
  if (row.withdrawnAt) return { row, already: true };
  const [done] = await ctx.db
    .update(notices)
    .set({ withdrawnAt: new Date(ctx.now()) })
    .where(eq(notices.id, id))
    .returning();
  return { row: done!, already: false };
}

/** Every notice, newest first, with its state and read count. */
export async function listNoticesForOperator(ctx: Ctx, limit: number) {
  const reads = ctx.db
    .select({ noticeId: noticeReads.noticeId, n: count().as('n') })
    .from(noticeReads)
    .groupBy(noticeReads.noticeId)
    .as('reads');
  const rows = await ctx.db
    .select({ notice: notices, reads: reads.n })
    .from(notices)
    .leftJoin(reads, eq(reads.noticeId, notices.id))
    .orderBy(desc(notices.publishAt), desc(notices.id))
    .limit(limit);
  const now = ctx.now();
  return rows.map(({ notice, reads: n }) => ({
    ...notice,
    reads: n ?? 0,
    state: windowLabel({ start: notice.publishAt, end: notice.endAt, withdrawn: notice.withdrawnAt }, now),
  }));
}
