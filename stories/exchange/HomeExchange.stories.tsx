import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { HomeExchangeView } from '../../src/pages/home-exchange/HomeExchangeView';
import { cashIssued, exchange, physicalIssued, prizeAwaitingAddress } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { shows, hidden, button, link, linkTo, linkToOrNone } from '../play';
import { feedbackAsk } from '../../src/routing/feedback';
import { readyList, loadingMore, loadMoreFailed } from '../pagedList';

/** `/home/exchange` 兑换记录: one record in each exchange state, and the list states. */
const records = [
  exchange(0, { id: 1040 }),
  exchange(2, { id: 1039 }),
  exchange(1, { id: 1038 }),
  cashIssued,
  physicalIssued,
  exchange(4, { id: 1035 }),
  exchange(3, { id: 1034 }),
  exchange(5, { id: 1033 }),
];

/** 反馈问题 on a rejected or failed exchange, once the feedback form is built (the route table decides). */
const ask = feedbackAsk();
const feedbackPath = ask && ((exchangeId: number) => ask({ exchangeId }));

const meta = {
  title: 'Exchange/Records',
  component: HomeExchangeView,
  ...homePage('/home/exchange'),
  args: {
    filter: 'all',
    ...readyList(records, { hasMore: true }),
    onCopy: fn(async () => true),
    feedbackPath,
  },
} satisfies Meta<typeof HomeExchangeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryState: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findAllByTestId('exchange-row')).toHaveLength(records.length);
    const badges = c.getAllByTestId('state-badge').map((b) => b.textContent);
    for (const label of ['待审核', '待发放', '已发放', '已驳回', '已撤销', '发放失败'])
      await expect(badges).toContain(label);
    await expect(c.getAllByText('微豆已退回')).toHaveLength(3);
    await expect(c.getByText('DEMO-A0EF-094E')).toBeInTheDocument();
    await expect(c.getByText('SF1402938475612')).toBeInTheDocument();
    await expect(c.getByText('2026112220001004590512345678')).toBeInTheDocument();
    await expect(c.getByText('原因：账号存在异常答题记录')).toBeInTheDocument();
    // 反馈问题 on the rejected and the failed one only.
    await expect(c.queryAllByRole('link', { name: /^反馈兑换单/ })).toHaveLength(feedbackPath ? 2 : 0);
  },
};

/** A physical prize won on the lucky wheel: no cost, and it asks for the member's address. */
export const PrizeAwaitingAddress: Story = {
  args: { items: [prizeAwaitingAddress, exchange(0, { id: 1040 })], hasMore: false },
  play: shows('幸运大转盘奖品', /这件奖品还没有收货地址/, linkTo('填写收货地址', '/home/user?form=address')),
};

export const CopyCode: Story = {
  args: { items: [exchange(1)], hasMore: false },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    c.getByRole('button', { name: '复制卡密 / 兑换码' }).click();
    await expect(args.onCopy).toHaveBeenCalledWith('DEMO-A0EF-094E');
    await expect(await c.findByText('已复制')).toBeInTheDocument();
  },
};

export const FilteredRejected: Story = {
  args: { filter: 4, items: [exchange(4)], hasMore: false },
  play: shows(
    '原因：账号存在异常答题记录',
    link('查看兑换单 DH20261122001024 的详情'),
    linkToOrNone('反馈兑换单 DH20261122001024 的问题', feedbackPath?.(1024) ?? null),
    hidden('待审核虚拟'),
  ),
};

export const Loading: Story = {
  args: { status: 'loading', items: [], hasMore: false },
  play: shows('加载中…'),
};

export const Empty: Story = {
  args: { status: 'empty', items: [], hasMore: false },
  play: shows('还没有兑换记录', linkTo('去兑换', '/exchange')),
};

export const EmptyFiltered: Story = {
  args: { status: 'empty', items: [], hasMore: false, filter: 5 },
  play: shows('没有发放失败的兑换'),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], hasMore: false, error: '网络错误，请稍后重试' },
  play: shows(button('重新加载')),
};

export const LoadingMore: Story = loadingMore;
export const LoadMoreFailed: Story = loadMoreFailed;
export const AllShown: Story = { args: { hasMore: false }, play: shows('没有更多了', hidden('加载更多')) };

export const Phone: Story = {
  ...phone,
  play: shows('DEMO-A0EF-094E', link('查看兑换单 DH20261122001040 的详情')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('DEMO-A0EF-094E', link('查看兑换单 DH20261122001040 的详情')),
};
