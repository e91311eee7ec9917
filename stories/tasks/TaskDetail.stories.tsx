import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TaskDetailView } from '../../src/pages/task-detail/TaskDetailView';
import { blocked, detail, NOW } from './fixtures';
import { shows, hidden, link, button, linkTo, presses } from '../play';
import { desktop, phone } from '../layout';

const meta = {
  title: 'Tasks/TaskDetail',
  component: TaskDetailView,
  parameters: { route: '/task/detail/k3Xp9QaLm2Vd' },
  args: { status: 'ready', task: detail(), now: NOW, onRetry: fn() },
} satisfies Meta<typeof TaskDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', task: null },
  play: shows('正在加载任务…'),
};

export const NotFound: Story = {
  args: { status: 'notFound', task: null, error: '任务不存在或已下线' },
  play: shows('任务不存在或已下线', linkTo('去任务列表', '/task')),
};

export const LoadFailed: Story = {
  args: { status: 'error', task: null, error: '网络错误' },
  play: shows(button('重新加载')),
};

/** Can start: 开始任务 goes to the hand-off screen /task/go?id=…; consolation shown before starting. */
export const CanStart: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const starts = await c.findAllByRole('link', { name: '开始任务' });
    for (const a of starts) await expect(a).toHaveAttribute('href', '/task/go?id=k3Xp9QaLm2Vd');
    await expect(c.getByText('10 微豆')).toBeInTheDocument();
    await expect(c.getByText('5 微豆')).toBeInTheDocument();
    await expect(c.getByText('参与须知')).toBeInTheDocument();
    // 截止 once: the 截止时间 fact, no second 截止 row beside the reward.
    await expect(c.getAllByText(/截止/)).toHaveLength(1);
    await expect(c.getByText('截止时间')).toBeInTheDocument();
  },
};

export const ContinueStarted: Story = {
  args: {
    task: detail({ mine: { respondentId: 'UaaH2BbAWPAacwO-3qqPXg', status: 'started', joinResult: 0, points: 0 } }),
  },
  play: async ({ canvasElement }) => {
    const links = await within(canvasElement).findAllByRole('link', { name: '继续答题' });
    await expect(links[0]).toHaveAttribute('href', '/task/go?id=k3Xp9QaLm2Vd');
  },
};

/** A started video task: 继续观看. */
export const ContinueStartedVideo: Story = {
  args: {
    task: detail({
      type: 7,
      kind: 'video',
      mine: { respondentId: 'UaaH2BbAWPAacwO-3qqPXg', status: 'started', joinResult: 0, points: 0 },
    }),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const links = await c.findAllByRole('link', { name: '继续观看' });
    await expect(links[0]).toHaveAttribute('href', '/task/go?id=k3Xp9QaLm2Vd');
    await expect(c.queryByRole('link', { name: '继续答题' })).toBeNull();
  },
};

/** A discussion group not yet started: 开始讨论 goes through the hand-off (which starts it) to its board; no consolation rows. */
export const DiscussionGroup: Story = {
  args: { task: detail({ type: 4, kind: 'forum' }) },
  play: shows(
    linkTo('开始讨论', '/task/go?id=k3Xp9QaLm2Vd'),
    '在座谈会中回复全部必答话题后入账',
    hidden('被甄别（未通过筛选）'),
  ),
};

/** A discussion group already started: 进入座谈会 goes straight to its board. */
export const DiscussionGroupStarted: Story = {
  args: {
    task: detail({
      type: 4,
      kind: 'forum',
      mine: { respondentId: 'UaaH2BbAWPAacwO-3qqPXg', status: 'started', joinResult: 0, points: 0 },
    }),
  },
  play: shows(linkTo('进入座谈会', '/bbs/k3Xp9QaLm2Vd')),
};

function blockStory(key: keyof typeof blocked, action: string, to: string): Story {
  return {
    args: { task: blocked[key] },
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      await expect(await c.findAllByText(blocked[key].blockMessage!)).not.toHaveLength(0);
      await expect(c.queryByRole('link', { name: '开始任务' })).toBeNull();
      const links = c.getAllByRole('link', { name: action });
      for (const a of links) await expect(a).toHaveAttribute('href', to);
    },
  };
}

export const BlockedBasicSurvey = blockStory('basic_survey', '去完成个人属性问卷', '/user/survey');
export const BlockedJoined: Story = {
  ...blockStory('joined', '查看任务记录', '/home/task'),
  args: { task: blocked.joined },
};
export const BlockedClosed = blockStory('closed', '看看其他任务', '/task');
export const BlockedNotOpen = blockStory('not_open', '看看其他任务', '/task');
export const BlockedQuotaFull = blockStory('quota_full', '看看其他任务', '/task');
export const BlockedNotEligible = blockStory('not_eligible', '看看其他任务', '/task');
export const BlockedDevice = blockStory('device', '看看其他任务', '/task');
/** Below the task's answer-quality minimum: both levels named, the badge, and the way to the level rules. */
export const BlockedQualityLevel: Story = {
  ...blockStory('quality_level', '查看质量等级', '/efficient/level'),
  play: async (ctx) => {
    await blockStory('quality_level', '查看质量等级', '/efficient/level').play!(ctx);
    await expect(within(ctx.canvasElement).getByTestId('task-quality')).toHaveTextContent('答题质量仅限优秀');
  },
};

export const Phone: Story = { ...phone, play: shows('任务说明', link('开始任务')) };
export const PhoneBlocked: Story = {
  args: { task: blocked.basic_survey },
  ...phone,
  play: shows('参加该任务前，请先完成个人属性问卷', link('去完成个人属性问卷'), hidden('开始任务')),
};
export const Desktop: Story = {
  ...desktop,
  play: shows('任务说明', link('开始任务')),
};

/* Cards (加成卡, 抢答优先) on a task: what the member holds, what is on the task, the use dialog. */

const boostCard = {
  from: 'held' as const,
  id: 31,
  name: '任务加成卡 10%',
  kind: 1,
  value: 10,
  creditCost: 0,
  expiresAt: NOW + 30 * 86_400_000,
};
const boughtCard = {
  from: 'credit' as const,
  id: 6,
  name: '30% 微豆加成卡',
  kind: 1,
  value: 30,
  creditCost: 30,
  expiresAt: null,
};
const earlyCard = {
  from: 'held' as const,
  id: 32,
  name: '抢答优先 30 分钟',
  kind: 4,
  value: 30,
  creditCost: 0,
  expiresAt: null,
};
const held = (over: object) => ({
  id: 31,
  benefitId: 5,
  kind: 1 as const,
  name: '任务加成卡 10%',
  value: 10,
  couponUnit: null,
  minSpend: null,
  source: 'claim' as const,
  status: 1 as const,
  obtainedAt: NOW - 86_400_000,
  expiresAt: null,
  usedAt: NOW - 60_000,
  usedOn: { type: 'task' as const, id: 3 },
  appliedAt: null,
  effect: null,
  ...over,
});
const idleFlow = {
  step: 'idle' as const,
  card: null,
  effect: null,
  reason: null,
  error: null,
  busy: false,
  canConfirm: false,
  canCancel: false,
  canRetry: false,
  canClose: false,
};

export const CardsUsable: Story = {
  args: { cards: { usable: [boostCard], onTask: [] }, cardFlow: idleFlow, onUseCard: fn() },
  play: presses('用在本任务', 'onUseCard', '任务加成卡 10%', '完成本任务额外 +12 微豆 · 2026-12-22 前有效'),
};

export const CardsUsablePhone: Story = { ...phone, ...CardsUsable };

export const CardBoostOnTask: Story = {
  args: { cards: { usable: [boostCard], onTask: [held({})] }, cardFlow: idleFlow },
  play: shows(
    '本任务已使用「任务加成卡 10%」：完成后额外获得 12 微豆；未完成时卡片退回「我的权益」',
    hidden('用在本任务'),
  ),
};

export const CardBoostPaid: Story = {
  args: {
    task: detail({ mine: { respondentId: 'r1', status: 'finished', joinResult: 1, points: 10 } }),
    cards: {
      usable: [],
      onTask: [
        held({
          appliedAt: NOW,
          effect: { extraPoints: 12, discount: null, discountPoints: null, spins: null, earlyMinutes: null },
        }),
      ],
    },
    cardFlow: idleFlow,
  },
  play: shows('本任务已使用「任务加成卡 10%」，多得 12 微豆已到账'),
};

export const CardEarlyAccess: Story = {
  args: {
    task: { ...blocked.not_open, snap: true, earlyMinutes: 30, canStart: true, block: null, blockMessage: null },
    cards: {
      usable: [],
      onTask: [held({ id: 32, kind: 4, name: '抢答优先 30 分钟', value: 30, appliedAt: NOW })],
    },
    cardFlow: idleFlow,
  },
  play: shows(
    /你已用抢答优先卡，.+ 起即可参加（提前 30 分钟）/,
    /本任务已使用「抢答优先 30 分钟」：你可以提前 30 分钟参加/,
  ),
};

const flow = (over: object) => ({ ...idleFlow, card: boostCard, ...over });

export const UseChecking: Story = {
  args: { cards: { usable: [boostCard], onTask: [] }, cardFlow: flow({ step: 'checking', busy: true }) },
  play: shows('使用「任务加成卡 10%」', '正在确认这张卡能否用在本任务…'),
};

export const UseConfirming: Story = {
  args: {
    cards: { usable: [boostCard], onTask: [] },
    cardFlow: flow({
      step: 'confirming',
      effect: { extraPoints: 12, earlyMinutes: null },
      canConfirm: true,
      canCancel: true,
    }),
    onCardConfirm: fn(),
  },
  play: presses('确认使用', 'onCardConfirm', '完成本任务后，额外获得 12 微豆，与任务微豆分开入账。', button('再想想')),
};

export const UseConfirmingEarly: Story = {
  args: {
    task: { ...blocked.not_open, snap: true },
    cards: { usable: [earlyCard], onTask: [] },
    cardFlow: flow({
      card: earlyCard,
      step: 'confirming',
      effect: { extraPoints: null, earlyMinutes: 30 },
      canConfirm: true,
      canCancel: true,
    }),
  },
  play: shows('本抢答任务对你提前 30 分钟开放。', '卡片用后不退；任务开始前都有效。'),
};

export const UseUsing: Story = {
  args: {
    cards: { usable: [boostCard], onTask: [] },
    cardFlow: flow({ step: 'using', busy: true, effect: { extraPoints: 12, earlyMinutes: null } }),
  },
  play: shows(button('使用中…', 'disabled')),
};

export const UseDone: Story = {
  args: {
    cards: { usable: [], onTask: [held({})] },
    cardFlow: flow({ step: 'used', effect: { extraPoints: 12, earlyMinutes: null }, canClose: true }),
    onCardClose: fn(),
  },
  play: presses('去做任务', 'onCardClose', '「任务加成卡 10%」已用在本任务，完成后额外 +12 微豆。'),
};

export const UseRefused: Story = {
  args: {
    cards: { usable: [boostCard], onTask: [] },
    cardFlow: flow({ step: 'refused', reason: '你已参与过该任务，不能再使用', canClose: true }),
  },
  play: shows('这张卡不能用在本任务', '你已参与过该任务，不能再使用', button('知道了')),
};

export const UseFailed: Story = {
  args: {
    cards: { usable: [boostCard], onTask: [] },
    cardFlow: flow({ step: 'failed', error: '网络错误，请稍后重试', canRetry: true, canClose: true }),
    onCardRetry: fn(),
  },
  play: presses('重试', 'onCardRetry', '使用失败', '重试时会先确认这张卡的状态，不会用掉两张卡。'),
};

/** A card of the catalogue bought with 权益值 and used in one step (useBenefitValue). */
export const CardsBuyWithCredit: Story = {
  args: { cards: { usable: [boughtCard], onTask: [] }, cardFlow: idleFlow, onUseCard: fn() },
  play: presses('兑换并使用', 'onUseCard', '30% 微豆加成卡', '完成本任务额外 +36 微豆 · 花 30 权益值'),
};

export const UseConfirmingWithCredit: Story = {
  args: {
    cards: { usable: [boughtCard], onTask: [] },
    cardFlow: flow({
      card: boughtCard,
      step: 'confirming',
      effect: { extraPoints: 36, earlyMinutes: null },
      canConfirm: true,
      canCancel: true,
    }),
  },
  play: shows('将花 30 权益值领取这张卡并立即用在本任务。', button('确认花 30 权益值使用')),
};
