/**
 * Over HTTP: GET /v1/points/history (微豆明细) — newest first, paging totals, status and direction
 * filters, only the caller's rows, bad paging → 400. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { PointsHistory } from '../../openapi/schemas/points';
import type { AppContext } from '../../server/context';
import { credit, debit } from '../../server/modules/points/ledger';
import { freshMobile, harness, T0, type Harness } from './accounts-helpers';

let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;
const key = () => `test:${randomBytes(8).toString('hex')}`;
const MIN = 60_000;

type PageData = z.output<typeof PointsHistory>;

let a: { id: number; token: string };
let b: { id: number; token: string };

async function member() {
  const login = await h.register(freshMobile());
  return { id: login.member.id, token: login.token };
}

beforeAll(async () => {
  h = await harness('points-history');
  a = await member();
  b = await member();
  const base = T0 - 10 * 24 * 60 * MIN;
  const c = ctx();
  type Row = { amount: number; reason: string; source: string; status?: 'pending' };
  const post = (write: typeof credit, memberId: number, minute: number, row: Row) =>
    write(c, { memberId, ...row, idempotencyKey: key(), at: base + minute * MIN });
  // Member a: 5 rows at increasing times.
  await post(credit, a.id, 1, { amount: 5, reason: 'checkin', source: '连续签到第 1 天' });
  await post(credit, a.id, 2, { amount: 100, reason: 'task', source: '手机使用习惯调查' });
  await post(debit, a.id, 3, { amount: 30, reason: 'exchange', source: '话费充值 10 元' });
  await post(credit, a.id, 4, { amount: 40, reason: 'task', source: '新品口味测试', status: 'pending' });
  await post(credit, a.id, 5, { amount: 8, reason: 'mystery', source: '其他来源' });
  // Member b: a row that must never show for a.
  await post(credit, b.id, 6, { amount: 77, reason: 'invite', source: '好友注册' });
});
afterAll(() => h.env.cleanup());

async function history(token: string, qs = ''): Promise<{ status: number; code: number; data: PageData }> {
  const r = await h.call('GET', `/api/v1/points/history${qs}`, { token });
  return { status: r.status, code: r.code, data: r.data as PageData };
}

describe('GET /v1/points/history', () => {
  it('needs a login', async () => {
    expect((await h.call('GET', '/api/v1/points/history')).status).toBe(401);
  });

  it('lists the caller’s rows newest first with labels, status and signed amounts', async () => {
    const r = await history(a.token);
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.data).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(r.data.list.map((x) => [x.amount, x.reason, x.reasonLabel, x.status])).toEqual([
      [8, 'mystery', '其他', 'posted'],
      [40, 'task', '任务奖励', 'pending'],
      [-30, 'exchange', '兑换', 'posted'],
      [100, 'task', '任务奖励', 'posted'],
      [5, 'checkin', '每日签到', 'posted'],
    ]);
    const times = r.data.list.map((x) => x.createdAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(r.data.list.map((x) => x.description)).toEqual([
      '其他：其他来源',
      '完成任务：新品口味测试',
      '兑换：话费充值 10 元',
      '完成任务：手机使用习惯调查',
      '每日签到：连续签到第 1 天',
    ]);
    expect(r.data.list[2]).toMatchObject({ balanceAfter: 75 });
    expect(r.data.list[1]!.balanceAfter).toBe(75);
  });

  it('pages with stable totals', async () => {
    const p1 = await history(a.token, '?page=1&pageSize=2');
    const p2 = await history(a.token, '?page=2&pageSize=2');
    const p3 = await history(a.token, '?page=3&pageSize=2');
    const p4 = await history(a.token, '?page=4&pageSize=2');
    expect([p1, p2, p3, p4].map((p) => [p.data.total, p.data.page, p.data.pageSize, p.data.list.length])).toEqual([
      [5, 1, 2, 2],
      [5, 2, 2, 2],
      [5, 3, 2, 1],
      [5, 4, 2, 0],
    ]);
    const all = (await history(a.token)).data.list.map((x) => x.id);
    expect([...p1.data.list, ...p2.data.list, ...p3.data.list].map((x) => x.id)).toEqual(all);
  });

  it('filters by status and direction', async () => {
    const pending = await history(a.token, '?status=pending');
    expect(pending.data.total).toBe(1);
    expect(pending.data.list.map((x) => x.amount)).toEqual([40]);
    const posted = await history(a.token, '?status=posted');
    expect(posted.data.total).toBe(4);
    const out = await history(a.token, '?direction=out');
    expect(out.data.list.map((x) => x.amount)).toEqual([-30]);
    expect(out.data.total).toBe(1);
    const inc = await history(a.token, '?direction=in');
    expect(inc.data.list.map((x) => x.amount)).toEqual([8, 40, 100, 5]);
    const both = await history(a.token, '?direction=in&status=posted');
    expect(both.data.list.map((x) => x.amount)).toEqual([8, 100, 5]);
  });

  it('never shows another member’s rows', async () => {
    const rb = await history(b.token);
    expect(rb.data.total).toBe(1);
    expect(rb.data.list.map((x) => [x.amount, x.reasonLabel, x.description])).toEqual([
      [77, '邀请奖励', '邀请好友奖励：好友注册'],
    ]);
    const ra = await history(a.token, '?pageSize=100');
    expect(ra.data.list.some((x) => x.description.includes('好友注册'))).toBe(false);
  });

  it('describes a row in words, never by an internal key (a check-in, rows written with keys)', async () => {
    const m = await member();
    expect((await h.call('POST', '/api/v1/users/checkin', { token: m.token })).code).toBe(200);
    const c = ctx();
    await credit(c, {
      memberId: m.id,
      amount: 5,
      reason: 'checkin',
      source: 'checkin:2026-11-25',
      idempotencyKey: key(),
    });
    await credit(c, { memberId: m.id, amount: 9, reason: 'task', source: 'task:42', idempotencyKey: key() });
    const r = await history(m.token);
    expect(r.data.list.map((x) => x.description).sort()).toEqual(['完成任务', '每日签到', '每日签到：连续签到第 1 天']);
    for (const x of r.data.list) expect(JSON.stringify(x)).not.toMatch(/[a-z][\w-]*:[\w-]/i);
  });

  it('a member without rows gets an empty page', async () => {
    const c = await member();
    const r = await history(c.token);
    expect(r.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });

  it('refuses bad paging and bad filters with 400', async () => {
    for (const qs of ['?pageSize=0', '?pageSize=101', '?page=0', '?pageSize=abc', '?status=done', '?direction=up']) {
      const r = await history(a.token, qs);
      expect([qs, r.status, r.code]).toEqual([qs, 400, 400]);
    }
  });
});
