import { describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  EXCHANGE_STATE_NODES,
  exchangeMachine,
  isUncertain,
  newRequestKey,
  refusalOf,
  selectExchangeView,
  type ExchangeDetail,
  type ExchangeEvent,
  type ExchangeInfo,
  type ExchangeInput,
  type ExchangeSnapshot,
  type RedeemInput,
  type RedeemResult,
  type RewardData,
  type RewardDetail,
} from '../../machines/exchange';
import { info as sampleInfo, rewards } from '../../stories/exchange/fixtures';
import {
  answers,
  Stubs,
  describePathTests,
  flush,
  submitAnswers,
  type ModelEvent,
  type Path,
  type PathPlan,
} from './model';

/**
 * Model-based test of the exchange lifecycle machine (DESIGN §6): paths from both entries (a
 * reward to redeem, an exchange to follow) over every API answer; every state and transition on
 * some path; the view checked at the end of each path; and the request-key rule checked on every
 * path — a retry after a lost answer re-sends the same key, a new attempt after a definite answer
 * gets a new one.
 */

/** The catalogue's 5 元 cash reward (the exchange stories' sample row). */
const cashReward: RewardDetail = {
  ...rewards[0]!,
  images: [],
  description: '审核通过后 1–3 个工作日内打款',
  eligibility: { balance: 1200, redeemedTotal: 0, redeemedToday: 0, canRedeem: true, blockers: [] },
};

/** The stories' member, with 1200 微豆 and no delivery address yet. */
const info: ExchangeInfo = {
  ...sampleInfo,
  balance: 1200,
  hasConsignee: false,
  missing: { cash: [], physical: ['address'] },
};

const coupon = { id: 41, name: '满 1000 减 100 折扣券', discountPoints: 100 };
const okData: RewardData = { reward: cashReward, info, coupons: [coupon] };
const visitorData: RewardData = { reward: { ...cashReward, eligibility: null }, info: null };
const blockedData: RewardData = {
  reward: {
    ...cashReward,
    eligibility: {
      balance: 100,
      redeemedTotal: 0,
      redeemedToday: 0,
      canRedeem: false,
      blockers: [
        { code: 2004, msg: '现金兑换需要先完成实名认证' },
        { code: 2001, msg: '微豆不足：兑换需要 500 微豆，你当前有 100 微豆' },
      ],
    },
  },
  info: { ...info, balance: 100, idVerifyState: 0 },
};

const record = (state: 0 | 1 | 2 | 3 | 4 | 5): ExchangeDetail => ({
  id: 7,
  rewardId: 1,
  type: 1,
  title: cashReward.title,
  cover: null,
  points: 500,
  faceValue: 500,
  state,
  stateLabel: String(state),
  reason: state >= 3 ? '信息不符' : null,
  refunded: state >= 3,
  payout: { platform: 4, nickname: '支付宝用户' },
  shipping: null,
  code: null,
  transferRef: state === 1 ? 'T123' : null,
  trackingNo: null,
  won: false,
  awaitingAddress: false,
  createdAt: 1,
  updatedAt: 2,
  history: [{ from: null, to: 0, toLabel: '待审核', actor: 'member', reason: null, at: 1 }],
});

const redeemed: RedeemResult = { exchange: record(0), balance: 700, replayed: false };
const replayedLater: RedeemResult = { exchange: record(2), balance: 700, replayed: true };

const networkError = { code: 0, msg: '网络错误', httpStatus: 0 };
const missing = { code: Code.NOT_FOUND, msg: '该商品不存在或已下架', httpStatus: 200 };
const serverCrash = { code: 500, msg: '服务器开小差了，请稍后再试', httpStatus: 500 };
const refusal = { code: 2001, msg: '微豆余额不足', httpStatus: 200 };
const keyReused = { code: 2011, msg: '该兑换请求已提交过其他内容，请刷新页面后重试', httpStatus: 200 };

const userEvents: ModelEvent[] = [
  { type: 'user.redeem' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.choosePayout', platform: 1 },
  { type: 'user.chooseCoupon', couponId: null },
  { type: 'user.retry' },
  { type: 'user.recheck' },
  { type: 'user.refresh' },
];

const rewardEvents: ModelEvent[] = [
  ...userEvents,
  ...answers('loadReward', [okData, visitorData, blockedData], [networkError, missing]),
  ...submitAnswers([redeemed, replayedLater], [refusal, networkError, serverCrash, keyReused]),
  ...answers('loadExchange', [record(2)], [networkError]),
];

const trackEvents: ModelEvent[] = [
  ...userEvents,
  ...answers(
    'loadExchange',
    ([0, 1, 2, 3, 4, 5] as const).map((s) => record(s)),
    [networkError],
  ),
];

/** A vertex: the state plus what guards and the view depend on (the key's value is random). */
function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as ExchangeSnapshot).context;
  return JSON.stringify({
    v: s.value,
    key: c.pending,
    reward: c.reward?.eligibility === null ? 'visitor' : c.reward ? 'member' : null,
    blockers: c.blockers.map((b) => b.code),
    payout: c.payoutPlatform,
    coupon: c.couponId,
    exchange: c.exchange?.state ?? null,
    error: c.error !== null,
    refreshError: c.refreshError !== null,
  });
}

function stubsFor(stubs: Stubs) {
  return exchangeMachine.provide({
    actors: stubs.actors(['loadReward', 'redeem', 'loadExchange']),
  });
}

/** The request-key rule, from the path's events and the keys the redeem stub received. */
function checkKeys(path: Path, inputs: RedeemInput[]) {
  const settlements = path.steps.map((s) => s.event).filter((e) => e.type.startsWith('submit.'));
  for (let i = 1; i < inputs.length; i++) {
    const before = settlements[i - 1]!;
    const lost = before.type === 'submit.uncertain' && isUncertain((before as unknown as { error: unknown }).error);
    if (lost) expect(inputs[i]!.requestKey, 'a retry re-sends the same key').toBe(inputs[i - 1]!.requestKey);
    else expect(inputs[i]!.requestKey, 'a new attempt gets a new key').not.toBe(inputs[i - 1]!.requestKey);
  }
  for (const input of inputs) {
    expect(input.requestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(input.rewardId).toBe(1);
  }
}

/** The view at the end of a path, checked against the planned state. */
function checkView(path: Path, snapshot: ExchangeSnapshot) {
  const view = selectExchangeView(snapshot);
  const value = snapshot.value;
  const expected =
    typeof value === 'object'
      ? (value as { confirming: string }).confirming === 'dialog'
        ? 'dialog'
        : 'confirming'
      : value;
  expect(view.status).toBe(expected);
  if ((Object.values(EXCHANGE_STATE_NODES) as string[]).includes(view.status)) {
    expect(EXCHANGE_STATE_NODES[view.exchange!.state]).toBe(view.status);
    expect(snapshot.hasTag('exchange')).toBe(true);
    expect(view.canRefresh).toBe(true);
  }
  if (view.status === 'refused') {
    expect(view.blockers.length).toBeGreaterThan(0);
    const last = [...path.steps].reverse().find((s) => /redeem|loadReward|^submit\./.test(s.event.type));
    if (last?.event.type === 'submit.refused') expect(view.blockers).toEqual([{ code: 2001, msg: '微豆余额不足' }]);
    else expect(view.blockers.map((b) => b.code)).toEqual([2004, 2001]);
  }
  if (view.status === 'dialog') expect(view.canConfirm).toBe(true);
  if (view.status === 'confirming') expect(view.canRedeem).toBe(true);
  if (view.status === 'networkError' || view.status === 'loadFailed' || view.status === 'trackFailed')
    expect(view.canRetry).toBe(true);
  if (view.status === 'notFound') {
    expect(view.canRetry).toBe(false);
    expect(view.error).toBeNull();
  }
  if (view.status === 'loading' || view.status === 'redeeming' || view.status === 'tracking')
    expect(snapshot.hasTag('busy')).toBe(true);
}

const plans: PathPlan<ExchangeInput>[] = [
  { name: 'redeem', input: { rewardId: 1 }, events: rewardEvents },
  { name: 'follow', input: { exchangeId: 7 }, events: trackEvents },
];

describePathTests({
  name: 'exchangeMachine',
  machine: exchangeMachine,
  plans,
  serializeState,
  submitOnce: 'redeem',
  async test({ path, stubs, drive }) {
    const actor = await drive(stubsFor(stubs));
    checkView(path, actor.getSnapshot());
    checkKeys(path, (stubs.inputs.redeem ?? []) as RedeemInput[]);
  },
});

/**
 * A details-test actor: the reward loads as `data`; each redeem attempt is recorded in `inputs`
 * and answered by `answer(attempt)` (which may throw); started and settled.
 */
async function startDetail(
  data: RewardData,
  answer: (attempt: number) => RedeemResult,
  actions: { requestLogin?: () => void } = {},
) {
  const inputs: RedeemInput[] = [];
  const actor = createActor(
    exchangeMachine.provide({
      actors: {
        loadReward: fromPromise<RewardData, { rewardId: number }>(async () => data),
        redeem: fromPromise<RedeemResult, RedeemInput>(async ({ input }) => {
          inputs.push(input);
          return answer(inputs.length - 1);
        }),
      },
      actions,
    }),
    { input: { rewardId: 1 } },
  ).start();
  await flush();
  return { actor, inputs };
}

/** 立即兑换 then 确认 in the dialog. */
async function redeemNow(actor: { send: (e: ExchangeEvent) => void }) {
  actor.send({ type: 'user.redeem' });
  actor.send({ type: 'user.confirm' });
  await flush();
}

const failOnce = (attempt: number) => {
  if (attempt === 0) throw networkError;
  return redeemed;
};

describe('exchangeMachine (details)', () => {
  it('a visitor who taps redeem is asked to log in; nothing is sent', async () => {
    let asked = 0;
    const { actor, inputs } = await startDetail(visitorData, () => redeemed, { requestLogin: () => void asked++ });
    expect(actor.getSnapshot().value).toBe('visitor');
    await redeemNow(actor);
    expect(asked).toBe(1);
    expect(inputs).toEqual([]);
    expect(actor.getSnapshot().value).toBe('visitor');
  });

  it('cash: the first bound account by default, another bound one by choice, an unbound one refused', async () => {
    const alipayOnly = { ...info, payoutAccounts: [{ platform: 4 as const, nickname: null }] };
    const { actor, inputs } = await startDetail({ reward: cashReward, info: alipayOnly }, () => {
      throw networkError;
    });
    actor.send({ type: 'user.redeem' });
    actor.send({ type: 'user.choosePayout', platform: 1 }); // WeChat is not bound: ignored
    expect(actor.getSnapshot().context.payoutPlatform).toBe(4);
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(inputs[0]).toMatchObject({ rewardId: 1, payoutPlatform: 4 });
  });

  it('non-cash rewards send no payout platform', async () => {
    const { actor, inputs } = await startDetail({ reward: { ...cashReward, type: 2 }, info }, () => redeemed);
    await redeemNow(actor);
    expect(inputs[0]).not.toHaveProperty('payoutPlatform');
    expect(actor.getSnapshot().value).toBe('pendingReview');
    expect(selectExchangeView(actor.getSnapshot()).balanceAfter).toBe(700);
  });

  it('cancelling after a lost answer keeps the key: the next attempt cannot redeem twice', async () => {
    const { actor, inputs } = await startDetail(okData, (attempt) => ({ ...failOnce(attempt), replayed: true }));
    await redeemNow(actor);
    expect(actor.getSnapshot().value).toBe('networkError');
    actor.send({ type: 'user.cancel' });
    await redeemNow(actor);
    expect(inputs).toHaveLength(2);
    expect(inputs[1]!.requestKey).toBe(inputs[0]!.requestKey);
    expect(actor.getSnapshot().value).toBe('pendingReview');
  });

  it('the payout account cannot change while a lost attempt is unresolved (same key, same content)', async () => {
    const { actor, inputs } = await startDetail(okData, failOnce);
    await redeemNow(actor);
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.redeem' });
    actor.send({ type: 'user.choosePayout', platform: 1 });
    expect(actor.getSnapshot().context.payoutPlatform).toBe(4);
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(inputs.map((i) => [i.requestKey, i.payoutPlatform])).toEqual([
      [inputs[0]!.requestKey, 4],
      [inputs[0]!.requestKey, 4],
    ]);
  });

  it('a coupon: the largest discount is chosen, sent with the redemption, and can be dropped — not while a lost attempt is unresolved', async () => {
    const small = { id: 40, name: '无门槛 10 微豆券', discountPoints: 10 };
    const { actor, inputs } = await startDetail({ ...okData, coupons: [coupon, small] }, failOnce);
    actor.send({ type: 'user.redeem' });
    expect(selectExchangeView(actor.getSnapshot())).toMatchObject({ couponId: 41, discountPoints: 100 });
    actor.send({ type: 'user.chooseCoupon', couponId: 99 }); // not the member's: ignored
    expect(actor.getSnapshot().context.couponId).toBe(41);
    actor.send({ type: 'user.chooseCoupon', couponId: 40 });
    expect(selectExchangeView(actor.getSnapshot())).toMatchObject({ couponId: 40, discountPoints: 10 });
    actor.send({ type: 'user.confirm' });
    await flush();
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.redeem' });
    actor.send({ type: 'user.chooseCoupon', couponId: null });
    expect(actor.getSnapshot().context.couponId).toBe(40);
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(inputs.map((i) => [i.requestKey, i.memberBenefitId])).toEqual([
      [inputs[0]!.requestKey, 40],
      [inputs[0]!.requestKey, 40],
    ]);
  });

  it('without a coupon nothing is sent for one', async () => {
    const { actor, inputs } = await startDetail(okData, () => redeemed);
    actor.send({ type: 'user.redeem' });
    actor.send({ type: 'user.chooseCoupon', couponId: null });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(inputs[0]).not.toHaveProperty('memberBenefitId');
  });

  it('retries are counted for the view', async () => {
    const { actor } = await startDetail(okData, () => {
      throw serverCrash;
    });
    await redeemNow(actor);
    actor.send({ type: 'user.retry' });
    await flush();
    const view = selectExchangeView(actor.getSnapshot());
    expect(view.status).toBe('networkError');
    expect(view.retries).toBe(1);
    expect(view.error).toBe('服务器开小差了，请稍后再试');
  });

  it('classifies failures', () => {
    expect(isUncertain({ code: 0 })).toBe(true);
    expect(isUncertain({ code: -1 })).toBe(true);
    expect(isUncertain({ code: 503, httpStatus: 503 })).toBe(true);
    expect(isUncertain({ code: 2001, httpStatus: 200 })).toBe(false);
    expect(isUncertain({ code: 2011, httpStatus: 200 })).toBe(false);
    expect(refusalOf({ code: 2006, msg: '请先填写收货地址' })).toEqual({ code: 2006, msg: '请先填写收货地址' });
    expect(refusalOf({ code: 2011, msg: 'x' })).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
    expect(newRequestKey()).not.toBe(newRequestKey());
  });
});
