import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { CardView, type CardCode } from '../../src/pages/card/CardView';
import { DAY, RULES_HTML, T, owned } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { shows, button, alert, testIds, link } from '../play';

/** `/home/card` 卡券专区: codes (loading, empty, error, ready) and coupons in each status. */

const codes: CardCode[] = [
  {
    id: 1203,
    title: '话费充值卡 10 元',
    cover: null,
    code: 'CZK-8F3K-29QX-7M4P',
    faceValue: 1000,
    points: 1000,
    createdAt: T - DAY,
    issuedAt: T,
  },
  {
    id: 1188,
    title: '视频会员月卡',
    cover: null,
    code: '卡号 2026112201 密码 583920174',
    faceValue: 2500,
    points: 2400,
    createdAt: T - 4 * DAY,
    issuedAt: T - 3 * DAY,
  },
];

const meta = {
  title: 'Benefits/Card',
  component: CardView,
  ...homePage('/home/card'),
  args: {
    tab: 'codes',
    codes: { status: 'ready', items: codes },
    coupons: { status: 'ready', items: owned },
    couponFilter: 0,
    onTab: fn(),
    onCouponFilter: fn(),
    onRetryCodes: fn(),
    onRetryCoupons: fn(),
    onCopied: fn(),
    onRules: fn(),
    rules: null,
  },
} satisfies Meta<typeof CardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { codes: { status: 'loading', items: [] }, coupons: { status: 'loading', items: [] } },
  play: shows('加载中…'),
};

export const CodesEmpty: Story = {
  args: { codes: { status: 'ready', items: [] } },
  play: shows('还没有卡密'),
};

export const CodesFailed: Story = {
  args: { codes: { status: 'error', items: [], error: '网络错误，请稍后重试' } },
  play: shows(button('重新加载')),
};

export const Codes: Story = {
  play: shows(
    testIds('card-code', 2),
    'CZK-8F3K-29QX-7M4P',
    button('复制话费充值卡 10 元的卡密'),
    link('兑换单号 DH20261121001203'),
  ),
};

export const CouponsUnused: Story = {
  args: { tab: 'coupons' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const tickets = await c.findAllByTestId('benefit-ticket');
    await expect(tickets).toHaveLength(2);
    await expect(c.getByText('兑换时抵扣 ¥5（少付 500 微豆），商品满 2000 微豆可用')).toBeInTheDocument();
    await expect(c.getByText('长期有效 · 活动发放')).toBeInTheDocument();
  },
};

export const CouponsUsed: Story = {
  args: { tab: 'coupons', couponFilter: 1 },
  play: async ({ canvasElement }) => {
    const tickets = await within(canvasElement).findAllByTestId('benefit-ticket');
    await expect(tickets.every((t) => t.dataset.status === '1')).toBe(true);
  },
};

export const CouponsExpired: Story = {
  args: { tab: 'coupons', couponFilter: 2 },
  play: async ({ canvasElement }) => {
    const tickets = await within(canvasElement).findAllByTestId('benefit-ticket');
    await expect(tickets.every((t) => t.dataset.status === '2')).toBe(true);
  },
};

export const CouponsEmpty: Story = {
  args: { tab: 'coupons', coupons: { status: 'ready', items: [] } },
  play: shows(link('去领取')),
};

export const CouponsFailed: Story = {
  args: { tab: 'coupons', coupons: { status: 'error', items: [], error: '网络错误，请稍后重试' } },
  play: shows(alert('网络错误，请稍后重试'), button('重新加载')),
};

export const CouponRules: Story = {
  args: {
    tab: 'coupons',
    rules: { status: 'ready', name: '微豆加成卡 +10%', rules: RULES_HTML, description: null, onClose: fn() },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('dialog')).toHaveTextContent('每个任务只能使用一张加成卡。');
  },
};

export const Phone: Story = { ...phone, play: shows('CZK-8F3K-29QX-7M4P', button('复制话费充值卡 10 元的卡密')) };
export const PhoneCoupons: Story = {
  ...phone,
  args: { tab: 'coupons' },
  play: shows('5 元兑换折扣券', button('未使用 2')),
};
export const Desktop: Story = { ...desktop, play: shows('CZK-8F3K-29QX-7M4P', testIds('card-code', 2)) };
