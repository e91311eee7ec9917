/**
 * The help centre as members read it: the category tree (`/v1/categories`), articles by category,
 * keyword or 常见问题 (`/v1/questions`), one article (`/v1/questions/{id}`) and the "was this
 * helpful" vote. Only published articles are ever shown; an unpublished or unknown one is
 * NOT_FOUND alike. A member has one vote per article: a second vote replaces the first (one
 * upsert on the primary key, so concurrent votes of one member leave one row).
 *
 * A keyword is matched by terms, not as one substring (./search.ts): the bigrams of its Chinese
 * and its other words as they are (`%` and `_` are characters like any other), ranked by where an
 * article holds them — title first, then text.
 */
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { HelpCategory, HelpQuestionDetail, HelpQuestionPage, QuestionQuery } from '../../../openapi/schemas/help';
import { helpCategories, helpQuestions, helpVotes } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';
import { articleText, scoreArticle, searchTerms } from './search';

export type HelpCategoryData = z.output<typeof HelpCategory>;
export type HelpQuestionPageData = z.output<typeof HelpQuestionPage>;
export type HelpQuestionDetailData = z.output<typeof HelpQuestionDetail>;
type QuestionQueryData = z.output<typeof QuestionQuery>;

/** Question titles listed under each category. */
export const TITLES_PER_CATEGORY = 10;
/** Other articles of the same category under an article. */
export const RELATED_MAX = 5;

const missingCategory = () => new AppError('NOT_FOUND', '帮助分类不存在');
const missingQuestion = () => new AppError('NOT_FOUND', '这个问题不存在或已下线');

async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, id));
  return Boolean(row);
}

/**
 * The children of `parentId` (the top level without one), each with the titles of its first
 * published articles. An id that is no category is NOT_FOUND.
 */
export async function listHelpCategories(db: Executor, parentId: number | undefined): Promise<HelpCategoryData[]> {
  if (parentId !== undefined && !(await categoryExists(db, parentId))) throw missingCategory();
  const children = await db
    .select({ id: helpCategories.id, name: helpCategories.name, icon: helpCategories.icon })
    .from(helpCategories)
    .where(parentId === undefined ? isNull(helpCategories.parentId) : eq(helpCategories.parentId, parentId))
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
  if (children.length === 0) return [];
  const ranked = db
    .select({
      id: helpQuestions.id,
      title: helpQuestions.title,
      categoryId: helpQuestions.categoryId,
      rank: sql<number>`row_number() over (partition by ${helpQuestions.categoryId} order by ${helpQuestions.sort}, ${helpQuestions.id})`.as(
        'rank',
      ),
    })
    .from(helpQuestions)
    .where(
      and(
        eq(helpQuestions.published, true),
        inArray(
          helpQuestions.categoryId,
          children.map((c) => c.id),
        ),
      ),
    )
    .as('ranked');
  const titles = await db
    .select({ id: ranked.id, title: ranked.title, categoryId: ranked.categoryId })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${TITLES_PER_CATEGORY}`)
    .orderBy(asc(ranked.rank));
  return children.map((c) => ({
    ...c,
    questions: titles.filter((q) => q.categoryId === c.id).map(({ id, title }) => ({ id, title })),
  }));
}

/**
 * Published articles, by category (the category's own and its children's), keyword or 常见问题,
 * in the help centre's order (category, then article); with a keyword, the articles that hold at
 * least half of its terms, best first (./search.ts), then in that order.
 */
export async function listHelpQuestions(db: Executor, q: QuestionQueryData): Promise<HelpQuestionPageData> {
  const conds: SQL[] = [eq(helpQuestions.published, true)];
  if (q.categoryId !== undefined) {
    if (!(await categoryExists(db, q.categoryId))) throw missingCategory();
    const inTree = db
      .select({ id: helpCategories.id })
      .from(helpCategories)
      .where(or(eq(helpCategories.id, q.categoryId), eq(helpCategories.parentId, q.categoryId)));
    conds.push(inArray(helpQuestions.categoryId, inTree));
  }
  if (q.hot === '1') conds.push(eq(helpQuestions.hot, true));
  const where = and(...conds);
  const columns = {
    id: helpQuestions.id,
    categoryId: helpQuestions.categoryId,
    title: helpQuestions.title,
    content: helpQuestions.content,
    hot: helpQuestions.hot,
    updatedAt: helpQuestions.updatedAt,
  };
  const order = [asc(helpCategories.sort), asc(helpQuestions.sort), asc(helpQuestions.id)];
  const select = () =>
    db
      .select(columns)
      .from(helpQuestions)
      .innerJoin(helpCategories, eq(helpCategories.id, helpQuestions.categoryId))
      .where(where)
      .orderBy(...order);
  type Row = Awaited<ReturnType<typeof select>>[number];
  const out = (rows: Row[], total: number) =>
    pageOf(
      q,
      rows.map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() })),
      total,
    );

  const terms = searchTerms(q.keyword?.trim() ?? '');
  if (terms.length > 0) {
    // The published articles are a few dozen: score them all, then page.
    const scored = (await select())
      .map((row) => ({
        row,
        score: scoreArticle(terms, { title: row.title, text: articleText(row.content) }),
      }))
      .filter((s): s is { row: Row; score: number } => s.score !== null)
      // A stable sort: equal scores keep the help centre's order.
      .sort((a, b) => b.score - a.score);
    const offset = pageOffset(q);
    return out(
      scored.slice(offset, offset + q.pageSize).map((s) => s.row),
      scored.length,
    );
  }

  const [total] = await db.select({ n: count() }).from(helpQuestions).where(where);
  const rows = await select().limit(q.pageSize).offset(pageOffset(q));
  return out(rows, total?.n ?? 0);
}

async function helpfulCount(db: Executor, questionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(helpVotes)
    .where(and(eq(helpVotes.questionId, questionId), eq(helpVotes.helpful, true)));
  return row?.n ?? 0;
}

async function publishedQuestion(db: Executor, id: number) {
  const [row] = await db
    .select({ q: helpQuestions, categoryName: helpCategories.name })
    .from(helpQuestions)
    .innerJoin(helpCategories, eq(helpCategories.id, helpQuestions.categoryId))
    .where(and(eq(helpQuestions.id, id), eq(helpQuestions.published, true)))
    .limit(1);
  if (!row) throw missingQuestion();
  return row;
}

/** One published article with its category, helpful count, the viewer's vote and related articles. */
export async function helpQuestionDetail(
  db: Executor,
  id: number,
  viewerId: number | null,
): Promise<HelpQuestionDetailData> {
  const { q, categoryName } = await publishedQuestion(db, id);
  const helpful = await helpfulCount(db, q.id);
  let myVote: boolean | null = null;
  if (viewerId !== null) {
    const [vote] = await db
      .select({ helpful: helpVotes.helpful })
      .from(helpVotes)
      .where(and(eq(helpVotes.questionId, q.id), eq(helpVotes.memberId, viewerId)));
    myVote = vote?.helpful ?? null;
  }
  const related = await db
    .select({ id: helpQuestions.id, title: helpQuestions.title })
    .from(helpQuestions)
    .where(
      and(
        eq(helpQuestions.categoryId, q.categoryId),
        eq(helpQuestions.published, true),
        sql`${helpQuestions.id} <> ${q.id}`,
      ),
    )
    .orderBy(asc(helpQuestions.sort), asc(helpQuestions.id))
    .limit(RELATED_MAX);
  return {
    id: q.id,
    categoryId: q.categoryId,
    title: q.title,
    content: q.content,
    hot: q.hot,
    updatedAt: q.updatedAt.getTime(),
    categoryName,
    helpful,
    myVote,
    related,
  };
}

/**
 * The member's vote on a published article: the first, or one replacing their earlier vote.
 * One statement (insert … on conflict do update) on the (article, member) key, so votes sent
 * together leave exactly one row, the last one's.
 */
export async function voteOnHelpQuestion(
  db: Executor,
  memberId: number,
  questionId: number,
  helpful: boolean,
  now: number,
): Promise<{ helpful: number; myVote: boolean }> {
  await publishedQuestion(db, questionId);
  await db
    .insert(helpVotes)
    .values({ questionId, memberId, helpful, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: [helpVotes.questionId, helpVotes.memberId], set: { helpful } });
  return { helpful: await helpfulCount(db, questionId), myVote: helpful };
}
