import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { BenefitClaimView } from '../../machines/benefitClaim';
import { CreditView, type CreditSummary } from '../../src/pages/credit/CreditView';
import { DAY, RULES_HTML, T, catalogue, owned } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { shows, button, link, alert, linkToOrNone } from '../play';
import { feedbackAsk } from '../../src/routing/feedback';

/** `/home/credit` 我的权益: every load state, each benefit status, claimable / not, and each claim step. */

/** 反馈问题 on a used benefit, once the feedback form is built (the route table decides). */
const ask = feedbackAsk();
const feedbackPath = ask && ((benefitId: number) => ask({ benefitId }));

const summary: CreditSummary = {
  value: 120,
  level: 2,
  levelName: '银卡会员',
  nextLevelValue: 500,
  totalEarned: 340,
  expiringValue: 20,
  expiringAt: T + 10 * DAY,
  levels: [
    { level: 0, name: '新手', minValue: 0 },
    { level: 1, name: '铜卡会员', minValue: 50 },
    { level: 2, name: '银卡会员', minValue: 200 },
    { level: 3, name: '金卡会员', minValue: 500 },
    { level: 4, name: '钻石会员', minValue: 1500 },
  ],
};

const boost = { id: 1, name: '微豆加成卡 +10%', creditCost: 30 };

const idle: BenefitClaimView = {
  step: 'idle',
  benefit: null,
  creditCost: null,
  credit: null,
  rules: null,
  owned: null,
  reason: null,
  error: null,
  busy: false,
  canConfirm: false,
  canCancel: false,
  canRetry: false,
  canClose: false,
};

const claimHandlers = { onConfirm: fn(), onCancel: fn(), onRetry: fn(), onClose: fn() };

const meta = {
  title: 'Benefits/Credit',
  component: CreditView,
  ...homePage('/home/credit'),
  args: {
    summary: { status: 'ready', data: summary },
    benefits: { status: 'ready', catalogue, owned },
    ownedFilter: 0,
    onOwnedFilter: fn(),
    onClaim: fn(),
    onRules: fn(),
    onRetrySummary: fn(),
    onRetryBenefits: fn(),
    claim: { ...idle, ...claimHandlers },
    rules: null,
  },
} satisfies Meta<typeof CreditView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: {
    summary: { status: 'loading', data: null },
    benefits: { status: 'loading', catalogue: [], owned: [] },
  },
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findAllByText('加载中…')).length).toBeGreaterThan(0);
  },
};

export const LoadFailed: Story = {
  args: {
    summary: { status: 'error', data: null, error: '网络错误，请稍后重试' },
    benefits: { status: 'error', catalogue: [], owned: [], error: '网络错误，请稍后重试' },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect((await c.findAllByRole('alert')).length).toBeGreaterThanOrEqual(2);
  },
};

export const Empty: Story = {
  args: {
    summary: {
      status: 'ready',
      data: {
        ...summary,
        value: 0,
        level: 0,
        levelName: '新手',
        totalEarned: 0,
        nextLevelValue: 50,
        expiringValue: 0,
        expiringAt: null,
      },
    },
    benefits: { status: 'ready', catalogue: [], owned: [] },
  },
  play: shows('暂无可领取的权益', '暂无未使用的权益'),
};

/** Claimable and not-claimable benefits side by side; my unused benefits. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('credit-value')).toHaveTextContent('120');
    await expect(c.getByText('Lv.2 银卡会员')).toBeInTheDocument();
    await expect(c.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '47');
    await expect(c.getAllByRole('button', { name: '领取' })).toHaveLength(2);
    await expect(c.getByText('权益值不足，还差 80')).toBeInTheDocument();
    await expect(c.getByText('权益等级需达到 Lv.3')).toBeInTheDocument();
    await expect(c.getAllByTestId('benefit-ticket')).toHaveLength(2);
  },
};

export const UsedBenefits: Story = {
  args: { ownedFilter: 1, feedbackPath },
  play: shows(
    '用于任务 #1024，多得 20 微豆',
    linkToOrNone('反馈「微豆加成卡 +10%」的问题', feedbackPath?.(29) ?? null),
  ),
};

export const ExpiredBenefits: Story = {
  args: { ownedFilter: 2, feedbackPath },
  play: shows('2026-11-12 已过期 · 活动发放', '减10%', linkToOrNone(/^反馈「/, null)),
};

export const TopLevel: Story = {
  args: {
    summary: {
      status: 'ready',
      data: { ...summary, level: 4, levelName: '钻石会员', nextLevelValue: null, totalEarned: 1800 },
    },
  },
  play: shows('累计获得 1800 权益值，已是最高等级'),
};

export const ClaimChecking: Story = {
  args: { claim: { ...idle, ...claimHandlers, step: 'checking', benefit: boost, busy: true } },
  play: shows('正在确认领取条件…'),
};

const confirming: BenefitClaimView = {
  ...idle,
  step: 'confirming',
  benefit: boost,
  creditCost: 30,
  credit: 120,
  rules: RULES_HTML,
  canConfirm: true,
  canCancel: true,
};

export const ClaimConfirming: Story = {
  args: { claim: { ...confirming, ...claimHandlers } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const dialog = await c.findByRole('dialog');
    await expect(within(dialog).getByText('90')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: '确认使用 30 权益值领取' })).toBeEnabled();
    await expect(within(dialog).getByText('每个任务只能使用一张加成卡。')).toBeInTheDocument();
  },
};

export const ClaimClaiming: Story = {
  args: {
    claim: { ...confirming, ...claimHandlers, step: 'claiming', busy: true, canConfirm: false, canCancel: false },
  },
  play: shows('领取「微豆加成卡 +10%」', button('领取中…', 'disabled'), button('再想想', 'disabled')),
};

export const ClaimClaimed: Story = {
  args: {
    claim: {
      ...confirming,
      ...claimHandlers,
      step: 'claimed',
      owned: { id: 32, benefitId: 1, name: '微豆加成卡 +10%', expiresAt: T + 7 * DAY },
      canConfirm: false,
      canCancel: false,
      canClose: true,
    },
  },
  play: shows('领取成功'),
};

export const ClaimRefused: Story = {
  args: {
    claim: {
      ...idle,
      ...claimHandlers,
      step: 'refused',
      benefit: { id: 3, name: '幸运大转盘 3 次', creditCost: 200 },
      creditCost: 200,
      credit: 120,
      reason: '权益值不足，还差 80',
      canClose: true,
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('暂时不能领取')).toBeInTheDocument();
    await expect(c.getByRole('dialog')).toHaveTextContent('需要 200 权益值，当前 120');
  },
};

export const ClaimFailed: Story = {
  args: {
    claim: {
      ...idle,
      ...claimHandlers,
      step: 'failed',
      benefit: boost,
      error: '网络错误，请稍后重试',
      canRetry: true,
      canClose: true,
    },
  },
  play: shows(button('重试', 'enabled')),
};

export const RulesLoading: Story = {
  args: { rules: { status: 'loading', name: '5 元兑换折扣券', rules: null, onClose: fn() } },
  play: shows('5 元兑换折扣券 · 使用规则', '加载中…', button('知道了')),
};

export const RulesShown: Story = {
  args: {
    rules: {
      status: 'ready',
      name: '微豆加成卡 +10%',
      rules: RULES_HTML,
      description: '下一个有效任务入账时多得 10% 微豆',
      onClose: fn(),
    },
  },
  play: shows('微豆加成卡 +10% · 使用规则'),
};

export const RulesFailed: Story = {
  args: {
    rules: {
      status: 'error',
      name: '微豆加成卡 +10%',
      rules: null,
      error: '网络错误，请稍后重试',
      onRetry: fn(),
      onClose: fn(),
    },
  },
  play: shows('微豆加成卡 +10% · 使用规则', alert('网络错误，请稍后重试'), button('重新加载')),
};

export const Phone: Story = {
  ...phone,
  play: shows('Lv.2 银卡会员', button(/^幸运大转盘 3 次：权益值不足/)),
};
export const PhoneConfirming: Story = {
  ...phone,
  args: { claim: { ...confirming, ...claimHandlers } },
  play: shows('领取「微豆加成卡 +10%」', button('再想想', 'enabled'), button('确认使用 30 权益值领取', 'enabled')),
};
export const Desktop: Story = { ...desktop, play: shows('Lv.2 银卡会员', link('权益值明细')) };
