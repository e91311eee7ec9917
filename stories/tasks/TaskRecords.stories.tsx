import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TaskRecordsView } from '../../src/pages/task-records/TaskRecordsView';
import { records } from './fixtures';
import { desktop, homePage, phone } from '../layout';
import { shows, hidden, button, linkTo } from '../play';
import { readyList, loadMoreFailed } from '../pagedList';

const meta = {
  title: 'Tasks/TaskRecords',
  component: TaskRecordsView,
  ...homePage('/home/task'),
  args: {
    filter: null,
    feedbackPath: null,
    ...readyList(records, { hasMore: true }),
    onCopy: fn(async () => true),
  },
} satisfies Meta<typeof TaskRecordsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', items: [], hasMore: false },
  play: shows('加载中…'),
};

export const Empty: Story = {
  args: { status: 'empty', items: [], hasMore: false },
  play: shows('还没有参加过任务，挑一个开始吧', linkTo('去做任务', '/task')),
};

export const EmptyForResult: Story = {
  args: { filter: 3, status: 'empty', items: [], hasMore: false },
  play: shows('没有“配额已满”的记录'),
};

export const LoadFailed: Story = {
  args: { status: 'error', items: [], hasMore: false, error: '网络错误' },
  play: shows(button('重新加载')),
};

/** Join results, posted / none / reversed weidou, pending settlement, 待审核 / 无效 with the reason, copyable ids. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const rows = await c.findAllByTestId('task-record');
    await expect(rows).toHaveLength(records.length);
    await expect(within(rows[0]!).getByText('待结算')).toBeInTheDocument();
    await expect(within(rows[0]!).getByRole('link', { name: '继续答题' })).toHaveAttribute(
      'href',
      '/task/go?id=Pq2Ls7Hd4rTe',
    );
    await expect(within(rows[1]!).getByText('已入账')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText('+120')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText('待审核')).toBeInTheDocument();
    await expect(within(rows[1]!).getByText(/合作方复核中：.+ 前若判为无效，本次微豆会被收回。/)).toBeInTheDocument();
    await expect(within(rows[2]!).getByText('已撤回')).toBeInTheDocument();
    await expect(within(rows[2]!).getByText('无效：合作方复核未通过')).toBeInTheDocument();
    await expect(within(rows[3]!).getByText('无效：开放题乱填、陷阱题未通过')).toBeInTheDocument();
    await expect(within(rows[4]!).queryByTestId('record-audit')).toBeNull();
    await expect(within(rows[4]!).getByText('被甄别')).toBeInTheDocument();
    await expect(within(rows[5]!).getByText('答题过快')).toBeInTheDocument();
    await expect(within(rows[5]!).getByText('无奖励')).toBeInTheDocument();
    await expect(within(rows[6]!).getByText('已超时')).toBeInTheDocument();
    await expect(c.queryByRole('link', { name: '反馈问题' })).toBeNull();
    // The respondent id in ordinary text, not a code font.
    await expect(getComputedStyle(within(rows[1]!).getByTestId('record-rid')).fontFamily).not.toMatch(/mono/);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /复制答卷编号/ }));
    await expect(args.onCopy).toHaveBeenCalledWith('Q1w2E3r4T5y6U7i8O9p0Aa');
    await expect(await within(rows[1]!).findByText('已复制')).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: '被甄别' }));
    await expect(args.onFilter).toHaveBeenCalledWith(2);
    await expect(c.getByRole('button', { name: '网络环境受限' })).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '重复参与' })).toBeInTheDocument();
    await expect(c.queryByText(/IP|Cookie/)).toBeNull();
  },
};

/** A started video task: its way back says 继续观看, not 继续答题. */
export const StartedVideo: Story = {
  args: {
    items: [{ ...records[0]!, title: '新品广告片观看', type: 7, kind: 'video' }],
    hasMore: false,
  },
  play: shows(linkTo('继续观看', '/task/go?id=Pq2Ls7Hd4rTe'), hidden('继续答题')),
};

export const FilteredByResult: Story = {
  args: { filter: 1, items: records.filter((r) => r.joinResult === 1) },
  play: shows('已入账', hidden('继续答题')),
};

/** /home/feedback/ask is routed: each row's 反馈问题 opens the form about that answer. */
export const FeedbackLinked: Story = {
  args: {
    hasMore: false,
    feedbackPath: (rid: string) => `/home/feedback/ask?rid=${encodeURIComponent(rid)}`,
  },
  play: shows(linkTo('反馈问题', '/home/feedback/ask?rid=UaaH2BbAWPAacwO-3qqPXg')),
};

export const LoadingMore: Story = {
  args: { status: 'loadingMore' },
  play: shows('继续答题', '待结算', button('加载中…', 'disabled')),
};

export const LoadMoreFailed: Story = loadMoreFailed;

export const Phone: Story = {
  ...phone,
  play: shows('UaaH2BbAWPAacwO-3qqPXg', '待结算'),
};

export const Desktop: Story = {
  ...desktop,
  play: shows('UaaH2BbAWPAacwO-3qqPXg', '待结算'),
};
