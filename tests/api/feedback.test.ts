/**
 * Feedback tickets through the API (PGlite): every move of FEEDBACK_MOVES allowed and every other
 * refused from each of the six states — table-driven from the table itself, for the move function
 * and for each way a move is made (the member's calls, the operators' functions, the
 * auto-confirmation round); creating with each kind of record; another member's records, upload
 * keys and tickets; request key replay; the daily limit by Beijing day; the reopen window; rating
 * once; the member's message on a staff reply; the private screenshots' signed URLs; every
 * refusal a zh-CN envelope.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type CodeName } from '../../openapi/codes';
import { FeedbackCategory, FeedbackState, MessageType } from '../../openapi/enums';
import {
  AUTO_CONFIRM_DAYS,
  FEEDBACK_DAILY_LIMIT,
  FEEDBACK_MOVES,
  memberMayAddReply,
  REOPEN_DAYS,
  type FeedbackMove,
} from '../../openapi/rules/feedback';
import type { AppContext } from '../../server/context';
import { messageInbox, messages } from '../../server/db/schema-content';
import { feedbackMoves, feedbackPosts, feedbackTickets } from '../../server/db/schema-support';
import { grant as grantBenefit } from '../../server/modules/benefits/claim';
import { redeem } from '../../server/modules/exchange/redeem';
import { applyMove } from '../../server/modules/feedback/moves';
import {
  autoConfirmDue,
  closeTicket,
  processTicket,
  staffReply,
  takeTicket,
} from '../../server/modules/feedback/staff';
import type { FeedbackDetailData, FeedbackSummaryData } from '../../server/modules/feedback/view';
import { shanghaiDayStart } from '../../server/kernel/time';
import type { OssPolicyData } from '../../server/providers/oss';
import { grant as grantPoints, newReward, saveAddress } from './exchange-helpers';
import { benefit } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';
import { browserForm, objectNameFor, ossError, png, postForm } from './uploads-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('feedback');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const S = FeedbackState.values;
const STATES = FeedbackState.list;
const MOVES = Object.keys(FEEDBACK_MOVES) as FeedbackMove[];
const DAY = 86_400_000;
const STAFF = '客服小林';
const allowed = (move: FeedbackMove, state: number) => (FEEDBACK_MOVES[move].from as readonly number[]).includes(state);

type Page = { list: FeedbackSummaryData[]; total: number };

/** A zh-CN refusal: the catalogue's code, Chinese words and no code names or English. */
function expectRefusal(r: { code: number; msg: string }, name: CodeName) {
  expect(r.code, r.msg).toBe(Code[name]);
  expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
  expect(r.msg).not.toMatch(/[A-Z]{3,}|_|undefined|null/);
}

const body = (over: Record<string, unknown> = {}) => ({
  requestKey: randomUUID(),
  category: FeedbackCategory.values.TASK,
  content: '问卷答完了，记录里却一直显示未完成，微豆也没有到账。',
  ...over,
});

async function create(member: number, over: Record<string, unknown> = {}) {
  return h.call<FeedbackDetailData>('POST', '/api/v1/feedback', { member, body: body(over) });
}

async function created(member: number, over: Record<string, unknown> = {}) {
  const r = await create(member, over);
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

const detail = (member: number, id: number) => h.call<FeedbackDetailData>('GET', `/api/v1/feedback/${id}`, { member });

async function ticketRow(id: number) {
  const [t] = await ctx.db.select().from(feedbackTickets).where(eq(feedbackTickets.id, id));
  return t!;
}
const movesOf = (id: number) =>
  ctx.db.select().from(feedbackMoves).where(eq(feedbackMoves.ticketId, id)).orderBy(asc(feedbackMoves.id));
const postsOf = (id: number) =>
  ctx.db.select().from(feedbackPosts).where(eq(feedbackPosts.ticketId, id)).orderBy(asc(feedbackPosts.id));

/** Put a ticket in `state` as test set-up (the moves themselves are what the tests then make). */
async function inState(member: number, state: number, stateChangedAt = h.clock.now()) {
  const t = await created(member);
  await ctx.db
    .update(feedbackTickets)
    .set({ state, stateChangedAt: new Date(stateChangedAt) })
    .where(eq(feedbackTickets.id, t.id));
  return t.id;
}

/** A member with a fresh day: tickets of the set-up do not reach the daily limit. */
const member = () => newMember(ctx);
let dayMember: number | null = null;
let dayCount = 0;
async function anyMember() {
  if (dayMember === null || dayCount >= FEEDBACK_DAILY_LIMIT) {
    dayMember = await member();
    dayCount = 0;
  }
  dayCount++;
  return dayMember;
}

/** A picture the member uploaded to their feedback folder through the built-in receiver. */
async function uploadFeedbackImage(m: number, module: 'feedback' | 'avatar' = 'feedback') {
  const p = await h.call<OssPolicyData>('GET', `/api/v1/oss/policy?module=${module}`, { member: m });
  expect(p.code).toBe(200);
  const key = p.data.dir + objectNameFor();
  const bytes = png(6, 5);
  const res = await postForm(h.app, browserForm(p.data, key, { bytes, type: 'image/png' }), p.data.host);
  expect(res.statusCode, res.body).toBe(200);
  return { key, bytes };
}

describe('the one table of moves: applyMove from each of the six states', () => {
  const cases = MOVES.flatMap((move) => STATES.map((state) => [move, state] as const));
  it.each(cases)('%s from %i', async (move, state) => {
    const m = await anyMember();
    const id = await inState(m, state);
    const before = (await movesOf(id)).length;
    const run = applyMove(ctx, id, move, { actorName: STAFF });
    if (allowed(move, state)) {
      const { ticket, from } = await run;
      expect([from, ticket.state]).toEqual([state, FEEDBACK_MOVES[move].to]);
      const rows = await movesOf(id);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        fromState: state,
        toState: FEEDBACK_MOVES[move].to,
        actor: FEEDBACK_MOVES[move].by,
        actorName: FEEDBACK_MOVES[move].by === 'staff' ? STAFF : null,
      });
      expect(rows.at(-1)!.reason).toMatch(/[\u4e00-\u9fff]/);
    } else {
      await expect(run).rejects.toMatchObject({ codeName: 'FEEDBACK_STATE_CONFLICT' });
      expect((await ticketRow(id)).state).toBe(state);
      expect(await movesOf(id)).toHaveLength(before);
    }
  });
});

describe('each way a move is made, from each of the six states', () => {
  /** How each move is made from outside: the member's call, an operator's function, the round. */
  const make: Record<FeedbackMove, (m: number, id: number) => Promise<{ code: number; msg: string }>> = {
    accept: (_, id) => staffCall(() => takeTicket(ctx, id, STAFF)),
    process: (_, id) => staffCall(() => processTicket(ctx, id, STAFF, '已联系合作方核实')),
    ask: (_, id) => staffCall(() => staffReply(ctx, id, STAFF, 'ask', '请提供一下答题结束页面的截图。')),
    answer: (_, id) => staffCall(() => staffReply(ctx, id, STAFF, 'answer', '已为你核实，微豆已到账。')),
    close: (_, id) => staffCall(() => closeTicket(ctx, id, STAFF, '重复提交，已在另一条反馈中处理')),
    memberReply: (m, id) =>
      h.call('POST', `/api/v1/feedback/${id}/reply`, { member: m, body: { content: '还是没有到账。' } }),
    confirm: (m, id) => h.call('POST', `/api/v1/feedback/${id}/confirm`, { member: m }),
    autoConfirm: async (_, id) => {
      const r = await autoConfirmDue(ctx);
      return r.confirmed.includes(id)
        ? { code: 200, msg: '成功' }
        : { code: Code.FEEDBACK_STATE_CONFLICT, msg: '这条反馈的状态已经变化' };
    },
    reopen: (m, id) =>
      h.call('POST', `/api/v1/feedback/${id}/reopen`, { member: m, body: { content: '问题又出现了。' } }),
  };

  async function staffCall(fn: () => Promise<unknown>) {
    try {
      await fn();
      return { code: 200, msg: '成功' };
    } catch (err) {
      const e = err as { code: number; message: string };
      return { code: e.code, msg: e.message };
    }
  }

  const cases = MOVES.flatMap((move) => STATES.map((state) => [move, state] as const));
  it.each(cases)('%s from %i', async (move, state) => {
    const m = await anyMember();
    // The round confirms what waited long enough: the ticket is as old as that in every state.
    const since = move === 'autoConfirm' ? h.clock.now() - AUTO_CONFIRM_DAYS * DAY : h.clock.now();
    const id = await inState(m, state, since);
    const before = (await movesOf(id)).length;
    const r = await make[move](m, id);
    const after = await ticketRow(id);
    // The member's reply while an operator has the ticket is not a move: it is added as it stands.
    if (move === 'memberReply' && memberMayAddReply(state)) {
      expect(r.code, r.msg).toBe(200);
      expect(after.state).toBe(state);
      expect(await movesOf(id)).toHaveLength(before);
      expect(await postsOf(id)).toHaveLength(1);
      return;
    }
    if (allowed(move, state)) {
      expect(r.code, r.msg).toBe(200);
      expect(after.state).toBe(FEEDBACK_MOVES[move].to);
      expect((await movesOf(id)).at(-1)).toMatchObject({ fromState: state, actor: FEEDBACK_MOVES[move].by });
    } else {
      expectRefusal(r, 'FEEDBACK_STATE_CONFLICT');
      expect(after.state).toBe(state);
      expect(await movesOf(id)).toHaveLength(before);
    }
  });

  it.each(STATES)('the member’s flags in state %i follow the table', async (state) => {
    const m = await anyMember();
    const id = await inState(m, state);
    const d = (await detail(m, id)).data;
    expect(d.can).toEqual({
      reply: memberMayAddReply(state) || allowed('memberReply', state),
      confirm: allowed('confirm', state),
      reopen: allowed('reopen', state),
      rate: state === S.CONFIRMED,
    });
    expect(d.awaitingMe).toBe(allowed('memberReply', state));
    expect(d.autoConfirmAt).toBe(allowed('autoConfirm', state) ? h.clock.now() + AUTO_CONFIRM_DAYS * DAY : null);
    expect(d.reopenUntil).toBe(allowed('reopen', state) ? h.clock.now() + REOPEN_DAYS * DAY : null);
  });
});

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

describe('the member’s moves', () => {
  it('replies: added while an operator has it, handed back from 3 and 4, refused once confirmed', async () => {
    const m = await member();
    const t = await created(m);
    const img = await uploadFeedbackImage(m);
    h.clock.advance(60_000);
    const added = await h.call<FeedbackDetailData>('POST', `/api/v1/feedback/${t.id}/reply`, {
      member: m,
      body: { content: '  补充：用的是安卓手机。 ', images: [img.key] },
    });
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ state: S.TO_ACCEPT, updatedAt: h.clock.now() });
    expect(added.data.posts).toEqual([
      {
        id: expect.any(Number),
        author: 'member',
        name: '我',
        content: '补充：用的是安卓手机。',
        images: [{ key: img.key, url: expect.stringMatching(/^\/uploads\/feedback\//) }],
        createdAt: h.clock.now(),
      },
    ]);
    expect(added.data.moves).toHaveLength(1);

    await takeTicket(ctx, t.id, STAFF);
    await staffReply(ctx, t.id, STAFF, 'answer', '已补发 50 微豆，请查收。');
    const back = await h.call<FeedbackDetailData>('POST', `/api/v1/feedback/${t.id}/reply`, {
      member: m,
      body: { content: '还没有收到。' },
    });
    expect(back.data.state).toBe(S.TO_HANDLE);
    expect(back.data.moves.at(-1)).toMatchObject({ from: S.AWAITING_CONFIRMATION, to: S.TO_HANDLE, by: 'member' });
    expect(back.data.posts.map((p) => [p.author, p.name])).toEqual([
      ['member', '我'],
      ['staff', STAFF],
      ['member', '我'],
    ]);

    await staffReply(ctx, t.id, STAFF, 'answer', '已到账，请刷新微豆明细。');
    const confirmed = await h.call<FeedbackDetailData>('POST', `/api/v1/feedback/${t.id}/confirm`, { member: m });
    expect(confirmed.data).toMatchObject({ state: S.CONFIRMED, can: { reply: false, reopen: true, rate: true } });
    const refused = await h.call('POST', `/api/v1/feedback/${t.id}/reply`, {
      member: m,
      body: { content: '再问一下' },
    });
    expectRefusal(refused, 'FEEDBACK_STATE_CONFLICT');
    expect(refused.msg).toContain('重新打开');
  });

  it(`reopens within ${REOPEN_DAYS} days of the confirmation (the reason in the thread), not after`, async () => {
    const m = await member();
    const confirmedAt = h.clock.now();
    const early = await inState(m, S.CONFIRMED, confirmedAt);
    const late = await inState(m, S.CONFIRMED, confirmedAt);
    const start = h.clock.now();
    try {
      h.clock.set(confirmedAt + REOPEN_DAYS * DAY - 1);
      const r = await h.call<FeedbackDetailData>('POST', `/api/v1/feedback/${early}/reopen`, {
        member: m,
        body: { content: '换了手机后又打不开了。' },
      });
      expect(r.data).toMatchObject({ state: S.TO_HANDLE, reopenUntil: null });
      expect(r.data.posts.at(-1)).toMatchObject({ author: 'member', content: '换了手机后又打不开了。' });
      expect(r.data.moves.at(-1)).toMatchObject({ from: S.CONFIRMED, to: S.TO_HANDLE, by: 'member' });

      h.clock.set(confirmedAt + REOPEN_DAYS * DAY);
      expect((await detail(m, late)).data.can.reopen).toBe(false);
      const expired = await h.call('POST', `/api/v1/feedback/${late}/reopen`, {
        member: m,
        body: { content: '还是不行。' },
      });
      expectRefusal(expired, 'FEEDBACK_REOPEN_EXPIRED');
      expect((await ticketRow(late)).state).toBe(S.CONFIRMED);
      expect(await postsOf(late)).toHaveLength(0);
    } finally {
      h.clock.set(start);
    }
  });

  it('rates a confirmed ticket once', async () => {
    const m = await member();
    const open = await inState(m, S.AWAITING_CONFIRMATION);
    expectRefusal(
      await h.call('POST', `/api/v1/feedback/${open}/rate`, { member: m, body: { stars: 4 } }),
      'FEEDBACK_STATE_CONFLICT',
    );
    const done = await inState(m, S.CONFIRMED);
    const r = await h.call<FeedbackDetailData>('POST', `/api/v1/feedback/${done}/rate`, {
      member: m,
      body: { stars: 5, comment: ' 回复很及时 ' },
    });
    expect(r.data).toMatchObject({ rating: { stars: 5, comment: '回复很及时' }, can: { rate: false } });
    const again = await h.call('POST', `/api/v1/feedback/${done}/rate`, { member: m, body: { stars: 1 } });
    expectRefusal(again, 'FEEDBACK_ALREADY_RATED');
    expect((await ticketRow(done)).rating).toBe(5);
    const bad = await h.call('POST', `/api/v1/feedback/${done}/rate`, { member: m, body: { stars: 0 } });
    expect([bad.status, bad.code]).toEqual([400, 400]);
    expect(bad.msg).toContain('请选择评分');
  });
});

describe('operators and the member’s messages', () => {
  const feedbackMessages = (m: number) =>
    ctx.db
      .select({ m: messages })
      .from(messages)
      .innerJoin(messageInbox, eq(messageInbox.messageId, messages.id))
      .where(and(eq(messageInbox.memberId, m), like(messages.eventKey, 'feedback.%')))
      .orderBy(asc(messages.id));

  it('each staff reply posts once in the thread and writes the member one message', async () => {
    const m = await member();
    const t = await created(m);
    await takeTicket(ctx, t.id, STAFF);
    await processTicket(ctx, t.id, STAFF, '已联系合作方核实');
    const asked = await staffReply(ctx, t.id, STAFF, 'ask', '请提供答题结束页面的截图，\n以及大概的答题时间。');
    await h.call('POST', `/api/v1/feedback/${t.id}/reply`, { member: m, body: { content: '大约晚上八点。' } });
    const answered = await staffReply(ctx, t.id, STAFF, 'answer', '合作方已确认你的答卷有效，50 微豆已补发。');

    const got = await feedbackMessages(m);
    expect(got.map((r) => r.m.eventKey)).toEqual([
      `feedback.reply:${asked.postId}`,
      `feedback.reply:${answered.postId}`,
    ]);
    for (const r of got)
      expect(r.m).toMatchObject({ type: MessageType.values.FEEDBACK, link: `/home/feedback/${t.id}` });
    expect(got[0]!.m.title).toBe('客服需要你补充反馈信息');
    expect(got[0]!.m.content).toContain('<p>请提供答题结束页面的截图，</p><p>以及大概的答题时间。</p>');
    expect(got[1]!.m.title).toBe('你的反馈有了答复');
    expect(got[1]!.m.content).toContain(`${AUTO_CONFIRM_DAYS} 天内未确认`);

    const d = (await detail(m, t.id)).data;
    expect(d.moves.map((x) => [x.from, x.to, x.by])).toEqual([
      [null, S.TO_ACCEPT, 'member'],
      [S.TO_ACCEPT, S.TO_HANDLE, 'staff'],
      [S.TO_HANDLE, S.PROCESSING, 'staff'],
      [S.PROCESSING, S.AWAITING_FEEDBACK, 'staff'],
      [S.AWAITING_FEEDBACK, S.TO_HANDLE, 'member'],
      [S.TO_HANDLE, S.AWAITING_CONFIRMATION, 'staff'],
    ]);
    expect(d.moves[2]!.reason).toBe('客服正在处理：已联系合作方核实');
    expect((await ticketRow(t.id)).operator).toBe(STAFF);
  });

  it('a closing tells the member why; a refused staff move writes nothing', async () => {
    const m = await member();
    const t = await created(m);
    await closeTicket(ctx, t.id, STAFF, '与另一条反馈重复，已合并处理');
    const got = await feedbackMessages(m);
    expect(got).toHaveLength(1);
    expect(got[0]!.m).toMatchObject({ title: '你的反馈已关闭', link: `/home/feedback/${t.id}` });
    expect(got[0]!.m.content).toContain('与另一条反馈重复，已合并处理');
    await expect(staffReply(ctx, t.id, STAFF, 'answer', '已处理')).rejects.toMatchObject({
      codeName: 'FEEDBACK_STATE_CONFLICT',
    });
    expect(await feedbackMessages(m)).toHaveLength(1);
    expect(await postsOf(t.id)).toHaveLength(0);
  });

  it(`auto-confirms what waited ${AUTO_CONFIRM_DAYS} days in 4, as the system, once`, async () => {
    const m = await member();
    const now = h.clock.now();
    const due = await inState(m, S.AWAITING_CONFIRMATION, now - AUTO_CONFIRM_DAYS * DAY);
    const young = await inState(m, S.AWAITING_CONFIRMATION, now - AUTO_CONFIRM_DAYS * DAY + 1);
    const asked = await inState(m, S.AWAITING_FEEDBACK, now - 30 * DAY);
    const r = await autoConfirmDue(ctx);
    expect(r.confirmed).toContain(due);
    expect(r.confirmed).not.toContain(young);
    expect(r.confirmed).not.toContain(asked);
    const d = (await detail(m, due)).data;
    expect(d).toMatchObject({ state: S.CONFIRMED, reopenUntil: now + REOPEN_DAYS * DAY });
    expect(d.moves.at(-1)).toEqual({
      from: S.AWAITING_CONFIRMATION,
      to: S.CONFIRMED,
      by: 'system',
      reason: `超过 ${AUTO_CONFIRM_DAYS} 天未确认，系统已自动确认`,
      at: now,
    });
    expect((await ticketRow(young)).state).toBe(S.AWAITING_CONFIRMATION);
    expect((await autoConfirmDue(ctx)).confirmed).toEqual([]);
    expect(await movesOf(due)).toHaveLength(2);
  });

  it('confirms in bounded batches', async () => {
    const m1 = await member();
    const m2 = await member();
    const old = h.clock.now() - 10 * DAY;
    for (const m of [m1, m1, m2]) await inState(m, S.AWAITING_CONFIRMATION, old);
    const first = await autoConfirmDue(ctx, 2);
    expect(first).toMatchObject({ skipped: 0, more: true });
    expect(first.confirmed).toHaveLength(2);
    const second = await autoConfirmDue(ctx, 2);
    expect(second.confirmed).toHaveLength(1);
    expect(second.more).toBe(false);
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
