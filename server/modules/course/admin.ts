/**
 * The operator's side of the newcomer course (`npm run ops -- course …`, `quiz …`, the demo seed):
 * lessons (content sanitized here, once, when stored: kernel/html.ts), publishing and unpublishing
 * them, and the quiz bank (each question with its correct option and the lesson it refers to).
 */
import { asc, count, eq } from 'drizzle-orm';
import {
  COURSE_TITLE_MAX,
  QUIZ_OPTION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_STEM_MAX,
} from '../../../openapi/rules/course';
import { courseLessons, courseProgress, quizQuestions } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';
import { plainText, sanitizeRichText } from '../../kernel/html';

const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);

export interface LessonInput {
  title: string;
  /** HTML as the operator wrote it; sanitized before it is stored. */
  content: string;
  /** One line for the list; default: the start of the content. */
  summary?: string;
  minutes?: number;
  /** Position (smaller first); default after the last lesson. */
  sort?: number;
}

export type LessonRow = typeof courseLessons.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;

export async function addLesson(ctx: WriteContext, input: LessonInput): Promise<LessonRow> {
  const title = input.title.trim();
  if (!title) throw bad('请填写课程标题');
  if ([...title].length > COURSE_TITLE_MAX) throw bad(`课程标题最多 ${COURSE_TITLE_MAX} 个字`);
  const content = sanitizeRichText(input.content);
  const text = plainText(content, 1_000_000);
  if (!text) throw bad('课程正文为空（或清洗后没有可展示的内容）');
  const minutes = input.minutes ?? Math.max(1, Math.round([...text].length / 400));
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) throw bad('阅读分钟数应在 1–60 之间');
  let sort = input.sort;
  if (sort === undefined) {
    const rows = await ctx.db.select({ sort: courseLessons.sort }).from(courseLessons);
    sort = rows.reduce((m, r) => Math.max(m, r.sort), 0) + 10;
  }
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(courseLessons)
    .values({
      title,
      summary: input.summary?.trim() || plainText(content, 60),
      content,
      minutes,
      sort,
      published: true,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

export async function setLessonPublished(
  ctx: WriteContext,
  id: number,
  published: boolean,
): Promise<{ row: LessonRow; already: boolean }> {
  const [row] = await ctx.db.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!row) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的课程`);
  if (row.published === published) return { row, already: true };
  const [changed] = await ctx.db
    .update(courseLessons)
    .set({ published, updatedAt: new Date(ctx.now()) })
    .where(eq(courseLessons.id, id))
    .returning();
  return { row: changed!, already: false };
}

/** Every lesson (unpublished too) with its questions in the bank and how many members read it. */
export async function listLessonsForOperator(db: Executor) {
  const [lessons, questions, readers] = await Promise.all([
    db.select().from(courseLessons).orderBy(asc(courseLessons.sort), asc(courseLessons.id)),
    db
      .select({ lessonId: quizQuestions.lessonId, n: count() })
      .from(quizQuestions)
      .where(eq(quizQuestions.active, true))
      .groupBy(quizQuestions.lessonId),
    db.select({ lessonId: courseProgress.lessonId, n: count() }).from(courseProgress).groupBy(courseProgress.lessonId),
  ]);
  const q = new Map(questions.map((r) => [r.lessonId, r.n]));
  const r = new Map(readers.map((x) => [x.lessonId, x.n]));
  return lessons.map((l) => ({ ...l, questions: q.get(l.id) ?? 0, readers: r.get(l.id) ?? 0 }));
}

export interface QuestionInput {
  lessonId: number;
  stem: string;
  options: string[];
  /** Index into `options` of the right answer. */
  correct: number;
  /** Why that answer is right (shown after a wrong answer). */
  explanation?: string;
}

export async function addQuestion(ctx: WriteContext, input: QuestionInput): Promise<QuestionRow> {
  const stem = input.stem.trim();
  if (!stem) throw bad('请填写题干');
  if ([...stem].length > QUIZ_STEM_MAX) throw bad(`题干最多 ${QUIZ_STEM_MAX} 个字`);
  const options = input.options.map((o) => o.trim());
  if (options.length < QUIZ_OPTIONS_MIN || options.length > QUIZ_OPTIONS_MAX)
    throw bad(`选项应有 ${QUIZ_OPTIONS_MIN}–${QUIZ_OPTIONS_MAX} 个`);
  if (options.some((o) => !o || [...o].length > QUIZ_OPTION_MAX)) throw bad(`每个选项 1–${QUIZ_OPTION_MAX} 个字`);
  if (new Set(options).size !== options.length) throw bad('选项不能重复');
  if (!Number.isInteger(input.correct) || input.correct < 0 || input.correct >= options.length)
    throw bad(`正确答案应是第 1–${options.length} 个选项之一`);
  const [lesson] = await ctx.db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(eq(courseLessons.id, input.lessonId));
  if (!lesson) throw bad(`没有编号为 ${input.lessonId} 的课程（npm run ops -- course list 查看）`);
  const [row] = await ctx.db
    .insert(quizQuestions)
    .values({
      lessonId: input.lessonId,
      stem,
      options,
      correct: input.correct,
      explanation: input.explanation?.trim() ?? '',
      active: true,
      createdAt: new Date(ctx.now()),
    })
    .returning();
  return row!;
}

export async function listQuestionsForOperator(db: Executor, lessonId?: number) {
  const rows = await db
    .select({ q: quizQuestions, lessonTitle: courseLessons.title })
    .from(quizQuestions)
    .innerJoin(courseLessons, eq(courseLessons.id, quizQuestions.lessonId))
    .where(lessonId === undefined ? undefined : eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.id));
  return rows.map((r) => ({ ...r.q, lessonTitle: r.lessonTitle }));
}

export async function setQuestionActive(
  ctx: WriteContext,
  id: number,
  active: boolean,
): Promise<{ row: QuestionRow; already: boolean }> {
  const [row] = await ctx.db.select().from(quizQuestions).where(eq(quizQuestions.id, id));
  if (!row) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的题目`);
  if (row.active === active) return { row, already: true };
  const [changed] = await ctx.db.update(quizQuestions).set({ active }).where(eq(quizQuestions.id, id)).returning();
  return { row: changed!, already: false };
}
