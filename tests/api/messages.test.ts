/**
 * Site messages over HTTP: the inbox (`/v1/messages`), the bell (`/v1/messages/new`), read marks
 * (`/v1/messages/read`) and the screen message (`/v1/messages/screen`, `/v1/messages/flash/read`).
 * Personal, list and broadcast messages as operators send them (modules/messages/send.ts); a
 * broadcast is one row whoever reads it, each member's read state their own, and it reaches only
 * members registered when it was sent. Another member's message is never listed, counted or
 * marked; every refusal is a zh-CN envelope.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { MAX_ID } from '../../openapi/schemas/common';
import { isRouted } from '../../src/routing/paths';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { messageInbox, messages, screenMessageSeen, screenMessages } from '../../server/db/schema-content';
import { startSession } from '../../server/modules/auth/tokens';
import { sendMessage, type Audience } from '../../server/modules/messages/send';
import { setScreenMessage, withdrawScreenMessage } from '../../server/modules/messages/screen';
import { DEMO_SCREEN, seedDemoMessages } from '../../server/seed/demoMessages';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import type { MessagePageData } from '../../server/modules/messages/inbox';
import type { ScreenMessageData } from '../../server/modules/messages/screen';

const T0 = Date.UTC(2030, 0, 1, 2, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;
const env = createTestEnv('messages');
const clock = testClock(T0);
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

interface M {
  id: number;
  token: string;
}

/** A member registered at `at` (default: now, so only what is sent from now on reaches them), with a token. */
async function member(at = clock.now()): Promise<M> {
  const code = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await ctx.db
    .insert(members)
    .values({ nickname: `消息${code}`, memberCode: code, inviteCode: `M${code}`, createdAt: new Date(at) })
    .returning({ id: members.id });
  const { token } = await startSession(ctx, row!.id);
  return { id: row!.id, token };
}

/** Move the clock on; the members log in again (an access token lives 30 minutes). */
async function after(ms: number, ...who: M[]) {
  clock.advance(ms);
  for (const m of who) m.token = (await startSession(ctx, m.id)).token;
}

async function call(method: 'GET' | 'POST', url: string, who?: M, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, ...envelopeOf(res) };
}

const send = (
  audience: Audience,
  title: string,
  more: { content?: string; type?: 1 | 2 | 3 | 4 | 5; link?: string } = {},
) => {
  clock.advance(1000);
  return sendMessage(ctx, audience, { title, content: more.content ?? `<p>${title}的正文</p>`, ...more });
};
const to = (m: M): Audience => ({ kind: 'member', memberId: m.id });

const inbox = async (who: M, query = '') => (await call('GET', `/v1/messages${query}`, who)).data as MessagePageData;
/** One message of the caller's, by id. */
const message = async (who: M, id: number) => (await inbox(who, `?id=${id}`)).list[0]!;
const titles = async (who: M, query = '') => (await inbox(who, query)).list.map((x) => x.title);
const unread = async (who: M) =>
  (await call('GET', '/v1/messages/new', who)).data as { hasNew: boolean; unread: number };
const read = async (who: M, body: { ids?: unknown[]; all?: boolean }) => {
  const r = await call('POST', '/v1/messages/read', who, body);
  return { ...r, data: r.data as { unread: number } };
};
const screen = async (who: M) => {
  const r = await call('GET', '/v1/messages/screen', who);
  return { ...r, data: r.data as ScreenMessageData | undefined };
};
const flash = (who: M, id: number) => call('POST', '/v1/messages/flash/read', who, { id });

const zh = /[\u4e00-\u9fa5]/;

describe('the inbox', () => {
  it('an empty inbox: no messages, no marker', async () => {
    const m = await member();
    expect(await inbox(m)).toEqual({ list: [], total: 0, page: 1, pageSize: 20, unread: 0 });
    expect(await unread(m)).toEqual({ hasNew: false, unread: 0 });
  });

  it('lists own and broadcast messages newest first, with unread markers, a plain summary and sanitized content', async () => {
    const a = await member();
    const b = await member();
    await send(to(a), '兑换提醒', {
      type: 3,
      link: '/home/exchange',
      content:
        '<p>你的<strong>兑换</strong>已发放<script>alert(1)</script><img src="https://x.example/y.png" onerror="z"></p>' +
        '<p>a &amp; b &lt;c&gt;</p>',
    });
    await send({ kind: 'all' }, '春节活动开始啦', { type: 5 });
    await send(to(b), '只给 B 的消息');
    await send({ kind: 'list', memberIds: [a.id, b.id] }, '给 A 和 B 的消息');

    const page = await inbox(a);
    expect(page.list.map((x: { title: string }) => x.title)).toEqual([
      '给 A 和 B 的消息',
      '春节活动开始啦',
      '兑换提醒',
    ]);
    expect(page).toMatchObject({ total: 3, unread: 3 });
    const exchange = page.list[2]!;
    expect(exchange).toMatchObject({
      type: 3,
      link: '/home/exchange',
      read: false,
      summary: '你的兑换已发放 a & b <c>',
    });
    expect(exchange.content).toBe(
      '<p>你的<strong>兑换</strong>已发放<img src="https://x.example/y.png" /></p><p>a &amp; b &lt;c&gt;</p>',
    );
    expect(exchange.createdAt).toBe(T0 + 1000);
    expect(await unread(a)).toEqual({ hasNew: true, unread: 3 });
    expect(await titles(b)).toEqual(['给 A 和 B 的消息', '只给 B 的消息', '春节活动开始啦']);
  });

  it('filters by type, by unread, and by id (only the caller’s: another member’s id answers like a missing one)', async () => {
    const a = await member();
    const b = await member();
    const sys = await send(to(a), '系统通知一条', { type: 1 });
    const act = await send({ kind: 'all' }, '活动广播一条', { type: 5 });
    const theirs = await send(to(b), 'B 的私信', { type: 1 });
    expect(await titles(a, '?type=5')).toEqual(['活动广播一条']);
    expect(await titles(a, '?type=1')).toEqual(['系统通知一条']);
    const one = await inbox(a, `?id=${sys.id}`);
    expect(one).toMatchObject({ total: 1, unread: 2, list: [{ id: sys.id, title: '系统通知一条' }] });
    expect((await inbox(a, `?id=${act.id}`)).list).toHaveLength(1);

    const foreign = await call('GET', `/v1/messages?id=${theirs.id}`, a);
    const missing = await call('GET', `/v1/messages?id=${MAX_ID}`, a);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 404, code: Code.NOT_FOUND, msg: '消息不存在' });

    await read(a, { ids: [sys.id] });
    expect(await titles(a, '?unread=1')).toEqual(['活动广播一条']);
    expect(await inbox(a, '?unread=1')).toMatchObject({ total: 1, unread: 1 });
    expect((await message(a, sys.id)).read).toBe(true);
  });

  it('pages newest first; the total follows the filters, the unread count does not', async () => {
    const m = await member();
    for (let i = 1; i <= 25; i++) await send(to(m), `第 ${i} 条`, { type: i % 2 ? 1 : 2 });
    const p1 = await inbox(m, '?pageSize=10');
    expect(p1).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 10 });
    expect(p1.list[0]!.title).toBe('第 25 条');
    const p3 = await inbox(m, '?pageSize=10&page=3');
    expect(p3.list.map((x: { title: string }) => x.title)).toEqual([
      '第 5 条',
      '第 4 条',
      '第 3 条',
      '第 2 条',
      '第 1 条',
    ]);
    expect(await inbox(m, '?type=2&pageSize=5')).toMatchObject({ total: 12, unread: 25 });
    // Past the end: no rows, the counts all the same.
    expect(await inbox(m, '?page=9')).toMatchObject({ list: [], total: 25, unread: 25 });
    expect(await inbox(m, '?type=4')).toMatchObject({ list: [], total: 0, unread: 25 });
  });
});

describe('broadcasts', () => {
  it('are stored once, counted once per member, with each member’s read state their own', async () => {
    const ms = await Promise.all([member(), member(), member()]);
    const [a, b, c] = ms as [M, M, M];
    const sent = await send({ kind: 'all' }, '全站广播：系统升级');
    expect(sent.recipients).toBeGreaterThanOrEqual(3);
    expect(await ctx.db.select().from(messages).where(eq(messages.id, sent.id))).toHaveLength(1);
    expect(await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, sent.id))).toEqual([]);

    const before = await Promise.all(ms.map(unread));
    await read(a, { ids: [sent.id] });
    await read(a, { ids: [sent.id] });
    expect((await unread(a)).unread).toBe(before[0]!.unread - 1);
    expect((await unread(b)).unread).toBe(before[1]!.unread);
    expect((await message(a, sent.id)).read).toBe(true);
    expect((await message(b, sent.id)).read).toBe(false);
    // Read by one: one inbox row, the reader's.
    const rows = await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, sent.id));
    expect(rows.map((r) => r.memberId)).toEqual([a.id]);
    expect(rows[0]!.readAt?.getTime()).toBe(clock.now());
    await read(c, { all: true });
    expect(await unread(c)).toEqual({ hasNew: false, unread: 0 });
    expect((await unread(b)).unread).toBe(before[1]!.unread);
  });

  it('do not reach a member who registered after they were sent, not even by id', async () => {
    const sent = await send({ kind: 'all' }, '注册前的广播');
    clock.advance(MINUTE);
    const late = await member(clock.now());
    expect(await titles(late)).not.toContain('注册前的广播');
    expect(await unread(late)).toEqual({ hasNew: false, unread: 0 });
    expect((await call('GET', `/v1/messages?id=${sent.id}`, late)).code).toBe(Code.NOT_FOUND);
    expect((await read(late, { ids: [sent.id] })).data).toEqual({ unread: 0 });
    expect((await read(late, { all: true })).data).toEqual({ unread: 0 });
    expect(await ctx.db.select().from(messageInbox).where(eq(messageInbox.memberId, late.id))).toEqual([]);
    const after = await send({ kind: 'all' }, '注册后的广播');
    expect(await titles(late)).toEqual(['注册后的广播']);
    expect((await inbox(late)).list[0]!.id).toBe(after.id);
  });
});

describe('reading', () => {
  it('marks the caller’s own messages; another member’s ids are ignored exactly like missing ones', async () => {
    const a = await member();
    const b = await member();
    const mine = await send(to(a), 'A 的第一条');
    const mine2 = await send(to(a), 'A 的第二条');
    const theirs = await send(to(b), 'B 的消息');
    const bBefore = await ctx.db.select().from(messageInbox).where(eq(messageInbox.memberId, b.id));

    const foreign = await read(a, { ids: [theirs.id] });
    const missing = await read(a, { ids: [MAX_ID] });
    expect(foreign).toEqual(missing);
    expect(await ctx.db.select().from(messageInbox).where(eq(messageInbox.memberId, b.id))).toEqual(bBefore);
    expect(await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, theirs.id))).toMatchObject([
      { memberId: b.id, readAt: null },
    ]);

    const r = await read(a, { ids: [mine.id, theirs.id, mine.id] });
    expect(r).toMatchObject({ code: 200, data: { unread: (await unread(a)).unread } });
    expect((await message(a, mine.id)).read).toBe(true);
    expect((await message(a, mine2.id)).read).toBe(false);
    expect((await message(b, theirs.id)).read).toBe(false);

    // The first read time stays.
    const [row] = await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, mine.id));
    clock.advance(MINUTE);
    await read(a, { ids: [mine.id] });
    const [again] = await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, mine.id));
    expect(again!.readAt).toEqual(row!.readAt);
  });

  it('reads all: own rows and every broadcast, nothing of anyone else; an empty request changes nothing', async () => {
    const a = await member();
    const b = await member();
    await send(to(a), '私信一');
    await send({ kind: 'list', memberIds: [a.id, b.id] }, '名单消息');
    await send({ kind: 'all' }, '广播一');
    expect((await read(a, {})).data.unread).toBe((await unread(a)).unread);
    const bUnread = (await unread(b)).unread;
    expect((await read(a, { all: true, ids: [] })).data).toEqual({ unread: 0 });
    expect((await inbox(a)).list.every((x: { read: boolean }) => x.read)).toBe(true);
    expect((await unread(b)).unread).toBe(bUnread);
    expect((await read(a, { all: true })).data).toEqual({ unread: 0 });
    await send(to(a), '读完之后的新消息');
    expect(await unread(a)).toEqual({ hasNew: true, unread: 1 });
  });
});

describe('the screen message', () => {
  it('is shown once per member, then answers 1060; withdrawn, not started or ended ones are not shown', async () => {
    // None at all yet in this test's window.
    await ctx.db.update(screenMessages).set({ withdrawnAt: new Date(clock.now()) });
    const a = await member();
    const b = await member();
    const none = await screen(a);
    expect(none).toEqual({ status: 200, code: Code.NOTHING_TO_SHOW, msg: '暂无需要展示的内容' });

    const s = await setScreenMessage(ctx, {
      title: '五一活动',
      content: '<p>五一期间<em>双倍</em>微豆</p><iframe src="https://x"></iframe>',
      image: 'https://cdn.example.com/may.png',
      link: '/task',
      buttonText: '去看看',
      endAt: clock.now() + DAY,
    });
    const shown = await screen(a);
    expect(shown).toMatchObject({
      code: 200,
      data: {
        id: s.id,
        title: '五一活动',
        content: '<p>五一期间<em>双倍</em>微豆</p>',
        image: 'https://cdn.example.com/may.png',
        link: '/task',
        buttonText: '去看看',
        endAt: clock.now() + DAY,
      },
    });
    expect((await flash(a, s.id)).data).toEqual({ ok: true });
    expect((await flash(a, s.id)).data).toEqual({ ok: true });
    expect((await screen(a)).code).toBe(Code.NOTHING_TO_SHOW);
    expect((await screen(b)).data?.id).toBe(s.id);
    expect(
      await ctx.db.select().from(screenMessageSeen).where(eq(screenMessageSeen.screenMessageId, s.id)),
    ).toHaveLength(1);

    // A newer one takes over; a's seen mark of the old one does not hide it.
    clock.advance(MINUTE);
    const newer = await setScreenMessage(ctx, {
      title: '新的弹屏',
      content: '<p>新内容</p>',
      endAt: clock.now() + DAY,
    });
    expect((await screen(a)).data).toMatchObject({
      id: newer.id,
      buttonText: '知道了',
      image: null,
      link: null,
    });
    await withdrawScreenMessage(ctx, newer.id);
    // The older one is still in its window and b has not seen it.
    expect((await screen(b)).data?.id).toBe(s.id);
    expect((await screen(a)).code).toBe(Code.NOTHING_TO_SHOW);

    // Not started yet, and after the end.
    const later = await setScreenMessage(ctx, {
      title: '明天的弹屏',
      content: '<p>明天见</p>',
      startAt: clock.now() + DAY,
      endAt: clock.now() + 2 * DAY,
    });
    expect((await screen(a)).code).toBe(Code.NOTHING_TO_SHOW);
    await after(DAY, a, b);
    expect((await screen(a)).data?.id).toBe(later.id);
    await after(DAY, a, b);
    expect((await screen(a)).code).toBe(Code.NOTHING_TO_SHOW);
    // A seen mark of a withdrawn or ended one is still accepted (it may have been on screen).
    expect((await flash(b, newer.id)).code).toBe(200);
  });

  it('refuses an unknown screen message id in zh-CN', async () => {
    const m = await member();
    const r = await flash(m, MAX_ID);
    expect(r).toEqual({ status: 404, code: Code.NOT_FOUND, msg: '这条弹屏消息不存在' });
  });

  it('the demo seed sets one current screen message once, linking to a routed page', async () => {
    await ctx.db.delete(screenMessages);
    expect(isRouted(DEMO_SCREEN.link!)).toBe(true);
    expect(await seedDemoMessages(ctx)).toBe(1);
    expect(await seedDemoMessages(ctx)).toBe(0);
    const m = await member();
    const shown = await screen(m);
    expect(shown.data).toMatchObject({ title: DEMO_SCREEN.title, link: '/task', buttonText: '去做任务' });
    await withdrawScreenMessage(ctx, shown.data!.id);
    expect(await seedDemoMessages(ctx)).toBe(0);
    expect((await screen(m)).code).toBe(Code.NOTHING_TO_SHOW);
  });
});

describe('refusals', () => {
  it('every call without a login is the 401 envelope', async () => {
    for (const [method, url, body] of [
      ['GET', '/v1/messages'],
      ['GET', '/v1/messages/new'],
      ['POST', '/v1/messages/read', { all: true }],
      ['GET', '/v1/messages/screen'],
      ['POST', '/v1/messages/flash/read', { id: 1 }],
    ] as const) {
      const r = await call(method, url, undefined, body);
      expect(r, url).toMatchObject({ status: 401, code: 401 });
      expect(r.msg).toMatch(zh);
    }
  });

  it('bad input is a 400 envelope naming the field in zh-CN', async () => {
    const m = await member();
    for (const [method, url, body] of [
      ['GET', '/v1/messages?type=9'],
      ['GET', '/v1/messages?unread=yes'],
      ['GET', '/v1/messages?id=0'],
      ['GET', '/v1/messages?pageSize=500'],
      ['POST', '/v1/messages/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['POST', '/v1/messages/read', { ids: ['x'] }],
      ['POST', '/v1/messages/flash/read', {}],
    ] as const) {
      const r = await call(method, url, m, body);
      expect(r, url).toMatchObject({ status: 400, code: 400 });
      expect(r.msg).toMatch(/^参数错误/);
    }
  });

  it('operators are refused an empty title or content, a link that is not an in-site path, unknown members', async () => {
    const m = await member();
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: Error) => e.message,
      );
    expect(await refusal(sendMessage(ctx, to(m), { title: ' ', content: '<p>x</p>' }))).toBe('请填写消息标题');
    expect(await refusal(sendMessage(ctx, to(m), { title: '标题', content: '<script>x</script>' }))).toBe(
      '请填写消息内容',
    );
    expect(
      await refusal(sendMessage(ctx, to(m), { title: '标题', content: 'x', link: 'https://evil.example' })),
    ).toMatch(/^消息链接只能是站内页面路径/);
    expect(await refusal(sendMessage(ctx, to(m), { title: '标题', content: 'x', link: '//evil.example/x' }))).toMatch(
      /^消息链接只能是站内页面路径/,
    );
    expect(
      await refusal(sendMessage(ctx, { kind: 'list', memberIds: [m.id, MAX_ID] }, { title: '标题', content: 'x' })),
    ).toBe(`会员不存在：${MAX_ID}`);
    expect(await refusal(sendMessage(ctx, { kind: 'list', memberIds: [] }, { title: '标题', content: 'x' }))).toBe(
      '请至少指定一位会员',
    );
    // Nothing of the refused sends was stored.
    expect(
      await ctx.db
        .select()
        .from(messages)
        .where(inArray(messages.title, ['标题', ' '])),
    ).toEqual([]);
  });
});
