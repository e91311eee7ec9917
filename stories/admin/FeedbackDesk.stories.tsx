import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { TicketDeskView } from '../../machines/ticketDesk';
import { FeedbackDeskView } from '../../src/admin/pages/feedback-desk/FeedbackDeskView';
import type { DeskSavedRepliesProps } from '../../src/admin/pages/feedback-desk/DeskTicketView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, link, linkTo, noButton, shows, testIds, type Check } from '../play';
import { DESK_NOW, deskRows, deskTicket, savedReplies } from './deskFixtures';

/** /admin/desk: 反馈处理 — the queue by state, a ticket's thread and moves, saved replies. */

/** The queue's state filter shows `label`. */
const select =
  (name: string, label: string): Check =>
  async (canvas) => {
    await expect(await canvas.findByRole('combobox', { name })).toHaveDisplayValue(label);
  };

const NO_MOVES = { take: false, process: false, ask: false, answer: false, close: false };
const desk = (extra: Partial<TicketDeskView> = {}): TicketDeskView => ({
  status: 'idle',
  ticket: null,
  draft: '',
  draftTooLong: false,
  closing: null,
  busy: null,
  locked: false,
  error: null,
  notice: null,
  can: NO_MOVES,
  ...extra,
});
/** A taken ticket (待处理) ready to be answered. */
const taken = deskTicket(1);
const takenDesk = (extra: Partial<TicketDeskView> = {}) =>
  desk({ status: 'ready', ticket: taken, can: { ...NO_MOVES, process: true, close: true }, ...extra });
const TEXT = '已核实：该问卷的配额条件不符，属于正常甄别，甄别补偿微豆已发放到你的账户。';

const saved = (extra: Partial<DeskSavedRepliesProps> = {}): DeskSavedRepliesProps => ({
  open: false,
  status: 'ready',
  items: savedReplies,
  error: null,
  saving: null,
  deleting: null,
  onToggle: fn(),
  onPick: fn(),
  onStartSave: fn(),
  onSaveTitle: fn(),
  onSave: fn(),
  onCancelSave: fn(),
  onDelete: fn(),
  onRetry: fn(),
  ...extra,
});

const queue = {
  filter: 'waiting' as const,
  status: 'ready' as const,
  items: deskRows,
  total: 3,
  hasMore: false,
  error: null,
  moreError: null,
  onFilter: fn(),
  onLoadMore: fn(),
  onRetry: fn(),
};

const meta = {
  title: 'Admin/FeedbackDesk',
  component: FeedbackDeskView,
  parameters: { route: '/admin/desk' },
  args: {
    queue,
    selectedId: null,
    deskHref: (id: number | null) => (id ? `/admin/desk?ticket=${id}` : '/admin/desk'),
    desk: desk(),
    saved: saved(),
    now: DESK_NOW,
    onRetry: fn(),
    onDraft: fn(),
    onTake: fn(),
    onProcess: fn(),
    onReply: fn(),
    onClose: fn(),
    onReason: fn(),
    onConfirmClose: fn(),
    onCancelClose: fn(),
  },
} satisfies Meta<typeof FeedbackDeskView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const QueueList: Story = {
  ...desktop,
  play: shows(
    testIds('desk-row', 3),
    '已等待 1 天',
    '已等待 5 小时',
    '已等待 30 分钟',
    '138****0000',
    '共 3 条，等待最久的在前',
    '请选择一条反馈',
    linkTo(/#12/, '/admin/desk?ticket=12'),
  ),
};
export const QueueLoading: Story = {
  ...desktop,
  args: { queue: { ...queue, status: 'loading', items: [], total: 0 } },
  play: shows('加载中…'),
};
export const QueueEmpty: Story = {
  ...desktop,
  args: { queue: { ...queue, status: 'empty', items: [], total: 0 } },
  play: shows('没有这一状态的反馈', '所有反馈都已处理，辛苦了。'),
};
export const QueueError: Story = {
  ...desktop,
  args: { queue: { ...queue, status: 'error', items: [], total: 0, error: '网络错误，请稍后重试' } },
  play: shows('反馈列表加载失败', button('重新加载')),
};
export const QueueByState: Story = {
  ...desktop,
  args: { queue: { ...queue, filter: 4, items: [deskRows[0]!], total: 21, hasMore: true } },
  play: shows(select('状态', '待确认'), button('加载更多')),
};

export const NewTicket: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: desk({ status: 'ready', ticket: deskTicket(0), can: { ...NO_MOVES, take: true, close: true } }),
  },
  play: shows(
    '反馈 #12',
    '尚未受理',
    button('接单', 'enabled'),
    button('关闭反馈'),
    '接单后可以回复会员。',
    noButton('答复会员'),
    '会员情况',
    'WD10086',
    '良好',
    '年轻人咖啡消费习惯调研',
    '被甄别',
    '支付宝提现 10 元',
    link('会员截图 1'),
  ),
};
export const Thread: Story = {
  ...desktop,
  args: { selectedId: 12, desk: takenDesk() },
  play: shows(
    '受理客服：客服小林',
    testIds('staff-post', 1),
    testIds('member-post', 2),
    '你好，请补充一下答题结束时的页面截图。',
    button('标记处理中', 'enabled'),
    button('请会员补充', 'disabled'),
    button('答复会员', 'disabled'),
    button('常用回复'),
    button('存为常用回复', 'disabled'),
    '状态记录',
  ),
};
export const Drafted: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: takenDesk({ draft: TEXT, can: { ...NO_MOVES, process: true, ask: true, answer: true, close: true } }),
  },
  play: shows(
    button('答复会员', 'enabled'),
    button('请会员补充', 'enabled'),
    button('存为常用回复', 'enabled'),
    '37/500',
  ),
};
export const Replying: Story = {
  ...desktop,
  args: { selectedId: 12, desk: takenDesk({ draft: TEXT, busy: 'answer', locked: true, can: NO_MOVES }) },
  play: shows(button('标记处理中', 'disabled')),
};
export const Answered: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: desk({ status: 'ready', ticket: deskTicket(4), notice: '已答复会员，等待会员确认' }),
  },
  play: shows('已答复会员，等待会员确认', noButton('答复会员'), noButton('接单')),
};
export const TooLong: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: takenDesk({ draft: '字'.repeat(501), draftTooLong: true }),
  },
  play: shows('501/500', button('答复会员', 'disabled')),
};
export const SavedRepliesOpen: Story = {
  ...desktop,
  args: { selectedId: 12, desk: takenDesk(), saved: saved({ open: true }) },
  play: shows(
    testIds('saved-reply', 2),
    '甄别说明',
    button('使用「甄别说明」'),
    button('删除「请补充截图」'),
    button('收起常用回复'),
  ),
};
export const SavedRepliesEmpty: Story = {
  ...desktop,
  args: { selectedId: 12, desk: takenDesk(), saved: saved({ open: true, items: [] }) },
  play: shows('还没有常用回复'),
};
export const SavingReply: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: takenDesk({ draft: TEXT }),
    saved: saved({ saving: { title: '甄别说明', busy: false, error: '标题最多 30 个字' } }),
  },
  play: shows('常用回复的标题（最多 30 字）', button('保存', 'enabled'), alert('标题最多 30 个字')),
};
export const TakenByColleague: Story = {
  ...desktop,
  args: {
    selectedId: 12,
    desk: desk({
      status: 'ready',
      ticket: deskTicket(1, { operator: '客服小周' }),
      error: '这条反馈现在是「待处理」，不能受理：这条反馈已被其他同事受理，请刷新后查看',
      can: { ...NO_MOVES, process: true, close: true },
    }),
  },
  play: shows(alert('已被其他同事受理'), '受理客服：客服小周'),
};
export const Closing: Story = {
  ...desktop,
  args: { selectedId: 12, desk: takenDesk({ closing: { reason: '', error: null, busy: false } }) },
  play: shows(
    '关闭反馈 #12',
    '关闭原因（会告诉会员，并写入审计日志）',
    button('确认关闭', 'disabled'),
    hidden('身份验证器动态验证码'),
  ),
};
export const TicketLoading: Story = {
  ...desktop,
  args: { selectedId: 12, desk: desk({ status: 'loading', locked: true }) },
  play: shows('反馈加载中…', link('返回列表')),
};
export const TicketNotFound: Story = {
  ...desktop,
  args: { selectedId: 99, desk: desk({ status: 'notFound', error: '这条反馈不存在' }) },
  play: shows('这条反馈不存在'),
};
export const TicketError: Story = {
  ...desktop,
  args: { selectedId: 12, desk: desk({ status: 'error', error: '网络错误，请稍后重试' }) },
  play: shows('反馈加载失败', button('重新加载')),
};

export const PhoneQueue: Story = { ...phone, play: shows(testIds('desk-row', 3), '反馈处理') };
export const PhoneThread: Story = {
  ...phone,
  args: { selectedId: 12, desk: takenDesk({ draft: TEXT }), saved: saved({ open: true }) },
  play: shows(linkTo('返回列表', '/admin/desk'), '会员情况', testIds('saved-reply', 2)),
};
