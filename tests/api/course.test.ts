/**
 * Over HTTP: the newcomer course and the answer sheet. Lessons with each member's progress (read
 * once, unpublished lessons answer as missing, content sanitized when stored); quiz attempts drawn
 * and shuffled on the server, no answer of any quiz call before a submit carries the key; scoring,
 * the missed questions with the right answer and the lesson; a repeated submit answers the first
 * result; the reward once per member; 3 attempts per Beijing day; another member's attempt
 * answers like a missing one; operator settings for pass mark and reward.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { QUIZ_ATTEMPTS_PER_DAY, QUIZ_DEFAULT_REWARD, QUIZ_SIZE } from '../../openapi/rules/course';
import { pointLedger } from '../../server/db/tables';
import { addLesson, setLessonPublished, setQuestionActive } from '../../server/modules/course/admin';
import { rewardKey, setQuizSettings } from '../../server/modules/course/service';
import { DEMO_COURSE, seedDemoCourse } from '../../server/seed/demoCourse';
import { answersFor, type AttemptData } from './course-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
const DAY = 86_400_000;

type Lesson = { id: number; title: string; read: boolean };
type List = { lessons: Lesson[]; readCount: number; quizPassed: boolean; quiz: { passMark: number } };
type Result = {
  attemptId: number;
  score: number;
  total: number;
  passed: boolean;
  rewardPoints: number;
  rewardedBefore: boolean;
  missed: { questionId: number; rightAnswer: string; yourAnswer: string; lessonId: number; lessonTitle: string }[];
  attemptsLeft: number;
};

const start = (member: number) => h.call<AttemptData>('POST', '/api/v1/answer-sheet/attempts', { member });
const submit = (member: number, id: number, answers: unknown) =>
  h.call<Result>('POST', `/api/v1/answer-sheet/attempts/${id}/submit`, { member, body: { answers } });
const KEY_WORDS = /correct|rightAnswer|explanation|missed/;

beforeAll(async () => {
  h = await tasksHarness('course');
  expect(await seedDemoCourse(h.ctx)).toBe(DEMO_COURSE.length);
  expect(await seedDemoCourse(h.ctx)).toBe(0);
});
afterAll(() => h.env.cleanup());

describe('lessons and progress', () => {
  it('the demo course: five lessons, a bank of at least 20 questions', () => {
    expect(DEMO_COURSE.length).toBe(5);
    expect(DEMO_COURSE.flatMap((l) => l.questions).length).toBeGreaterThanOrEqual(20);
  });

  it('a visitor reads the list and a lesson, nothing read', async () => {
    const r = await h.call<List>('GET', '/api/v1/courses');
    expect(r.code).toBe(200);
    expect(r.data.lessons.map((l) => l.title)).toEqual(DEMO_COURSE.map((l) => l.title));
    expect(r.data.readCount).toBe(0);
    const first = r.data.lessons[0]!;
    const d = await h.call<{ position: number; total: number; prevId: null; nextId: number; read: boolean }>(
      'GET',
      `/api/v1/courses/${first.id}`,
    );
    expect(d.data).toMatchObject({ position: 1, total: 5, prevId: null, nextId: r.data.lessons[1]!.id, read: false });
    expect((await h.call('POST', `/api/v1/courses/${first.id}/read`)).status).toBe(401);
  });

  it('reading a lesson counts once, for that member only', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    const { lessons } = (await h.call<List>('GET', '/api/v1/courses')).data;
    for (let i = 0; i < 2; i++) {
      const r = await h.call<{ readCount: number; total: number }>('POST', `/api/v1/courses/${lessons[1]!.id}/read`, {
        member: a,
      });
      expect(r.data).toEqual({ read: true, readCount: 1, total: 5 });
    }
    const mine = (await h.call<List>('GET', '/api/v1/courses', { member: a })).data;
    expect(mine.lessons.map((l) => l.read)).toEqual([false, true, false, false, false]);
    expect((await h.call<List>('GET', '/api/v1/courses', { member: b })).data.readCount).toBe(0);
    expect((await h.call<{ read: boolean }>('GET', `/api/v1/courses/${lessons[1]!.id}`, { member: a })).data.read).toBe(
      true,
    );
  });

  it('an unpublished or missing lesson answers as missing; content is sanitized when stored', async () => {
    const row = await addLesson(h.ctx, {
      title: '临时课程',
      content: '<p onclick="x()">正文<script>alert(1)</script></p>',
    });
    expect(row.content).not.toMatch(/script|onclick/);
    expect(row.content).toContain('正文');
    await setLessonPublished(h.ctx, row.id, false);
    const m = await newMember(h.ctx);
    for (const id of [row.id, 999_999]) {
      expect((await h.call('GET', `/api/v1/courses/${id}`)).code).toBe(Code.NOT_FOUND);
      expect((await h.call('POST', `/api/v1/courses/${id}/read`, { member: m })).code).toBe(Code.NOT_FOUND);
    }
    expect((await h.call<List>('GET', '/api/v1/courses')).data.lessons).toHaveLength(5);
  });
});

describe('the answer sheet', () => {
  it('an attempt: 10 distinct questions, shuffled per attempt, and no quiz answer carries the key', async () => {
    const m = await newMember(h.ctx);
    const status = await h.call('GET', '/api/v1/answer-sheet', { member: m });
    const a = await start(m);
    expect(a.code, a.msg).toBe(200);
    expect(a.data.questions).toHaveLength(QUIZ_SIZE);
    expect(new Set(a.data.questions.map((q) => q.id)).size).toBe(QUIZ_SIZE);
    for (const q of a.data.questions) expect(Object.keys(q).sort()).toEqual(['id', 'options', 'stem']);
    // resumed, not restarted: same attempt, same order, no attempt used
    const again = await start(m);
    expect(again.data).toEqual(a.data);
    const list = await h.call('GET', '/api/v1/courses', { member: m });
    for (const r of [status, a, again, list]) expect(JSON.stringify(r.data)).not.toMatch(KEY_WORDS);
    // the first option as stored is the right one in the demo bank: shown first only by chance
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const o = await newMember(h.ctx);
      const x = await start(o);
      orders.add(x.data.questions.map((q) => `${q.id}:${q.options.join('|')}`).join(','));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('incomplete or unknown answers are refused and the attempt stays open', async () => {
    const m = await newMember(h.ctx);
    const a = (await start(m)).data;
    const answers = await answersFor(h.ctx, a);
    expect((await submit(m, a.attemptId, answers.slice(1))).code).toBe(Code.QUIZ_ANSWERS_INVALID);
    expect((await submit(m, a.attemptId, [...answers.slice(1), { ...answers[1]! }])).code).toBe(
      Code.QUIZ_ANSWERS_INVALID,
    );
    expect(
      (await submit(m, a.attemptId, [{ questionId: answers[0]!.questionId, option: 9 }, ...answers.slice(1)])).code,
    ).toBe(Code.QUIZ_ANSWERS_INVALID);
    expect((await h.call('GET', `/api/v1/answer-sheet/attempts/${a.attemptId}`, { member: m })).code).toBe(
      Code.QUIZ_NOT_SUBMITTED,
    );
    expect(
      (await h.call<{ openAttemptId: number }>('GET', '/api/v1/answer-sheet', { member: m })).data.openAttemptId,
    ).toBe(a.attemptId);
  });

  it('fail, then pass: the right answers and lessons after submitting, the reward once, a second pass pays nothing', async () => {
    const m = await newMember(h.ctx);
    const a = (await start(m)).data;
    const failed = await submit(m, a.attemptId, await answersFor(h.ctx, a, 3));
    expect(failed.data).toMatchObject({ score: 7, total: 10, passed: false, rewardPoints: 0, rewardedBefore: false });
    expect(failed.data.missed).toHaveLength(3);
    for (const x of failed.data.missed) {
      expect(x.rightAnswer).not.toBe(x.yourAnswer);
      expect(DEMO_COURSE.map((l) => l.title)).toContain(x.lessonTitle);
    }
    // a lost answer retried (other answers even): the first result stands
    const retried = await submit(m, a.attemptId, await answersFor(h.ctx, a, 0));
    expect(retried.data).toEqual(failed.data);
    expect((await h.call<Result>('GET', `/api/v1/answer-sheet/attempts/${a.attemptId}`, { member: m })).data).toEqual(
      failed.data,
    );

    const b = (await start(m)).data;
    expect(b.attemptId).not.toBe(a.attemptId);
    const passed = await submit(m, b.attemptId, await answersFor(h.ctx, b, 1));
    expect(passed.data).toMatchObject({
      score: 9,
      passed: true,
      rewardPoints: QUIZ_DEFAULT_REWARD,
      rewardedBefore: false,
    });
    const c = (await start(m)).data;
    const again = await submit(m, c.attemptId, await answersFor(h.ctx, c));
    expect(again.data).toMatchObject({
      score: 10,
      passed: true,
      rewardPoints: 0,
      rewardedBefore: true,
      attemptsLeft: 0,
    });
    const rows = await h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m));
    expect(rows.map((r) => [r.amount, r.reason, r.idempotencyKey])).toEqual([
      [QUIZ_DEFAULT_REWARD, 'course', rewardKey(m)],
    ]);
    const history = await h.call<{ list: { description: string; amount: number }[] }>('GET', '/api/v1/points/history', {
      member: m,
    });
    expect(history.data.list.map((r) => [r.amount, r.description])).toEqual([[QUIZ_DEFAULT_REWARD, '新手答题奖励']]);
    const status = await h.call('GET', '/api/v1/answer-sheet', { member: m });
    expect(status.data).toMatchObject({ passed: true, rewarded: true, attemptsLeft: 0, lastAttemptId: c.attemptId });
  });

  it(`${QUIZ_ATTEMPTS_PER_DAY} attempts per Beijing day; the next day opens again`, async () => {
    const m = await newMember(h.ctx);
    for (let i = 0; i < QUIZ_ATTEMPTS_PER_DAY; i++) {
      const a = (await start(m)).data;
      expect(a.attemptsLeft).toBe(QUIZ_ATTEMPTS_PER_DAY - i - 1);
      expect((await submit(m, a.attemptId, await answersFor(h.ctx, a, 5))).data.passed).toBe(false);
    }
    const refused = await start(m);
    expect(refused.code).toBe(Code.QUIZ_NO_ATTEMPTS_LEFT);
    const nextAt = (refused.data as unknown as { nextAt: number }).nextAt;
    expect(nextAt).toBeGreaterThan(h.clock.now());
    expect(nextAt - h.clock.now()).toBeLessThanOrEqual(DAY);
    expect(new Date(nextAt + 8 * 3600_000).getUTCHours()).toBe(0);
    h.clock.set(nextAt);
    expect((await start(m)).code).toBe(200);
  });

  it('another member’s attempt answers like a missing one', async () => {
    const a = await newMember(h.ctx);
    const b = await newMember(h.ctx);
    const x = (await start(a)).data;
    const answers = await answersFor(h.ctx, x);
    for (const id of [x.attemptId, 999_999]) {
      expect((await submit(b, id, answers)).code).toBe(Code.NOT_FOUND);
      expect((await h.call('GET', `/api/v1/answer-sheet/attempts/${id}`, { member: b })).code).toBe(Code.NOT_FOUND);
    }
    expect((await submit(a, x.attemptId, answers)).data.passed).toBe(true);
  });

  it('operator settings: the pass mark is kept per attempt, the reward is read when paid', async () => {
    await setQuizSettings(h.ctx, { passMark: 10, rewardPoints: 500 });
    const m = await newMember(h.ctx);
    expect((await h.call<List>('GET', '/api/v1/courses', { member: m })).data.quiz.passMark).toBe(10);
    const a = (await start(m)).data;
    expect(a.settings).toMatchObject({ passMark: 10, rewardPoints: 500 });
    await setQuizSettings(h.ctx, { passMark: 8 });
    const r = await submit(m, a.attemptId, await answersFor(h.ctx, a, 1));
    expect(r.data).toMatchObject({ score: 9, passMark: 10, passed: false });
    await setQuizSettings(h.ctx, { rewardPoints: QUIZ_DEFAULT_REWARD });
    await expect(setQuizSettings(h.ctx, { passMark: 11 })).rejects.toThrow();
  });

  it('too few active questions: the quiz is closed', async () => {
    const { ctx } = h;
    const rows = await ctx.db.select().from((await import('../../server/db/tables')).quizQuestions);
    const off = rows.slice(0, rows.length - QUIZ_SIZE + 1);
    for (const q of off) await setQuestionActive(ctx, q.id, false);
    const m = await newMember(ctx);
    expect((await start(m)).code).toBe(Code.QUIZ_UNAVAILABLE);
    for (const q of off) await setQuestionActive(ctx, q.id, true);
    expect((await start(m)).code).toBe(200);
  });
});
