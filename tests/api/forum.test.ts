/**
 * The discussion-group forum through the API (PGlite): the start of a discussion group opens its
 * board; who reaches a board (respondents = members who started the task, moderators, observers;
 * nobody else); an observer cannot post; hidden topics and replies are gone for respondents;
 * see-after-posting; rich text sanitized on the server; floors and both orders; idempotent
 * replies; completion credited once (replies and the moderator's complete) and shown in 任务记录;
 * the deadline; the operators' CSV export.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { addStaff, createBoard, csvField, exportReplies } from '../../server/modules/forum/admin';
import { DAY, forumFixture, pointsOf, reply, respondent, topic, type ForumFixture } from './forum-helpers';
import { newMember, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('forum');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

type Page<T> = { list: T[]; total: number; locked?: boolean };
type Reply = { id: number; floor: number; body: string; hidden: boolean; mine: boolean; quote: { id: number } | null };
type Progress = {
  requiredAnswered: number;
  requiredTotal: number;
  completed: boolean;
  points: number;
  pointsStatus: string;
};

describe('entry and access', () => {
  let f: ForumFixture;
  let a: number;
  beforeAll(async () => {
    f = await forumFixture(h);
    a = await respondent(h, f);
  });

  it('starting a discussion group answers its board, not a partner hand-off', async () => {
    const m = await newMember(ctx);
    const r = await h.call<{ kind: string; entryUrl: string; respondentId: string }>(
      'POST',
      `/api/v1/process/tasks/${f.hashId}/start`,
      { member: m, ip: '10.30.0.1' },
    );
    expect(r.code).toBe(200);
    expect(r.data.kind).toBe('forum');
    expect(r.data.entryUrl).toBe(`/bbs/${f.hashId}`);
    const again = await h.call<{ entryUrl: string; resumed: boolean }>(
      'POST',
      `/api/v1/process/tasks/${f.hashId}/start`,
      { member: m, ip: '10.30.0.1' },
    );
    expect(again.data).toMatchObject({ entryUrl: `/bbs/${f.hashId}`, resumed: true });
  });

  it('moderators and observers cannot start it as respondents', async () => {
    const r = await h.call('POST', `/api/v1/process/tasks/${f.hashId}/start`, { member: f.observer });
    expect(r.code).toBe(Code.TASK_NOT_ELIGIBLE);
  });

  it('a discussion-group task without a board cannot be started', async () => {
    const t = await newTask(ctx, { type: 4, kind: 'forum', closeAt: new Date(ctx.now() + DAY) });
    const r = await h.call('POST', `/api/v1/process/tasks/${t.hashId}/start`, { member: await newMember(ctx) });
    expect(r.code).toBe(Code.TASK_CLOSED);
    expect(r.msg).toContain('座谈会');
  });

  it('the board is public; identities are per role; outsiders are refused everywhere', async () => {
    const open = await h.call<{ title: string; sections: { name: string }[] }>(
      'GET',
      `/api/focusSections/decode/task?taskHashId=${f.hashId}`,
    );
    expect(open.code).toBe(200);
    expect(open.data.sections.map((s) => s.name)).toEqual(['第一天', '第二天']);
    const none = await h.call('GET', '/api/focusSections/decode/task?taskHashId=nosuchboard');
    expect(none.code).toBe(Code.FORUM_NOT_FOUND);

    const me = await h.call<{ role: number; name: string; progress: Progress | null }>(
      'GET',
      `/api/focusMembers/info?taskHashId=${f.hashId}`,
      { member: a },
    );
    expect(me.data.role).toBe(0);
    expect(me.data.name).toMatch(/^受访者 \d+$/);
    expect(me.data.progress).toMatchObject({ completed: false, points: f.points, pointsStatus: 'none' });
    for (const [who, role] of [
      [f.moderator, 1],
      [f.observer, 2],
    ] as const) {
      const r = await h.call<{ role: number; progress: unknown }>(
        'GET',
        `/api/focusMembers/info?taskHashId=${f.hashId}`,
        { member: who },
      );
      expect(r.data).toMatchObject({ role, progress: null });
    }

    const outsider = await newMember(ctx);
    const t = await topic(h, f);
    for (const [method, url] of [
      ['GET', `/api/focusMembers/info?taskHashId=${f.hashId}`],
      ['GET', `/api/v1/forum/topics?taskHashId=${f.hashId}`],
      ['GET', `/api/v1/forum/topics/${t}`],
      ['GET', `/api/v1/forum/topics/${t}/replies`],
      ['GET', `/api/v1/forum/members/${a}/posts?taskHashId=${f.hashId}`],
    ] as const) {
      const r = await h.call(method, url, { member: outsider });
      expect(r.code, url).toBe(Code.FORUM_NO_ACCESS);
      expect(r.msg).toMatch(/座谈会/);
    }
    expect((await reply(h, outsider, t, '<p>路过</p>')).code).toBe(Code.FORUM_NO_ACCESS);
    // A member of another board is an outsider here too.
    const other = await forumFixture(h);
    expect((await h.call('GET', `/api/v1/forum/topics/${t}`, { member: other.moderator })).code).toBe(
      Code.FORUM_NO_ACCESS,
    );
    // Without a token: 401.
    expect((await h.call('GET', `/api/v1/forum/topics?taskHashId=${f.hashId}`)).status).toBe(401);
  });

  it('only the moderator posts topics and moderates; the observer reads and posts nothing', async () => {
    const body = { taskHashId: f.hashId, sectionId: f.sections[0], title: '一个话题', body: '<p>内容</p>' };
    for (const who of [a, f.observer]) {
      const r = await h.call('POST', '/api/v1/forum/topics', { member: who, body });
      expect(r.code).toBe(Code.FORUM_MODERATOR_ONLY);
    }
    const t = await topic(h, f);
    const obs = await reply(h, f.observer, t, '<p>我是观察员</p>');
    expect(obs.code).toBe(Code.FORUM_READ_ONLY);
    const seen = await h.call<{ canReply: boolean }>('GET', `/api/v1/forum/topics/${t}`, { member: f.observer });
    expect(seen.data.canReply).toBe(false);
    const pin = await h.call('POST', `/api/v1/forum/topics/${t}/moderate`, { member: a, body: { pinned: true } });
    expect(pin.code).toBe(Code.FORUM_MODERATOR_ONLY);
    const ok = await h.call<{ pinned: boolean }>('POST', `/api/v1/forum/topics/${t}/moderate`, {
      member: f.moderator,
      body: { pinned: true },
    });
    expect(ok.data.pinned).toBe(true);
    const wrongSection = await h.call('POST', '/api/v1/forum/topics', {
      member: f.moderator,
      body: { ...body, sectionId: (await forumFixture(h)).sections[0] },
    });
    expect(wrongSection.code).toBe(Code.FORUM_SECTION_INVALID);
  });

  it('a closed topic takes no replies', async () => {
    const t = await topic(h, f);
    await h.call('POST', `/api/v1/forum/topics/${t}/moderate`, { member: f.moderator, body: { closed: true } });
    expect((await reply(h, a, t, '<p>还能回复吗</p>')).code).toBe(Code.FORUM_TOPIC_CLOSED);
  });
});

describe('hidden posts, see-after-posting, sanitizing, order, idempotency', () => {
  let f: ForumFixture;
  let a: number;
  let b: number;
  beforeAll(async () => {
    f = await forumFixture(h);
    a = await respondent(h, f, 1);
    b = await respondent(h, f, 2);
  });

  it('a hidden reply is gone for respondents and kept for moderator and observer', async () => {
    const t = await topic(h, f);
    const r1 = await reply(h, a, t, '<p>第一条</p>');
    const r2 = await reply(h, b, t, '<p>广告内容</p>');
    const hide = await h.call<Reply>('POST', `/api/v1/forum/replies/${r2.data.reply.id}/moderate`, {
      member: f.moderator,
      body: { hidden: true },
    });
    expect(hide.data.hidden).toBe(true);
    const forA = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: a });
    expect(forA.data.list.map((r) => r.id)).toEqual([r1.data.reply.id]);
    expect(forA.data.total).toBe(1);
    for (const who of [f.moderator, f.observer]) {
      const all = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: who });
      expect(all.data.list.map((r) => [r.id, r.hidden])).toEqual([
        [r1.data.reply.id, false],
        [r2.data.reply.id, true],
      ]);
    }
    // Quoting a hidden reply is refused to respondents; hidden replies are not in member posts either.
    expect((await reply(h, a, t, '<p>引用</p>', { quoteId: r2.data.reply.id })).code).toBe(Code.FORUM_QUOTE_INVALID);
    const posts = await h.call<{ posts: Page<Reply> }>(
      'GET',
      `/api/v1/forum/members/${b}/posts?taskHashId=${f.hashId}`,
      { member: a },
    );
    expect(posts.data.posts.list).toEqual([]);
    // A hidden topic is gone too.
    await h.call('POST', `/api/v1/forum/topics/${t}/moderate`, { member: f.moderator, body: { hidden: true } });
    expect((await h.call('GET', `/api/v1/forum/topics/${t}`, { member: a })).code).toBe(Code.FORUM_POST_NOT_FOUND);
    const list = await h.call<Page<{ id: number }>>('GET', `/api/v1/forum/topics?taskHashId=${f.hashId}`, {
      member: a,
    });
    expect(list.data.list.map((x) => x.id)).not.toContain(t);
    const modList = await h.call<Page<{ id: number }>>('GET', `/api/v1/forum/topics?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(modList.data.list.map((x) => x.id)).toContain(t);
  });

  it('see-after-posting: others’ replies appear only after my own', async () => {
    const t = await topic(h, f, { seeAfterPosting: true });
    await reply(h, a, t, '<p>我先说</p>');
    const before = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: b });
    expect(before.data).toMatchObject({ list: [], locked: true });
    const detail = await h.call<{ repliesVisible: boolean }>('GET', `/api/v1/forum/topics/${t}`, { member: b });
    expect(detail.data.repliesVisible).toBe(false);
    const posts = await h.call<{ posts: Page<Reply> }>(
      'GET',
      `/api/v1/forum/members/${a}/posts?taskHashId=${f.hashId}`,
      { member: b },
    );
    expect(posts.data.posts.list.map((p) => p.body)).not.toContain('<p>我先说</p>');
    // The observer is not held back.
    const obs = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: f.observer });
    expect(obs.data.list).toHaveLength(1);
    await reply(h, b, t, '<p>我也说</p>');
    const after = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: b });
    expect(after.data.locked).toBe(false);
    expect(after.data.list.map((r) => [r.body, r.mine])).toEqual([
      ['<p>我先说</p>', false],
      ['<p>我也说</p>', true],
    ]);
  });

  it('rich text is sanitized on the server: script, event handlers and javascript: links are gone', async () => {
    const t = await topic(h, f);
    const dirty =
      '<p onclick="steal()">你好<strong>重点</strong><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a>' +
      '<a href="https://example.com/a" onmouseover="x()">链接</a><iframe src="https://evil"></iframe>' +
      '<span style="color:red">红字</span></p>';
    const r = await reply(h, a, t, dirty);
    expect(r.code).toBe(200);
    const body = r.data.reply.body;
    for (const bad of [
      '<script',
      'alert',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      '<img',
      '<iframe',
      'style=',
    ])
      expect(body, bad).not.toContain(bad);
    expect(body).toContain('<strong>重点</strong>');
    expect(body).toContain(
      '<a href="https://example.com/a" target="_blank" rel="nofollow noopener noreferrer">链接</a>',
    );
    expect(body).toContain('红字');
    // Nothing readable left and no picture: refused, nothing written.
    const empty = await reply(h, a, t, '<script>alert(1)</script><p> </p>');
    expect(empty.code).toBe(Code.FORUM_POST_EMPTY);
    const topicBody = await h.call<{ body: string }>('POST', '/api/v1/forum/topics', {
      member: f.moderator,
      body: {
        taskHashId: f.hashId,
        sectionId: f.sections[1],
        title: '话题也清洗',
        body: '<p>问题<script>x()</script><a href="javascript:void(0)">a</a></p>',
      },
    });
    expect(topicBody.data.body).toBe('<p>问题<a>a</a></p>');
  });

  it('floors follow posting order; oldest and newest pages; quotes', async () => {
    const t = await topic(h, f);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await reply(h, i % 2 ? a : b, t, `<p>第 ${i} 条</p>`)).data.reply.id);
    const oldest = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies?pageSize=2&page=2`, {
      member: a,
    });
    expect(oldest.data.list.map((r) => r.floor)).toEqual([3, 4]);
    expect(oldest.data.total).toBe(5);
    const newest = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies?order=newest&pageSize=2`, {
      member: a,
    });
    expect(newest.data.list.map((r) => r.floor)).toEqual([5, 4]);
    const q = await reply(h, b, t, '<p>同意楼上</p>', { quoteId: ids[0] });
    expect(q.data.reply.floor).toBe(6);
    const page = await h.call<Page<Reply & { quote: { id: number; excerpt: string } }>>(
      'GET',
      `/api/v1/forum/topics/${t}/replies?order=newest&pageSize=1`,
      { member: a },
    );
    expect(page.data.list[0]!.quote).toMatchObject({ id: ids[0], excerpt: '第 1 条' });
    const other = await topic(h, f);
    expect((await reply(h, a, other, '<p>跨话题引用</p>', { quoteId: ids[0] })).code).toBe(Code.FORUM_QUOTE_INVALID);
  });

  it('the same request key is the same reply; a different body under it is refused', async () => {
    const t = await topic(h, f);
    const requestKey = randomUUID();
    const send = (body: string) =>
      h.call<{ reply: { id: number } }>('POST', `/api/v1/forum/topics/${t}/replies`, {
        member: a,
        body: { requestKey, body },
      });
    const first = await send('<p>只发一次</p>');
    const again = await send('<p>只发一次</p>');
    expect(again.data.reply.id).toBe(first.data.reply.id);
    expect((await send('<p>换了内容</p>')).code).toBe(Code.FORUM_REQUEST_KEY_REUSED);
    const list = await h.call<Page<Reply>>('GET', `/api/v1/forum/topics/${t}/replies`, { member: a });
    expect(list.data.total).toBe(1);
  });

  it('the same request key posts one topic; a different title under it is refused', async () => {
    const requestKey = randomUUID();
    const send = (title: string) =>
      h.call<{ id: number }>('POST', '/api/v1/forum/topics', {
        member: f.moderator,
        body: { requestKey, taskHashId: f.hashId, sectionId: f.sections[0], title, body: '<p>问题</p>' },
      });
    const [first, second] = await Promise.all([send('只发一次的话题'), send('只发一次的话题')]);
    expect(second.data.id).toBe(first.data.id);
    expect((await send('只发一次的话题')).data.id).toBe(first.data.id);
    expect((await send('换了标题')).code).toBe(Code.FORUM_REQUEST_KEY_REUSED);
    const list = await h.call<Page<{ id: number; title: string }>>(
      'GET',
      `/api/v1/forum/topics?taskHashId=${f.hashId}&pageSize=50`,
      { member: f.moderator },
    );
    expect(list.data.list.filter((t) => t.title === '只发一次的话题')).toHaveLength(1);
  });

  it('a per-board display name: set, unique on the board', async () => {
    const set = await h.call<{ name: string }>('POST', '/api/v1/forum/identity', {
      member: a,
      body: { taskHashId: f.hashId, name: '电车老司机' },
    });
    expect(set.data.name).toBe('电车老司机');
    const clash = await h.call('POST', '/api/v1/forum/identity', {
      member: b,
      body: { taskHashId: f.hashId, name: '电车老司机' },
    });
    expect(clash.code).toBe(Code.FORUM_NAME_TAKEN);
    const foreignKey = await h.call('POST', '/api/v1/forum/identity', {
      member: b,
      body: { taskHashId: f.hashId, avatarKey: `forum/${a}/1700000000000123.png` },
    });
    expect(foreignKey.code).toBe(Code.UPLOAD_KEY_INVALID);
  });

  it('topic filters: required, unanswered, pinned', async () => {
    const g = await forumFixture(h);
    const m = await respondent(h, g, 3);
    const req = await topic(h, g, { required: true });
    const plain = await topic(h, g);
    await reply(h, m, plain, '<p>答了</p>');
    const ids = async (filter: string) =>
      (
        await h.call<Page<{ id: number; answered: boolean }>>(
          'GET',
          `/api/v1/forum/topics?taskHashId=${g.hashId}&filter=${filter}`,
          { member: m },
        )
      ).data.list.map((x) => x.id);
    expect(await ids('required')).toEqual([req]);
    expect(await ids('unanswered')).toEqual([req]);
    expect(await ids('pinned')).toEqual([]);
    expect((await ids('all')).sort()).toEqual([req, plain].sort());
  });
});

describe('paid participation', () => {
  it('answering every required topic completes the task once, credited through the ledger, shown in 任务记录', async () => {
    const f = await forumFixture(h, 400);
    const m = await respondent(h, f, 10);
    const t1 = await topic(h, f, { required: true });
    const t2 = await topic(h, f, { required: true, section: f.sections[1] });
    const free = await topic(h, f);
    const r0 = await reply(h, m, free, '<p>选答</p>');
    expect(r0.data.progress).toMatchObject({ requiredAnswered: 0, requiredTotal: 2, completed: false });
    const r1 = await reply(h, m, t1, '<p>必答一</p>');
    expect(r1.data.progress).toMatchObject({ requiredAnswered: 1, completed: false });
    const r2 = await reply(h, m, t2, '<p>必答二</p>');
    expect(r2.data.progress).toMatchObject({
      requiredAnswered: 2,
      completed: true,
      points: 400,
      pointsStatus: 'posted',
    });
    await reply(h, m, t2, '<p>补充一句</p>');
    const again = await h.call<Progress>('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(again.data.completed).toBe(true);
    const p = await pointsOf(h, m);
    expect(p).toEqual({ sum: 400, balance: 400, rows: 1 });
    const records = await h.call<Page<{ taskHashId: string; status: string; joinResult: number; points: number }>>(
      'GET',
      '/api/v1/users/tasks',
      { member: m },
    );
    expect(records.data.list.find((r) => r.taskHashId === f.hashId)).toMatchObject({
      status: 'finished',
      joinResult: 1,
      points: 400,
    });
    // Moderator and observer see no points.
    const mod = await h.call<{ progress: unknown }>('GET', `/api/focusMembers/info?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(mod.data.progress).toBeNull();
  });

  it('topics posted day by day: answering the first day early does not complete a planned discussion', async () => {
    const task = await newTask(ctx, { type: 4, module: 0, points: 150, closeAt: new Date(ctx.now() + 3 * DAY) });
    const { sections } = await createBoard(ctx, task.hashId, { sections: ['第一天', '第二天'], requiredTopics: 2 });
    const moderator = await newMember(ctx);
    await addStaff(ctx, task.hashId, String(moderator), 1);
    const f = {
      hashId: task.hashId,
      taskId: task.id,
      points: 150,
      sections: sections.map((s) => s.id),
      moderator,
      observer: 0,
    };
    const m = await respondent(h, f, 50);
    const day1 = await topic(h, f, { required: true });
    const first = await reply(h, m, day1, '<p>第一天的回答</p>');
    expect(first.data.progress).toMatchObject({ requiredAnswered: 1, requiredTotal: 2, completed: false });
    const day2 = await topic(h, f, { required: true, section: f.sections[1] });
    const second = await reply(h, m, day2, '<p>第二天的回答</p>');
    expect(second.data.progress).toMatchObject({ requiredAnswered: 2, requiredTotal: 2, completed: true });
    expect(await pointsOf(h, m)).toEqual({ sum: 150, balance: 150, rows: 1 });
  });

  it('a hidden answer does not count; the moderator can mark a respondent complete (once)', async () => {
    const f = await forumFixture(h, 200);
    const m = await respondent(h, f, 20);
    const t1 = await topic(h, f, { required: true });
    await topic(h, f, { required: true });
    const r = await reply(h, m, t1, '<p>一个</p>');
    await h.call('POST', `/api/v1/forum/replies/${r.data.reply.id}/moderate`, {
      member: f.moderator,
      body: { hidden: true },
    });
    const me = await h.call<{ progress: Progress }>('GET', `/api/focusMembers/info?taskHashId=${f.hashId}`, {
      member: m,
    });
    expect(me.data.progress.requiredAnswered).toBe(0);
    const byObserver = await h.call('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, {
      member: f.observer,
    });
    expect(byObserver.code).toBe(Code.FORUM_MODERATOR_ONLY);
    const outsider = await newMember(ctx);
    const notResp = await h.call('POST', `/api/v1/forum/members/${outsider}/complete?taskHashId=${f.hashId}`, {
      member: f.moderator,
    });
    expect(notResp.code).toBe(Code.FORUM_NOT_RESPONDENT);
    for (let i = 0; i < 2; i++) {
      const done = await h.call<Progress>('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, {
        member: f.moderator,
      });
      expect(done.data).toMatchObject({ completed: true, pointsStatus: 'posted', points: 200 });
    }
    expect(await pointsOf(h, m)).toEqual({ sum: 200, balance: 200, rows: 1 });
  });

  it('after the deadline: no replies, no completion, nothing credited', async () => {
    const f = await forumFixture(h, 100);
    const m = await respondent(h, f, 30);
    const t = await topic(h, f, { required: true });
    h.clock.advance(3 * DAY + 1000);
    try {
      expect((await reply(h, m, t, '<p>迟到了</p>')).code).toBe(Code.FORUM_ENDED);
      const late = await h.call('POST', `/api/v1/forum/members/${m}/complete?taskHashId=${f.hashId}`, {
        member: f.moderator,
      });
      expect(late.code).toBe(Code.FORUM_ENDED);
      // The moderator may still post after the deadline.
      expect((await reply(h, f.moderator, t, '<p>感谢大家参与</p>')).code).toBe(200);
      expect(await pointsOf(h, m)).toEqual({ sum: 0, balance: 0, rows: 0 });
    } finally {
      h.clock.advance(-(3 * DAY + 1000));
    }
  });
});

describe('export', () => {
  it('CSV fields are escaped', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('他说"好"')).toBe('"他说""好"""');
    expect(csvField('两行\n文字')).toBe('"两行\n文字"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(null)).toBe('');
  });

  it('a board’s replies in section, topic and floor order', async () => {
    const f = await forumFixture(h);
    const m = await respondent(h, f, 40);
    const t = await topic(h, f, { title: '标题, 带逗号' });
    await reply(h, m, t, '<p>第一段</p><p>第二段 "引号"</p>');
    await reply(h, f.moderator, t, '<p>谢谢</p>');
    const { csv, rows } = await exportReplies(ctx.db, f.hashId);
    expect(rows).toBe(2);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^版块,话题编号,话题,必答,楼层/);
    expect(lines[1]).toContain('"标题, 带逗号"');
    expect(lines[1]).toContain('"第一段 第二段 ""引号"""');
    expect(lines[1]).toMatch(/,受访者,/);
    expect(lines[2]).toMatch(/,主持人,主持人,谢谢,/);
  });
});
