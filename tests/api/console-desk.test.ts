/**
 * The console's feedback desk over HTTP: the queue (waiting on staff, oldest first), one ticket
 * with the member's context, the lifecycle take → ask → the member replies through the member
 * API → answer, and close with a reason; the name members read is the staff's display name;
 * saved replies; a second take is ALREADY_DECIDED; support's permission, not finance's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { FeedbackState } from '../../openapi/enums';
import { auditLog } from '../../server/db/schema-staff';
import { consoleHarness, type ConsoleHarness, type StaffAccount } from './console-helpers';
import { reviewMember } from './console-review-helpers';
import type { TestMember } from './exchange-helpers';

let h: ConsoleHarness;
let support: StaffAccount;
let supportName: string;
beforeAll(async () => {
  h = await consoleHarness('console-desk');
  support = await h.staff(['support']);
  const me = await h.admin('GET', '/api/admin/v1/me', support.token);
  supportName = (me.data as { name: string }).name;
});
afterAll(() => h.env.cleanup());

const S = FeedbackState.values;

async function ticketOf(m: TestMember, content = '兑换的视频月卡一直没收到卡密，麻烦查一下。') {
  const r = await h.call('POST', '/api/v1/feedback', {
    token: m.token,
    body: { requestKey: randomUUID(), category: 2, content, images: [] },
  });
  expect(r.code, r.msg).toBe(200);
  return (r.data as { id: number }).id;
}

const desk = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  h.admin(method, `/api/admin/v1/feedback${path}`, support.token, body);

describe('the feedback desk', () => {
  it('queue: tickets waiting on staff, oldest first, with waiting time and masked mobile', async () => {
    const m = await reviewMember(h.ctx);
    const first = await ticketOf(m);
    h.clock.advance(60_000);
    const second = await ticketOf(m, '第二个问题：签到的微豆没有到账，请帮忙查看。');
    const r = await desk('GET', '?page=1&pageSize=50');
    expect(r.code, r.msg).toBe(200);
    const list = (r.data as { list: { id: number; waitingMs: number; member: { mobile: string } }[] }).list;
    const ids = list.map((t) => t.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(list.find((t) => t.id === first)!.waitingMs).toBeGreaterThanOrEqual(60_000);
    expect(list[0]!.member.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const byState = await desk('GET', `?state=${S.CONFIRMED}`);
    expect((byState.data as { list: { id: number }[] }).list.map((t) => t.id)).not.toContain(first);
  });

  it('take → ask → the member replies → answer → close; the member reads the staff display name', async () => {
    const m = await reviewMember(h.ctx);
    const id = await ticketOf(m);

    const detail = await desk('GET', `/${id}`);
    expect(detail.code, detail.msg).toBe(200);
    expect(detail.data).toMatchObject({
      id,
      state: S.TO_ACCEPT,
      can: { take: true, process: false, ask: false, answer: false, close: true },
      context: { participations: [], exchanges: [] },
    });

    const taken = await desk('POST', `/${id}/take`);
    expect(taken.code, taken.msg).toBe(200);
    expect(taken.data).toMatchObject({ id, state: S.TO_HANDLE, operator: supportName });
    // Another colleague a moment later: already taken.
    const other = await h.staff(['support']);
    const late = await h.admin('POST', `/api/admin/v1/feedback/${id}/take`, other.token);
    expect(late.code).toBe(1212);

    const asked = await desk('POST', `/${id}/reply`, { kind: 'ask', content: '请提供兑换单号和截图。' });
    expect(asked.code, asked.msg).toBe(200);
    expect(asked.data).toMatchObject({ state: S.AWAITING_FEEDBACK });

    const seen = await h.call('GET', `/api/v1/feedback/${id}`, { token: m.token });
    expect(seen.code, seen.msg).toBe(200);
    const posts = (seen.data as { posts: { author: string; name: string; content: string }[] }).posts;
    expect(posts).toEqual([
      expect.objectContaining({ author: 'staff', name: supportName, content: '请提供兑换单号和截图。' }),
    ]);

    const replied = await h.call('POST', `/api/v1/feedback/${id}/reply`, {
      token: m.token,
      body: { content: '兑换单号是 12345。', images: [] },
    });
    expect(replied.code, replied.msg).toBe(200);

    const back = await desk('GET', `/${id}`);
    const b = back.data as {
      state: number;
      posts: { author: string; name: string }[];
      moves: { actorName: string | null }[];
    };
    expect(b.state).toBe(S.TO_HANDLE);
    expect(b.posts.map((p) => p.author)).toEqual(['staff', 'member']);
    expect(b.moves.some((mv) => mv.actorName === supportName)).toBe(true);

    const answered = await desk('POST', `/${id}/reply`, { kind: 'answer', content: '卡密已补发，请在兑换记录查看。' });
    expect(answered.code, answered.msg).toBe(200);
    expect(answered.data).toMatchObject({ state: S.AWAITING_CONFIRMATION });

    // Waiting on the member now: not in the desk's default queue.
    const q = await desk('GET', '');
    expect((q.data as { list: { id: number }[] }).list.map((t) => t.id)).not.toContain(id);

    const closeTooEarly = await desk('POST', `/${id}/close`, { reason: '已解决' });
    // Answered: the member's turn to confirm; staff cannot close it now.
    expect(closeTooEarly.code).toBe(Code.FEEDBACK_STATE_CONFLICT);

    const audits = await h.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.operation)).toEqual(['takeTicket', 'replyTicket', 'replyTicket']);
    expect(audits[0]!.before).toMatchObject({ state: S.TO_ACCEPT });
    expect(audits[0]!.after).toMatchObject({ state: S.TO_HANDLE });
  });

  it('process with a note, then close with a reason the member reads', async () => {
    const m = await reviewMember(h.ctx);
    const id = await ticketOf(m);
    expect((await desk('POST', `/${id}/take`)).code).toBe(200);
    const p = await desk('POST', `/${id}/process`, { note: '已联系合作方核实' });
    expect(p.code, p.msg).toBe(200);
    expect(p.data).toMatchObject({ state: S.PROCESSING });
    const c = await desk('POST', `/${id}/close`, { reason: '重复提交，已在另一条处理' });
    expect(c.code, c.msg).toBe(200);
    expect(c.data).toMatchObject({ state: S.CONFIRMED });
    const seen = await h.call('GET', `/api/v1/feedback/${id}`, { token: m.token });
    const moves = (seen.data as { moves: { reason: string }[] }).moves;
    expect(moves.some((mv) => mv.reason.includes('重复提交，已在另一条处理'))).toBe(true);
    expect(moves.some((mv) => mv.reason.includes('已联系合作方核实'))).toBe(true);
    expect((await desk('POST', `/${id}/close`, { reason: '再关一次' })).code).toBe(Code.FEEDBACK_STATE_CONFLICT);
  });

  it('saved replies: save, list with who saved it, delete', async () => {
    const saved = await desk('POST', '/saved-replies', {
      title: '补发卡密',
      content: '卡密已补发，请在兑换记录查看。',
    });
    expect(saved.code, saved.msg).toBe(200);
    const id = (saved.data as { id: number }).id;
    const list = await desk('GET', '/saved-replies');
    expect(list.code, list.msg).toBe(200);
    expect((list.data as { list: unknown[] }).list).toContainEqual(
      expect.objectContaining({ id, title: '补发卡密', createdBy: supportName }),
    );
    expect((await desk('POST', `/saved-replies/${id}/delete`)).code).toBe(200);
    expect(
      ((await desk('GET', '/saved-replies')).data as { list: { id: number }[] }).list.map((r) => r.id),
    ).not.toContain(id);
    expect((await desk('POST', `/saved-replies/${id}/delete`)).code).toBe(404);
    expect((await desk('POST', '/saved-replies', { title: '', content: 'x' })).code).toBe(400);
  });

  it('finance may not work the desk: 403 with 1206', async () => {
    const finance = await h.staff(['finance']);
    const r = await h.admin('GET', '/api/admin/v1/feedback', finance.token);
    expect({ status: r.status, code: r.code }).toEqual({ status: 403, code: 1206 });
  });
});
