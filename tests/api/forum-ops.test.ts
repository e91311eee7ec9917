/**
 * The forum's operator commands (scripts/ops-forum.ts) in-process — create a board for a
 * discussion-group task (refused for another type and twice), add a section, a moderator and an
 * observer (a respondent cannot become one), post a topic as the moderator (refused for someone
 * who is not), export the replies as CSV to a file — and the demo board, seeded once.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { forumBoards, forumMembers, forumReplies, forumSections, forumTopics } from '../../server/db/schema-forum';
import { participations, tasks } from '../../server/db/schema-tasks';
import { DEMO_FORUM_MODERATOR, DEMO_FORUM_OBSERVER, seedDemoForum } from '../../server/seed/demoForum';
import { DEMO_FORUM_TITLE } from '../../server/seed/demoTasks';
import { DAY, reply, respondent } from './forum-helpers';
import { createTestEnv } from './helpers';
import { runOpsIn } from './ops-helpers';
import { newMember, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
beforeAll(async () => {
  h = await tasksHarness('forum-ops');
});
afterAll(() => h.env.cleanup());

const ops = (...argv: string[]) => runOpsIn(h.ctx, argv, { user: '运营小李' });

describe('forum ops', () => {
  it('create, section, moderator, observer, topic, export', async () => {
    const other = await newTask(h.ctx, { type: 2 });
    expect((await ops('forum', 'create', '--task', other.hashId)).code).toBe(EXIT.REFUSED);
    const task = await newTask(h.ctx, { type: 4, closeAt: new Date(h.ctx.now() + 3 * DAY) });
    const made = await ops('forum', 'create', '--task', String(task.id), '--section', '第一天', '--section', '第二天');
    expect(made.code).toBe(EXIT.OK);
    expect(made.out).toContain(`/bbs/${task.hashId}`);
    expect((await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]!.kind).toBe('forum');
    expect((await ops('forum', 'create', '--task', task.hashId)).code).toBe(EXIT.REFUSED);
    expect((await ops('forum', 'section', 'add', '--task', task.hashId, '--name', '第三天')).code).toBe(EXIT.OK);
    const [board] = await h.ctx.db.select().from(forumBoards).where(eq(forumBoards.taskId, task.id));
    const sections = await h.ctx.db.select().from(forumSections).where(eq(forumSections.boardId, board!.id));
    expect(sections.map((s) => s.name)).toEqual(['第一天', '第二天', '第三天']);

    const mod = await newMember(h.ctx);
    const obs = await newMember(h.ctx);
    expect((await ops('forum', 'moderator', 'add', '--task', task.hashId, '--member', String(mod))).code).toBe(EXIT.OK);
    expect(
      (await ops('forum', 'observer', 'add', '--task', task.hashId, '--member', String(obs), '--name', '品牌方')).code,
    ).toBe(EXIT.OK);
    const staff = await h.ctx.db.select().from(forumMembers).where(eq(forumMembers.boardId, board!.id));
    expect(staff.map((s) => [s.memberId, s.role, s.name]).sort()).toEqual(
      [
        [mod, 1, '主持人'],
        [obs, 2, '品牌方'],
      ].sort(),
    );
    const f = { hashId: task.hashId, taskId: task.id, points: 100, sections: [], moderator: mod, observer: obs };
    const resp = await respondent(h, f);
    const refused = await ops('forum', 'moderator', 'add', '--task', task.hashId, '--member', String(resp));
    expect(refused.code).toBe(EXIT.REFUSED);
    expect(refused.err).toContain('受访者');

    const topicArgs = ['--task', task.hashId, '--section', String(sections[0]!.id), '--title', '第一个问题'];
    const notMod = await ops(
      'forum',
      'topic',
      'add',
      ...topicArgs,
      '--moderator',
      String(obs),
      '--content',
      '<p>问</p>',
    );
    expect(notMod.code).toBe(EXIT.REFUSED);
    const posted = await ops(
      'forum',
      'topic',
      'add',
      ...topicArgs,
      '--moderator',
      String(mod),
      '--content',
      '<p>你怎么看？<script>x()</script></p>',
      '--required',
    );
    expect(posted.code).toBe(EXIT.OK);
    const [topic] = await h.ctx.db.select().from(forumTopics).where(eq(forumTopics.boardId, board!.id));
    expect(topic).toMatchObject({ required: true, body: '<p>你怎么看？</p>', authorId: mod });

    await reply(h, resp, topic!.id, '<p>我觉得, "还行"</p>');
    const dir = mkdtempSync(path.join(tmpdir(), 'forum-export-'));
    const file = path.join(dir, 'replies.csv');
    const exported = await ops('forum', 'export', '--task', task.hashId, '--out', file);
    expect(exported.code).toBe(EXIT.OK);
    expect(exported.out).toContain('1 条');
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFF版块,')).toBe(true);
    expect(csv).toContain('"我觉得, ""还行"""');
    const printed = await ops('forum', 'export', '--task', task.hashId);
    expect(printed.out).toContain('第一个问题');
    expect((await ops('forum', 'nonsense')).code).toBe(EXIT.USAGE);
  });

  it('the demo board: staff who can log in, days of topics, replies, two completed respondents — once', async () => {
    const env = createTestEnv('forum-demo');
    try {
      const app = await env.build({ seedDemo: true });
      const ctx = (app as unknown as { ctx: AppContext }).ctx;
      expect(ctx.config.sms.provider).toBe('outbox');
      expect(await seedDemoForum(ctx)).toBe(0);
      const [task] = await ctx.db.select().from(tasks).where(eq(tasks.title, DEMO_FORUM_TITLE));
      expect(task).toMatchObject({ type: 4, kind: 'forum' });
      const [board] = await ctx.db.select().from(forumBoards).where(eq(forumBoards.taskId, task!.id));
      const topics = await ctx.db.select().from(forumTopics).where(eq(forumTopics.boardId, board!.id));
      expect(topics.filter((t) => t.required).length).toBeGreaterThanOrEqual(2);
      expect(topics.some((t) => t.seeAfterPosting)).toBe(true);
      const now = ctx.now();
      expect(topics.every((t) => t.createdAt.getTime() < now && t.createdAt >= board!.startAt)).toBe(true);
      expect(await ctx.db.$count(forumReplies, eq(forumReplies.boardId, board!.id))).toBeGreaterThanOrEqual(8);
      const done = await ctx.db
        .select()
        .from(participations)
        .where(and(eq(participations.taskId, task!.id), eq(participations.status, 'finished')));
      // 车主小周 and 周末露营家 answered all three required topics; the other two did not.
      expect(done).toHaveLength(2);
      for (const p of done) expect(p).toMatchObject({ joinResult: 1, pointsStatus: 'posted', points: task!.points });
      const staff = await ctx.db.select().from(forumMembers).where(eq(forumMembers.boardId, board!.id));
      for (const [account, role] of [
        [DEMO_FORUM_MODERATOR, 1],
        [DEMO_FORUM_OBSERVER, 2],
      ] as const) {
        const [m] = await ctx.db.select().from(members).where(eq(members.mobile, account.mobile));
        expect(staff.find((s) => s.memberId === m!.id)?.role).toBe(role);
      }
    } finally {
      await env.cleanup();
    }
    // A full demo seed: slow on a shared machine.
  }, 120_000);
});
