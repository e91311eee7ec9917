/**
 * Product-event messages, each driven through the code path where its event happens: exchanges
 * issued (code, transfer reference, tracking number), rejected, revoked, failed (reason, refund,
 * coupon back); a partner's postback crediting a task and its reversal; invite rewards; a welcome
 * at registration; a benefit granted and one about to expire. Each is written once, in the event's
 * transaction: replaying the event (a retried refund, a repeated postback, a grant key used again,
 * a second sweep) writes nothing, and a refused event writes nothing either. Every link is a
 * routed page.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRouted } from '../../src/routing/paths';
import type { AppContext } from '../../server/context';
import { messageInbox, messages } from '../../server/db/schema-content';
import { rewards } from '../../server/db/schema-exchange';
import { memberBenefits } from '../../server/db/schema-benefits';
import { grant } from '../../server/modules/benefits/service';
import { noticeExpiringBenefits } from '../../server/modules/benefits/expiring';
import { loadCodes } from '../../server/modules/exchange/admin';
import { applyAction, type ActionInput } from '../../server/modules/exchange/lifecycle';
import { redeem } from '../../server/modules/exchange/redeem';
import { INVITE_FIRST_TASK_POINTS, INVITE_REGISTER_POINTS, recordSignup } from '../../server/modules/invites/service';
import { EVENT_LINKS, exchangeIssuedMessage } from '../../server/modules/messages/events';
import type { MessagePageData } from '../../server/modules/messages/inbox';
import { postEventMessage } from '../../server/modules/messages/send';
import { balanceOf, credit } from '../../server/modules/points/ledger';
import { benefit, DAY, doTask } from './rewards-helpers';
import { bindPayout, newReward, saveAddress, verifyDirect } from './exchange-helpers';
import { newMember, newPartner, newTask, signedLinks, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('messages-events');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const OPS: ActionInput = { actor: { type: 'operator', name: '运营小王' } };

/** The member's inbox as they read it. */
async function inboxOf(memberId: number) {
  const r = await h.call<MessagePageData>('GET', '/api/v1/messages?pageSize=100', { member: memberId });
  expect(r.code).toBe(200);
  return r.data.list;
}

/** How many messages carry an event key starting with `prefix`, and their inbox rows. */
async function stored(prefix: string) {
  const rows = await ctx.db
    .select({ id: messages.id, key: messages.eventKey, memberId: messageInbox.memberId })
    .from(messages)
    .leftJoin(messageInbox, eq(messageInbox.messageId, messages.id))
    .where(like(messages.eventKey, `${prefix}%`));
  return rows;
}

async function points(memberId: number, amount: number) {
  await credit(ctx, {
    memberId,
    amount,
    reason: 'task',
    source: '测试入账',
    idempotencyKey: `msg-test:${randomBytes(6).toString('hex')}`,
  });
}

/** A member with points who redeemed a reward of `type`; returns the exchange id. */
async function redeemed(
  type: 1 | 2 | 3,
  opts: { pointsCost?: number; memberBenefitId?: number; member?: number } = {},
) {
  const m = opts.member ?? (await newMember(ctx));
  await points(m, 5000);
  const reward = await newReward(ctx, { type, pointsCost: opts.pointsCost ?? 300, stock: type === 2 ? 0 : 5 });
  if (type === 2) await loadCodes(ctx, reward.id, [`CODE-${reward.id}-A1B2`], '测试运营');
  if (type === 1) {
    await verifyDirect(ctx, m);
    await bindPayout(ctx, m, 4, '支付宝小明');
  }
  if (type === 3) await saveAddress(ctx, m);
  const r = await redeem(ctx, m, {
    rewardId: reward.id,
    requestKey: randomBytes(8).toString('hex'),
    ...(type === 1 ? { payoutPlatform: 4 as const } : {}),
    ...(opts.memberBenefitId ? { memberBenefitId: opts.memberBenefitId } : {}),
  });
  return { member: m, exchangeId: r.exchange.id, title: reward.title };
}

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { codeName?: string }) => e.codeName,
  );

describe('every event links to a page that is routed', () => {
  it.each(Object.entries(EVENT_LINKS))('%s → %s', (_, link) => {
    expect(isRouted(link)).toBe(true);
  });
});

describe('exchange messages', () => {
  it('issued (virtual): the card code, once; issuing again is refused and writes nothing', async () => {
    const { member, exchangeId, title } = await redeemed(2);
    await applyAction(ctx, exchangeId, 'approve', OPS);
    const [msg] = await inboxOf(member);
    expect(msg).toMatchObject({
      type: 3,
      title: `兑换已发放：${title}`,
      link: '/home/exchange',
      read: false,
      createdAt: h.clock.now(),
    });
    // The code in full on the message itself; masked in the preview (the list, the bell).
    expect(msg!.content).toMatch(/<strong data-secret="">CODE-\d+-A1B2/);
    expect(msg!.summary).toMatch(/^你兑换的「测试商品\w+」已发放，卡密：••••••（点开消息查看）卡密也可以/);
    expect(msg!.summary).not.toContain('CODE-');
    expect(await refusalOf(applyAction(ctx, exchangeId, 'issue', OPS))).toBe('EXCHANGE_STATE_CONFLICT');
    expect(await stored(`exchange.issued:${exchangeId}`)).toEqual([
      { id: msg!.id, key: `exchange.issued:${exchangeId}`, memberId: member },
    ]);
  });

  it('issued (cash and physical): the transfer reference or the tracking number, as the member sees them', async () => {
    const cash = await redeemed(1);
    await applyAction(ctx, cash.exchangeId, 'approve', OPS);
    await applyAction(ctx, cash.exchangeId, 'issue', { ...OPS, transferRef: 'ALI-2030-0001' });
    const [c] = await inboxOf(cash.member);
    expect(c!.summary).toBe(
      `你兑换的「${cash.title}」已打款到你的支付宝账户（支付宝小明），请注意查收。打款流水号：ALI-2030-0001`,
    );

    const parcel = await redeemed(3);
    await applyAction(ctx, parcel.exchangeId, 'approve', OPS);
    await applyAction(ctx, parcel.exchangeId, 'issue', { ...OPS, trackingNo: 'SF1234567890' });
    const [p] = await inboxOf(parcel.member);
    expect(p!.title).toBe(`兑换已发放：${parcel.title}`);
    expect(p!.summary).toContain('已发货，快递单号：SF1234567890');
  });

  it('rejected, revoked, failed: the reason and the refunded weidou, once; a retried refund writes nothing', async () => {
    for (const [action, words] of [
      ['reject', '兑换未通过审核'],
      ['revoke', '兑换已撤销'],
      ['fail', '兑换发放失败'],
    ] as const) {
      const { member, exchangeId, title } = await redeemed(3, { pointsCost: 420 });
      if (action === 'fail') await applyAction(ctx, exchangeId, 'approve', OPS);
      await applyAction(ctx, exchangeId, action, { ...OPS, reason: '收货信息<不完整>' });
      const list = await inboxOf(member);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ type: 3, title: `${words}：${title}`, link: '/home/exchange' });
      expect(list[0]!.content).toContain('原因：收货信息&lt;不完整&gt;');
      expect(list[0]!.summary).toContain('兑换花费的 420 微豆已退回你的账户。');
      // The retry (an operator's second click, a replayed command) is refused, changes nothing.
      const balance = await balanceOf(ctx.db, member);
      expect(await refusalOf(applyAction(ctx, exchangeId, action, { ...OPS, reason: '再来一次' }))).toBe(
        'EXCHANGE_STATE_CONFLICT',
      );
      expect(await balanceOf(ctx.db, member)).toBe(balance);
      expect(await inboxOf(member)).toHaveLength(1);
    }
  });

  it('a refund that returns a coupon says so; the refunded amount is what was debited', async () => {
    const m = await newMember(ctx);
    const coupon = await benefit(ctx, { kind: 2, value: 100, couponUnit: 'fen', name: '立减 100 微豆' });
    const held = await grant(ctx, m, coupon.id, { by: '运营小王' });
    const { exchangeId } = await redeemed(3, { member: m, pointsCost: 500, memberBenefitId: held.holding.id });
    await applyAction(ctx, exchangeId, 'reject', { ...OPS, reason: '库存核对有误' });
    const [refund] = (await inboxOf(m)).filter((x) => x.type === 3);
    expect(refund!.summary).toContain('兑换花费的 400 微豆已退回你的账户，使用的折扣券也已退回。');
  });

  it('a replayed event message writes nothing and leaves the surrounding transaction working', async () => {
    const { member, exchangeId } = await redeemed(2);
    await applyAction(ctx, exchangeId, 'approve', OPS);
    const again = exchangeIssuedMessage({
      id: exchangeId,
      title: '重放',
      rewardType: 2,
      code: 'X',
      transferRef: null,
      trackingNo: null,
      payout: null,
    });
    const after = await ctx.db.transaction(async (tx) => {
      expect(await postEventMessage(tx, member, again)).toBe(false);
      // The transaction is still usable after the conflict (no aborted-transaction error).
      return tx.select({ id: messages.id }).from(messages).where(eq(messages.eventKey, again.eventKey));
    });
    expect(after).toHaveLength(1);
    expect(await inboxOf(member)).toHaveLength(1);
  });
});

describe('task messages', () => {
  const { returnLink, postbackLink } = signedLinks(() => h);

  async function started() {
    const partner = await newPartner(ctx);
    const task = await newTask(ctx, { partnerId: partner.id, points: 150, screenOutPoints: 10 });
    const member = await newMember(ctx);
    const s = await h.call<{ respondentId: string }>('POST', `/api/v1/process/tasks/${task.hashId}/start`, { member });
    expect(s.code).toBe(200);
    return { partner, task, member, rid: s.data.respondentId };
  }
  const postback = (url: string) => h.call<{ accepted: boolean; duplicate: boolean }>('GET', url);

  it('a partner’s postback that credits tells the member once; the same postback again writes nothing', async () => {
    const { partner, task, member, rid } = await started();
    const url = postbackLink(partner.code, partner.secret, rid, '10');
    expect((await postback(url)).data).toEqual({ accepted: true, duplicate: false });
    expect((await postback(url)).data).toEqual({ accepted: true, duplicate: true });
    const list = await inboxOf(member);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 2, title: `任务奖励已到账：${task.title}`, link: '/home/task' });
    expect(list[0]!.summary).toBe(`你参与的「${task.title}」已通过合作方审核，150 微豆已到账。`);
  });

  it('a screened-out postback with a consolation says what it was; one that pays nothing writes none', async () => {
    const paid = await started();
    await postback(postbackLink(paid.partner.code, paid.partner.secret, paid.rid, '20'));
    expect((await inboxOf(paid.member))[0]!.summary).toContain('结果已确认（被甄别），10 微豆参与奖励已到账');
    const unpaid = await started();
    await postback(postbackLink(unpaid.partner.code, unpaid.partner.secret, unpaid.rid, '30'));
    expect(await inboxOf(unpaid.member)).toEqual([]);
  });

  it('a result the member saw on the return page writes no message', async () => {
    const { partner, member, rid } = await started();
    const r = await h.call('POST', '/api/v1/process/tasks/callback', {
      member,
      body: { url: returnLink(partner.secret, rid, '10') },
    });
    expect(r.code).toBe(200);
    expect(await inboxOf(member)).toEqual([]);
  });

  it('a partner’s reversal tells the member once; a replayed reversal writes nothing; a refused one writes none', async () => {
    const { partner, task, member, rid } = await started();
    await postback(postbackLink(partner.code, partner.secret, rid, '10'));
    const reversal = postbackLink(partner.code, partner.secret, rid, '90');
    expect((await postback(reversal)).data).toEqual({ accepted: true, duplicate: false });
    expect((await postback(reversal)).data).toEqual({ accepted: true, duplicate: true });
    const [latest, first] = await inboxOf(member);
    expect(first!.title).toBe(`任务奖励已到账：${task.title}`);
    expect(latest).toMatchObject({ type: 2, title: `任务奖励已撤回：${task.title}`, link: '/home/task' });
    expect(latest!.summary).toContain(`此前发放的 150 微豆已撤回`);
    expect(await stored(`task.reversed:${rid}`)).toHaveLength(1);

    // Points already spent: the reversal is refused whole, and so is its message.
    const spent = await started();
    await postback(postbackLink(spent.partner.code, spent.partner.secret, spent.rid, '10'));
    const cheap = await newReward(ctx, { type: 3, pointsCost: 150 });
    await saveAddress(ctx, spent.member);
    await redeem(ctx, spent.member, { rewardId: cheap.id, requestKey: randomBytes(8).toString('hex') });
    expect((await postback(postbackLink(spent.partner.code, spent.partner.secret, spent.rid, '90'))).data).toEqual({
      accepted: false,
      duplicate: false,
    });
    expect(await stored(`task.reversed:${spent.rid}`)).toEqual([]);
  });
});

describe('registration and invite messages', () => {
  it('a new member is welcomed once; the inviter hears of each reward once', async () => {
    const inviter = await newMember(ctx);
    const invitee = await newMember(ctx);
    await recordSignup(ctx, { memberId: invitee, inviterId: inviter, deviceId: 'dev-msg-1', ip: '10.1.2.3' });
    await recordSignup(ctx, { memberId: invitee, inviterId: inviter, deviceId: 'dev-msg-1', ip: '10.1.2.3' });
    const welcome = await inboxOf(invitee);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ type: 1, title: '欢迎加入微豆调研', link: '/task' });

    const [registered] = await inboxOf(inviter);
    expect(registered).toMatchObject({ type: 5, title: '好友注册成功，邀请奖励已到账', link: '/home/invite' });
    expect(registered!.summary).toMatch(
      new RegExp(`^你邀请的好友 测\\*\\*\\*\\w 已注册，${INVITE_REGISTER_POINTS} 微豆邀请奖励已到账`),
    );

    await doTask(ctx, invitee);
    await doTask(ctx, invitee);
    const list = await inboxOf(inviter);
    expect(list.map((x) => x.title)).toEqual(['好友完成首个任务，邀请奖励已到账', '好友注册成功，邀请奖励已到账']);
    expect(list[0]!.summary).toContain(`完成了首个有效任务，${INVITE_FIRST_TASK_POINTS} 微豆和`);
    expect(await stored(`invite.first-task:${invitee}`)).toHaveLength(1);
  });

  it('a withheld reward writes no reward message', async () => {
    const self = await newMember(ctx);
    await recordSignup(ctx, { memberId: self, inviterId: null, deviceId: 'dev-self' });
    const alt = await newMember(ctx);
    await recordSignup(ctx, { memberId: alt, inviterId: self, deviceId: 'dev-self' });
    expect((await inboxOf(self)).map((x) => x.title)).toEqual(['欢迎加入微豆调研']);
  });
});

describe('benefit messages', () => {
  it('a grant tells the member with its expiry; the same grant key again writes nothing', async () => {
    const m = await newMember(ctx);
    const b = await benefit(ctx, { kind: 1, value: 20, name: '20% 加成卡', validDays: 7 });
    const first = await grant(ctx, m, b.id, { by: '运营小王', key: `spring-${m}` });
    const again = await grant(ctx, m, b.id, { by: '运营小王', key: `spring-${m}` });
    expect(again.replayed).toBe(true);
    const list = await inboxOf(m);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 5, title: '你获得了「20% 加成卡」', link: '/home/credit' });
    expect(list[0]!.summary).toBe(
      '你获得了一份「20% 加成卡」，有效期至 2030年1月8日 10:00。可在「我的权益」中查看和使用。',
    );
    expect(await stored(`benefit.granted:${first.holding.id}`)).toHaveLength(1);
  });

  it('expiring soon: one message per holding, once, only for unused ones with a longer validity', async () => {
    const m = await newMember(ctx);
    const week = await benefit(ctx, { kind: 3, value: 1, name: '抽奖机会', validDays: 7 });
    const short = await benefit(ctx, { kind: 3, value: 1, name: '限时抽奖', validDays: 2 });
    const forever = await benefit(ctx, { kind: 3, value: 1, name: '长期抽奖' });
    const held = (await grant(ctx, m, week.id, { by: 'ops' })).holding;
    const used = (await grant(ctx, m, week.id, { by: 'ops' })).holding;
    await grant(ctx, m, short.id, { by: 'ops' });
    await grant(ctx, m, forever.id, { by: 'ops' });
    await ctx.db
      .update(memberBenefits)
      .set({ status: 'used', usedAt: new Date(h.clock.now()), targetType: 'lottery', targetId: 1 })
      .where(eq(memberBenefits.id, used.id));
    const mine = and(like(messages.eventKey, 'benefit.expiring:%'), eq(messageInbox.memberId, m));
    const expiring = () =>
      ctx.db.select().from(messages).innerJoin(messageInbox, eq(messageInbox.messageId, messages.id)).where(mine);

    // Five days left: not yet.
    h.clock.advance(2 * DAY);
    await noticeExpiringBenefits(ctx);
    expect(await expiring()).toEqual([]);
    // Two days left: now, and only once.
    h.clock.advance(3 * DAY);
    expect(await noticeExpiringBenefits(ctx)).toBeGreaterThanOrEqual(1);
    expect(await noticeExpiringBenefits(ctx)).toBe(0);
    const rows = await expiring();
    expect(rows.map((r) => r.messages.eventKey)).toEqual([`benefit.expiring:${held.id}`]);
    const [msg] = (await inboxOf(m)).filter((x) => x.title.includes('即将过期'));
    expect(msg).toMatchObject({ type: 5, title: '「抽奖机会」即将过期', link: '/home/credit' });
    expect(msg!.summary).toBe('你的「抽奖机会」将于 2030年1月8日 10:00 过期，过期后不能再使用，请尽快使用。');
    // After it expired nothing more is written.
    h.clock.advance(3 * DAY);
    await noticeExpiringBenefits(ctx);
    expect(await expiring()).toHaveLength(1);
  });
});

describe('refused events write no message', () => {
  it('an exchange move that is refused (no code left to issue) leaves no message', async () => {
    const m = await newMember(ctx);
    await points(m, 1000);
    const reward = await newReward(ctx, { type: 2, pointsCost: 100, stock: 0 });
    await loadCodes(ctx, reward.id, ['ONLY-ONE'], '测试运营');
    const first = await redeem(ctx, m, { rewardId: reward.id, requestKey: randomBytes(8).toString('hex') });
    await applyAction(ctx, first.exchange.id, 'approve', OPS);
    const other = await newMember(ctx);
    await points(other, 1000);
    await ctx.db.update(rewards).set({ stock: 1 }).where(eq(rewards.id, reward.id));
    const second = await redeem(ctx, other, { rewardId: reward.id, requestKey: randomBytes(8).toString('hex') });
    const outcome = await applyAction(ctx, second.exchange.id, 'approve', OPS);
    expect(outcome.waitingForCode).toBe(true);
    expect(await inboxOf(other)).toEqual([]);
  });
});
