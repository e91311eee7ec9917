/**
 * The course and quiz commands of `npm run ops` (scripts/ops-course.ts) in-process: add a lesson
 * from a file (sanitized), list, unpublish/publish; add questions with the correct option and the
 * lesson, list them, disable/enable; the settings (pass mark, reward) — all read back through the
 * API members use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { QUIZ_SIZE } from '../../openapi/rules/course';
import type { AppContext } from '../../server/context';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('course-ops');
const clock = testClock(Date.UTC(2030, 2, 1, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;
const files = { 'lesson.html': '<h3>认真读题</h3><p>看清<strong>单选</strong>与多选</p><script>alert(1)</script>' };

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李', files });
const api = async <T>(url: string) => envelopeOf(await app.inject({ method: 'GET', url })) as { code: number; data: T };
const idOf = (out: string) => Number(/#(\d+)/.exec(out)![1]);

describe('npm run ops: course and quiz', () => {
  it('the usage lists the commands', async () => {
    const r = await ops('help');
    expect(r.out).toContain('course add --title');
    expect(r.out).toContain('quiz settings [--pass N] [--reward N]');
  });

  it('lessons: add from a file (sanitized), list, unpublish and publish again', async () => {
    const added = await ops('course', 'add', '--title', '读懂题目', '--file', 'lesson.html', '--minutes', '2');
    expect(added.code, added.err).toBe(0);
    const id = idOf(added.out);
    expect(added.out).toContain(`/course/${id}`);
    const lesson = await api<{ content: string; minutes: number }>(`/api/v1/courses/${id}`);
    expect(lesson.data.content).toContain('<strong>单选</strong>');
    expect(lesson.data.content).not.toContain('script');
    expect(lesson.data.minutes).toBe(2);
    expect((await ops('course', 'list')).out).toMatch(/读懂题目\s+已发布/);
    expect((await ops('course', 'unpublish', String(id))).out).toContain('已下线课程');
    expect((await ops('course', 'unpublish', String(id))).out).toContain('已经下线过');
    expect((await api(`/api/v1/courses/${id}`)).code).toBe(Code.NOT_FOUND);
    expect((await ops('course', 'publish', String(id))).code).toBe(0);
    expect((await api(`/api/v1/courses/${id}`)).code).toBe(200);
    const bad = await ops('course', 'add', '--title', '空', '--content', '<script>x</script>');
    expect(bad.code).toBe(1);
    expect((await ops('course', 'add', '--content', '<p>x</p>')).code).toBe(2);
  });

  it('questions: add with the correct option and the lesson, list, disable and enable; settings', async () => {
    const lessonId = idOf((await ops('course', 'add', '--title', '开放题', '--content', '<p>写具体</p>')).out);
    const ids: number[] = [];
    for (let i = 0; i < QUIZ_SIZE; i++) {
      const r = await ops(
        'quiz',
        'add',
        '--lesson',
        String(lessonId),
        '--stem',
        `第 ${i + 1} 题：哪个是认真的回答？`,
        '--option',
        '哈哈哈哈',
        '--option',
        `口味偏淡 ${i}`,
        '--option',
        'asdf',
        '--correct',
        '2',
        '--explanation',
        '具体的一句话最有用',
      );
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`正确答案 2.口味偏淡 ${i}`);
      ids.push(idOf(r.out));
    }
    const list = await ops('quiz', 'list', '--lesson', String(lessonId));
    expect(list.out).toContain(`#${lessonId} 开放题`);
    expect(list.out).toContain(`共 ${QUIZ_SIZE} 题，启用 ${QUIZ_SIZE} 题`);
    expect(
      (
        await ops(
          'quiz',
          'add',
          '--lesson',
          String(lessonId),
          '--stem',
          'x',
          '--option',
          'a',
          '--option',
          'b',
          '--correct',
          '3',
        )
      ).code,
    ).toBe(1);
    expect(
      (
        await ops(
          'quiz',
          'add',
          '--lesson',
          '999999',
          '--stem',
          'x',
          '--option',
          'a',
          '--option',
          'b',
          '--correct',
          '1',
        )
      ).code,
    ).toBe(1);

    expect((await ops('quiz', 'disable', String(ids[0]))).out).toContain('已停用题目');
    expect((await ops('quiz', 'list')).out).toContain('启用 9 题');
    expect((await ops('quiz', 'list')).out).toContain('答题不开放');
    expect((await ops('quiz', 'enable', String(ids[0]))).out).toContain('已启用题目');

    expect((await ops('quiz', 'settings')).out).toContain('答对 8 题及格；首次及格奖励 200 微豆');
    expect((await ops('quiz', 'settings', '--pass', '9', '--reward', '300')).out).toContain(
      '答对 9 题及格；首次及格奖励 300 微豆',
    );
    const courses = await api<{ quiz: { passMark: number; rewardPoints: number } }>('/api/v1/courses');
    expect(courses.data.quiz).toMatchObject({ passMark: 9, rewardPoints: 300 });
    expect((await ops('quiz', 'settings', '--pass', String(QUIZ_SIZE + 1))).code).toBe(1);
  });
});
