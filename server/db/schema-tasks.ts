/**
 * Earning: tasks, survey partners, participations (one per member and task, with the
 * unique respondent id handed to the partner), in-house questionnaires and their responses, and
 * the member attributes that drive targeting (个人属性 + the basic questionnaire's answers).
 *
 * Points never live here: a settled participation points at its ledger row (`ledger_id`), and the
 * ledger's idempotency key (`task:<respondentId>`) is what makes a replayed callback credit nothing.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt, memberId, memberKey, refTo } from './columns';

/** A survey exchange / partner we hand members to. `secret` signs return links and postbacks. */
export const surveyPartners = pgTable('survey_partners', {
  id: serial('id').primaryKey(),
  /** Short code used in postback paths (`/v1/partners/{code}/postback`). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** HMAC-SHA256 key shared with the partner. */
  secret: text('secret').notNull(),
  /** Entry URL template; `{rid}` is replaced with the respondent id (url-encoded). */
  entryUrl: text('entry_url').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Targeting on member attributes. Every present key must match; absent keys do not restrict.
 * Ages are whole years on the task's day (Asia/Shanghai).
 */
export interface TaskTargeting {
  genders?: number[];
  ageMin?: number;
  ageMax?: number;
  provinceIds?: number[];
  educations?: number[];
  occupations?: number[];
  incomes?: number[];
  maritals?: number[];
}

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    /** Public id in URLs (/task/detail/{hashId}). */
    hashId: text('hash_id').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rules: jsonb('rules').$type<string[]>().notNull().default([]),
    /** Spec §3 task type 0–7. */
    type: smallint('type').notNull(),
    /** Spec §3 task module 0–4. */
    module: smallint('module').notNull().default(0),
    /** How it is done: survey (partner) | poll (in-house) | video | browse | forum (a discussion group's board). */
    kind: text('kind').$type<'survey' | 'poll' | 'video' | 'browse' | 'forum'>().notNull(),
    points: integer('points').notNull(),
    screenOutPoints: integer('screen_out_points').notNull().default(0),
    quotaFullPoints: integer('quota_full_points').notNull().default(0),
    /** Estimated minutes shown to members. */
    minutes: integer('minutes').notNull(),
    /** Minimum plausible duration: a complete faster than this is "too short". */
    minSeconds: integer('min_seconds').notNull().default(0),
    /** A participation not finished within this many minutes expires as "timed out". */
    timeoutMinutes: integer('timeout_minutes').notNull().default(120),
    /**
     * Days after a complete during which the partner may still reject it (reconciliation, postback
     * status 90): the complete shows 待审核 until then (spec §3 audit state), 有效 after. 0: none.
     */
    reviewDays: integer('review_days').notNull().default(0),
    /** Completes allowed; null = unlimited. */
    quota: integer('quota'),
    /** Completes so far (counted against quota, in the settling transaction). */
    completes: integer('completes').notNull().default(0),
    openAt: at('open_at').notNull().defaultNow(),
    closeAt: at('close_at'),
    /** Device types allowed (spec §3: 1 mobile, 2 desktop, 3 tablet). */
    devices: jsonb('devices').$type<number[]>().notNull().default([1, 2, 3]),
    targeting: jsonb('targeting').$type<TaskTargeting>().notNull().default({}),
    /** The member must have finished the basic questionnaire first. */
    requiresBasicSurvey: boolean('requires_basic_survey').notNull().default(false),
    /** Minimum answer-quality level (openapi/rules/quality.ts QUALITY_LEVELS, 0 = any; see meetsQualityLevel). */
    minQualityLevel: smallint('min_quality_level').notNull().default(0),
    partnerId: integer('partner_id').references(() => surveyPartners.id),
    pollId: integer('poll_id').references(() => polls.id),
    /** video/browse: the page or video to show, and the seconds to stay. */
    targetUrl: text('target_url'),
    watchSeconds: integer('watch_seconds').notNull().default(0),
    cover: text('cover'),
    /** Higher first in lists. */
    sort: integer('sort').notNull().default(0),
    status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_module_idx').on(t.module, t.status),
    check('tasks_points_nonneg', sql`${t.points} >= 0 AND ${t.screenOutPoints} >= 0 AND ${t.quotaFullPoints} >= 0`),
    check('tasks_min_quality_level', sql`${t.minQualityLevel} between 0 and 3`),
    check('tasks_completes_quota', sql`${t.quota} IS NULL OR ${t.completes} <= ${t.quota}`),
  ],
);

/**
 * One member's attempt at one task (a second start of the same task resumes this row).
 * `join_result` is spec §3's join result; 0 while started.
 */
export const participations = pgTable(
  'participations',
  {
    id: serial('id').primaryKey(),
    taskId: refTo('task_id', () => tasks.id),
    memberId: memberId(),
    /** Unique, unguessable id handed to the partner and echoed back. */
    respondentId: text('respondent_id').notNull().unique(),
    status: text('status').$type<'started' | 'finished'>().notNull().default('started'),
    joinResult: smallint('join_result').notNull().default(0),
    points: integer('points').notNull().default(0),
    pointsStatus: text('points_status').$type<'none' | 'posted' | 'reversed'>().notNull().default('none'),
    ledgerId: bigint('ledger_id', { mode: 'number' }),
    lowQualityReasons: jsonb('low_quality_reasons').$type<number[]>().notNull().default([]),
    /** Where it started from: for the IP / cookie (device id) / city checks. */
    ip: text('ip'),
    deviceId: text('device_id'),
    deviceType: smallint('device_type'),
    city: text('city'),
    /** What settled it: return link, partner postback, in-house poll, watch, expiry, the start checks (IP/cookie), the forum (required topics answered or the moderator). */
    settledBy: text('settled_by').$type<'return' | 'postback' | 'poll' | 'watch' | 'expiry' | 'start' | 'forum'>(),
    startedAt: at('started_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    finishedAt: at('finished_at'),
    reversedAt: at('reversed_at'),
  },
  (t) => [
    unique('participations_task_member_uq').on(t.taskId, t.memberId),
    index('participations_member_idx').on(t.memberId, t.startedAt),
    // The monthly report's panel median reads one month of finished answers (modules/quality/monthly.ts).
    index('participations_finished_idx').on(t.finishedAt),
    index('participations_open_idx').on(t.status, t.expiresAt),
    index('participations_task_device_idx').on(t.taskId, t.deviceId),
    index('participations_task_ip_idx').on(t.taskId, t.ip),
    // The review's shared-device signal: every member that used a device id.
    index('participations_device_idx').on(t.deviceId, t.memberId),
  ],
);

/**
 * Question of an in-house questionnaire as stored. `trap`, `fictional` and `logic` are the
 * server-only quality keys; the contract's PollQuestion never carries them.
 */
export interface StoredPollQuestion {
  id: number;
  kind: 'single' | 'multiple' | 'text' | 'matrix';
  title: string;
  required: boolean;
  maxChoices?: number | null;
  minLength?: number;
  options: {
    id: number;
    text: string;
    exclusive?: boolean;
    /** A brand/product that does not exist. */ fictional?: boolean;
  }[];
  rows?: { id: number; text: string }[];
  /** Trap (attention) question: the only acceptable option id. */
  trapOptionId?: number;
}

/** Two answers that cannot both be true (e.g. "never shops online" + "shops online weekly"). */
export interface PollLogicRule {
  if: { questionId: number; optionId: number };
  contradicts: { questionId: number; optionId: number };
}

export const polls = pgTable('polls', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  intro: text('intro').notNull().default(''),
  questions: jsonb('questions').$type<StoredPollQuestion[]>().notNull(),
  logic: jsonb('logic').$type<PollLogicRule[]>().notNull().default([]),
  /**
   * What a low-quality complete earns, per the task's rules: 'full' | 'half' | 'none'.
   * Shown to members in the task rules.
   */
  lowQualityPay: text('low_quality_pay').$type<'full' | 'half' | 'none'>().notNull().default('half'),
  createdAt: createdAt(),
});

export const pollResponses = pgTable(
  'poll_responses',
  {
    id: serial('id').primaryKey(),
    pollId: refTo('poll_id', () => polls.id),
    participationId: refTo('participation_id', () => participations.id).unique(),
    memberId: memberId(),
    deviceId: text('device_id'),
    answers: jsonb('answers').notNull(),
    /** Hash of the normalised answers: the same hash twice on one poll = duplicated data. */
    answersHash: text('answers_hash').notNull(),
    lowQualityReasons: jsonb('low_quality_reasons').$type<number[]>().notNull().default([]),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('poll_responses_hash_idx').on(t.pollId, t.answersHash)],
);

/** 个人属性 (/v1/users/property): the attributes targeting reads. */
export const memberProperties = pgTable('member_properties', {
  memberId: memberKey(),
  gender: smallint('gender'),
  birthday: date('birthday', { mode: 'string' }),
  provinceId: integer('province_id'),
  cityId: integer('city_id'),
  countyId: integer('county_id'),
  education: smallint('education'),
  occupation: smallint('occupation'),
  income: smallint('income'),
  marital: smallint('marital'),
  updatedAt: updatedAt(),
});

/** Answers to the basic (personal attribute) questionnaire, one row per member and question. */
export const basicSurveyAnswers = pgTable(
  'basic_survey_answers',
  {
    memberId: memberId(),
    questionId: integer('question_id').notNull(),
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    text: text('text'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.questionId] })],
);

/** Set once when the member first completes the basic questionnaire (its reward is paid once). */
export const basicSurveyCompletions = pgTable('basic_survey_completions', {
  memberId: memberKey(),
  completedAt: at('completed_at').notNull().defaultNow(),
});
