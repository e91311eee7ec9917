import type { ExchangeDetail, ExchangeInfo, RewardDetail } from '../../machines/exchange';
import type { RewardItem } from '../../src/pages/exchange/ExchangeView';

/** Sample data of the exchange stories (shapes of the contract's exchange schemas). */

/** 2026-11-22 09:05 Beijing. */
export const T = Date.UTC(2026, 10, 22, 1, 5);
const HOUR = 3_600_000;

export const rewards: RewardItem[] = [
  {
    id: 1,
    type: 1,
    title: '5 元现金（支付宝 / 微信）',
    cover: null,
    pointsCost: 500,
    faceValue: 500,
    stock: 1000,
    limitTotal: null,
    limitDaily: 1,
    minLevel: 0,
    minQualityLevel: 0,
    requiresIdentity: true,
  },
  {
    id: 2,
    type: 1,
    title: '20 元现金（支付宝 / 微信）',
    cover: null,
    pointsCost: 2000,
    faceValue: 2000,
    stock: 300,
    limitTotal: null,
    limitDaily: 1,
    minLevel: 0,
    minQualityLevel: 0,
    requiresIdentity: true,
  },
  {
    id: 3,
    type: 2,
    title: '视频会员月卡（兑换码）',
    cover: null,
    pointsCost: 1500,
    faceValue: 1500,
    stock: 20,
    limitTotal: 3,
    limitDaily: null,
    minLevel: 0,
    minQualityLevel: 0,
    requiresIdentity: false,
  },
  {
    id: 4,
    type: 2,
    title: '10 元购物卡（卡密）',
    cover: null,
    pointsCost: 1000,
    faceValue: 1000,
    stock: 0,
    limitTotal: null,
    limitDaily: 2,
    minLevel: 0,
    minQualityLevel: 0,
    requiresIdentity: false,
  },
  {
    id: 6,
    type: 3,
    title: '微豆定制帆布袋',
    cover: null,
    pointsCost: 800,
    faceValue: 2900,
    stock: 50,
    limitTotal: 1,
    limitDaily: null,
    minLevel: 0,
    minQualityLevel: 0,
    requiresIdentity: false,
  },
  {
    id: 7,
    type: 3,
    title: '304 不锈钢保温杯 500ml',
    cover: null,
    pointsCost: 3000,
    faceValue: 8900,
    stock: 20,
    limitTotal: 1,
    limitDaily: null,
    minLevel: 2,
    minQualityLevel: 3,
    requiresIdentity: false,
  },
];

const eligible = { balance: 1280, redeemedTotal: 0, redeemedToday: 0, canRedeem: true, blockers: [] };

export const virtualReward: RewardDetail = {
  ...rewards[2]!,
  images: [],
  description:
    '审核通过后兑换码会显示在「兑换记录」里，请在对应视频网站的会员兑换页输入使用。\n兑换码有效期以卡面说明为准。',
  eligibility: { ...eligible, balance: 3280 },
};

export const cashReward: RewardDetail = {
  ...rewards[0]!,
  images: [],
  description:
    '兑换后进入审核，审核通过后 1–3 个工作日内打款到你选择的支付宝或微信账号。\n现金兑换需先完成实名认证，收款账号的实名须与认证信息一致。',
  eligibility: eligible,
};

export const physicalReward: RewardDetail = {
  ...rewards[4]!,
  images: [],
  description: '加厚帆布，容量大。审核通过后 7 个工作日内发货，快递单号会显示在「兑换记录」里。',
  eligibility: eligible,
};

export const info: ExchangeInfo = {
  balance: 3280,
  pointsPerYuan: 100,
  mobile: '138****6601',
  idVerifyState: 2,
  realName: '张*',
  alipayBound: true,
  wechatBound: true,
  payoutAccounts: [
    { platform: 4, nickname: '小张' },
    { platform: 1, nickname: '张同学' },
  ],
  hasConsignee: true,
  level: 0,
  missing: { cash: [], physical: [] },
};

/** One blocker per refusal code, with the server's wording. */
export const BLOCKERS = {
  points: { code: 2001, msg: '微豆不足：兑换需要 1500 微豆，你当前有 280 微豆' },
  stock: { code: 2002, msg: '该商品已兑完，请看看其他商品' },
  limit: { code: 2003, msg: '该商品每人限兑 3 次，你已兑换 3 次' },
  identity: { code: 2004, msg: '现金兑换需要先完成实名认证' },
  binding: { code: 2005, msg: '请先绑定支付宝或微信，用于接收现金' },
  address: { code: 2006, msg: '请先填写收货地址，实物奖品将寄到这里' },
  level: { code: 2009, msg: '该商品需要权益等级达到 2 级，你当前为 0 级' },
  quality: { code: 2018, msg: '该商品需要答题质量达到「优秀」，你当前为「良好」' },
  unavailable: { code: 2010, msg: '该商品已下架，请看看其他商品' },
} as const;

type State = 0 | 1 | 2 | 3 | 4 | 5;
const LABEL = { 0: '待审核', 1: '已发放', 2: '待发放', 3: '已撤销', 4: '已驳回', 5: '发放失败' } as const;

type Step = ExchangeDetail['history'][number];

/** One entry of an exchange's state history, labelled like the server labels it. */
const step = (from: Step['from'], to: State, actor: Step['actor'], reason: string | null, at: number): Step => ({
  from,
  to,
  toLabel: LABEL[to],
  actor,
  reason,
  at,
});

export function exchange(state: State, over: Partial<ExchangeDetail> = {}): ExchangeDetail {
  const history = [step(null, 0, 'member', null, T)];
  if (state === 2 || state === 1 || state === 5) history.push(step(0, 2, 'operator', null, T + HOUR));
  if (state === 1) history.push(step(2, 1, 'system', '自动发放卡密', T + HOUR));
  if (state === 4) history.push(step(0, 4, 'operator', '账号存在异常答题记录', T + 2 * HOUR));
  if (state === 3) history.push(step(0, 3, 'operator', '商品信息有误，已撤销', T + 2 * HOUR));
  if (state === 5) history.push(step(2, 5, 'operator', '充值渠道维护，暂时无法发放', T + 3 * HOUR));
  return {
    id: 1024,
    rewardId: 3,
    type: 2,
    title: '视频会员月卡（兑换码）',
    cover: null,
    points: 1500,
    faceValue: 1500,
    state,
    stateLabel: LABEL[state],
    reason: history[history.length - 1]!.to >= 3 ? history[history.length - 1]!.reason : null,
    refunded: state >= 3,
    payout: null,
    shipping: null,
    code: state === 1 ? 'DEMO-A0EF-094E' : null,
    transferRef: null,
    trackingNo: null,
    won: false,
    awaitingAddress: false,
    createdAt: T,
    updatedAt: history[history.length - 1]!.at,
    history,
    ...over,
  };
}

export const cashIssued = exchange(1, {
  id: 1030,
  type: 1,
  title: '5 元现金（支付宝 / 微信）',
  points: 500,
  faceValue: 500,
  code: null,
  transferRef: '2026112220001004590512345678',
  payout: { platform: 4, nickname: '小张' },
});

export const physicalIssued = exchange(1, {
  id: 1031,
  type: 3,
  title: '微豆定制帆布袋',
  points: 800,
  faceValue: 2900,
  code: null,
  trackingNo: 'SF1402938475612',
  shipping: { name: '张三', mobile: '138****6601', regionName: '广东省 深圳市 南山区', address: '科技园南区 1 栋 301' },
});

/** A canvas bag won on the lucky wheel (0 微豆) by a member with no delivery address yet. */
export const prizeAwaitingAddress = exchange(0, {
  id: 1041,
  type: 3,
  title: '微豆定制帆布袋',
  points: 0,
  faceValue: 2900,
  won: true,
  awaitingAddress: true,
});
