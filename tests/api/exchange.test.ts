/**
 * Exchange over HTTP: the catalogue, every refusal reason of redeem, request-key
 * replays, the lifecycle with refunds exactly once, virtual codes, and one member never seeing
 * another's exchanges, addresses or identity.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { exchanges, rewards } from '../../server/db/schema-exchange';
import { pointLedger } from '../../server/db/schema-points';
import { loadCodes } from '../../server/modules/exchange/admin';
import { applyAction } from '../../server/modules/exchange/lifecycle';
import { balanceOf } from '../../server/modules/points/ledger';
import { createTestEnv, envelopeOf } from './helpers';
import {
  bindPayout,
  newMember,
  newReward,
  requestKey,
  saveAddress,
  verifyDirect,
  type TestMember,
} from './exchange-helpers';

const env = createTestEnv('exchange');
let app: FastifyInstance;
let ctx: AppContext;
const t = Date.UTC(2030, 0, 1, 2, 0, 0);
const operator = { type: 'operator' as const, name: '测试运营' };

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: () => t });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

async function call(method: 'GET' | 'POST', url: string, m?: TestMember, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: m ? { authorization: `Bearer ${m.token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const answer = envelopeOf(res);
  // Test-side reads of answer data: shapes are checked by toMatchObject, not by the type system.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, code: answer.code, msg: answer.msg, data: answer.data as Record<string, any> };
}

const redeem = (m: TestMember, rewardId: number, key = requestKey(), extra: object = {}) =>
  call('POST', '/v1/exchange/redeem', m, { rewardId, requestKey: key, ...extra });

describe('catalogue', () => {
  it('visitors see active rewards by type; detail has eligibility only for members', async () => {
    const cash = await newReward(ctx, { type: 1, title: '支付宝现金 5 元', pointsCost: 500, faceValue: 500 });
    await newReward(ctx, { type: 3, title: '已下架商品', active: false });
    const list = await call('GET', '/v1/exchange/rewards?type=1&page=1&pageSize=50');
    expect(list.code).toBe(200);
    const titles = (list.data.list as { title: string; type: number }[]).map((r) => r.title);
    expect(titles).toContain('支付宝现金 5 元');
    expect(titles).not.toContain('已下架商品');
    expect((list.data.list as { type: number }[]).every((r) => r.type === 1)).toBe(true);

    const visitor = await call('GET', `/v1/exchange/rewards/${cash.id}`);
    expect(visitor.data.eligibility).toBeNull();
    const m = await newMember(ctx, 100);
    const member = await call('GET', `/v1/exchange/rewards/${cash.id}`, m);
    expect(member.data.eligibility).toMatchObject({ balance: 100, canRedeem: false });
    const codes = (member.data.eligibility.blockers as { code: number }[]).map((b) => b.code);
    expect(codes).toEqual([Code.IDENTITY_REQUIRED, Code.ACCOUNT_BINDING_REQUIRED, Code.INSUFFICIENT_POINTS]);
  });

  it('an unknown or withdrawn reward is a clear 404', async () => {
    const gone = await newReward(ctx, { active: false });
    for (const id of [gone.id, 999999]) {
      const r = await call('GET', `/v1/exchange/rewards/${id}`);
      expect(r.status).toBe(404);
      expect(r.msg).toBe('该商品不存在或已下架');
    }
  });
});

describe('redeem refusals (each with its code and a zh-CN reason; nothing is stored)', () => {
  async function expectRefused(m: TestMember, rewardId: number, code: number, msg: RegExp) {
    const before = await balanceOf(ctx.db, m.id);
    const countBefore = (await ctx.db.select().from(exchanges).where(eq(exchanges.memberId, m.id))).length;
    const [stockBefore] = await ctx.db.select({ s: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
    const r = await redeem(m, rewardId);
    expect(r.code).toBe(code);
    expect(r.msg).toMatch(msg);
    expect(await balanceOf(ctx.db, m.id)).toBe(before);
    const [stockAfter] = await ctx.db.select({ s: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
    expect(stockAfter!.s).toBe(stockBefore!.s);
    expect(await ctx.db.select().from(exchanges).where(eq(exchanges.memberId, m.id))).toHaveLength(countBefore);
  }

  it('not enough points', async () => {
    const m = await newMember(ctx, 99);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 100 });
    await expectRefused(m, r.id, Code.INSUFFICIENT_POINTS, /微豆不足：兑换需要 100 微豆，你当前有 99 微豆/);
  });

  it('out of stock', async () => {
    const m = await newMember(ctx, 500);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { stock: 0 });
    await expectRefused(m, r.id, Code.OUT_OF_STOCK, /已兑完/);
  });

  it('per-member total and daily limits', async () => {
    const m = await newMember(ctx, 1000);
    await saveAddress(ctx, m.id);
    const total = await newReward(ctx, { limitTotal: 1 });
    expect((await redeem(m, total.id)).code).toBe(200);
    await expectRefused(m, total.id, Code.LIMIT_REACHED, /每人限兑 1 次/);
    const daily = await newReward(ctx, { limitDaily: 1 });
    expect((await redeem(m, daily.id)).code).toBe(200);
    const r = await redeem(m, daily.id);
    expect(r.code).toBe(Code.LIMIT_REACHED);
    expect(r.msg).toMatch(/每人每天限兑 1 次/);
  });

  it('minimum level', async () => {
    const m = await newMember(ctx, 500);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { minLevel: 3 });
    await expectRefused(m, r.id, Code.LEVEL_REQUIRED, /需要权益等级达到 3 级/);
  });

  it('identity, payout binding and address', async () => {
    const m = await newMember(ctx, 5000);
    const cash = await newReward(ctx, { type: 1, pointsCost: 500, faceValue: 500 });
    await expectRefused(m, cash.id, Code.IDENTITY_REQUIRED, /实名认证/);
    await verifyDirect(ctx, m.id);
    await expectRefused(m, cash.id, Code.ACCOUNT_BINDING_REQUIRED, /绑定支付宝或微信/);
    await bindPayout(ctx, m.id, 1, '微信昵称');
    const wantAlipay = await redeem(m, cash.id, requestKey(), { payoutPlatform: 4 });
    expect(wantAlipay.code).toBe(Code.ACCOUNT_BINDING_REQUIRED);
    expect(wantAlipay.msg).toMatch(/还没有绑定支付宝/);
    const ok = await redeem(m, cash.id);
    expect(ok.code).toBe(200);
    expect(ok.data.exchange.payout).toEqual({ platform: 1, nickname: '微信昵称' });

    const physical = await newReward(ctx, { type: 3 });
    await expectRefused(m, physical.id, Code.ADDRESS_REQUIRED, /收货地址/);
  });

  it('a withdrawn reward', async () => {
    const m = await newMember(ctx, 500);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, {});
    await ctx.db.update(rewards).set({ active: false }).where(eq(rewards.id, r.id));
    await expectRefused(m, r.id, Code.REWARD_UNAVAILABLE, /已下架/);
  });

  it('a malformed request key is a 400 with a zh-CN field reason', async () => {
    const m = await newMember(ctx, 500);
    const r = await call('POST', '/v1/exchange/redeem', m, { rewardId: 1, requestKey: 'short' });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('请求编号应为 8–64 位');
  });
});

describe('redeem and replay', () => {
  it('debits, takes stock, answers pending review; a replayed key changes nothing and answers the same', async () => {
    const m = await newMember(ctx, 300);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 120, stock: 5, title: '保温杯', images: ['/img/cup.png'] });
    const key = requestKey();
    const first = await redeem(m, r.id, key);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ balance: 180, replayed: false });
    expect(first.data.exchange).toMatchObject({ state: 0, stateLabel: '待审核', points: 120, refunded: false });
    expect(first.data.exchange.shipping).toMatchObject({ name: '张三', mobile: '138****8000' });
    const again = await redeem(m, r.id, key);
    expect(again.data).toMatchObject({ balance: 180, replayed: true });
    // The replay reads the stored exchange: the first answer (built from what was written) is the same.
    expect(again.data.exchange).toEqual(first.data.exchange);
    expect(first.data.exchange).toMatchObject({ cover: '/img/cup.png', code: null, awaitingAddress: false });
    expect(await balanceOf(ctx.db, m.id)).toBe(180);
    const [after] = await ctx.db.select().from(rewards).where(eq(rewards.id, r.id));
    expect(after!.stock).toBe(4);

    const other = await newReward(ctx, {});
    const reused = await redeem(m, other.id, key);
    expect(reused.code).toBe(Code.REQUEST_KEY_REUSED);
    expect(await balanceOf(ctx.db, m.id)).toBe(180);
  });
});

describe('lifecycle', () => {
  it('reject refunds exactly once and returns the stock; the member sees the reason and history', async () => {
    const m = await newMember(ctx, 200);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 150, stock: 1 });
    const made = await redeem(m, r.id);
    const id = made.data.exchange.id as number;
    expect(await balanceOf(ctx.db, m.id)).toBe(50);
    await applyAction(ctx, id, 'reject', { actor: operator, reason: '收货地址无法配送' });
    expect(await balanceOf(ctx.db, m.id)).toBe(200);
    await expect(applyAction(ctx, id, 'reject', { actor: operator, reason: '再来一次' })).rejects.toMatchObject({
      codeName: 'EXCHANGE_STATE_CONFLICT',
    });
    await expect(applyAction(ctx, id, 'revoke', { actor: operator, reason: '再来一次' })).rejects.toMatchObject({
      codeName: 'EXCHANGE_STATE_CONFLICT',
    });
    expect(await balanceOf(ctx.db, m.id)).toBe(200);
    const [stock] = await ctx.db.select({ s: rewards.stock }).from(rewards).where(eq(rewards.id, r.id));
    expect(stock!.s).toBe(1);

    const detail = await call('GET', `/v1/exchange/records/${id}`, m);
    expect(detail.data).toMatchObject({ state: 4, stateLabel: '已驳回', reason: '收货地址无法配送', refunded: true });
    expect(detail.data.history.map((e: { to: number; actor: string }) => [e.to, e.actor])).toEqual([
      [0, 'member'],
      [4, 'operator'],
    ]);
    const ledger = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m.id));
    expect(ledger.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-150, 150, 200]);
  });

  it('virtual: stock is the loaded codes; approve issues the oldest free code at once', async () => {
    const m = await newMember(ctx, 1000);
    const card = await newReward(ctx, { type: 2, stock: 0, pointsCost: 100, title: '视频会员月卡' });
    expect((await redeem(m, card.id)).code).toBe(Code.OUT_OF_STOCK);
    await loadCodes(ctx, card.id, ['CARD-0001', 'CARD-0002'], '测试运营');
    const first = (await redeem(m, card.id)).data.exchange.id as number;
    const second = (await redeem(m, card.id)).data.exchange.id as number;
    expect((await redeem(m, card.id)).code).toBe(Code.OUT_OF_STOCK);

    const pending = await call('GET', `/v1/exchange/records/${first}`, m);
    expect(pending.data).toMatchObject({ state: 0, code: null });
    const out = await applyAction(ctx, first, 'approve', { actor: operator });
    expect(out).toMatchObject({ applied: ['approve', 'issue'], waitingForCode: false });
    const issued = await call('GET', `/v1/exchange/records/${first}`, m);
    expect(issued.data).toMatchObject({ state: 1, stateLabel: '已发放', code: 'CARD-0001' });
    expect(issued.data.history.map((e: { actor: string }) => e.actor)).toEqual(['member', 'operator', 'system']);

    // Revoking the second puts its unit back: someone can redeem it again and gets CARD-0002.
    await applyAction(ctx, second, 'revoke', { actor: operator, reason: '活动结束' });
    expect(await balanceOf(ctx.db, m.id)).toBe(900);
    const third = (await redeem(m, card.id)).data.exchange.id as number;
    await applyAction(ctx, third, 'approve', { actor: operator });
    expect((await call('GET', `/v1/exchange/records/${third}`, m)).data).toMatchObject({ code: 'CARD-0002' });
  });

  it('cash and physical need a transfer reference / tracking number to issue; fail refunds', async () => {
    const m = await newMember(ctx, 2000);
    await verifyDirect(ctx, m.id);
    await bindPayout(ctx, m.id, 4, '支付宝用户');
    await saveAddress(ctx, m.id);
    const cash = await newReward(ctx, { type: 1, pointsCost: 1000, faceValue: 1000 });
    const box = await newReward(ctx, { type: 3, pointsCost: 500 });
    const c = (await redeem(m, cash.id)).data.exchange.id as number;
    const b = (await redeem(m, box.id)).data.exchange.id as number;
    await applyAction(ctx, c, 'approve', { actor: operator });
    await applyAction(ctx, b, 'approve', { actor: operator });
    await expect(applyAction(ctx, c, 'issue', { actor: operator })).rejects.toMatchObject({
      codeName: 'INVALID_PARAMS',
    });
    await applyAction(ctx, c, 'issue', { actor: operator, transferRef: 'ALI20300101001' });
    await applyAction(ctx, b, 'fail', { actor: operator, reason: '快递无法送达该地区' });
    expect(await balanceOf(ctx.db, m.id)).toBe(1000);
    const cashSeen = await call('GET', `/v1/exchange/records/${c}`, m);
    expect(cashSeen.data).toMatchObject({ state: 1, transferRef: 'ALI20300101001' });
    const boxSeen = await call('GET', `/v1/exchange/records/${b}`, m);
    expect(boxSeen.data).toMatchObject({ state: 5, stateLabel: '发放失败', refunded: true });
  });
});

describe('one member never sees another’s records', () => {
  it('exchanges, consignee, identity and exchange-info are the caller’s own', async () => {
    const a = await newMember(ctx, 500);
    const b = await newMember(ctx, 0);
    await saveAddress(ctx, a.id);
    await verifyDirect(ctx, a.id, '李四');
    const r = await newReward(ctx, {});
    const id = (await redeem(a, r.id)).data.exchange.id as number;

    const peek = await call('GET', `/v1/exchange/records/${id}`, b);
    expect(peek.status).toBe(404);
    expect((await call('GET', '/v1/exchange/records?page=1&pageSize=50', b)).data.list).toEqual([]);
    expect((await call('GET', '/v1/users/consignee', b)).data).toBeNull();
    expect((await call('GET', '/v1/users/id-verify', b)).data).toMatchObject({ state: 0, realName: null });
    expect((await call('GET', '/v1/users/exchange-info', b)).data).toMatchObject({ balance: 0, hasConsignee: false });
    // No Alipay or WeChat login is configured here: no payout account can be bound, and cash says so.
    expect((await call('GET', '/v1/users/exchange-info', b)).data.missing).toEqual({
      cash: ['identity', 'payout_unavailable'],
      physical: ['address'],
    });
    // and A sees A's own, masked
    expect((await call('GET', '/v1/users/id-verify', a)).data).toMatchObject({ state: 2, realName: '李*' });
    expect((await call('GET', '/v1/users/exchange-info', a)).data).toMatchObject({
      balance: 400,
      hasConsignee: true,
      idVerifyState: 2,
    });
    for (const url of ['/v1/exchange/records', `/v1/exchange/records/${id}`, '/v1/users/consignee']) {
      expect((await call('GET', url)).status).toBe(401);
    }
  });
});
