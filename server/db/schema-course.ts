/**
 * Tables of the newcomer course and its answer sheet (quiz): lessons and each member's progress,
 * the question bank (the correct option stays here), and each attempt with the questions drawn for
 * it and the order its options were shown in. Listed with the other schema files in tables.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, refTo, updatedAt } from './columns';

/** A lesson. `content` is sanitized HTML (server/kernel/html.ts) when stored. */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    minutes: integer('minutes').notNull().default(3),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_lessons_sort_idx').on(t.published, t.sort)],
);

/** A lesson a member has read to its end; one row per member and lesson. */
export const courseProgress = pgTable(
  'course_progress',
  {
    memberId: memberId(),
    lessonId: refTo('lesson_id', () => courseLessons.id),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.lessonId] })],
);

/** A single-choice question of the bank; `correct` indexes `options` and never leaves the server before a submit. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    lessonId: refTo('lesson_id', () => courseLessons.id),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    correct: smallint('correct').notNull(),
    explanation: text('explanation').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('quiz_questions_correct_ck', sql`${t.correct} >= 0`)],
);

/** One drawn question of an attempt: its id and the order its options were shown in (original indexes). */
export interface DrawnQuestion {
  id: number;
  order: number[];
}

/** A member's answer: the original option index chosen for a question. */
export interface StoredAnswer {
  id: number;
  chosen: number;
}

/** An attempt: drawn on start; answers, score and reward written once, when it is submitted. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    /** The Beijing day it was started on (the daily limit counts these). */
    day: text('day').notNull(),
    drawn: jsonb('drawn').$type<DrawnQuestion[]>().notNull(),
    passMark: integer('pass_mark').notNull(),
    startedAt: createdAt(),
    submittedAt: at('submitted_at'),
    answers: jsonb('answers').$type<StoredAnswer[]>(),
    score: integer('score'),
    passed: boolean('passed'),
    /** Weidou this attempt paid (0 when not passed or paid before). */
    rewardPoints: integer('reward_points'),
  },
  (t) => [index('quiz_attempts_member_day_idx').on(t.memberId, t.day)],
);
