import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { LotteryFlowView } from '../../machines/lottery';
import { LotteryView, type LotteryOverviewData, type LotterySpinData } from '../../src/pages/lottery/LotteryView';
import { desktop, phone } from '../layout';
import { readyList } from '../pagedList';
import { alert, button, hidden, linkTo, presses, shows } from '../play';

/** 2026-11-27 10:30 Beijing. */
const T = Date.UTC(2026, 10, 27, 2, 30);
const HASH = 'ff225c501003a5df18ac2836fa7bce33ab095364cfa3606d9200891ff6a0334e';
const SEED = '9c1f0e4b7d2a58e3c6b1f0a4d8e2c7b5a1f3e9d0c4b8a2e6f1d5c9b3a7e0f4d2';

const prizes: LotteryOverviewData['prizes'] = [
  { id: 1, name: '谢谢参与', kind: 'none', points: null, weight: 3500, chance: 0.35, stock: null },
  { id: 2, name: '5 微豆', kind: 'points', points: 5, weight: 2500, chance: 0.25, stock: null },
  { id: 3, name: '10 微豆', kind: 'points', points: 10, weight: 1800, chance: 0.18, stock: null },
  { id: 4, name: '20 微豆', kind: 'points', points: 20, weight: 1200, chance: 0.12, stock: 987 },
  { id: 5, name: '50 微豆', kind: 'points', points: 50, weight: 600, chance: 0.06, stock: 196 },
  { id: 6, name: '加成卡 10%', kind: 'benefit', points: null, weight: 300, chance: 0.03, stock: 98 },
  { id: 7, name: '188 微豆', kind: 'points', points: 188, weight: 90, chance: 0.009, stock: 20 },
  { id: 8, name: '888 微豆', kind: 'points', points: 888, weight: 10, chance: 0.001, stock: 0 },
];

const wheel = (over: Partial<LotteryOverviewData> = {}): LotteryOverviewData => ({
  prizes,
  tableVersion: 8,
  spinPrice: 20,
  freePerDay: 1,
  boughtPerDay: 10,
  left: { free: 1, points: 10, benefit: 0 },
  balance: 1280,
  today: { day: '2026-11-27', seedHash: HASH, committedAt: Date.UTC(2026, 10, 26, 8), seed: null },
  tomorrow: {
    day: '2026-11-28',
    seedHash: HASH.split('').reverse().join(''),
    committedAt: Date.UTC(2026, 10, 27, 0),
    seed: null,
  },
  yesterday: { day: '2026-11-26', seedHash: HASH, committedAt: Date.UTC(2026, 10, 25, 8), seed: SEED },
  ...over,
});

const spin = (id: number, over: Partial<LotterySpinData> = {}): LotterySpinData => ({
  id,
  createdAt: T - id * 3_600_000,
  source: 'free',
  outcome: 'prize',
  drawnPrizeId: 3,
  prizeName: '10 微豆',
  prizeKind: 'points',
  points: 10,
  memberBenefitId: null,
  exchangeId: null,
  rewardType: null,
  cost: 0,
  verification: {
    day: '2026-11-26',
    seedHash: HASH,
    committedAt: Date.UTC(2026, 10, 25, 8),
    seed: SEED,
    rule: 2,
    kind: 'wheel',
    member: 'K7QX2M9P',
    memberSeed: '3f8a1c9e0b7d4e2a6c5f1b8d9e0a7c3b',
    nonce: 1,
    tableVersion: 8,
    table: prizes.map((p) => ({ prizeId: p.id, name: p.name, weight: p.weight })),
    roll: 6532,
  },
  ...over,
});

const records = [
  spin(1),
  spin(2, {
    source: 'points',
    cost: 20,
    outcome: 'none',
    drawnPrizeId: 1,
    prizeName: '谢谢参与',
    prizeKind: 'none',
    points: null,
  }),
  spin(3, {
    source: 'points',
    cost: 20,
    outcome: 'out_of_stock',
    drawnPrizeId: 8,
    prizeName: '888 微豆',
    points: null,
  }),
];

const idle: LotteryFlowView = {
  step: 'idle',
  source: null,
  outcome: null,
  error: null,
  busy: false,
  canSpin: true,
  canRetry: false,
  canClose: false,
};
const won = {
  spin: {
    id: 9,
    outcome: 'prize' as const,
    drawnPrizeId: 7,
    prizeName: '188 微豆',
    points: 188,
    exchangeId: null,
    rewardType: null,
  },
  left: { free: 0, points: 10, benefit: 0 },
};

const meta = {
  title: 'Pages/Lottery',
  component: LotteryView,
  parameters: { route: '/lottery' },
  args: {
    status: 'ready',
    wheel: wheel(),
    loggedIn: true,
    loginHref: '/login?redirect=%2Flottery',
    flow: idle,
    rotation: 0,
    animate: true,
    onSpin: fn(),
    onStopped: fn(),
    onRetrySpin: fn(),
    onClose: fn(),
    records: { ...readyList(records, { hasMore: false }), total: 3 },
    checks: {},
    onVerify: fn(),
  },
} satisfies Meta<typeof LotteryView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', wheel: null }, play: shows('正在加载转盘…') };

export const LoadFailed: Story = {
  args: { status: 'error', wheel: null, error: '网络错误，请稍后重试' },
  play: shows('转盘加载失败', '网络错误，请稍后重试'),
};

export const Visitor: Story = {
  args: { loggedIn: false, wheel: wheel({ left: null, balance: null }), records: null },
  play: shows('登录后每天可免费抽 1 次', '登录后抽奖', '奖品与概率', '35.0%', hidden('我的抽奖记录')),
};

export const VisitorPhone: Story = { ...phone, ...Visitor };

export const Ready: Story = {
  ...desktop,
  play: presses(
    /免费抽一次（今日剩 1 次）/,
    'onSpin',
    '用 20 微豆抽一次',
    '已发完',
    '如何验证公平',
    '技术细节：公式与今天的指纹',
    '我的抽奖记录',
    '抽中「888 微豆」但已发完，未中奖',
  ),
};

/** Today's fingerprint was published after midnight (the site was not running then): said in member words. */
export const CommittedLate: Story = {
  args: {
    wheel: wheel({
      today: { day: '2026-11-27', seedHash: HASH, committedAt: Date.UTC(2026, 10, 27, 1, 30), seed: null },
    }),
  },
  play: shows(
    '如何验证公平',
    '今天的指纹公布得比零点晚一些，今天的每一次抽奖都在它公布之后进行',
    hidden(/服务当时未运行|零点之后才公布|哈希在当天/),
  ),
};

export const ReadyPhone: Story = { ...phone, play: shows('免费抽一次（今日剩 1 次）', '奖品与概率') };

export const WithBenefitSpins: Story = {
  args: { wheel: wheel({ left: { free: 0, points: 10, benefit: 2 } }) },
  play: presses('用权益次数抽（剩 2 次）', 'onSpin', button('今日免费次数已用完', 'disabled')),
};

export const Spinning: Story = {
  args: { flow: { ...idle, step: 'spinning', source: 'free', busy: true, canSpin: false } },
  play: shows('正在抽奖…', button('用 20 微豆抽一次', 'disabled')),
};

export const Revealing: Story = {
  args: {
    flow: { ...idle, step: 'revealing', source: 'free', outcome: won, busy: true, canSpin: false },
    rotation: 2200,
  },
  play: shows('转盘转动中…', hidden('恭喜抽中')),
};

export const WonPoints: Story = {
  args: { flow: { ...idle, step: 'result', source: 'free', outcome: won, canClose: true }, rotation: 2200 },
  play: presses('知道了', 'onClose', '恭喜抽中「188 微豆」', '188 微豆已到账。'),
};

export const WonBenefit: Story = {
  args: {
    flow: {
      ...idle,
      step: 'result',
      source: 'free',
      canClose: true,
      outcome: { ...won, spin: { ...won.spin, drawnPrizeId: 6, prizeName: '加成卡 10%', points: null } },
    },
  },
  play: shows('恭喜抽中「加成卡 10%」', '已放入「我的权益」。'),
};

/** The result of a free spin that won a reward of the exchange catalogue: its order `exchangeId`. */
const wonReward = (drawnPrizeId: number, prizeName: string, exchangeId: number, rewardType: 2 | 3) => ({
  flow: {
    ...idle,
    step: 'result' as const,
    source: 'free' as const,
    canClose: true,
    outcome: { ...won, spin: { ...won.spin, drawnPrizeId, prizeName, points: null, exchangeId, rewardType } },
  },
});

export const WonCoupon: Story = {
  args: wonReward(9, '咖啡兑换券', 41, 2),
  play: shows(
    '恭喜抽中「咖啡兑换券」',
    '已生成兑换单（0 微豆），审核通过后券码显示在「兑换记录」里。',
    linkTo('查看兑换单', '/home/exchange?id=41'),
  ),
};

export const WonPhysical: Story = {
  args: wonReward(10, '定制帆布袋', 42, 3),
  play: shows(
    '恭喜抽中「定制帆布袋」',
    /请确认收货地址，审核通过后寄出/,
    linkTo('查看兑换单并填写收货地址', '/home/exchange?id=42'),
  ),
};

export const WonPhysicalPhone: Story = { ...phone, ...WonPhysical };

export const NoPrize: Story = {
  args: {
    flow: {
      ...idle,
      step: 'result',
      source: 'points',
      canClose: true,
      outcome: { ...won, spin: { ...won.spin, outcome: 'none', drawnPrizeId: 1, prizeName: '谢谢参与', points: null } },
    },
  },
  play: shows('谢谢参与，这次没有中奖'),
};

export const DrawnPrizeGone: Story = {
  args: {
    flow: {
      ...idle,
      step: 'result',
      source: 'points',
      canClose: true,
      outcome: {
        ...won,
        spin: { ...won.spin, outcome: 'out_of_stock', drawnPrizeId: 8, prizeName: '888 微豆', points: null },
      },
    },
  },
  play: shows('这次没有中奖', '转盘停在「888 微豆」，但它已经发完了，本次没有奖品。'),
};

export const NetworkError: Story = {
  args: {
    flow: {
      ...idle,
      step: 'networkError',
      source: 'points',
      error: '网络错误',
      canSpin: false,
      canRetry: true,
      canClose: true,
    },
  },
  play: presses(
    '重试',
    'onRetrySpin',
    alert(/网络不稳定，没有收到抽奖结果/),
    '重试不会多抽或多扣：同一次抽奖只算一次。',
  ),
};

/** Refused for 微豆不足: the page re-read the wheel, so the balance shown is the member's balance now. */
export const Refused: Story = {
  args: {
    wheel: wheel({ balance: 12 }),
    flow: { ...idle, step: 'refused', source: 'points', error: '微豆余额不足', canClose: true },
  },
  play: shows(alert('微豆余额不足'), '你现在有 12 微豆', /我的微豆 12/),
};

export const OutOfSpins: Story = {
  args: {
    wheel: wheel({ left: { free: 0, points: 10, benefit: 0 } }),
    flow: { ...idle, step: 'outOfSpins', source: 'free', canClose: true },
  },
  play: shows(alert(/今天的免费次数已用完/), button('今日免费次数已用完', 'disabled')),
};

export const Closed: Story = {
  args: { wheel: wheel({ prizes: [], tableVersion: 0 }) },
  play: shows('转盘暂未开放，奖品正在准备中。', '暂无奖品'),
};

export const RecordsEmpty: Story = {
  args: { records: { ...readyList([], { hasMore: false }), status: 'empty' } },
  play: shows('还没有抽奖记录'),
};

export const RecordVerified: Story = {
  args: { checks: { 1: { status: 'done', check: { hashMatches: true, roll: 6532, prizeId: 3, ok: true } } } },
  play: shows('✓ 复核通过：公开的种子与事先公布的指纹吻合，重新算出的数字 6532 与记录相同', button('在浏览器中复核')),
};

export const RecordMismatch: Story = {
  args: { checks: { 1: { status: 'done', check: { hashMatches: false, roll: 12, prizeId: 1, ok: false } } } },
  play: shows('✗ 复核未通过：种子与事先公布的指纹不吻合，请联系客服'),
};

export const RecordNotRevealed: Story = {
  args: {
    records: {
      ...readyList([spin(1, { verification: { ...spin(1).verification, day: '2026-11-27', seed: null } })], {
        hasMore: false,
      }),
    },
  },
  play: shows('系统密钥将在 2026-11-27 结束后公开，之后可以一键复核。', hidden('在浏览器中复核')),
};

/** A spin made before 2026-11-29 verifies under the rule it was drawn with (member seed and nonce only). */
export const RecordOldRule: Story = {
  args: {
    records: readyList([spin(1, { verification: { ...spin(1).verification, rule: 1, kind: null, member: null } })], {
      hasMore: false,
    }),
  },
  play: shows(/（旧版规则）/, '3f8a1c9e0b7d4e2a6c5f1b8d9e0a7c3b:1', button('在浏览器中复核')),
};

export const RecordCurrentRule: Story = {
  args: { records: readyList([spin(1)], { hasMore: false }) },
  play: shows(/你的会员编号 K7QX2M9P/, 'wheel|K7QX2M9P|3f8a1c9e0b7d4e2a6c5f1b8d9e0a7c3b|1', button('在浏览器中复核')),
};
