/**
 * Feedback tickets' moves through the API (PGlite): every move of FEEDBACK_MOVES allowed and every
 * other refused from each of the six states — table-driven from the table itself, for the move
 * function and for each way a move is made (the member's calls, the operators' functions, the
 * auto-confirmation round); the member's replies, the reopen window, rating once; the member's
 * message on a staff reply and the auto-confirmation round. Creating and reading tickets:
 * feedback.test.ts.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { MessageType } from '../../openapi/enums';
import {
  AUTO_CONFIRM_DAYS,
  FEEDBACK_MOVES,
  memberMayAddReply,
  REOPEN_DAYS,
  type FeedbackMove,
} from '../../openapi/rules/feedback';
import type { AppContext } from '../../server/context';
import { messageInbox, messages } from '../../server/db/schema-content';
import { applyMove } from '../../server/modules/feedback/moves';
import {
  autoConfirmDue,
  closeTicket,
  processTicket,
  staffReply,
  takeTicket,
} from '../../server/modules/feedback/staff';
import type { FeedbackDetailData } from '../../server/modules/feedback/view';
import { tasksHarness, type TasksHarness } from './tasks-helpers';
import { S, STATES, MOVES, DAY, STAFF, allowed, expectRefusal, feedbackHelpers } from './feedback-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('feedback-moves');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const { created, detail, ticketRow, movesOf, postsOf, inState, member, anyMember, uploadFeedbackImage } =
  feedbackHelpers(() => h);

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
