import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TaskCardsView } from '../../src/components/benefits/TaskCards';
import { TaskDetailView } from '../../src/pages/task-detail/TaskDetailView';
import { blocked, detail, NOW } from './fixtures';
import { shows, hidden, link, button, linkTo } from '../play';
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

/* Cards (加成卡, 抢答优先): the panel sits in the reward card (its states: TaskCards.stories.tsx). */

const boostCard = {
  from: 'held' as const,
  id: 31,
  name: '任务加成卡 10%',
  kind: 1,
  value: 10,
  creditCost: 0,
  expiresAt: NOW + 30 * 86_400_000,
};
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

export const WithCards: Story = {
  args: {
    cards: <TaskCardsView points={120} openAt={NOW} usable={[boostCard]} onTask={[]} flow={idleFlow} onUse={fn()} />,
  },
  play: shows('任务加成卡 10%', button('用在本任务'), link('开始任务')),
};

export const WithCardsPhone: Story = { ...phone, ...WithCards };

/** An early-access card used on a snap task not open yet: the member may start it sooner. */
export const EarlyAccessUsed: Story = {
  args: {
    task: { ...blocked.not_open, snap: true, earlyMinutes: 30, canStart: true, block: null, blockMessage: null },
  },
  play: shows(/你已用抢答优先卡，.+ 起即可参加（提前 30 分钟）/, link('开始任务')),
};
