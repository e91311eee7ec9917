/**
 * Feedback tickets through the API (PGlite): creating with each kind of record; another member's
 * records, upload keys and tickets; request key replay; the daily limit by Beijing day; reading
 * the member's own tickets; the private screenshots' signed URLs; every refusal a zh-CN envelope.
 * The moves from each state, the operators' and the member's: feedback-moves.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { FeedbackCategory } from '../../openapi/enums';
import { FEEDBACK_DAILY_LIMIT } from '../../openapi/rules/feedback';
import type { AppContext } from '../../server/context';
import { feedbackTickets } from '../../server/db/schema-support';
import { grant as grantBenefit } from '../../server/modules/benefits/claim';
import { redeem } from '../../server/modules/exchange/redeem';
import { staffReply, takeTicket } from '../../server/modules/feedback/staff';
import type { FeedbackDetailData } from '../../server/modules/feedback/view';
import { shanghaiDayStart } from '../../server/kernel/time';
import { grant as grantPoints, newReward, saveAddress } from './exchange-helpers';
import { benefit } from './rewards-helpers';
import { newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';
import { objectNameFor, ossError } from './uploads-helpers';
import { S, STAFF, expectRefusal, feedbackHelpers, type Page, body } from './feedback-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('feedback');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const { create, created, detail, ticketRow, postsOf, inState, member, uploadFeedbackImage } = feedbackHelpers(() => h);

describe('creating a ticket', () => {
  it('about each kind of the member’s own records, or none; the record prefill answers each', async () => {
    const m = await member();
    const task = await newTask(ctx, { title: '家电购买习惯调研' });
    const p = await newParticipation(ctx, task.id, m, { status: 'finished', joinResult: 2 });
    await grantPoints(ctx, m, 1000);
    await saveAddress(ctx, m);
    const reward = await newReward(ctx, { title: '保温杯', pointsCost: 300 });
    const ex = await redeem(ctx, m, { rewardId: reward.id, requestKey: randomUUID() });
    const def = await benefit(ctx, { name: '抽奖次数卡' });
    const { holding } = await grantBenefit(ctx, m, def.id, { by: '测试' });

    const refs = [
      { ref: { rid: p.respondentId }, kind: 'task', id: p.id, title: '家电购买习惯调研', link: '/home/task' },
      {
        ref: { exchangeId: ex.exchange.id },
        kind: 'exchange',
        id: ex.exchange.id,
        title: '保温杯',
        link: `/home/exchange?id=${ex.exchange.id}`,
      },
      { ref: { benefitId: holding.id }, kind: 'benefit', id: holding.id, title: '抽奖次数卡', link: '/home/credit' },
    ] as const;
    for (const r of refs) {
      const query = new URLSearchParams(Object.entries(r.ref).map(([k, v]) => [k, String(v)]));
      const prefill = await h.call<FeedbackDetailData['record']>('GET', `/api/v1/feedback/record?${query}`, {
        member: m,
      });
      expect(prefill.code, prefill.msg).toBe(200);
      expect(prefill.data).toMatchObject({ kind: r.kind, id: r.id, title: r.title, link: r.link });
      const t = await created(m, r.ref);
      expect(t.record).toEqual(prefill.data);
      expect(t).toMatchObject({ state: S.TO_ACCEPT, posts: [], rating: null });
      expect(t.moves).toEqual([
        { from: null, to: S.TO_ACCEPT, by: 'member', reason: '你提交了反馈', at: h.clock.now() },
      ]);
    }
    const taskRecord = (await created(m, { rid: p.respondentId })).record!;
    expect(taskRecord.rid).toBe(p.respondentId);
    expect(taskRecord.detail).toBe(`答题编号 ${p.respondentId.slice(0, 8)}… · 被甄别`);
    expect((await created(m)).record).toBeNull();
  });

  it('stores the description as plain text, trimmed', async () => {
    const m = await member();
    const t = await created(m, { content: '  <b>兑换</b>的卡密\r\n打不开，提示无效  ' });
    expect(t.content).toBe('<b>兑换</b>的卡密\n打不开，提示无效');
  });

  it('refuses another member’s records exactly like missing ones, and makes nothing', async () => {
    const a = await member();
    const b = await member();
    const task = await newTask(ctx);
    const p = await newParticipation(ctx, task.id, a);
    await grantPoints(ctx, a, 1000);
    await saveAddress(ctx, a);
    const ex = await redeem(ctx, a, { rewardId: (await newReward(ctx)).id, requestKey: randomUUID() });
    const { holding } = await grantBenefit(ctx, a, (await benefit(ctx)).id, { by: '测试' });
    const pairs = [
      [{ rid: p.respondentId }, { rid: 'no-such-respondent-id' }],
      [{ exchangeId: ex.exchange.id }, { exchangeId: 2_000_000_000 }],
      [{ benefitId: holding.id }, { benefitId: 2_000_000_000 }],
    ];
    for (const [theirs, missing] of pairs) {
      const r1 = await create(b, theirs);
      const r2 = await create(b, missing);
      expectRefusal(r1, 'FEEDBACK_RECORD_INVALID');
      expect([r1.status, r1.code, r1.msg]).toEqual([r2.status, r2.code, r2.msg]);
      const query = new URLSearchParams(Object.entries(theirs!).map(([k, v]) => [k, String(v)]));
      const prefill = await h.call('GET', `/api/v1/feedback/record?${query}`, { member: b });
      expectRefusal(prefill, 'FEEDBACK_RECORD_INVALID');
    }
    expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, b))).toBe(0);
  });

  it('takes the member’s own feedback uploads only', async () => {
    const a = await member();
    const b = await member();
    const own = await uploadFeedbackImage(a);
    const ok = await created(a, { images: [own.key] });
    expect(ok.images.map((i) => i.key)).toEqual([own.key]);
    const theirs = await uploadFeedbackImage(b);
    const avatar = await uploadFeedbackImage(a, 'avatar');
    for (const images of [
      [theirs.key],
      [`feedback/${a}/${objectNameFor()}`], // the member's folder, never uploaded
      [avatar.key],
      ['../feedback/x.png'],
      [own.key, theirs.key],
    ]) {
      const r = await create(a, { images });
      expectRefusal(r, 'UPLOAD_KEY_INVALID');
    }
    expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, a))).toBe(1);
  });

  it('answers a replayed request key with its ticket; the same key with other content is refused', async () => {
    const m = await member();
    const other = await member();
    const b = body();
    const first = await h.call<FeedbackDetailData>('POST', '/api/v1/feedback', { member: m, body: b });
    const again = await h.call<FeedbackDetailData>('POST', '/api/v1/feedback', { member: m, body: b });
    expect(again).toMatchObject({ code: 200, data: { id: first.data.id } });
    for (const change of [
      { content: `${b.content}（补充）` },
      { category: FeedbackCategory.values.OTHER },
      { exchangeId: 1 },
    ]) {
      const r = await h.call('POST', '/api/v1/feedback', { member: m, body: { ...b, ...change } });
      expectRefusal(r, change.exchangeId ? 'FEEDBACK_RECORD_INVALID' : 'FEEDBACK_REQUEST_KEY_REUSED');
    }
    expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, m))).toBe(1);
    // Another member's key is theirs alone.
    const theirs = await h.call<FeedbackDetailData>('POST', '/api/v1/feedback', { member: other, body: b });
    expect(theirs.code).toBe(200);
    expect(theirs.data.id).not.toBe(first.data.id);
  });

  it(`takes ${FEEDBACK_DAILY_LIMIT} tickets per Beijing day; a replay at the limit still answers`, async () => {
    const m = await member();
    const start = h.clock.now();
    // 23:50 Beijing on the harness's day.
    const nextDay = shanghaiDayStart('2030-01-02');
    h.clock.set(nextDay - 10 * 60_000);
    try {
      const keys: string[] = [];
      for (let i = 0; i < FEEDBACK_DAILY_LIMIT; i++) {
        const b = body({ content: `第 ${i + 1} 个问题：兑换记录里的状态一直没有变化。` });
        keys.push(b.requestKey);
        expect((await h.call('POST', '/api/v1/feedback', { member: m, body: b })).code).toBe(200);
      }
      const over = await create(m);
      expectRefusal(over, 'FEEDBACK_DAILY_LIMIT');
      const replay = await h.call('POST', '/api/v1/feedback', {
        member: m,
        body: body({ requestKey: keys[0], content: '第 1 个问题：兑换记录里的状态一直没有变化。' }),
      });
      expect(replay.code).toBe(200);
      h.clock.set(nextDay);
      expect((await create(m)).code).toBe(200);
      expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, m))).toBe(FEEDBACK_DAILY_LIMIT + 1);
    } finally {
      h.clock.set(start);
    }
  });
});

describe('reading tickets', () => {
  it('lists only the member’s own, by state, the latest updated first, with a short summary', async () => {
    const m = await member();
    const other = await member();
    const long = '我'.repeat(30) + '在兑换中心兑换的话费充值一直显示待发放，已经超过三天了，请帮忙看一下是什么原因。';
    const first = await created(m, { content: long });
    h.clock.advance(1000);
    const second = await created(m);
    await created(other);
    h.clock.advance(1000);
    await takeTicket(ctx, first.id, STAFF);
    await staffReply(ctx, first.id, STAFF, 'ask', '请提供充值的手机号后四位。');

    const all = await h.call<Page>('GET', '/api/v1/feedback', { member: m });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((t) => t.id)).toEqual([first.id, second.id]);
    const [top] = all.data.list;
    expect([...top!.summary]).toHaveLength(60);
    expect(top!.summary.endsWith('…')).toBe(true);
    expect(top).toMatchObject({ state: S.AWAITING_FEEDBACK, awaitingMe: true });
    expect(all.data.list[1]).toMatchObject({ state: S.TO_ACCEPT, awaitingMe: false });

    const waiting = await h.call<Page>('GET', `/api/v1/feedback?state=${S.AWAITING_FEEDBACK}`, { member: m });
    expect(waiting.data.list.map((t) => t.id)).toEqual([first.id]);
    expect((await h.call<Page>('GET', '/api/v1/feedback?state=5', { member: m })).data.total).toBe(0);
  });

  it('answers another member’s ticket exactly like a missing one, to every call', async () => {
    const a = await member();
    const b = await member();
    const t = await inState(a, S.AWAITING_CONFIRMATION);
    const done = await inState(a, S.CONFIRMED);
    const calls = (id: number) =>
      [
        ['GET', `/api/v1/feedback/${id}`, undefined],
        ['POST', `/api/v1/feedback/${id}/reply`, { content: '补充一下' }],
        ['POST', `/api/v1/feedback/${id}/confirm`, undefined],
        ['POST', `/api/v1/feedback/${id}/reopen`, { content: '没解决' }],
        ['POST', `/api/v1/feedback/${id}/rate`, { stars: 5 }],
      ] as const;
    for (const id of [t, done]) {
      const theirs = calls(id);
      const missing = calls(2_000_000_000);
      for (let i = 0; i < theirs.length; i++) {
        const [method, url, b1] = theirs[i]!;
        const r1 = await h.call(method, url, { member: b, body: b1 });
        const r2 = await h.call(missing[i]![0], missing[i]![1], { member: b, body: b1 });
        expect([r1.status, r1.code, r1.msg], url).toEqual([r2.status, r2.code, r2.msg]);
        expect(r1.code).toBe(Code.NOT_FOUND);
        expect(r1.msg).toBe('这条反馈不存在');
      }
    }
    expect((await ticketRow(t)).state).toBe(S.AWAITING_CONFIRMATION);
    expect((await ticketRow(done)).rating).toBeNull();
    expect(await postsOf(t)).toHaveLength(0);
  });
});

describe('screenshots are private: signed, expiring URLs', () => {
  it('the owner’s answer carries a URL that serves the picture; unsigned, expired and forged ones are refused', async () => {
    const m = await member();
    const img = await uploadFeedbackImage(m);
    const t = await created(m, { images: [img.key] });
    const url = t.images[0]!.url;
    const signed = new URL(url, 'http://localhost');
    expect(signed.pathname).toBe(`/uploads/${img.key}`);
    expect([...signed.searchParams.keys()].sort()).toEqual(['Expires', 'OSSAccessKeyId', 'Signature']);
    const expires = Number(signed.searchParams.get('Expires'));
    expect(expires * 1000).toBeGreaterThanOrEqual(h.clock.now() + 3600_000);

    const ok = await h.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(img.bytes)).toBe(true);
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Read again within the hour, the same picture has the same URL (the browser keeps its copy).
    expect((await detail(m, t.id)).data.images[0]!.url).toBe(url);

    const refused = async (u: string) => {
      const res = await h.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(403);
      expect(ossError(res).code).toBe('AccessDenied');
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['cache-control']).toBe('no-store');
    };
    await refused(`/uploads/${img.key}`);
    const forged = new URL(signed);
    forged.searchParams.set('Signature', Buffer.alloc(20, 7).toString('base64'));
    await refused(forged.pathname + forged.search);
    const later = new URL(signed);
    later.searchParams.set('Expires', String(expires + 3600));
    await refused(later.pathname + later.search);
    // Another picture's signature does not open this one.
    const other = await uploadFeedbackImage(m);
    await refused(`/uploads/${other.key}${signed.search}`);
    const missing = `/uploads/feedback/${m}/${objectNameFor()}`;
    await refused(missing);

    const start = h.clock.now();
    try {
      h.clock.set(expires * 1000);
      await refused(url);
    } finally {
      h.clock.set(start);
    }
  });

  it('avatars stay public', async () => {
    const m = await member();
    const avatar = await uploadFeedbackImage(m, 'avatar');
    const res = await h.app.inject({ method: 'GET', url: `/uploads/${avatar.key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
