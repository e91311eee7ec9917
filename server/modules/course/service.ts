/**
 * The newcomer course and its answer sheet (quiz).
 *
 * - Lessons are read by anyone; a member's progress is a row per lesson read to its end.
 * - An attempt draws QUIZ_SIZE active questions of published lessons and shuffles the questions and
 *   each question's options; what was drawn (ids and option order) is stored with the attempt, and
 *   the client sees the options by position only. The key stays in `quiz_questions`.
 * - Attempts per Beijing day are limited (QUIZ_ATTEMPTS_PER_DAY); an unsubmitted attempt is resumed
 *   instead of starting a new one. Starting takes the member's row lock, so concurrent starts count
 *   right.
 * - Submitting is once per attempt (a conditional update on `submitted_at IS NULL`); a repeated
 *   submit answers the stored result. A pass credits the newcomer reward through the points ledger
 *   under the key `course-quiz:<memberId>`, in the same transaction: once per member, whichever
 *   attempt passes first; later passes pay nothing and say so.
 * - Pass mark and reward are operator settings kept in `kv` (`npm run ops -- quiz settings`).
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QUIZ_ATTEMPTS_PER_DAY,
  QUIZ_DEFAULT_PASS_MARK,
  QUIZ_DEFAULT_REWARD,
  QUIZ_SIZE,
} from '../../../openapi/rules/course';
import type {
  CourseLesson,
  CourseList,
  CourseProgress,
  QuizAttempt,
  QuizResult,
  QuizSettings,
  QuizStatus,
  QuizSubmitBody,
} from '../../../openapi/schemas/course';
import { members } from '../../db/schema';
import { courseLessons, courseProgress, quizAttempts, quizQuestions, type DrawnQuestion } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, Tx, WriteContext } from '../../kernel/db';
import { IdempotencyConflictError, rowByKey } from '../../kernel/ledger';
import { storedSetting } from '../../kernel/setting';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../../kernel/time';
import { credit } from '../points/ledger';
import { pointLedger } from '../../db/tables';

const SETTINGS_KEY = 'course:quiz-settings';
/** The ledger key of the newcomer reward: one per member. */
export const rewardKey = (memberId: number) => `course-quiz:${memberId}`;

type Settings = z.infer<typeof QuizSettings>;

/** The quiz rules now: the operator's pass mark and reward (kv), the fixed size and daily attempts. */
const stored = storedSetting(SETTINGS_KEY, 0, (value): Settings => {
  const v = (value ?? {}) as { passMark?: number; rewardPoints?: number };
  return {
    questionCount: QUIZ_SIZE,
    passMark: Math.min(v.passMark ?? QUIZ_DEFAULT_PASS_MARK, QUIZ_SIZE),
    rewardPoints: v.rewardPoints ?? QUIZ_DEFAULT_REWARD,
    attemptsPerDay: QUIZ_ATTEMPTS_PER_DAY,
  };
});

export const quizSettings = (db: Executor): Promise<Settings> => stored.read(db);

/** Operator: change the pass mark and/or the reward; the other stays. */
export async function setQuizSettings(
  ctx: WriteContext,
  change: { passMark?: number; rewardPoints?: number },
): Promise<Settings> {
  const bad = (msg: string) => new AppError('INVALID_PARAMS', msg);
  if (change.passMark !== undefined && (change.passMark < 1 || change.passMark > QUIZ_SIZE))
    throw bad(`及格线应在 1–${QUIZ_SIZE} 之间`);
  if (change.rewardPoints !== undefined && (change.rewardPoints < 1 || change.rewardPoints > 100_000))
    throw bad('奖励应在 1–100000 微豆之间');
  const now = await quizSettings(ctx.db);
  const value = {
    passMark: change.passMark ?? now.passMark,
    rewardPoints: change.rewardPoints ?? now.rewardPoints,
  };
  await stored.save(ctx, value);
  return quizSettings(ctx.db);
}

async function publishedLessons(db: Executor) {
  return db
    .select({
      id: courseLessons.id,
      title: courseLessons.title,
      summary: courseLessons.summary,
      minutes: courseLessons.minutes,
    })
    .from(courseLessons)
    .where(eq(courseLessons.published, true))
    .orderBy(asc(courseLessons.sort), asc(courseLessons.id));
}

async function readLessonIds(db: Executor, memberId: number | null): Promise<Set<number>> {
  if (memberId === null) return new Set();
  const rows = await db
    .select({ id: courseProgress.lessonId })
    .from(courseProgress)
    .where(eq(courseProgress.memberId, memberId));
  return new Set(rows.map((r) => r.id));
}

async function hasPassed(db: Executor, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.memberId, memberId), eq(quizAttempts.passed, true)))
    .limit(1);
  return Boolean(row);
}

export async function listCourses(db: Executor, memberId: number | null): Promise<z.infer<typeof CourseList>> {
  const [lessons, read, settings] = await Promise.all([
    publishedLessons(db),
    readLessonIds(db, memberId),
    quizSettings(db),
  ]);
  const list = lessons.map((l) => ({ ...l, read: read.has(l.id) }));
  return {
    lessons: list,
    readCount: list.filter((l) => l.read).length,
    quiz: settings,
    quizPassed: memberId === null ? false : await hasPassed(db, memberId),
  };
}

export async function courseLesson(
  db: Executor,
  id: number,
  memberId: number | null,
): Promise<z.infer<typeof CourseLesson>> {
  const lessons = await publishedLessons(db);
  const i = lessons.findIndex((l) => l.id === id);
  if (i < 0) throw new AppError('NOT_FOUND', '这节课不存在或已下线');
  const [row] = await db.select({ content: courseLessons.content }).from(courseLessons).where(eq(courseLessons.id, id));
  const read = await readLessonIds(db, memberId);
  const l = lessons[i]!;
  return {
    id: l.id,
    title: l.title,
    content: row!.content,
    minutes: l.minutes,
    read: read.has(id),
    position: i + 1,
    total: lessons.length,
    prevId: lessons[i - 1]?.id ?? null,
    nextId: lessons[i + 1]?.id ?? null,
  };
}

/** The member read a published lesson to its end (again: nothing changes). */
export async function markLessonRead(
  ctx: WriteContext,
  memberId: number,
  lessonId: number,
): Promise<z.infer<typeof CourseProgress>> {
  const lessons = await publishedLessons(ctx.db);
  if (!lessons.some((l) => l.id === lessonId)) throw new AppError('NOT_FOUND', '这节课不存在或已下线');
  await ctx.db
    .insert(courseProgress)
    .values({ memberId, lessonId, readAt: new Date(ctx.now()) })
    .onConflictDoNothing();
  const read = await readLessonIds(ctx.db, memberId);
  return { read: true, readCount: lessons.filter((l) => read.has(l.id)).length, total: lessons.length };
}

async function attemptsStartedOn(db: Executor, memberId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.memberId, memberId), eq(quizAttempts.day, day)));
  return row?.n ?? 0;
}

async function openAttempt(db: Executor, memberId: number) {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.memberId, memberId), isNull(quizAttempts.submittedAt)))
    .orderBy(desc(quizAttempts.id))
    .limit(1);
  return row;
}

export async function quizStatus(ctx: WriteContext, memberId: number): Promise<z.infer<typeof QuizStatus>> {
  const db = ctx.db;
  const settings = await quizSettings(db);
  const used = await attemptsStartedOn(db, memberId, shanghaiDay(ctx.now()));
  const open = await openAttempt(db, memberId);
  const [last] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.memberId, memberId), sql`${quizAttempts.submittedAt} is not null`))
    .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id))
    .limit(1);
  return {
    settings,
    attemptsLeft: Math.max(0, QUIZ_ATTEMPTS_PER_DAY - used),
    openAttemptId: open?.id ?? null,
    passed: await hasPassed(db, memberId),
    rewarded: Boolean(await rowByKey(db, pointLedger, rewardKey(memberId))),
    lastAttemptId: last?.id ?? null,
  };
}

function shuffle<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The attempt as the member sees it: questions and options in the drawn order, no key. */
async function attemptView(db: Executor, row: typeof quizAttempts.$inferSelect, attemptsLeft: number) {
  const ids = row.drawn.map((d) => d.id);
  const qs = await db
    .select({ id: quizQuestions.id, stem: quizQuestions.stem, options: quizQuestions.options })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, ids));
  const byId = new Map(qs.map((q) => [q.id, q]));
  return {
    attemptId: row.id,
    questions: row.drawn.map((d) => {
      const q = byId.get(d.id)!;
      return { id: q.id, stem: q.stem, options: d.order.map((i) => q.options[i]!) };
    }),
    settings: { ...(await quizSettings(db)), passMark: row.passMark },
    attemptsLeft,
    startedAt: row.startedAt.getTime(),
  } satisfies z.infer<typeof QuizAttempt>;
}

/** Start an attempt, or resume the member's unsubmitted one. */
export async function startQuiz(ctx: WriteContext, memberId: number) {
  const now = ctx.now();
  const day = shanghaiDay(now);
  return (ctx.db as Exclude<Executor, Tx>).transaction(async (tx) => {
    // One start at a time per member, so the daily count holds under concurrent starts.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const used = await attemptsStartedOn(tx, memberId, day);
    const left = Math.max(0, QUIZ_ATTEMPTS_PER_DAY - used);
    const open = await openAttempt(tx, memberId);
    if (open) return attemptView(tx, open, left);
    if (left === 0) throw new AppError('QUIZ_NO_ATTEMPTS_LEFT', undefined, { nextAt: shanghaiDayStart(day) + DAY_MS });
    const bank = await tx
      .select({ id: quizQuestions.id, options: quizQuestions.options })
      .from(quizQuestions)
      .innerJoin(courseLessons, eq(courseLessons.id, quizQuestions.lessonId))
      .where(and(eq(quizQuestions.active, true), eq(courseLessons.published, true)));
    if (bank.length < QUIZ_SIZE) throw new AppError('QUIZ_UNAVAILABLE');
    const drawn: DrawnQuestion[] = shuffle(bank)
      .slice(0, QUIZ_SIZE)
      .map((q) => ({ id: q.id, order: shuffle(q.options.map((_, i) => i)) }));
    const settings = await quizSettings(tx);
    const [row] = await tx
      .insert(quizAttempts)
      .values({ memberId, day, drawn, passMark: settings.passMark, startedAt: new Date(now) })
      .returning();
    return attemptView(tx, row!, left - 1);
  });
}

async function resultOf(
  db: Executor,
  row: typeof quizAttempts.$inferSelect,
  now: number,
): Promise<z.infer<typeof QuizResult>> {
  const ids = row.drawn.map((d) => d.id);
  const qs = await db
    .select({
      id: quizQuestions.id,
      stem: quizQuestions.stem,
      options: quizQuestions.options,
      correct: quizQuestions.correct,
      explanation: quizQuestions.explanation,
      lessonId: quizQuestions.lessonId,
      lessonTitle: courseLessons.title,
    })
    .from(quizQuestions)
    .innerJoin(courseLessons, eq(courseLessons.id, quizQuestions.lessonId))
    .where(inArray(quizQuestions.id, ids));
  const byId = new Map(qs.map((q) => [q.id, q]));
  const chosen = new Map((row.answers ?? []).map((a) => [a.id, a.chosen]));
  const missed = row.drawn.flatMap((d) => {
    const q = byId.get(d.id)!;
    const c = chosen.get(d.id)!;
    if (c === q.correct) return [];
    return [
      {
        questionId: q.id,
        stem: q.stem,
        yourAnswer: q.options[c] ?? '',
        rightAnswer: q.options[q.correct]!,
        explanation: q.explanation,
        lessonId: q.lessonId,
        lessonTitle: q.lessonTitle,
      },
    ];
  });
  const used = await attemptsStartedOn(db, row.memberId, shanghaiDay(now));
  return {
    attemptId: row.id,
    score: row.score!,
    total: row.drawn.length,
    passMark: row.passMark,
    passed: row.passed!,
    rewardPoints: row.rewardPoints ?? 0,
    rewardedBefore: row.passed! && (row.rewardPoints ?? 0) === 0,
    missed,
    attemptsLeft: Math.max(0, QUIZ_ATTEMPTS_PER_DAY - used),
    submittedAt: row.submittedAt!.getTime(),
  };
}

async function ownAttempt(db: Executor, memberId: number, attemptId: number) {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.memberId, memberId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '这次答题不存在');
  return row;
}

/** Score an attempt once; a pass pays the newcomer reward once per member. A repeat answers the stored result. */
export async function submitQuiz(
  ctx: WriteContext,
  memberId: number,
  attemptId: number,
  body: z.infer<typeof QuizSubmitBody>,
): Promise<z.infer<typeof QuizResult>> {
  const now = ctx.now();
  return (ctx.db as Exclude<Executor, Tx>).transaction(async (tx) => {
    const row = await ownAttempt(tx, memberId, attemptId);
    if (row.submittedAt) return resultOf(tx, row, now);
    const given = new Map<number, number>();
    for (const a of body.answers) {
      if (given.has(a.questionId)) throw new AppError('QUIZ_ANSWERS_INVALID', '每道题只能有一个答案');
      given.set(a.questionId, a.option);
    }
    if (given.size !== row.drawn.length || row.drawn.some((d) => !given.has(d.id)))
      throw new AppError('QUIZ_ANSWERS_INVALID');
    const answers = row.drawn.map((d) => {
      const pos = given.get(d.id)!;
      if (pos >= d.order.length) throw new AppError('QUIZ_ANSWERS_INVALID', '有题目的答案不在选项里');
      return { id: d.id, chosen: d.order[pos]! };
    });
    const keys = await tx
      .select({ id: quizQuestions.id, correct: quizQuestions.correct })
      .from(quizQuestions)
      .where(
        inArray(
          quizQuestions.id,
          answers.map((a) => a.id),
        ),
      );
    const key = new Map(keys.map((k) => [k.id, k.correct]));
    const score = answers.filter((a) => key.get(a.id) === a.chosen).length;
    const passed = score >= row.passMark;
    const [claimed] = await tx
      .update(quizAttempts)
      .set({ submittedAt: new Date(now), answers, score, passed, rewardPoints: 0 })
      .where(and(eq(quizAttempts.id, attemptId), isNull(quizAttempts.submittedAt)))
      .returning();
    // Another submit of this attempt got here first: its result stands.
    if (!claimed) return resultOf(tx, await ownAttempt(tx, memberId, attemptId), now);
    let paid = 0;
    if (passed) {
      const { rewardPoints } = await quizSettings(tx);
      try {
        const r = await credit(tx, {
          memberId,
          amount: rewardPoints,
          reason: 'course',
          source: `quiz:${attemptId}`,
          idempotencyKey: rewardKey(memberId),
          at: now,
        });
        paid = r.replayed ? 0 : r.amount;
      } catch (err) {
        // Paid before at another amount (the operator changed it since): still paid once.
        if (!(err instanceof IdempotencyConflictError)) throw err;
      }
      if (paid) await tx.update(quizAttempts).set({ rewardPoints: paid }).where(eq(quizAttempts.id, attemptId));
    }
    return resultOf(tx, { ...claimed, rewardPoints: paid }, now);
  });
}

export async function quizResult(ctx: WriteContext, memberId: number, attemptId: number) {
  const row = await ownAttempt(ctx.db, memberId, attemptId);
  if (!row.submittedAt) throw new AppError('QUIZ_NOT_SUBMITTED');
  return resultOf(ctx.db, row, ctx.now());
}
