/**
 * The moderator's respondents: the list with each respondent's progress, and one respondent's
 * required topics before 标记为完成 (what the confirmation shows). Moderators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { forumFixture, pointsOf, reply, respondent, topic } from './forum-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
beforeAll(async () => {
  h = await tasksHarness('forum_respondents');
});
afterAll(() => h.env.cleanup());

type Progress = { requiredAnswered: number; requiredTotal: number; completed: boolean; points: number };
type Respondent = {
  author: { memberId: number; name: string; role: number };
  entered: boolean;
  replyCount: number;
  lastReplyAt: number | null;
  progress: Progress;
};
type Detail = Respondent & { requiredTopics: { id: number; title: string; answered: boolean }[] };

describe('the moderator’s respondents', () => {
  it('lists every respondent with their progress, unfinished first; only for the moderator', async () => {
    const f = await forumFixture(h, 800);
    const a = await respondent(h, f, 1);
    const b = await respondent(h, f, 2);
    const c = await respondent(h, f, 3);
    const t1 = await topic(h, f, { required: true, title: '第一题' });
    const t2 = await topic(h, f, { required: true, title: '第二题' });
    await topic(h, f, { title: '闲聊' });
    expect((await reply(h, a, t1, '<p>一</p>')).code).toBe(200);
    expect((await reply(h, b, t1, '<p>一</p>')).code).toBe(200);
    expect((await reply(h, b, t2, '<p>二</p>')).code).toBe(200); // b completes by answering

    const list = await h.call<{ list: Respondent[]; total: number }>(
      'GET',
      `/api/v1/forum/respondents?taskHashId=${f.hashId}&page=1&pageSize=20`,
      { member: f.moderator },
    );
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((r) => r.author.memberId)).toEqual([a, c, b]);
    const [ra, rc, rb] = list.data.list;
    expect(ra).toMatchObject({
      entered: true,
      replyCount: 1,
      progress: { requiredAnswered: 1, requiredTotal: 2, completed: false, points: 800 },
    });
    expect(ra!.author.name).toMatch(/^受访者 \d+$/);
    expect(ra!.lastReplyAt).toBe(h.ctx.now());
    // c started the task but never opened the board: no display name yet.
    expect(rc).toMatchObject({
      entered: false,
      replyCount: 0,
      lastReplyAt: null,
      author: { name: '未进入论坛的受访者', role: 0 },
      progress: { requiredAnswered: 0, completed: false },
    });
    expect(rb).toMatchObject({ replyCount: 2, progress: { requiredAnswered: 2, completed: true } });

    // Paged.
    const second = await h.call<{ list: Respondent[]; total: number }>(
      'GET',
      `/api/v1/forum/respondents?taskHashId=${f.hashId}&page=2&pageSize=2`,
      { member: f.moderator },
    );
    expect(second.data).toMatchObject({ total: 3 });
    expect(second.data.list.map((r) => r.author.memberId)).toEqual([b]);

    // Respondents, observers and outsiders are refused.
    const url = `/api/v1/forum/respondents?taskHashId=${f.hashId}&page=1&pageSize=20`;
    expect((await h.call('GET', url, { member: a })).code).toBe(Code.FORUM_MODERATOR_ONLY);
    expect((await h.call('GET', url, { member: f.observer })).code).toBe(Code.FORUM_MODERATOR_ONLY);
    expect((await h.call('GET', url, { member: await newMember(h.ctx) })).code).toBe(Code.FORUM_NO_ACCESS);
  });

  it('one respondent: who, which required topics they answered, and the 微豆 of completing — before the mark', async () => {
    const f = await forumFixture(h, 800);
    const m = await respondent(h, f, 11);
    const t1 = await topic(h, f, { required: true, title: '第一题' });
    const t2 = await topic(h, f, { required: true, title: '第二题' });
    const t3 = await topic(h, f, { required: true, title: '第三题' });
    expect((await reply(h, m, t2, '<p>二</p>')).code).toBe(200);
    const url = `/api/v1/forum/members/${m}/progress?taskHashId=${f.hashId}`;

    const before = await h.call<Detail>('GET', url, { member: f.moderator });
    expect(before.code).toBe(200);
    expect(before.data).toMatchObject({
      author: { memberId: m },
      progress: { requiredAnswered: 1, requiredTotal: 3, completed: false, points: 800 },
      requiredTopics: [
        { id: t1, title: '第一题', answered: false },
        { id: t2, title: '第二题', answered: true },
        { id: t3, title: '第三题', answered: false },
      ],
    });
    // Asking credits nothing.
    expect(await pointsOf(h, m)).toEqual({ sum: 0, balance: 0, rows: 0 });

    const done = await h.call('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(done.code).toBe(200);
    const after = await h.call<Detail>('GET', url, { member: f.moderator });
    expect(after.data.progress).toMatchObject({ completed: true, points: 800, pointsStatus: 'posted' });

    // Not a respondent; not a moderator.
    const outsider = await newMember(h.ctx);
    const notResp = await h.call('GET', `/api/v1/forum/members/${outsider}/progress?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(notResp.code).toBe(Code.FORUM_NOT_RESPONDENT);
    expect((await h.call('GET', url, { member: m })).code).toBe(Code.FORUM_MODERATOR_ONLY);
    expect((await h.call('GET', url, { member: f.observer })).code).toBe(Code.FORUM_MODERATOR_ONLY);
  });
});
