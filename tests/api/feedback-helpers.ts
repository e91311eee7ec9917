import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { Code, type CodeName } from '../../openapi/codes';
import { FeedbackCategory, FeedbackState } from '../../openapi/enums';
import { FEEDBACK_DAILY_LIMIT, FEEDBACK_MOVES, type FeedbackMove } from '../../openapi/rules/feedback';
import { feedbackMoves, feedbackPosts, feedbackTickets } from '../../server/db/schema-support';
import type { FeedbackDetailData, FeedbackSummaryData } from '../../server/modules/feedback/view';
import type { OssPolicyData } from '../../server/providers/oss';
import { newMember, type TasksHarness } from './tasks-helpers';
import { browserForm, objectNameFor, png, postForm } from './uploads-helpers';

/**
 * What the feedback API tests share (feedback.test.ts, feedback-moves.test.ts): the table of moves
 * and states, a zh-CN refusal's check, a ticket's body, and the set-up over one harness — making
 * tickets, putting one in a state, reading its rows, a member with a fresh day, an uploaded picture.
 */

export const S = FeedbackState.values;
export const STATES = FeedbackState.list;
export const MOVES = Object.keys(FEEDBACK_MOVES) as FeedbackMove[];
export const DAY = 86_400_000;
export const STAFF = '客服小林';
export const allowed = (move: FeedbackMove, state: number) =>
  (FEEDBACK_MOVES[move].from as readonly number[]).includes(state);

export type Page = { list: FeedbackSummaryData[]; total: number };

/** A zh-CN refusal: the catalogue's code, Chinese words and no code names or English. */
export function expectRefusal(r: { code: number; msg: string }, name: CodeName) {
  expect(r.code, r.msg).toBe(Code[name]);
  expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
  expect(r.msg).not.toMatch(/[A-Z]{3,}|_|undefined|null/);
}

export const body = (over: Record<string, unknown> = {}) => ({
  requestKey: randomUUID(),
  category: FeedbackCategory.values.TASK,
  content: '问卷答完了，记录里却一直显示未完成，微豆也没有到账。',
  ...over,
});

export function feedbackHelpers(harness: () => TasksHarness) {
  async function create(member: number, over: Record<string, unknown> = {}) {
    return harness().call<FeedbackDetailData>('POST', '/api/v1/feedback', { member, body: body(over) });
  }

  async function created(member: number, over: Record<string, unknown> = {}) {
    const r = await create(member, over);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  }

  const detail = (member: number, id: number) =>
    harness().call<FeedbackDetailData>('GET', `/api/v1/feedback/${id}`, { member });

  async function ticketRow(id: number) {
    const [t] = await harness().ctx.db.select().from(feedbackTickets).where(eq(feedbackTickets.id, id));
    return t!;
  }
  const movesOf = (id: number) =>
    harness().ctx.db.select().from(feedbackMoves).where(eq(feedbackMoves.ticketId, id)).orderBy(asc(feedbackMoves.id));
  const postsOf = (id: number) =>
    harness().ctx.db.select().from(feedbackPosts).where(eq(feedbackPosts.ticketId, id)).orderBy(asc(feedbackPosts.id));

  /** Put a ticket in `state` as test set-up (the moves themselves are what the tests then make). */
  async function inState(member: number, state: number, stateChangedAt = harness().clock.now()) {
    const t = await created(member);
    await harness()
      .ctx.db.update(feedbackTickets)
      .set({ state, stateChangedAt: new Date(stateChangedAt) })
      .where(eq(feedbackTickets.id, t.id));
    return t.id;
  }

  /** A member with a fresh day: tickets of the set-up do not reach the daily limit. */
  const member = () => newMember(harness().ctx);
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
    const p = await harness().call<OssPolicyData>('GET', `/api/v1/oss/policy?module=${module}`, { member: m });
    expect(p.code).toBe(200);
    const key = p.data.dir + objectNameFor();
    const bytes = png(6, 5);
    const res = await postForm(harness().app, browserForm(p.data, key, { bytes, type: 'image/png' }), p.data.host);
    expect(res.statusCode, res.body).toBe(200);
    return { key, bytes };
  }

  return { create, created, detail, ticketRow, movesOf, postsOf, inState, member, anyMember, uploadFeedbackImage };
}
