/**
 * The console's exchange review over HTTP: the queue oldest first with risk signals measured from
 * the members' real rows, approve (the member's exchange moves on and they are told), reject with
 * a reason (refunded once), bulk approval of low-risk rows only (others skipped with why), the
 * permission (support may not review) and the fresh code bulk approval needs.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeState, JoinResult } from '../../openapi/enums';
import { messageInbox, messages } from '../../server/db/schema-content';
import { members } from '../../server/db/schema';
import { exchanges } from '../../server/db/schema-exchange';
import { pointLedger } from '../../server/db/schema-points';
import { auditLog } from '../../server/db/schema-staff';
import { balanceOf } from '../../server/modules/points/ledger';
import { consoleHarness, type ConsoleHarness, type StaffAccount } from './console-helpers';
import { redeemOver, reviewMember, virtualReward } from './console-review-helpers';
import { newParticipation, newTask } from './tasks-helpers';

let h: ConsoleHarness;
let finance: StaffAccount;
let rewardId: number;
beforeAll(async () => {
  h = await consoleHarness('console-review');
  finance = await h.staff(['finance']);
  rewardId = (await virtualReward(h.ctx, 20)).id;
});
afterAll(() => h.env.cleanup());

interface Signal {
  key: string;
  flag: string;
  summary: string;
  count: number | null;
  members: { id: number; memberCode: string }[];
}
interface Row {
  id: number;
  member: { id: number; memberCode: string; mobile: string };
  createdAt: number;
  ageMs: number;
  risk: { level: string; signals: Signal[] };
}

const queue = async (token = finance.token) => {
  const r = await h.admin('GET', '/api/admin/v1/exchanges?page=1&pageSize=100', token);
  expect(r.code, r.msg).toBe(200);
  return (r.data as { list: Row[]; total: number }).list;
};
const signalOf = (row: { risk: { signals: Signal[] } }, key: string) => row.risk.signals.find((s) => s.key === key);
const messagesOf = (memberId: number) =>
  h.ctx.db
    .select({ title: messages.title, content: messages.content })
    .from(messageInbox)
    .innerJoin(messages, eq(messages.id, messageInbox.messageId))
    .where(eq(messageInbox.memberId, memberId));

describe('the review queue', () => {
  it('lists pending exchanges oldest first, with age, masked mobile and signals from real data', async () => {
    const a = await reviewMember(h.ctx, { ip: '198.51.100.7' });
    const b = await reviewMember(h.ctx, { ip: '198.51.100.200' });
    const loner = await reviewMember(h.ctx, { ip: '203.0.113.9', days: 2 });
    const first = await redeemOver(h, a, rewardId);
    h.clock.advance(60_000);
    const second = await redeemOver(h, b, rewardId);
    h.clock.advance(60_000);
    const third = await redeemOver(h, loner, rewardId);

    const rows = await queue();
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(third));
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const rowA = rows.find((r) => r.id === first)!;
    expect(rowA.member.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(rowA.ageMs).toBeGreaterThanOrEqual(120_000);
    // Two accounts registered from one /24 show up in each other's signal.
    expect(signalOf(rowA, 'sharedIpRange')).toMatchObject({
      flag: 'watch',
      count: 1,
      members: [{ id: b.id, memberCode: b.memberCode }],
    });
    const rowB = rows.find((r) => r.id === second)!;
    expect(signalOf(rowB, 'sharedIpRange')!.members.map((m) => m.id)).toEqual([a.id]);
    expect(rowA.risk.level).toBe('medium');

    const rowL = rows.find((r) => r.id === third)!;
    expect(signalOf(rowL, 'sharedIpRange')).toMatchObject({ flag: 'none', count: 0, members: [] });
    expect(signalOf(rowL, 'accountAge')).toMatchObject({ flag: 'watch', count: 2, summary: '注册 2 天' });
    expect(signalOf(rowL, 'identity')!.summary).toBe('未实名认证');
    expect(signalOf(rowL, 'earnedVsRedeemed')!.summary).toBe('累计获得 1000 微豆，已兑换 100 微豆');
    // Nothing records a device for these members: that signal is left out, not made up.
    expect(signalOf(rowL, 'sharedDevice')).toBeUndefined();
  });

  it("invite cluster: invitees and an inviter from the member's /24 (an IPv4-mapped address counts as its IPv4); an IPv6 address is its own range", async () => {
    const inviter = await reviewMember(h.ctx, { ip: '100.64.7.1' });
    const m = await reviewMember(h.ctx, { ip: '100.64.7.2' });
    const near = await reviewMember(h.ctx, { ip: '::ffff:100.64.7.3' });
    const far = await reviewMember(h.ctx, { ip: '100.64.70.3' });
    const v6 = await reviewMember(h.ctx, { ip: '2001:db8::7' });
    const v6Invitee = await reviewMember(h.ctx, { ip: '2001:db8::7' });
    const v6Other = await reviewMember(h.ctx, { ip: '2001:db8::70' });
    const invitedBy = (who: { id: number }, by: { id: number }) =>
      h.ctx.db.update(members).set({ inviterId: by.id }).where(eq(members.id, who.id));
    await invitedBy(m, inviter);
    await invitedBy(near, m);
    await invitedBy(far, m);
    await invitedBy(v6Invitee, v6);
    await invitedBy(v6Other, v6);
    const fromM = await redeemOver(h, m, rewardId);
    const fromV6 = await redeemOver(h, v6, rewardId);

    const rows = await queue();
    const rowM = rows.find((r) => r.id === fromM)!;
    expect(signalOf(rowM, 'sharedIpRange')).toMatchObject({
      count: 2,
      members: [{ id: inviter.id }, { id: near.id }],
    });
    expect(signalOf(rowM, 'inviteCluster')).toMatchObject({
      flag: 'watch',
      count: 1,
      summary: '邀请的 1 人与其同一 IP 段注册；其邀请人也从同一 IP 段注册',
      members: [{ id: inviter.id }, { id: near.id }],
    });
    const rowV6 = rows.find((r) => r.id === fromV6)!;
    expect(signalOf(rowV6, 'sharedIpRange')).toMatchObject({ count: 1, members: [{ id: v6Invitee.id }] });
    expect(signalOf(rowV6, 'inviteCluster')).toMatchObject({ count: 1, members: [{ id: v6Invitee.id }] });
    // The item measures the same, with its larger sample.
    const item = await h.admin('GET', `/api/admin/v1/exchanges/${fromM}`, finance.token);
    expect(signalOf(item.data as Row, 'inviteCluster')).toEqual(signalOf(rowM, 'inviteCluster'));
  });

  it('participations: a shared device id shows in both accounts, and join results give the ratios and blocked joins', async () => {
    const a = await reviewMember(h.ctx, { ip: '192.0.2.1' });
    const b = await reviewMember(h.ctx, { ip: '192.0.3.1' });
    const task = await newTask(h.ctx);
    await newParticipation(h.ctx, task.id, a.id, { deviceId: 'device-shared-1' });
    await newParticipation(h.ctx, task.id, b.id, { deviceId: 'device-shared-1' });
    const R = JoinResult.values;
    for (const joinResult of [R.TOO_SHORT, R.TOO_SHORT, R.TOO_SHORT, R.SCREENED_OUT, R.COMPLETE, R.IP_BLOCKED]) {
      const t = await newTask(h.ctx);
      await newParticipation(h.ctx, t.id, a.id, { joinResult, status: 'finished', finishedAt: new Date(h.ctx.now()) });
    }
    const x = await redeemOver(h, a, rewardId);
    const item = await h.admin('GET', `/api/admin/v1/exchanges/${x}`, finance.token);
    expect(item.code, item.msg).toBe(200);
    const row = item.data as Row;
    expect(signalOf(row, 'sharedDevice')).toMatchObject({ flag: 'watch', count: 1, members: [{ id: b.id }] });
    expect(signalOf(row, 'tooFast')).toMatchObject({ flag: 'alert', count: 3, ratio: 0.5 });
    expect(signalOf(row, 'screenOut')).toMatchObject({ flag: 'none', count: 1 });
    expect(signalOf(row, 'blockedJoins')).toMatchObject({ flag: 'watch', count: 1 });
    expect(row.risk.level).toBe('high');
    const yb = await redeemOver(h, b, rewardId);
    const itemB = await h.admin('GET', `/api/admin/v1/exchanges/${yb}`, finance.token);
    expect(signalOf(itemB.data as Row, 'sharedDevice')!.members.map((m) => m.id)).toEqual([a.id]);
  });

  it('getReviewItem gives one exchange with its signals, identity, balance and history', async () => {
    const m = await reviewMember(h.ctx, { ip: '10.9.8.7' });
    const id = await redeemOver(h, m, rewardId);
    const r = await h.admin('GET', `/api/admin/v1/exchanges/${id}`, finance.token);
    expect(r.code, r.msg).toBe(200);
    const data = r.data as Row & { identity: unknown; balance: number; events: { to: number }[] };
    expect(data.identity).toBeNull();
    expect(data.balance).toBe(900);
    expect(data.events.map((e) => e.to)).toEqual([ExchangeState.values.PENDING_REVIEW]);
    expect(data.risk.signals.map((s) => s.key)).toContain('answerQuality');
    expect((await h.admin('GET', '/api/admin/v1/exchanges/99999999', finance.token)).code).toBe(404);
  });
});

describe('decisions', () => {
  it('approve: the exchange moves on (virtual: the code is issued) and the member is told', async () => {
    const m = await reviewMember(h.ctx);
    const id = await redeemOver(h, m, rewardId);
    const r = await h.admin('POST', `/api/admin/v1/exchanges/${id}/approve`, finance.token);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ id, state: ExchangeState.values.ISSUED, refunded: 0, waitingForCode: false });
    const [row] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, id));
    expect(row!.state).toBe(ExchangeState.values.ISSUED);
    expect((await messagesOf(m.id)).some((x) => x.content.includes('已发放'))).toBe(true);
    expect((await queue()).map((q) => q.id)).not.toContain(id);
    const [audit] = await h.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'approveExchange'), eq(auditLog.targetId, String(id))));
    expect(audit).toMatchObject({ targetType: 'exchange', staffLogin: finance.login });
    expect(audit!.before).toMatchObject({ state: 0 });
    // Deciding it again: someone already did.
    const again = await h.admin('POST', `/api/admin/v1/exchanges/${id}/approve`, finance.token);
    expect(again.code).toBe(1212);
  });

  it('reject with a reason: refunded once, the member reads the reason; a second reject is ALREADY_DECIDED', async () => {
    const m = await reviewMember(h.ctx);
    const id = await redeemOver(h, m, rewardId);
    expect(await balanceOf(h.ctx.db, m.id)).toBe(900);
    const r = await h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, finance.token, { reason: '同设备多账号' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ id, state: ExchangeState.values.REJECTED, refunded: 100 });
    expect(await balanceOf(h.ctx.db, m.id)).toBe(1000);
    const again = await h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, finance.token, { reason: '再次驳回' });
    expect(again.code).toBe(1212);
    expect(await balanceOf(h.ctx.db, m.id)).toBe(1000);
    const refunds = await h.ctx.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.memberId, m.id), eq(pointLedger.idempotencyKey, `exchange-refund:${id}`)));
    expect(refunds).toHaveLength(1);
    expect((await messagesOf(m.id)).some((x) => x.content.includes('同设备多账号'))).toBe(true);
    const noReason = await h.admin('POST', `/api/admin/v1/exchanges/${id}/reject`, finance.token, {});
    expect(noReason.code).toBe(400);
  });

  it('support may not review: 403 with code 1206', async () => {
    const support = await h.staff(['support']);
    const m = await reviewMember(h.ctx);
    const id = await redeemOver(h, m, rewardId);
    for (const [method, url] of [
      ['GET', '/api/admin/v1/exchanges'],
      ['GET', `/api/admin/v1/exchanges/${id}`],
      ['POST', `/api/admin/v1/exchanges/${id}/approve`],
    ] as const) {
      const r = await h.admin(method, url, support.token, method === 'POST' ? {} : undefined);
      expect({ status: r.status, code: r.code }).toEqual({ status: 403, code: 1206 });
    }
    const [row] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, id));
    expect(row!.state).toBe(ExchangeState.values.PENDING_REVIEW);
  });

  it('bulk approve: low risk approved, others skipped with why; a wrong code is 1204 and changes nothing', async () => {
    const low = await reviewMember(h.ctx, { ip: '100.64.1.1' });
    const fresh = await reviewMember(h.ctx, { ip: '100.64.2.1', days: 1 });
    const lowId = await redeemOver(h, low, rewardId);
    const freshId = await redeemOver(h, fresh, rewardId);

    const wrong = await h.admin('POST', '/api/admin/v1/exchanges/bulk-approve', finance.token, {
      ids: [lowId, freshId],
      totp: '000000',
    });
    expect(wrong.code).toBe(1204);
    const [still] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, lowId));
    expect(still!.state).toBe(ExchangeState.values.PENDING_REVIEW);

    const r = await h.admin('POST', '/api/admin/v1/exchanges/bulk-approve', finance.token, {
      ids: [lowId, freshId, 99999999],
      totp: h.code(finance.secret),
    });
    expect(r.code, r.msg).toBe(200);
    const data = r.data as {
      approved: { id: number }[];
      skipped: { id: number; reason: string; level: string | null }[];
    };
    expect(data.approved.map((a) => a.id)).toEqual([lowId]);
    expect(data.skipped.find((s) => s.id === freshId)).toMatchObject({ level: 'medium' });
    expect(data.skipped.find((s) => s.id === freshId)!.reason).toContain('注册 1 天');
    expect(data.skipped.find((s) => s.id === 99999999)).toMatchObject({ level: null, reason: '兑换单不存在' });
    const [fr] = await h.ctx.db.select().from(exchanges).where(eq(exchanges.id, freshId));
    expect(fr!.state).toBe(ExchangeState.values.PENDING_REVIEW);

    const tooMany = await h.admin('POST', '/api/admin/v1/exchanges/bulk-approve', finance.token, {
      ids: Array.from({ length: 51 }, (_, i) => i + 1),
      totp: h.code(finance.secret),
    });
    expect(tooMany.code).toBe(400);
  });
});

describe('the console home', () => {
  it("shows the queues of the staff's permissions only", async () => {
    const f = await h.admin('GET', '/api/admin/v1/home', finance.token);
    expect(f.code, f.msg).toBe(200);
    const fq = (f.data as { queues: { key: string; title: string; count: number; oldestAt: number | null }[] }).queues;
    expect(fq.map((q) => q.title)).toEqual(['待审核兑换', '待复核调整']);
    const pending = await h.ctx.db.select().from(exchanges).where(eq(exchanges.state, 0));
    expect(fq[0]!.count).toBe(pending.length);
    expect(fq[0]!.oldestAt).toBe(Math.min(...pending.map((p) => p.createdAt.getTime())));

    const support = await h.staff(['support']);
    const s = await h.admin('GET', '/api/admin/v1/home', support.token);
    expect((s.data as { queues: { title: string }[] }).queues.map((q) => q.title)).toEqual(['待处理反馈']);
    const admin = await h.staff(['admin']);
    const a = await h.admin('GET', '/api/admin/v1/home', admin.token);
    expect((a.data as { queues: { key: string }[] }).queues.map((q) => q.key)).toEqual([
      'exchangeReview',
      'feedbackDesk',
      'adjustments',
    ]);
    const content = await h.staff(['content']);
    const c = await h.admin('GET', '/api/admin/v1/home', content.token);
    expect((c.data as { queues: unknown[] }).queues).toEqual([]);
  });
});
