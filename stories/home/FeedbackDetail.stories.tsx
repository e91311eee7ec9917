import type { Meta, StoryObj } from '@storybook/react-vite';
import { FeedbackDetailView } from '../../src/pages/feedback-detail/FeedbackDetailView';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, presses, shows, testIds } from '../play';
import { ticketArgs } from './feedbackArgs';
import { expiredTicket, previews, ratedTicket, shots, ticket } from './feedbackFixtures';

const meta = {
  title: 'Pages/FeedbackDetail',
  component: FeedbackDetailView,
  ...homePage('/home/feedback/7'),
  args: ticketArgs(ticket(0)),
} satisfies Meta<typeof FeedbackDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: ticketArgs(ticket(0), { status: 'loading', ticket: null, canRefresh: false, busy: true }),
  play: shows('正在加载反馈…'),
};

export const LoadFailed: Story = {
  args: ticketArgs(ticket(0), {
    status: 'loadFailed',
    ticket: null,
    canRefresh: false,
    canRetry: true,
    error: '网络错误，请稍后重试',
  }),
  play: presses('重新加载', 'onRetry', alert('反馈加载失败')),
};

/** Another member's ticket, or none: the same answer. */
export const NotFound: Story = {
  args: ticketArgs(ticket(0), { status: 'notFound', ticket: null, canRefresh: false }),
  play: shows('反馈不存在', '这条反馈可能不是你提交的，或者链接有误。'),
};

/** 待受理: the description, screenshots, the record, no reply yet; the member may add more. */
export const ToAccept: Story = {
  play: shows(
    '待受理',
    '客服会尽快受理你的反馈，一般在 1 个工作日内；有进展会通过消息通知你。',
    '任务与微豆 · 提交于 2026-11-19 09:05',
    testIds('ticket', 1),
    '新品口味测试问卷',
    '客服还没有回复，有回复时会通过消息通知你。',
    '补充说明',
    button('提交补充', 'enabled'),
    noButton('已解决'),
    '提交反馈',
  ),
};

export const ToHandle: Story = {
  args: ticketArgs(ticket(1)),
  play: shows('待处理', '客服已受理，正在安排处理；有进展会通过消息通知你。', '客服已受理', button('提交补充')),
};

export const Processing: Story = {
  args: ticketArgs(ticket(2)),
  play: shows('处理中', '已联系合作方核实', '客服小微', '2026-11-20 09:05', button('提交补充')),
};

/** 待反馈: the operator asked; the member's reply sends it back to them. */
export const AwaitingFeedback: Story = {
  args: ticketArgs(ticket(3), { reply: '截图在下面', shots: shots.slice(0, 1), previews }),
  play: presses(
    '提交回复',
    'onReply',
    '待反馈',
    '客服需要你补充信息，请在下方回复，回复后客服会继续处理。',
    '麻烦提供一下答题结束时页面的截图',
    '回复客服',
    testIds('screenshot', 1),
  ),
};

/** 待确认: 已解决, or 还没解决 with a reply; the days left before it confirms itself. */
export const AwaitingConfirmation: Story = {
  args: ticketArgs(ticket(4)),
  play: presses(
    '已解决',
    'onConfirm',
    '待确认',
    '客服已给出处理结果，请确认是否解决；7 天后未确认将自动确认。',
    '经核实，合作方已补发 20 微豆安慰奖',
    '我',
    '还没解决？',
    button('还没解决，继续反馈'),
  ),
};

/** 已确认 within the window and not rated: rate once, or reopen. */
export const Confirmed: Story = {
  args: ticketArgs(ticket(5), { stars: 4 }),
  play: presses(
    '提交评价',
    'onRate',
    '已确认',
    '问题已解决。如果还有问题，可在 2026-11-29 08:35 前重新打开。',
    '评价客服的处理',
    '满意',
    button('重新打开'),
    hidden('提交补充'),
  ),
};

/** Rated: the stars and words given; reopening still open. */
export const RatingDone: Story = {
  args: ticketArgs(ratedTicket),
  play: shows('我的评价', '处理很快，谢谢！', noButton('提交评价'), button('重新打开')),
};

/** Confirmed by the system more than 7 days ago: no reopening; a new ticket instead. */
export const ReopenExpired: Story = {
  args: ticketArgs(expiredTicket),
  play: shows(
    '问题已解决，这条反馈已经关闭。',
    '7 天未确认，系统自动确认',
    '已超过 7 天的重新打开期限',
    linkTo('提交一条新的反馈', '/home/feedback/ask'),
    noButton('重新打开'),
    button('提交评价'),
  ),
};

/** A reply tried empty: the inline message. */
export const ReplyErrors: Story = {
  args: ticketArgs(ticket(1), { replyErrors: { content: '请填写回复内容' } }),
  play: shows(alert('请填写回复内容')),
};

/** Sending a reply: the forms stay, disabled. */
export const SendingReply: Story = {
  args: ticketArgs(ticket(4), {
    status: 'awaitingConfirmation',
    sending: 'reply',
    busy: true,
    reply: '还是没有到账',
    canReply: false,
    canConfirm: false,
  }),
  play: shows(button('正在提交…', 'disabled'), button('已解决', 'disabled')),
};

/** The ticket had moved on (an operator answered meanwhile): reloaded, and said once. */
export const MovedOn: Story = {
  args: ticketArgs(ticket(5), { notice: '这条反馈的状态已经变化，请刷新后再试' }),
  play: shows('这条反馈的状态已经变化，请刷新后再试，已为你显示最新状态。'),
};

/** A move refused for another reason: said once, near the buttons. */
export const MoveFailed: Story = {
  args: ticketArgs(ticket(3), { actionError: '操作太频繁，请稍后再试' }),
  play: shows(alert('操作太频繁，请稍后再试'), button('提交回复', 'enabled')),
};

export const Phone: Story = {
  ...phone,
  args: ticketArgs(ticket(4)),
  play: shows('待确认', button('已解决')),
};

export const Desktop: Story = {
  ...desktop,
  args: ticketArgs(ticket(4)),
  play: shows('待确认', button('已解决'), '处理进度'),
};
