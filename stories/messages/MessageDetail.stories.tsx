import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MessageDetailView } from '../../src/pages/message-detail/MessageDetailView';
import { desktop, homePage, phone } from '../layout';
import { alert, hidden, linkTo, presses, shows } from '../play';
import { messages } from './fixtures';

/** `/home/message/{id}` 消息详情: the message, the way to its record, back to the inbox. */
const exchangeIssued = messages[0]!;
const notice = messages[4]!;

const meta = {
  title: 'Messages/Detail',
  component: MessageDetailView,
  ...homePage('/home/message/31'),
  args: {
    status: 'ready',
    message: exchangeIssued,
    recordLink: exchangeIssued.link,
    error: null,
    onRetry: fn(),
  },
} satisfies Meta<typeof MessageDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', message: null, recordLink: null },
  play: shows('正在加载消息…', linkTo('返回消息列表', '/home/message')),
};

export const WithLink: Story = {
  play: shows(
    '兑换已发放：京东E卡 50 元',
    '兑换消息',
    'JD-8842-1190-5521',
    '2026-11-22 09:05',
    linkTo('查看兑换记录', '/home/exchange?id=12'),
    linkTo('返回消息列表', '/home/message'),
  ),
};

export const TaskRecordLink: Story = {
  args: { message: messages[1]!, recordLink: '/home/task' },
  play: shows('200 微豆', linkTo('查看任务记录', '/home/task')),
};

export const WithoutLink: Story = {
  args: { message: notice, recordLink: null },
  play: shows('系统维护通知', '系统通知', '期间暂停兑换', hidden('查看兑换记录'), hidden('前往查看')),
};

export const NotFound: Story = {
  args: { status: 'notFound', message: null, recordLink: null },
  play: shows('消息不存在', '这条消息可能已被删除，或者不是发给你的。', linkTo('回到我的消息', '/home/message')),
};

export const LoadFailed: Story = {
  args: { status: 'error', message: null, recordLink: null, error: '服务繁忙，请稍后再试' },
  play: presses('重新加载', 'onRetry', alert('消息加载失败'), alert('服务繁忙，请稍后再试')),
};

export const Phone: Story = {
  ...phone,
  play: shows(
    '兑换已发放：京东E卡 50 元',
    linkTo('查看兑换记录', '/home/exchange?id=12'),
    linkTo('返回消息列表', '/home/message'),
  ),
};

export const Desktop: Story = {
  ...desktop,
  play: shows('兑换已发放：京东E卡 50 元', linkTo('查看兑换记录', '/home/exchange?id=12')),
};

/** A reply to the member's feedback: 查看反馈 opens that ticket. */
export const FeedbackReply: Story = {
  args: {
    message: {
      ...messages[1]!,
      id: 40,
      type: 4,
      title: '你的反馈有新回复',
      summary: '客服回复了你的反馈「答完问卷显示被甄别」，请查看并确认是否解决。',
      content: '<p>客服回复了你的反馈「答完问卷显示被甄别」，请查看并确认是否解决。</p>',
      link: '/home/feedback/7',
    },
    recordLink: '/home/feedback/7',
  },
  play: shows('你的反馈有新回复', '反馈回复', linkTo('查看反馈', '/home/feedback/7')),
};
