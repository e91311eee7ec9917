/**
 * Over HTTP: the help centre — GET /v1/categories (the tree: the root's topics with up to 10
 * titles each), GET /v1/questions (by category, keyword — `%` and `_` are plain characters —,
 * 常见问题, paged), GET /v1/questions/{id} (detail, helpful count, the viewer's vote, related) and
 * POST /v1/questions/{id}/vote (one vote per member and article, a second replaces the first, also
 * when sent at once). Unpublished articles answer as missing everywhere. The demo articles link
 * only to built pages and are seeded once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { HELP_ROOT_ID, HELP_TOPICS } from '../../openapi/rules/help';
import type { AppContext } from '../../server/context';
import { helpQuestions, helpVotes } from '../../server/db/tables';
import { publishHelpQuestion, unpublishHelpQuestion, type HelpQuestionInput } from '../../server/modules/help/admin';
import { helpArticles, seedDemoHelp } from '../../server/seed/demoHelp';
import { isRouted } from '../../src/routing/paths';
import { harness, type Harness } from './accounts-helpers';
import { newMember, type TestMember } from './exchange-helpers';

let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

type Brief = { id: number; title: string };
type Category = { id: number; name: string; icon: string | null; questions: Brief[] };
type Question = { id: number; categoryId: number; title: string; content: string; hot: boolean; updatedAt: number };
type QuestionPage = { list: Question[]; total: number; page: number; pageSize: number };
type Detail = Question & { categoryName: string; helpful: number; myVote: boolean | null; related: Brief[] };

const [ACCOUNT, TASKS, POINTS, EXCHANGE] = HELP_TOPICS.map((t) => t.id) as [number, number, number, number];

const publish = async (categoryId: number, title: string, more: Partial<HelpQuestionInput> = {}) =>
  (await publishHelpQuestion(ctx(), { categoryId, title, content: `<p>${title}的解答</p>`, ...more })).id;

const get = <T>(url: string, m?: TestMember) =>
  h.call('GET', url, m ? { token: m.token } : {}) as Promise<{ status: number; code: number; msg: string; data: T }>;
const questions = async (query: string) => {
  const r = await get<QuestionPage>(`/api/v1/questions?${query}`);
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const titles = async (query: string) => (await questions(query)).list.map((q) => q.title);
const vote = (id: number, m: TestMember | null, helpful: unknown) =>
  h.call('POST', `/api/v1/questions/${id}/vote`, { ...(m ? { token: m.token } : {}), body: { helpful } }) as Promise<{
    status: number;
    code: number;
    msg: string;
    data: { helpful: number; myVote: boolean };
  }>;
const votesOf = (questionId: number, memberId: number) =>
  ctx()
    .db.select()
    .from(helpVotes)
    .where(and(eq(helpVotes.questionId, questionId), eq(helpVotes.memberId, memberId)));

const ids: Record<string, number> = {};
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  h = await harness('help');
  // Registration: the last one of 注册与登录 by position, though published first.
  ids.register = await publish(ACCOUNT, '如何注册账号', { sort: 30 });
  ids.sms = await publish(ACCOUNT, '收不到验证码', { sort: 10, hot: true });
  ids.login = await publish(ACCOUNT, '登录方式', { sort: 20 });
  ids.hidden = await publish(ACCOUNT, '已下线的旧问题', { sort: 15, hot: true });
  await unpublishHelpQuestion(ctx(), ids.hidden);
  ids.screen = await publish(TASKS, '为什么被甄别', {
    hot: true,
    content: '<p>按任务规则发放<strong>安慰微豆</strong>，配额已满得 5 &amp; 甄别得 10。</p>',
  });
  ids.percent = await publish(TASKS, '加成卡多加 10% 微豆');
  ids.underscore = await publish(TASKS, '答题过快', { content: '<p>最短用时见 min_seconds 说明</p>' });
  ids.plain = await publish(TASKS, '配额已满', { content: '<p>名额收满后问卷提前结束</p>' });
  // Twelve in 微豆与到账: the tree lists ten, the list pages through all.
  for (let i = 1; i <= 12; i++) ids[`p${i}`] = await publish(POINTS, `微豆问题 ${String(i).padStart(2, '0')}`);
  a = await newMember(ctx());
  b = await newMember(ctx());
});
afterAll(() => h.env.cleanup());

describe('GET /v1/categories', () => {
  it('without a category: the top level, the help root', async () => {
    const r = await get<Category[]>('/api/v1/categories');
    expect(r.data).toEqual([{ id: HELP_ROOT_ID, name: '帮助中心', icon: null, questions: [] }]);
  });

  it('the help root: its topics in order, each with its first ten published titles by position', async () => {
    const r = await get<Category[]>(`/api/v1/categories?categoryId=${HELP_ROOT_ID}`);
    expect(r.data.map((c) => [c.id, c.name])).toEqual(HELP_TOPICS.map((t) => [t.id, t.name]));
    const byId = new Map(r.data.map((c) => [c.id, c.questions.map((q) => q.title)]));
    expect(byId.get(ACCOUNT)).toEqual(['收不到验证码', '登录方式', '如何注册账号']);
    expect(byId.get(TASKS)).toEqual(['为什么被甄别', '加成卡多加 10% 微豆', '答题过快', '配额已满']);
    expect(byId.get(POINTS)).toEqual(
      Array.from({ length: 10 }, (_, i) => `微豆问题 ${String(i + 1).padStart(2, '0')}`),
    );
    expect(byId.get(EXCHANGE)).toEqual([]);
    expect(r.data.find((c) => c.id === ACCOUNT)!.questions[0]).toEqual({ id: ids.sms, title: '收不到验证码' });
  });

  it('a topic has no children; an id that is no category is 404; a bad id is 400', async () => {
    expect((await get<Category[]>(`/api/v1/categories?categoryId=${ACCOUNT}`)).data).toEqual([]);
    const missing = await get('/api/v1/categories?categoryId=999999');
    expect([missing.status, missing.code, missing.msg]).toEqual([404, Code.NOT_FOUND, '帮助分类不存在']);
    expect((await get('/api/v1/categories?categoryId=abc')).status).toBe(400);
  });
});

describe('GET /v1/questions', () => {
  it('by category: published only, by position, with the content and the 常见问题 mark', async () => {
    const page = await questions(`categoryId=${ACCOUNT}`);
    expect(page.list.map((q) => q.title)).toEqual(['收不到验证码', '登录方式', '如何注册账号']);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.list[0]).toEqual({
      id: ids.sms,
      categoryId: ACCOUNT,
      title: '收不到验证码',
      content: '<p>收不到验证码的解答</p>',
      hot: true,
      updatedAt: h.clock.now(),
    });
  });

  it('pages through a category; the root lists every topic’s articles', async () => {
    const second = await questions(`categoryId=${POINTS}&page=2&pageSize=5`);
    expect(second.list.map((q) => q.title)).toEqual(
      [6, 7, 8, 9, 10].map((i) => `微豆问题 ${String(i).padStart(2, '0')}`),
    );
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect((await questions(`categoryId=${POINTS}&page=3&pageSize=5`)).list).toHaveLength(2);
    expect((await questions(`categoryId=${POINTS}&page=4&pageSize=5`)).list).toEqual([]);
    const all = await questions(`categoryId=${HELP_ROOT_ID}&pageSize=100`);
    expect(all.total).toBe(3 + 4 + 12);
    expect(all.list.slice(0, 4).map((q) => q.title)).toEqual([
      '收不到验证码',
      '登录方式',
      '如何注册账号',
      '为什么被甄别',
    ]);
    expect((await questions('pageSize=100')).total).toBe(19);
  });

  it('常见问题: the hot ones that are published', async () => {
    expect(await titles('hot=1')).toEqual(['收不到验证码', '为什么被甄别']);
    expect(await titles(`hot=1&categoryId=${TASKS}`)).toEqual(['为什么被甄别']);
  });

  it('a keyword matches a title or the text of the content, titles first', async () => {
    expect(await titles('keyword=甄别')).toEqual(['为什么被甄别']);
    expect(await titles('keyword=安慰微豆')).toEqual(['为什么被甄别']);
    expect(await titles(`keyword=${encodeURIComponent('名额')}`)).toEqual(['配额已满']);
    // In one article's title and an earlier one's text: the title match comes first.
    expect(await titles(`keyword=${encodeURIComponent('配额')}`)).toEqual(['配额已满', '为什么被甄别']);
    // Case-insensitive, the text as members read it (entities decoded), never the markup.
    expect(await titles('keyword=MIN_SECONDS')).toEqual(['答题过快']);
    expect(await titles(`keyword=${encodeURIComponent('5 & 甄别')}`)).toEqual(['为什么被甄别']);
    expect(await titles('keyword=strong')).toEqual([]);
    expect(await titles(`keyword=${encodeURIComponent('  验证码 ')}`)).toEqual(['收不到验证码']);
  });

  it('% and _ are plain characters, not wildcards', async () => {
    expect(await titles(`keyword=${encodeURIComponent('%')}`)).toEqual(['加成卡多加 10% 微豆']);
    expect(await titles(`keyword=${encodeURIComponent('10%')}`)).toEqual(['加成卡多加 10% 微豆']);
    expect(await titles(`keyword=${encodeURIComponent('_')}`)).toEqual(['答题过快']);
    // 「%微豆%」: the article with a real % and 微豆 first, then those with 微豆 only.
    expect((await titles(`keyword=${encodeURIComponent('%微豆%')}`))[0]).toBe('加成卡多加 10% 微豆');
    expect(await titles(`keyword=${encodeURIComponent('0_')}`)).toEqual([]);
  });

  it('keyword, category and hot together; unknown category 404; an unpublished article is found by nothing', async () => {
    expect(await titles(`keyword=${encodeURIComponent('微豆')}&categoryId=${TASKS}`)).toEqual([
      '加成卡多加 10% 微豆',
      '为什么被甄别',
    ]);
    expect(await titles(`keyword=${encodeURIComponent('验证码')}&hot=1`)).toEqual(['收不到验证码']);
    const missing = await get('/api/v1/questions?categoryId=999999');
    expect([missing.status, missing.code]).toEqual([404, Code.NOT_FOUND]);
    expect(await titles(`keyword=${encodeURIComponent('已下线')}`)).toEqual([]);
    expect((await get('/api/v1/questions?keyword=' + 'x'.repeat(51))).status).toBe(400);
  });
});

describe('GET /v1/questions/{id}', () => {
  it('a visitor: the article, its category, the helpful count, no vote, and up to five related', async () => {
    const r = await get<Detail>(`/api/v1/questions/${ids.p3}`);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      id: ids.p3,
      categoryId: POINTS,
      categoryName: '微豆与到账',
      title: '微豆问题 03',
      helpful: 0,
      myVote: null,
    });
    expect(r.data.related.map((q) => q.title)).toEqual(['01', '02', '04', '05', '06'].map((n) => `微豆问题 ${n}`));
    // Unpublished related articles are left out.
    const sms = await get<Detail>(`/api/v1/questions/${ids.sms}`);
    expect(sms.data.related).toEqual([
      { id: ids.login, title: '登录方式' },
      { id: ids.register, title: '如何注册账号' },
    ]);
  });

  it('unpublished, unknown or not an id: 404 alike (400 for a malformed id)', async () => {
    for (const id of [ids.hidden!, 2_000_000_000]) {
      const r = await get(`/api/v1/questions/${id}`, a);
      expect([r.status, r.code, r.msg]).toEqual([404, Code.NOT_FOUND, '这个问题不存在或已下线']);
    }
    expect((await get('/api/v1/questions/abc')).status).toBe(400);
  });
});

describe('POST /v1/questions/{id}/vote', () => {
  it('a visitor cannot vote', async () => {
    expect((await vote(ids.login!, null, true)).status).toBe(401);
  });

  it('one vote per member: a second vote replaces the first; each member’s own vote shows', async () => {
    const id = ids.login!;
    expect((await vote(id, a, true)).data).toEqual({ helpful: 1, myVote: true });
    expect((await get<Detail>(`/api/v1/questions/${id}`, a)).data).toMatchObject({ helpful: 1, myVote: true });
    expect((await get<Detail>(`/api/v1/questions/${id}`, b)).data).toMatchObject({ helpful: 1, myVote: null });
    expect((await get<Detail>(`/api/v1/questions/${id}`)).data).toMatchObject({ helpful: 1, myVote: null });

    expect((await vote(id, b, true)).data).toEqual({ helpful: 2, myVote: true });
    // A changes their mind: one row, now 没帮助.
    expect((await vote(id, a, false)).data).toEqual({ helpful: 1, myVote: false });
    expect(await votesOf(id, a.id)).toHaveLength(1);
    expect((await get<Detail>(`/api/v1/questions/${id}`, a)).data).toMatchObject({ helpful: 1, myVote: false });
    // The same vote again changes nothing.
    expect((await vote(id, a, false)).data).toEqual({ helpful: 1, myVote: false });
    expect((await vote(id, a, true)).data).toEqual({ helpful: 2, myVote: true });
  });

  it('votes of one member sent at once leave one row, and the count matches it', async () => {
    const id = ids.register!;
    const m = await newMember(ctx());
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => vote(id, m, i % 2 === 0)));
    expect(answers.every((r) => r.code === 200)).toBe(true);
    const rows = await votesOf(id, m.id);
    expect(rows).toHaveLength(1);
    const detail = (await get<Detail>(`/api/v1/questions/${id}`, m)).data;
    expect(detail).toMatchObject({ helpful: rows[0]!.helpful ? 1 : 0, myVote: rows[0]!.helpful });
  });

  it('an unpublished or unknown article cannot be voted on; a vote must say yes or no', async () => {
    for (const id of [ids.hidden!, 2_000_000_000]) {
      const r = await vote(id, a, true);
      expect([r.status, r.code]).toEqual([404, Code.NOT_FOUND]);
    }
    expect(await votesOf(ids.hidden!, a.id)).toEqual([]);
    expect((await vote(ids.sms!, a, 'yes')).status).toBe(400);
    expect((await vote(ids.sms!, a, undefined)).status).toBe(400);
  });

  it('an unpublished article keeps its row and votes but answers as missing', async () => {
    const id = await publish(EXCHANGE, '临时问题');
    expect((await vote(id, a, true)).code).toBe(200);
    await unpublishHelpQuestion(ctx(), id);
    expect((await get(`/api/v1/questions/${id}`, a)).status).toBe(404);
    expect(await titles(`categoryId=${EXCHANGE}`)).toEqual([]);
    const [row] = await ctx().db.select().from(helpQuestions).where(eq(helpQuestions.id, id));
    expect(row).toMatchObject({ published: false, title: '临时问题' });
  });
});

describe('the demo help centre', () => {
  const figures = { smsResendSeconds: 60, smsIpHourlyLimit: 20, taskIpLimit: 3 };

  it('has articles in every topic, several 常见问题, and links only to built pages', () => {
    const articles = helpArticles(figures);
    expect(articles.length).toBeGreaterThanOrEqual(20);
    expect(articles.filter((x) => x.hot).length).toBeGreaterThanOrEqual(5);
    for (const t of HELP_TOPICS)
      expect(
        articles.some((x) => x.categoryId === t.id),
        t.name,
      ).toBe(true);
    for (const x of articles) {
      for (const [, href] of x.content.matchAll(/href="([^"]+)"/g))
        expect(isRouted(href!), `${x.title}: ${href}`).toBe(true);
      expect(x.content, x.title).not.toMatch(/undefined|NaN|\$\{/);
    }
    // The figures come from the rules that apply them.
    const sms = articles.find((x) => x.title === '收不到短信验证码怎么办？')!;
    expect(sms.content).toContain('<strong>60 秒</strong>');
    expect(sms.content).toContain('同一网络每小时最多 20 次');
    const checkin = articles.find((x) => x.title === '每日签到能得多少微豆？')!;
    expect(checkin.content).toContain('第 7 天起：每天 <strong>20 微豆</strong>');
  });

  it('is seeded once, sanitized, in the tree', async () => {
    const env = await harness('help-seed');
    try {
      const seeded = (env.app as unknown as { ctx: AppContext }).ctx;
      const n = await seedDemoHelp(seeded);
      expect(n).toBe(helpArticles(seeded.config).length);
      expect(await seedDemoHelp(seeded)).toBe(0);
      const tree = await env.call('GET', `/api/v1/categories?categoryId=${HELP_ROOT_ID}`);
      const topics = tree.data as Category[];
      expect(topics.map((c) => c.name)).toEqual(HELP_TOPICS.map((t) => t.name));
      expect(topics.every((c) => c.questions.length > 0)).toBe(true);
      const hot = await env.call('GET', '/api/v1/questions?hot=1');
      expect((hot.data as QuestionPage).total).toBe(helpArticles(seeded.config).filter((x) => x.hot).length);

      // Search as members ask: the search box's own example, and words no title spells.
      const first = async (keyword: string) =>
        ((await env.call('GET', `/api/v1/questions?keyword=${encodeURIComponent(keyword)}`)).data as QuestionPage)
          .list[0]?.title;
      expect(await first('微豆多久到账')).toBe('完成问卷后，微豆多久到账？');
      expect(await first('收不到验证码')).toBe('收不到短信验证码怎么办？');
      expect(await first('提现')).toBe('兑换现金需要满足什么条件？');
      expect(await first('验证码收不到')).toBe('收不到短信验证码怎么办？');
      expect(await first('兑换多久到账')).toBe('兑换后多久到账？各个兑换状态是什么意思？');
    } finally {
      await env.env.cleanup();
    }
  });
});
