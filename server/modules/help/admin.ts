/**
 * The operator's side of the help centre (`npm run ops -- help …`, the demo seed): the category
 * tree of openapi/rules/help.ts stored before the first article, publishing an article (content
 * sanitized here, once, when stored: kernel/html.ts), unpublishing one, and the list with each
 * article's state and votes.
 */
import { asc, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import { HELP_ROOT_ID, HELP_ROOT_NAME, HELP_TITLE_MAX, HELP_TOPICS } from '../../../openapi/rules/help';
import { helpCategories, helpQuestions, helpVotes } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';
import { plainText, sanitizeRichText } from '../../kernel/html';

export interface HelpQuestionInput {
  categoryId: number;
  title: string;
  /** HTML as the operator wrote it; sanitized before it is stored. */
  content: string;
  hot?: boolean;
  /** Position in its category (smaller first); default after the last one. */
  sort?: number;
}

export type HelpQuestionRow = typeof helpQuestions.$inferSelect;

/** Store the root and its topics (their fixed ids); what is there already is kept as it is. */
export async function ensureHelpTree(db: Executor): Promise<void> {
  await db
    .insert(helpCategories)
    .values([
      { id: HELP_ROOT_ID, parentId: null, name: HELP_ROOT_NAME, sort: 0 },
      ...HELP_TOPICS.map((t, i) => ({ id: t.id, parentId: HELP_ROOT_ID, name: t.name, sort: (i + 1) * 10 })),
    ])
    .onConflictDoNothing();
}

/** The topics an article may go in (categories under another), with their parents' order. */
export async function helpTopics(db: Executor) {
  return db
    .select({ id: helpCategories.id, name: helpCategories.name, parentId: helpCategories.parentId })
    .from(helpCategories)
    .where(isNotNull(helpCategories.parentId))
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
}

/** Validate, sanitize and store an article in a topic of the help tree. */
export async function publishHelpQuestion(ctx: WriteContext, input: HelpQuestionInput): Promise<HelpQuestionRow> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  const title = input.title.trim();
  if (!title) throw bad('请填写问题标题');
  if ([...title].length > HELP_TITLE_MAX) throw bad(`问题标题最多 ${HELP_TITLE_MAX} 个字`);
  const content = sanitizeRichText(input.content);
  if (!plainText(content) && !/<img [^>]*src=/.test(content)) throw bad('解答正文为空（或清洗后没有可展示的内容）');
  await ensureHelpTree(ctx.db);
  const topic = (await helpTopics(ctx.db)).find((t) => t.id === input.categoryId);
  if (!topic) throw bad(`没有编号为 ${input.categoryId} 的帮助分类（可用 npm run ops -- help list 查看分类）`);
  let sort = input.sort;
  if (sort === undefined) {
    const [last] = await ctx.db
      .select({ n: max(helpQuestions.sort) })
      .from(helpQuestions)
      .where(eq(helpQuestions.categoryId, topic.id));
    sort = (last?.n ?? 0) + 10;
  }
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(helpQuestions)
    .values({ categoryId: topic.id, title, content, hot: input.hot ?? false, sort, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

/** Take an article off the help centre (kept, answering as missing); `already` when it was off. */
export async function unpublishHelpQuestion(
  ctx: WriteContext,
  id: number,
): Promise<{ row: HelpQuestionRow; already: boolean }> {
  const [row] = await ctx.db.select().from(helpQuestions).where(eq(helpQuestions.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的帮助问题`);
  if (!row.published) return { row, already: true };
  const [done] = await ctx.db
    .update(helpQuestions)
    .set({ published: false, updatedAt: new Date(ctx.now()) })
    .where(eq(helpQuestions.id, id))
    .returning();
  return { row: done!, already: false };
}

/** Every article (published or not) with its category and votes, in the help centre's order. */
export async function listHelpQuestionsForOperator(ctx: WriteContext, opts: { categoryId?: number; limit: number }) {
  const votes = ctx.db
    .select({
      questionId: helpVotes.questionId,
      helpful: sql<number>`count(*) filter (where ${helpVotes.helpful})`.mapWith(Number).as('helpful'),
      all: count().as('all'),
    })
    .from(helpVotes)
    .groupBy(helpVotes.questionId)
    .as('votes');
  const rows = await ctx.db
    .select({
      q: helpQuestions,
      categoryName: helpCategories.name,
      helpful: votes.helpful,
      all: votes.all,
    })
    .from(helpQuestions)
    .innerJoin(helpCategories, eq(helpCategories.id, helpQuestions.categoryId))
    .leftJoin(votes, eq(votes.questionId, helpQuestions.id))
    .where(opts.categoryId === undefined ? undefined : eq(helpQuestions.categoryId, opts.categoryId))
    .orderBy(desc(helpQuestions.published), asc(helpCategories.sort), asc(helpQuestions.sort), asc(helpQuestions.id))
    .limit(opts.limit);
  return rows.map(({ q, categoryName, helpful, all }) => ({
    ...q,
    categoryName,
    helpful: helpful ?? 0,
    notHelpful: (all ?? 0) - (helpful ?? 0),
  }));
}

/** The categories with their published article counts (the operator's overview). */
export async function helpTopicCounts(db: Executor) {
  const topics = await helpTopics(db);
  const counts = await db
    .select({ categoryId: helpQuestions.categoryId, n: count() })
    .from(helpQuestions)
    .where(eq(helpQuestions.published, true))
    .groupBy(helpQuestions.categoryId);
  return topics.map((t) => ({ ...t, published: counts.find((c) => c.categoryId === t.id)?.n ?? 0 }));
}
