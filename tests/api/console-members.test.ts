/**
 * The console's member pages from outside: search by every key, the masked 360 view, reveal
 * (audited, values never in the audit row), freeze (sessions end, every login path refused with
 * the reason, redeem and task start refused even with a token still trusted), unfreeze, a message
 * to the inbox, and 微豆 adjustments with four eyes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_DEFAULT_THRESHOLD } from '../../openapi/rules/staff';
import { members } from '../../server/db/schema';
import { balanceAdjustments } from '../../server/db/schema-console';
import { pointLedger } from '../../server/db/schema-points';
import { auditLog } from '../../server/db/schema-staff';
import { startSession } from '../../server/modules/auth/tokens';
import { balanceOf } from '../../server/modules/points/ledger';
import { freshMobile, type LoginData } from './accounts-helpers';
import { consoleHarness, type ConsoleHarness, type StaffAccount } from './console-helpers';
import { grant, newReward, requestKey, verifyDirect } from './exchange-helpers';
import { newPartner, newTask } from './tasks-helpers';

let h: ConsoleHarness;
let support: StaffAccount;
let finance: StaffAccount;
let finance2: StaffAccount;
let admin: StaffAccount;
let content: StaffAccount;

beforeAll(async () => {
  h = await consoleHarness('console-members');
  support = await h.staff(['support']);
  finance = await h.staff(['finance']);
  finance2 = await h.staff(['finance']);
  admin = await h.staff(['admin']);
  content = await h.staff(['content']);
}, 60_000);
afterAll(() => h.env.cleanup());

const M = '/api/admin/v1/members';
const memberCall = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
  h.call(method, url, { token, ...(body === undefined ? {} : { body }) });

async function newMember(extra: Record<string, unknown> = {}): Promise<LoginData & { mobile: string }> {
  const mobile = freshMobile();
  return { ...(await h.register(mobile, extra)), mobile };
}

const auditRows = (operation: string) => h.ctx.db.select().from(auditLog).where(eq(auditLog.operation, operation));

describe('search and member 360', () => {
  it('finds a member by mobile, member code, id, nickname prefix and invite code; mobiles masked', async () => {
    const m = await newMember();
    const [row] = await h.ctx.db.select().from(members).where(eq(members.id, m.member.id));
    await h.ctx.db
      .update(members)
      .set({ nickname: `查找测试${m.member.id}` })
      .where(eq(members.id, m.member.id));
    const keys = [
      [m.mobile, 'mobile'],
      [row!.memberCode.toLowerCase(), 'memberCode'],
      [String(m.member.id), 'id'],
      [`查找测试${m.member.id}`.slice(0, 6), 'nickname'],
      [row!.inviteCode, 'inviteCode'],
    ] as const;
    for (const [q, by] of keys) {
      const r = await h.admin('GET', `${M}?q=${encodeURIComponent(q)}&pageSize=100`, support.token);
      expect(r.code, q).toBe(200);
      const list = (r.data as { list: { id: number; mobile: string; matchedBy: string; balance: number }[] }).list;
      const hit = list.find((x) => x.id === m.member.id);
      expect(hit, `by ${by}`).toBeDefined();
      if (by !== 'nickname') expect(hit!.matchedBy).toBe(by);
      expect(hit!.mobile).toBe(`${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`);
      expect(JSON.stringify(r.data)).not.toContain(m.mobile);
    }
    const none = await h.admin('GET', `${M}?q=${encodeURIComponent('不存在的昵称xyz')}`, support.token);
    expect((none.data as { total: number }).total).toBe(0);
  });

  it('360 shows masked contact data, balances, ledger and sessions', async () => {
    const m = await newMember();
    await grant(h.ctx, m.member.id, 300);
    await verifyDirect(h.ctx, m.member.id, '张三丰');
    const r = await h.admin('GET', `${M}/${m.member.id}`, support.token);
    expect(r.code, r.msg).toBe(200);
    const d = r.data as {
      profile: { mobile: string; realName: { name: string; idNumber: string; verified: boolean } };
      balances: { points: number };
      ledger: { total: number; list: { amount: number }[] };
      sessions: { active: boolean; ip: string | null }[];
      frozen: unknown;
      devicesAndIps: { ips: { from: string[] }[] };
    };
    expect(d.profile.mobile).toBe(`${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`);
    expect(JSON.stringify(d)).not.toContain(m.mobile);
    expect(d.profile.realName).toMatchObject({ name: '张*丰', verified: true });
    expect(d.profile.realName.idNumber).toContain('*');
    expect(JSON.stringify(d)).not.toContain('张三丰');
    expect(d.balances.points).toBe(300);
    expect(d.ledger.total).toBe(1);
    expect(d.sessions.some((s) => s.active)).toBe(true);
    expect(d.frozen).toBeNull();
    const ledger = await h.admin('GET', `${M}/${m.member.id}/ledger?page=1&pageSize=5`, finance.token);
    expect(ledger.code).toBe(200);
    expect((ledger.data as { list: { amount: number }[] }).list[0]!.amount).toBe(300);
    const missing = await h.admin('GET', `${M}/2147483647`, support.token);
    expect([missing.status, missing.code]).toEqual([404, 404]);
  });

  it('a role without member.read is refused with 403 1206', async () => {
    const m = await newMember();
    for (const url of [`${M}?q=1`, `${M}/${m.member.id}`, `${M}/${m.member.id}/ledger`]) {
      const r = await h.admin('GET', url, content.token);
      expect([r.status, r.code], url).toEqual([403, 1206]);
    }
    const reveal = await h.admin('POST', `${M}/${m.member.id}/reveal`, support.token, { reason: '核实身份' });
    expect([reveal.status, reveal.code]).toEqual([403, 1206]);
  });
});

describe('reveal', () => {
  it('returns the full mobile and real name; the audit row names the fields, never the values', async () => {
    const m = await newMember();
    await verifyDirect(h.ctx, m.member.id, '李四');
    const r = await h.admin('POST', `${M}/${m.member.id}/reveal`, admin.token, { reason: '会员来电核实身份' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ mobile: m.mobile, realName: '李四', idNumberComplete: false });
    const rows = (await auditRows('revealMemberContact')).filter((a) => a.targetId === String(m.member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.targetType).toBe('member');
    expect(rows[0]!.after).toEqual({ revealed: ['mobile', 'realName'] });
    expect(rows[0]!.reason).toBe('会员来电核实身份');
    expect(JSON.stringify(rows[0])).not.toContain(m.mobile);
    expect(JSON.stringify(rows[0])).not.toContain('李四');
  });
});

describe('freeze', () => {
  it('ends every session, refuses every login and refresh with the reason, refuses redeem and task start', async () => {
    const password = 'abc12345';
    const m = await newMember({ password });
    const other = await h.smsLogin(m.mobile);
    expect((await memberCall('GET', '/api/v1/points', m.token)).code).toBe(200);

    const empty = await h.admin('POST', `${M}/${m.member.id}/freeze`, support.token, { reason: ' ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty)).toContain('请填写原因');

    const r = await h.admin('POST', `${M}/${m.member.id}/freeze`, support.token, { reason: '批量注册刷邀请奖励' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ frozen: { reason: '批量注册刷邀请奖励' }, sessionsEnded: 2 });

    // Both sessions end at once (this process forgets them; the others within 2 s).
    expect((await memberCall('GET', '/api/v1/points', m.token)).status).toBe(401);
    expect((await memberCall('GET', '/api/v1/points', other.token)).status).toBe(401);

    const message = /^你的账号已被冻结（原因：批量注册刷邀请奖励）。如有疑问，请发邮件至 \S+@\S+ 申诉$/;
    const refresh = await h.call('POST', '/api/v1/auth/token/refresh', {
      body: { refreshToken: other.refreshToken, token: other.token },
    });
    expect([refresh.code, refresh.msg]).toEqual([1140, expect.stringMatching(message)]);
    const sent = await h.call('POST', '/api/v1/auth/sms/send', { body: { mobile: h.enc(m.mobile), scene: 'login' } });
    expect(sent.code).toBe(200);
    const sms = await h.call('POST', '/api/auth/sms/login', {
      body: { mobile: h.enc(m.mobile), code: h.enc(h.lastCode(m.mobile, 'login')) },
    });
    expect([sms.code, sms.msg]).toEqual([1140, expect.stringMatching(message)]);
    const pw = await h.call('POST', '/api/auth/password/login', { body: { mobile: h.enc(m.mobile), password } });
    expect([pw.code, pw.msg]).toEqual([1140, expect.stringMatching(message)]);
    const wrongPw = await h.call('POST', '/api/auth/password/login', {
      body: { mobile: h.enc(m.mobile), password: 'wrong-pass1' },
    });
    expect(wrongPw.code, 'a wrong password still says nothing about the account').not.toBe(1140);

    // A token another worker may still trust (up to 2 s): the redeem and start transactions refuse.
    const { token: stale } = await startSession(h.ctx, m.member.id);
    await grant(h.ctx, m.member.id, 1000);
    const reward = await newReward(h.ctx, { pointsCost: 100 });
    const redeem = await memberCall('POST', '/api/v1/exchange/redeem', stale, {
      rewardId: reward.id,
      requestKey: requestKey(),
    });
    expect([redeem.code, redeem.msg]).toEqual([1140, expect.stringMatching(message)]);
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(1000);
    const task = await newTask(h.ctx, { partnerId: (await newPartner(h.ctx)).id });
    const start = await memberCall('POST', `/api/v1/process/tasks/${task.hashId}/start`, stale, {});
    expect([start.code, start.msg]).toEqual([1140, expect.stringMatching(message)]);

    const audit = (await auditRows('freezeMember')).filter((a) => a.targetId === String(m.member.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'member', reason: '批量注册刷邀请奖励', before: { frozen: null } });

    const un = await h.admin('POST', `${M}/${m.member.id}/unfreeze`, support.token, { reason: '申诉核实，误判' });
    expect(un.code, un.msg).toBe(200);
    expect(un.data).toMatchObject({ frozen: null });
    const again = await h.call('POST', '/api/auth/password/login', { body: { mobile: h.enc(m.mobile), password } });
    expect(again.code, again.msg).toBe(200);
  });

  it('end sessions: the member is logged out everywhere but may log in again', async () => {
    const m = await newMember();
    const r = await h.admin('POST', `${M}/${m.member.id}/end-sessions`, support.token, { reason: '会员称手机丢失' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ sessionsEnded: 1, frozen: null });
    expect((await memberCall('GET', '/api/v1/points', m.token)).status).toBe(401);
    expect((await h.smsLogin(m.mobile)).token).toBeTruthy();
  });
});

describe('message', () => {
  it('arrives in the member’s inbox', async () => {
    const m = await newMember();
    const r = await h.admin('POST', `${M}/${m.member.id}/message`, support.token, {
      title: '关于你的兑换',
      content: '你的兑换已补发，请查收。',
    });
    expect(r.code, r.msg).toBe(200);
    const inbox = await memberCall('GET', '/api/v1/messages?pageSize=100', m.token);
    expect(JSON.stringify(inbox.data)).toContain('关于你的兑换');
    const none = await h.admin('POST', `${M}/${m.member.id}/message`, support.token, { title: '', content: 'x' });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none)).toContain('请填写消息标题');
  });
});

describe('adjustments', () => {
  const adjust = (memberId: number, who: StaffAccount, amount: number, reason = '问卷奖励补发') =>
    h.admin('POST', `${M}/${memberId}/adjustments`, who.token, { amount, reason, totp: h.code(who.secret) });
  const decide = (id: number, who: StaffAccount, what: 'approve' | 'reject', reason?: string) =>
    h.admin('POST', `/api/admin/v1/adjustments/${id}/${what}`, who.token, {
      ...(reason ? { reason } : {}),
      totp: h.code(who.secret),
    });

  it('a small one is applied at once and the member sees it in 微豆明细', async () => {
    const m = await newMember();
    const r = await adjust(m.member.id, finance, 200);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      state: 'applied',
      amount: 200,
      requestedBy: finance.login,
      decidedBy: finance.login,
    });
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(200);
    const history = await memberCall('GET', '/api/v1/points/history?page=1&pageSize=20', m.token);
    const rows = (history.data as { list: { amount: number; description: string; reasonLabel: string }[] }).list;
    expect(rows[0]).toMatchObject({ amount: 200, reasonLabel: '后台调整', description: '后台调整：问卷奖励补发' });
    const audit = (await auditRows('requestAdjustment')).filter(
      (a) => a.targetId === String((r.data as { id: number }).id),
    );
    expect(audit[0]).toMatchObject({ targetType: 'adjustment', after: { amount: 200, state: 'applied' } });
  });

  it('a large one waits; the requester cannot decide it; another finance approves → credited once', async () => {
    const m = await newMember();
    const amount = FOUR_EYES_DEFAULT_THRESHOLD + 1;
    const r = await adjust(m.member.id, finance, amount);
    expect(r.code, r.msg).toBe(200);
    const a = r.data as { id: number; state: string };
    expect(a.state).toBe('pending');
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(0);
    const pending = await h.admin('GET', '/api/admin/v1/adjustments?state=pending&pageSize=100', finance2.token);
    expect((pending.data as { list: { id: number }[] }).list.map((x) => x.id)).toContain(a.id);
    const in360 = await h.admin('GET', `${M}/${m.member.id}`, finance.token);
    expect((in360.data as { pendingAdjustments: { id: number }[] }).pendingAdjustments.map((x) => x.id)).toEqual([
      a.id,
    ]);

    const self = await decide(a.id, finance, 'approve');
    expect([self.code, self.msg]).toEqual([1211, '不能复核自己发起的调整，请由另一位同事复核']);
    const ok = await decide(a.id, finance2, 'approve');
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ state: 'applied', decidedBy: finance2.login });
    const twice = await decide(a.id, admin, 'approve');
    expect(twice.code).toBe(1212);
    const late = await decide(a.id, admin, 'reject', '金额有误');
    expect(late.code).toBe(1212);
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(amount);
    const rows = await h.ctx.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.idempotencyKey, `adjust:${a.id}`));
    expect(rows).toHaveLength(1);
  });

  it("the console home's 待复核调整 counts what waits for a second account, since the oldest", async () => {
    type Queue = { key: string; title: string; count: number; oldestAt: number | null };
    const queueOf = async (who: StaffAccount) => {
      const r = await h.admin('GET', '/api/admin/v1/home', who.token);
      expect(r.code, r.msg).toBe(200);
      return (r.data as { queues: Queue[] }).queues.find((q) => q.key === 'adjustments');
    };
    const waiting = async () => {
      const rows = await h.ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.state, 'pending'));
      return { count: rows.length, oldestAt: rows.length ? Math.min(...rows.map((r) => r.createdAt.getTime())) : null };
    };
    const before = await queueOf(finance2);
    expect(before).toEqual({ key: 'adjustments', title: '待复核调整', ...(await waiting()) });
    const m = await newMember();
    const r = await adjust(m.member.id, finance, FOUR_EYES_DEFAULT_THRESHOLD + 5);
    const a = r.data as { id: number; state: string; requestedAt: number };
    expect(a.state).toBe('pending');
    const after = await queueOf(admin);
    expect(after).toEqual({ key: 'adjustments', title: '待复核调整', ...(await waiting()) });
    expect(after!.count).toBe(before!.count + 1);
    if (before!.count === 0) expect(after!.oldestAt).toBe(a.requestedAt);
    // applied at once: nothing waits
    await adjust(m.member.id, finance, 10);
    expect((await queueOf(finance2))!.count).toBe(after!.count);
    const ok = await decide(a.id, finance2, 'approve');
    expect(ok.code, ok.msg).toBe(200);
    expect((await queueOf(finance2))!.count).toBe(before!.count);
    // not a queue of the roles without balance.approve
    expect(await queueOf(support)).toBeUndefined();
    expect(await queueOf(content)).toBeUndefined();
  });

  it('a rejection changes no balance', async () => {
    const m = await newMember();
    const r = await adjust(m.member.id, finance, -(FOUR_EYES_DEFAULT_THRESHOLD + 10));
    const a = r.data as { id: number; state: string };
    expect(a.state).toBe('pending');
    const no = await decide(a.id, finance2, 'reject');
    expect(no.status).toBe(400);
    const rejected = await decide(a.id, finance2, 'reject', '没有依据');
    expect(rejected.code, rejected.msg).toBe(200);
    expect(rejected.data).toMatchObject({ state: 'rejected', decisionReason: '没有依据', ledgerId: null });
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(0);
  });

  it('a debit below zero is refused and nothing changes', async () => {
    const m = await newMember();
    await grant(h.ctx, m.member.id, 50);
    const r = await adjust(m.member.id, finance, -100);
    expect([r.code, r.msg]).toEqual([2001, '微豆余额不足']);
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(50);
    const left = await h.ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.memberId, m.member.id));
    expect(left).toEqual([]);
    const audit = (await auditRows('requestAdjustment')).filter(
      (x) => (x.after as { memberId?: number } | null)?.memberId === m.member.id,
    );
    expect(audit).toEqual([]);
    // a large debit beyond the balance waits, and its approval is refused the same way
    const big = await adjust(m.member.id, finance, -(FOUR_EYES_DEFAULT_THRESHOLD + 1));
    const id = (big.data as { id: number }).id;
    const approve = await decide(id, finance2, 'approve');
    expect(approve.code).toBe(2001);
    const [still] = await h.ctx.db
      .select()
      .from(balanceAdjustments)
      .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.state, 'pending')));
    expect(still).toBeDefined();
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(50);
  });

  it('empty reason → 400 in zh-CN; zero amount → 400; wrong totp → 1204; support may not adjust', async () => {
    const m = await newMember();
    const url = `${M}/${m.member.id}/adjustments`;
    const empty = await h.admin('POST', url, finance.token, { amount: 10, reason: '', totp: h.code(finance.secret) });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty)).toContain('请填写原因（至少 2 个字）');
    const zero = await h.admin('POST', url, finance.token, { amount: 0, reason: '补发', totp: h.code(finance.secret) });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero)).toContain('调整数量不能为 0');
    const huge = await h.admin('POST', url, finance.token, {
      amount: -10_000_001,
      reason: '补发',
      totp: h.code(finance.secret),
    });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge)).toContain('调整数量过大');
    const part = await h.admin('POST', url, finance.token, {
      amount: 1.5,
      reason: '补发',
      totp: h.code(finance.secret),
    });
    expect(part.status).toBe(400);
    expect(JSON.stringify(part)).toContain('调整数量须为整数');
    const code = h.code(finance.secret);
    const wrong = await h.admin('POST', url, finance.token, {
      amount: 10,
      reason: '补发',
      totp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.code).toBe(1204);
    const denied = await h.admin('POST', url, support.token, {
      amount: 10,
      reason: '补发',
      totp: h.code(support.secret),
    });
    expect([denied.status, denied.code]).toEqual([403, 1206]);
    expect(await balanceOf(h.ctx.db, m.member.id)).toBe(0);
  });
});
