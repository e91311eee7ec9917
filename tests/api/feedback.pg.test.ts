/**
 * Feedback races on real PostgreSQL (PGlite has one connection and cannot race): a staff reply,
 * the member's reply and confirmation and the auto-confirmation round on one ticket at once leave
 * one consistent state with one move row per applied move; concurrent creates at the daily limit
 * let one through; concurrent creates with one request key make one ticket; concurrent rates and
 * two auto-confirmation rounds at once apply once.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { FeedbackState } from '../../openapi/enums';
import { AUTO_CONFIRM_DAYS, FEEDBACK_DAILY_LIMIT, FEEDBACK_MOVES } from '../../openapi/rules/feedback';
import type { AppContext } from '../../server/context';
import { messages } from '../../server/db/schema-content';
import { feedbackMoves, feedbackPosts, feedbackTickets } from '../../server/db/schema-support';
import { autoConfirmDue, staffReply } from '../../server/modules/feedback/staff';
import type { FeedbackDetailData } from '../../server/modules/feedback/view';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('feedback.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('feedback-race');
  ctx = h.ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

const S = FeedbackState.values;
const DAY = 86_400_000;

const body = (over: Record<string, unknown> = {}) => ({
  requestKey: randomUUID(),
  category: 1,
  content: '问卷答完了，记录里显示被甄别，但我符合所有条件。',
  ...over,
});
const create = (member: number, b: Record<string, unknown>) =>
  h.call<FeedbackDetailData>('POST', '/api/v1/feedback', { member, body: b });

const ok = (r: { code: number }) => r.code === 200;

describe('feedback races on PostgreSQL', () => {
  it('a staff reply, the member’s reply and confirmation and the round at once: one consistent state per ticket', async () => {
    const N = 16;
    const ids: number[] = [];
    let member = 0;
    for (let i = 0; i < N; i++) {
      if (i % FEEDBACK_DAILY_LIMIT === 0) member = await newMember(ctx);
      const t = await create(member, body());
      expect(t.code, t.msg).toBe(200);
      ids.push(t.data.id);
    }
    // Every ticket answered AUTO_CONFIRM_DAYS ago: 待确认 and due.
    await ctx.db
      .update(feedbackTickets)
      .set({ state: S.AWAITING_CONFIRMATION, stateChangedAt: new Date(h.clock.now() - AUTO_CONFIRM_DAYS * DAY - 1) })
      .where(inArray(feedbackTickets.id, ids));
    const owners = new Map(
      (await ctx.db.select().from(feedbackTickets).where(inArray(feedbackTickets.id, ids))).map((t) => [
        t.id,
        t.memberId,
      ]),
    );

    const outcome = (p: Promise<unknown>) =>
      p.then(
        (r) => (r && typeof r === 'object' && 'code' in r ? (r as { code: number }).code === 200 : true),
        (err: { codeName?: string }) => {
          if (err.codeName !== 'FEEDBACK_STATE_CONFLICT') throw err;
          return false;
        },
      );
    // Each ticket's three calls start a few ms apart in a different order; the round starts while
    // they run and reaches the tickets one by one, so it meets some before and some after them.
    const calls = ids.map(async (id, i) => {
      const member = owners.get(id)!;
      const make = [
        () =>
          h.call('POST', `/api/v1/feedback/${id}/reply`, { member, body: { content: '还是没有解决。' } }).then((r) => {
            if (!ok(r)) expect(r.code).toBe(Code.FEEDBACK_STATE_CONFLICT);
            return ok(r);
          }),
        () =>
          h.call('POST', `/api/v1/feedback/${id}/confirm`, { member }).then((r) => {
            if (!ok(r)) expect(r.code).toBe(Code.FEEDBACK_STATE_CONFLICT);
            return ok(r);
          }),
        () => outcome(staffReply(ctx, id, '客服小林', 'answer', '已再次核实，结果无误。')),
      ];
      const order = [i % 3, (i + 1 + (i % 2)) % 3, (i + 2 - (i % 2)) % 3];
      const started: Promise<boolean>[] = [];
      order.forEach((k, nth) => {
        started[k] = new Promise((go) => setTimeout(go, nth * 5)).then(() => make[k]!());
      });
      const [reply, confirm, staff] = await Promise.all(started);
      return { id, reply: reply!, confirm: confirm!, staff: staff! };
    });
    const round = autoConfirmDue(ctx);
    const perTicket = await Promise.all(calls);
    await round;
    const autoMoves = await ctx.db
      .select()
      .from(feedbackMoves)
      .where(inArray(feedbackMoves.ticketId, ids))
      .orderBy(asc(feedbackMoves.id));

    const interleavings = new Set<string>();
    for (const r of perTicket) {
      const [t] = await ctx.db.select().from(feedbackTickets).where(eq(feedbackTickets.id, r.id));
      const rows = autoMoves.filter((x) => x.ticketId === r.id);
      const auto = rows.filter((x) => x.actor === 'system').length;
      // One move row per applied move: the creation, then each call that succeeded.
      expect(rows.length, JSON.stringify({ r, rows })).toBe(
        1 + Number(r.reply) + Number(r.confirm) + Number(r.staff) + auto,
      );
      // The history is one chain that the table allows, ending in the ticket's state.
      expect(rows[0]!.fromState).toBeNull();
      for (let i = 1; i < rows.length; i++) {
        const prev = rows[i - 1]!;
        const row = rows[i]!;
        if (i === 1) expect(row.fromState).toBe(S.AWAITING_CONFIRMATION);
        else expect(row.fromState).toBe(prev.toState);
        const move = Object.values(FEEDBACK_MOVES).find(
          (mv) =>
            mv.by === row.actor && mv.to === row.toState && (mv.from as readonly number[]).includes(row.fromState!),
        );
        expect(move, JSON.stringify(row)).toBeDefined();
      }
      expect(t!.state).toBe(rows.length > 1 ? rows.at(-1)!.toState : S.AWAITING_CONFIRMATION);
      const posts = await ctx.db.select().from(feedbackPosts).where(eq(feedbackPosts.ticketId, r.id));
      expect(posts).toHaveLength(Number(r.reply) + Number(r.staff));
      const sent = await ctx.db.select().from(messages).where(like(messages.eventKey, `feedback.reply:%`));
      const ours = sent.filter((x) => posts.some((p) => x.eventKey === `feedback.reply:${p.id}`));
      expect(ours).toHaveLength(Number(r.staff));
      interleavings.add(rows.map((x) => `${x.actor}:${x.toState}`).join('>'));
    }
    // The race really raced: more than one order of events happened.
    expect(interleavings.size, [...interleavings].join(' | ')).toBeGreaterThan(1);
  });

  it(`concurrent creates at the daily limit: exactly ${FEEDBACK_DAILY_LIMIT} tickets a day`, async () => {
    for (let round = 0; round < 4; round++) {
      const m = await newMember(ctx);
      for (let i = 0; i < FEEDBACK_DAILY_LIMIT - 1; i++) expect((await create(m, body())).code).toBe(200);
      const results = await Promise.all(Array.from({ length: 8 }, () => create(m, body())));
      expect(results.filter(ok)).toHaveLength(1);
      for (const r of results.filter((x) => !ok(x))) expect(r.code).toBe(Code.FEEDBACK_DAILY_LIMIT);
      expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, m))).toBe(FEEDBACK_DAILY_LIMIT);
    }
  });

  it('concurrent creates with one request key: one ticket, every same request answered with it', async () => {
    const m = await newMember(ctx);
    const b = body();
    const same = await Promise.all(Array.from({ length: 10 }, () => create(m, b)));
    expect(same.every(ok)).toBe(true);
    expect(new Set(same.map((r) => r.data.id)).size).toBe(1);
    const changed = await Promise.all([
      create(m, b),
      create(m, { ...b, content: `${b.content}（又补充了一句）` }),
      create(m, b),
    ]);
    expect(changed.map((r) => r.code)).toEqual([200, Code.FEEDBACK_REQUEST_KEY_REUSED, 200]);
    expect(await ctx.db.$count(feedbackTickets, eq(feedbackTickets.memberId, m))).toBe(1);
    const moves = await ctx.db.select().from(feedbackMoves).where(eq(feedbackMoves.ticketId, same[0]!.data.id));
    expect(moves).toHaveLength(1);
  });

  it('concurrent rates: one wins; two rounds at once confirm each ticket once', async () => {
    const m = await newMember(ctx);
    const t = (await create(m, body())).data.id;
    await ctx.db.update(feedbackTickets).set({ state: S.CONFIRMED }).where(eq(feedbackTickets.id, t));
    const rates = await Promise.all(
      [1, 2, 3, 4, 5].map((stars) => h.call('POST', `/api/v1/feedback/${t}/rate`, { member: m, body: { stars } })),
    );
    expect(rates.filter(ok)).toHaveLength(1);
    for (const r of rates.filter((x) => !ok(x))) expect(r.code).toBe(Code.FEEDBACK_ALREADY_RATED);

    const due: number[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await newMember(ctx);
      const id = (await create(member, body())).data.id;
      due.push(id);
    }
    await ctx.db
      .update(feedbackTickets)
      .set({ state: S.AWAITING_CONFIRMATION, stateChangedAt: new Date(h.clock.now() - 8 * DAY) })
      .where(inArray(feedbackTickets.id, due));
    const [a, b] = await Promise.all([autoConfirmDue(ctx), autoConfirmDue(ctx)]);
    const confirmed = [...a.confirmed, ...b.confirmed].filter((id) => due.includes(id));
    expect(confirmed.sort()).toEqual([...due].sort());
    const rows = await ctx.db.select().from(feedbackMoves).where(inArray(feedbackMoves.ticketId, due));
    expect(rows.filter((r) => r.actor === 'system')).toHaveLength(due.length);
  });
});
