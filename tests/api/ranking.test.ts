/**
 * Over HTTP: the ranking — GET /v1/ranking (本周 / 本月 in Beijing time, top 50 with masked
 * nicknames, shared ranks, the caller's own rank inside and outside the top, visitors without one,
 * reversals subtracted, spending and refunds not counted) and the answering tips
 * (GET /v1/ranking/tips, /v1/ranking/tips/{id}: sanitized, unpublished answers as missing).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { rankingEarned } from '../../server/db/tables';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../server/context';
import { credit, debit, reverse } from '../../server/modules/points/ledger';
import { rankOf, SNAPSHOT_MS } from '../../server/modules/ranking/service';
import { publishTip, unpublishTip } from '../../server/modules/ranking/tips';
import { harness, T0, type Harness } from './accounts-helpers';
import { newMember, type TestMember } from './exchange-helpers';

let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

type Entry = { rank: number; nickname: string; avatar: string | null; amount: number; me: boolean };
type Board = {
  period: string;
  start: string;
  end: string;
  entries: Entry[];
  mine: { rank: number | null; amount: number } | null;
};
const board = async (period: string, m?: TestMember) => {
  const r = await h.call('GET', `/api/v1/ranking?period=${period}`, m ? { token: m.token } : {});
  expect(r.code, r.msg).toBe(200);
  return r.data as Board;
};
const earn = (m: TestMember, amount: number, at = T0) =>
  credit(ctx(), { memberId: m.id, amount, reason: 'task', source: '测试', idempotencyKey: randomUUID(), at });

// T0 is Tuesday 2030-01-01 10:00 in Beijing: the week began Monday 2029-12-31, the month on the 1st.
const MONDAY_LAST_YEAR = Date.UTC(2029, 11, 31, 1, 0); // 2029-12-31 09:00 Beijing: this week, last month
const LAST_WEEK = Date.UTC(2029, 11, 30, 15, 59); // Sunday 23:59 Beijing: neither

const ms: TestMember[] = [];
beforeAll(async () => {
  h = await harness('ranking');
  for (let i = 0; i < 55; i++) {
    const m = await newMember(ctx());
    ms.push(m);
    await earn(m, 1000 - i * 10); // 1000, 990, … 460
  }
});
afterAll(() => h.env.cleanup());

describe('GET /v1/ranking', () => {
  it('lists the top 50 of this week with masked nicknames; a visitor has no rank', async () => {
    const b = await board('week');
    expect(b).toMatchObject({ period: 'week', start: '2029-12-31', end: '2030-01-06', mine: null });
    expect(b.entries).toHaveLength(50);
    expect(b.entries[0]).toMatchObject({ rank: 1, amount: 1000, me: false });
    expect(b.entries[49]).toMatchObject({ rank: 50, amount: 510 });
    for (const e of b.entries) {
      expect(e.nickname).toMatch(/^兑\*\*\*.$/);
      expect(JSON.stringify(e)).not.toMatch(/137\d{8}/);
    }
  });

  it('gives the caller their rank inside the top and outside it', async () => {
    const third = await board('week', ms[2]);
    expect(third.mine).toEqual({ rank: 3, amount: 980 });
    expect(third.entries.filter((e) => e.me).map((e) => e.rank)).toEqual([3]);
    const last = await board('week', ms[54]);
    expect(last.mine).toEqual({ rank: 55, amount: 460 });
    expect(last.entries.some((e) => e.me)).toBe(false);
    const nobody = await newMember(ctx());
    expect((await board('week', nobody)).mine).toEqual({ rank: null, amount: 0 });
  });

  it('shares a rank between equal amounts (1, 2, 2, 4)', async () => {
    await earn(ms[2]!, 10); // 990 = the second one's
    const b = await board('week', ms[3]);
    expect(b.entries.slice(0, 4).map((e) => [e.rank, e.amount])).toEqual([
      [1, 1000],
      [2, 990],
      [2, 990],
      [4, 970],
    ]);
    expect(b.mine).toEqual({ rank: 4, amount: 970 });
  });

  it('subtracts reversals; spending and refunds do not count', async () => {
    const m = await newMember(ctx());
    const c = await earn(m, 2000);
    expect((await board('week', m)).mine).toEqual({ rank: 1, amount: 2000 });
    const d = await debit(ctx(), {
      memberId: m.id,
      amount: 500,
      reason: 'exchange',
      source: 'x',
      idempotencyKey: randomUUID(),
    });
    await reverse(ctx(), d.ledgerId, randomUUID()); // a refund
    expect((await board('week', m)).mine).toEqual({ rank: 1, amount: 2000 });
    await reverse(ctx(), c.ledgerId, randomUUID());
    const after = await board('week', m);
    expect(after.mine).toEqual({ rank: null, amount: 0 });
    expect(after.entries[0]!.amount).toBe(1000);
  });

  it('splits weeks and months in Beijing time', async () => {
    const m = await newMember(ctx());
    await earn(m, 5000, MONDAY_LAST_YEAR);
    await earn(m, 7000, LAST_WEEK);
    expect((await board('week', m)).mine).toEqual({ rank: 1, amount: 5000 });
    const month = await board('month', m);
    expect(month).toMatchObject({ period: 'month', start: '2030-01-01', end: '2030-01-31' });
    expect(month.mine).toEqual({ rank: null, amount: 0 });
  });

  it('ranks from the snapshot by binary search: 1 + the members with more', () => {
    const s = { amounts: [900, 500, 100], above: [0, 2, 3], total: 7 };
    expect([1000, 900, 700, 500, 300, 100, 50].map((a) => rankOf(s, a))).toEqual([1, 1, 3, 3, 4, 4, 8]);
    expect(rankOf({ amounts: [], above: [], total: 0 }, 10)).toBe(1);
  });

  it('sees a change made by another process once the snapshot is SNAPSHOT_MS old', async () => {
    const m = await newMember(ctx());
    await earn(m, 9000);
    const before = await board('week');
    expect(before.entries[0]!.amount).toBe(9000);
    // Another process: the aggregate changes without this process's writer.
    await ctx().db.execute(sql`update ranking_earned set amount = 9500 where member_id = ${m.id} and period = 'week'`);
    expect((await board('week')).entries[0]!.amount).toBe(9000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SNAPSHOT_MS });
    try {
      expect((await board('week')).entries[0]!.amount).toBe(9500);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves a rank below the top when someone passes the member, within one background refresh', async () => {
    const last = ms[54]!;
    // The rank the aggregate gives: 1 + the members who earned more this week (earlier tests added some).
    const truth = async (amount: number) => {
      const [row] = await ctx()
        .db.select({ n: count() })
        .from(rankingEarned)
        .where(
          and(
            eq(rankingEarned.period, 'week'),
            eq(rankingEarned.periodStart, '2029-12-31'),
            gt(rankingEarned.amount, amount),
          ),
        );
      return row!.n + 1;
    };
    // The counts behind a rank below the top are refreshed behind the reads, never awaited by them:
    // earlier tests' earnings may not be in them yet, so wait for them first.
    const settled = await truth(460);
    expect(settled).toBeGreaterThan(50);
    await expect
      .poll(async () => (await board('week', last)).mine, { timeout: 10_000, interval: 500 })
      .toEqual({ rank: settled, amount: 460 });
    const passer = await newMember(ctx());
    await earn(passer, 461);
    await expect
      .poll(async () => (await board('week', last)).mine, { timeout: 10_000, interval: 500 })
      .toEqual({ rank: settled + 1, amount: 460 });
    expect((await board('week', passer)).mine).toEqual({ rank: settled, amount: 461 });
  });

  it('defaults to the week and refuses an unknown period', async () => {
    const r = await h.call('GET', '/api/v1/ranking');
    expect((r.data as Board).period).toBe('week');
    const bad = await h.call('GET', '/api/v1/ranking?period=year');
    expect(bad.code).toBe(400);
  });
});

describe('answering tips', () => {
  it('lists published tips in order, sanitized; an unpublished or unknown one is missing', async () => {
    const a = await publishTip(ctx(), {
      title: '认真读题',
      content: '<p>先读完<strong>整题</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      sort: 20,
    });
    const b = await publishTip(ctx(), { title: '开放题', summary: '写真实的想法', content: '<p>写具体</p>', sort: 10 });
    const hidden = await publishTip(ctx(), { title: '旧文章', content: '<p>旧</p>' });
    await unpublishTip(ctx(), hidden.id);
    const list = await h.call('GET', '/api/v1/ranking/tips');
    expect((list.data as { title: string; summary: string }[]).map((t) => [t.title, t.summary])).toEqual([
      ['开放题', '写真实的想法'],
      ['认真读题', '先读完整题'],
    ]);
    const detail = await h.call('GET', `/api/v1/ranking/tips/${a.id}`);
    const content = (detail.data as { content: string }).content;
    expect(content).toContain('<strong>整题</strong>');
    expect(content).not.toMatch(/script|onerror/);
    expect((await h.call('GET', `/api/v1/ranking/tips/${b.id}`)).code).toBe(200);
    expect((await h.call('GET', `/api/v1/ranking/tips/${hidden.id}`)).status).toBe(404);
    expect((await h.call('GET', '/api/v1/ranking/tips/999999')).status).toBe(404);
    expect(await unpublishTip(ctx(), hidden.id)).toMatchObject({ already: true });
  });
});
