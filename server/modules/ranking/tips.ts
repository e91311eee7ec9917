/**
 * Answering-tips articles (答题技巧) beside the ranking: members read the published ones; operators
 * list, publish and unpublish them (`npm run ops -- tips …`, scripts/ops-ranking.ts). Content is
 * sanitized when stored (server/kernel/html.ts); an unpublished or unknown article is NOT_FOUND alike.
 */
import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { RankingTip, RankingTipDetail } from '../../../openapi/schemas/ranking';
import { rankingTips } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';
import { plainText, sanitizeRichText } from '../../kernel/html';

export type RankingTipData = z.output<typeof RankingTip>;
export type RankingTipDetailData = z.output<typeof RankingTipDetail>;
export type RankingTipRow = typeof rankingTips.$inferSelect;

export const TIP_TITLE_MAX = 40;
export const TIP_SUMMARY_MAX = 80;

const listed = (r: RankingTipRow): RankingTipData => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  updatedAt: r.updatedAt.getTime(),
});

export async function listTips(db: Executor): Promise<RankingTipData[]> {
  const rows = await db
    .select()
    .from(rankingTips)
    .where(eq(rankingTips.published, true))
    .orderBy(asc(rankingTips.sort), asc(rankingTips.id));
  return rows.map(listed);
}

export async function tipDetail(db: Executor, id: number): Promise<RankingTipDetailData> {
  const [row] = await db
    .select()
    .from(rankingTips)
    .where(and(eq(rankingTips.id, id), eq(rankingTips.published, true)));
  if (!row) throw new AppError('NOT_FOUND', '这篇文章不存在或已下线');
  return { ...listed(row), content: row.content };
}

/* ---- operators ---- */

export async function listTipsForOperator(db: Executor): Promise<RankingTipRow[]> {
  return db.select().from(rankingTips).orderBy(asc(rankingTips.sort), asc(rankingTips.id));
}

export interface TipInput {
  title: string;
  /** One line for the list; the content's first words when omitted. */
  summary?: string;
  /** HTML, sanitized here. */
  content: string;
  sort?: number;
}

export async function publishTip(ctx: WriteContext, input: TipInput): Promise<RankingTipRow> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  const title = input.title.trim();
  if (!title) throw bad('请填写文章标题');
  if ([...title].length > TIP_TITLE_MAX) throw bad(`文章标题最多 ${TIP_TITLE_MAX} 个字`);
  const content = sanitizeRichText(input.content);
  if (!plainText(content)) throw bad('文章正文为空（或清洗后没有可展示的内容）');
  const summary = (input.summary?.trim() || plainText(content, TIP_SUMMARY_MAX)).slice(0, TIP_SUMMARY_MAX);
  let sort = input.sort;
  if (sort === undefined) {
    const [last] = await ctx.db.select({ n: max(rankingTips.sort) }).from(rankingTips);
    sort = (last?.n ?? 0) + 10;
  }
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(rankingTips)
    .values({ title, summary, content, sort, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

/** Take an article off (kept, answering as missing); `already` when it was off. Null: no such article. */
export async function unpublishTip(
  ctx: WriteContext,
  id: number,
): Promise<{ row: RankingTipRow; already: boolean } | null> {
  const [row] = await ctx.db.select().from(rankingTips).where(eq(rankingTips.id, id));
  if (!row) return null;
  if (!row.published) return { row, already: true };
  const [updated] = await ctx.db
    .update(rankingTips)
    .set({ published: false, updatedAt: new Date(ctx.now()) })
    .where(eq(rankingTips.id, id))
    .returning();
  return { row: updated!, already: false };
}
