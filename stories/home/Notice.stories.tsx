import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NoticeView } from '../../src/pages/notice/NoticeView';
import { desktop, homePage, phone } from '../layout';
import { alert, hidden, linkTo, presses, shows } from '../play';

const notice = {
  id: 7,
  title: '节假日期间现金兑换顺延发放的说明',
  pinned: false,
  publishedAt: Date.UTC(2026, 9, 30, 2, 30),
  content:
    '<p>法定节假日期间，现金兑换的审核与打款<strong>顺延至节后第一个工作日</strong>，虚拟卡券照常自动发放。</p><h3>需要注意</h3><ol><li>兑换进度可在兑换记录中查看；</li><li>被驳回的兑换会原路退还微豆。</li></ol><p>查看<a href="/home/exchange">兑换记录</a>。</p>',
};

/** `/home/notices/{id}` 公告详情 in each state of its load. */
const meta = {
  title: 'Pages/Notice',
  component: NoticeView,
  ...homePage('/home/notices/7'),
  args: { status: 'ready', notice, onRetry: fn() },
} satisfies Meta<typeof NoticeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: shows(
    '节假日期间现金兑换顺延发放的说明',
    '发布于 2026-10-30 10:30',
    '顺延至节后第一个工作日',
    '需要注意',
    linkTo('兑换记录', '/home/exchange'),
    linkTo('‹ 我的主页', '/home'),
    hidden('置顶'),
  ),
};
export const Pinned: Story = {
  args: { notice: { ...notice, pinned: true } },
  play: shows('置顶', '节假日期间现金兑换顺延发放的说明'),
};
export const Loading: Story = { args: { status: 'loading', notice: null }, play: shows('正在加载公告…') };
export const NotFound: Story = {
  args: { status: 'notFound', notice: null },
  play: shows('公告不存在或已下线', '这条公告可能已经结束或被撤下。', linkTo('回到我的主页', '/home')),
};
export const LoadFailed: Story = {
  args: { status: 'error', notice: null, error: '网络错误' },
  play: presses('重新加载', 'onRetry', alert('公告加载失败'), '网络错误'),
};
export const Phone: Story = { ...phone, play: shows('节假日期间现金兑换顺延发放的说明', '需要注意') };
export const Desktop: Story = {
  ...desktop,
  play: shows('节假日期间现金兑换顺延发放的说明', '发布于 2026-10-30 10:30'),
};
