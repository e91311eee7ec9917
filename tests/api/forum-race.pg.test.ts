/**
 * Forum races on real PostgreSQL (PGlite has one connection and cannot race): 50 respondents reply
 * to one topic at once — every reply lands once, with floors 1…50 in commit order and a stable
 * page order; the same request key sent 10 times at once makes one reply; 20 concurrent final
 * replies and moderator completes credit the task once, and every balance equals its ledger sum.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumReplies } from '../../server/db/schema-forum';
import { participations } from '../../server/db/schema-tasks';
import { forumFixture, pointsOf, reply, respondent, topic } from './forum-helpers';
import { tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('forum-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;
beforeAll(async () => {
  h = await tasksHarness('forum-race');
  expect(h.ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

type Page = { list: { id: number; floor: number; author: { memberId: number } }[]; total: number };

describe('forum races on PostgreSQL', () => {
  it('50 members reply at once: all land, floors 1…50 without gaps, pages in a stable order', async () => {
    const f = await forumFixture(h);
    const members: number[] = [];
    for (let i = 0; i < 50; i++) members.push(await respondent(h, f, i));
    const t = await topic(h, f);
    const answers = await Promise.all(members.map((m, i) => reply(h, m, t, `<p>第 ${i} 位的回答</p>`)));
    expect(answers.map((a) => a.code)).toEqual(members.map(() => 200));
    expect(answers.map((a) => a.data.reply.floor).sort((x, y) => x - y)).toEqual(members.map((_, i) => i + 1));
    // Floors follow commit order: a later floor never has a smaller id (ids come from the insert, under the lock).
    const byFloor = [...answers].sort((x, y) => x.data.reply.floor - y.data.reply.floor);
    const ids = byFloor.map((a) => a.data.reply.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const all: Page['list'] = [];
    for (let page = 1; page <= 5; page++) {
      const r = await h.call<Page>('GET', `/api/v1/forum/topics/${t}/replies?page=${page}&pageSize=10`, {
        member: members[0],
      });
      expect(r.data.total).toBe(50);
      all.push(...r.data.list);
    }
    expect(all.map((r) => r.floor)).toEqual(members.map((_, i) => i + 1));
    expect(new Set(all.map((r) => r.author.memberId))).toEqual(new Set(members));
    const newest = await h.call<Page>('GET', `/api/v1/forum/topics/${t}/replies?order=newest&pageSize=50`, {
      member: members[1],
    });
    expect(newest.data.list.map((r) => r.floor)).toEqual(members.map((_, i) => 50 - i));
  });

  it('the same request key 10 times at once makes one reply', async () => {
    const f = await forumFixture(h);
    const m = await respondent(h, f, 60);
    const t = await topic(h, f);
    const requestKey = randomUUID();
    const sent = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call<{ reply: { id: number } }>('POST', `/api/v1/forum/topics/${t}/replies`, {
          member: m,
          body: { requestKey, body: '<p>只算一次</p>' },
        }),
      ),
    );
    expect(new Set(sent.map((s) => s.data.reply.id)).size).toBe(1);
    const rows = await h.ctx.db
      .select()
      .from(forumReplies)
      .where(and(eq(forumReplies.topicId, t), eq(forumReplies.memberId, m)));
    expect(rows).toHaveLength(1);
  });

  it('20 concurrent final replies and moderator completes credit the task once', async () => {
    const f = await forumFixture(h, 500);
    const members: number[] = [];
    for (let i = 0; i < 5; i++) members.push(await respondent(h, f, 100 + i));
    const t1 = await topic(h, f, { required: true });
    const t2 = await topic(h, f, { required: true });
    for (const m of members) expect((await reply(h, m, t1, '<p>第一题</p>')).code).toBe(200);
    const calls = members.flatMap((m) => [
      ...Array.from({ length: 10 }, (_, i) => reply(h, m, t2, `<p>第二题 ${i}</p>`)),
      ...Array.from({ length: 10 }, () =>
        h.call('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, { member: f.moderator }),
      ),
    ]);
    const results = await Promise.all(calls);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 200));
    for (const m of members) {
      expect(await pointsOf(h, m)).toEqual({ sum: 500, balance: 500, rows: 1 });
      const [p] = await h.ctx.db
        .select()
        .from(participations)
        .where(and(eq(participations.taskId, f.taskId), eq(participations.memberId, m)));
      expect(p).toMatchObject({
        status: 'finished',
        joinResult: 1,
        points: 500,
        pointsStatus: 'posted',
        settledBy: 'forum',
      });
    }
  });
});
