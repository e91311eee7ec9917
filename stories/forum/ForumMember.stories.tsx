import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { CompletionProps } from '../../src/components/forum/CompleteRespondent';
import { ForumMemberView, type ForumMemberViewProps } from '../../src/pages/forum-member/ForumMemberView';
import { desktop, phone } from '../layout';
import { alert, button, linkTo, noButton, presses, shows, testIds } from '../play';
import { HASH, T, progress, replies } from './fixtures';

/**
 * `/bbs/{taskHashId}/users/{memberId}` 发言记录: one participant's posts; for a moderator looking at
 * a respondent, their progress and 标记为完成 with its confirmation (confirming, completing, refused,
 * completed); empty, loading, failed.
 */

const posts = replies
  .slice(0, 2)
  .map((r) => ({ ...r, author: replies[1]!.author, topicTitle: '包装上的哪些文字你会仔细看？' }));

const args: ForumMemberViewProps = {
  status: 'ready',
  author: replies[1]!.author,
  items: posts,
  total: 2,
  hasMore: false,
  boardHref: `/bbs/${HASH}`,
  topicHref: (id) => `/bbs/${HASH}/topics/${id}`,
  completion: null,
  onLoadMore: fn(),
  onRetry: fn(),
};

const meta = {
  title: 'Forum/Member',
  component: ForumMemberView,
  parameters: { route: `/bbs/${HASH}/users/7` },
  args,
} satisfies Meta<typeof ForumMemberView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Posts: Story = {
  ...desktop,
  play: shows(
    '受访者 07',
    '在本座谈会的发言 · 共 2 条',
    linkTo('返回座谈会', `/bbs/${HASH}`),
    testIds('forum-post', 2),
    noButton('标记为完成'),
  ),
};

export const PostsPhone: Story = { ...phone, play: shows('包装上的哪些文字你会仔细看？', testIds('forum-post', 2)) };

/** The moderator looking at a respondent: their progress (1 of 3 required, 800 微豆) before any tap. */
const detail: CompletionProps['respondent'] = {
  author: replies[1]!.author,
  entered: true,
  replyCount: 2,
  lastReplyAt: T,
  progress: { ...progress, requiredAnswered: 1, requiredTotal: 3, points: 800 },
  requiredTopics: [
    { id: 11, title: '包装上的哪些文字你会仔细看？', answered: true },
    { id: 12, title: '你通常在哪里买牛奶？', answered: false },
    { id: 13, title: '说说你心中的理想价格', answered: false },
  ],
};
const completion = (over: Partial<CompletionProps> = {}): CompletionProps => ({
  respondent: detail,
  loadError: false,
  onRetryLoad: fn(),
  step: 'idle',
  error: null,
  progress: null,
  canConfirm: false,
  onComplete: fn(),
  onConfirm: fn(),
  onCancel: fn(),
  onClose: fn(),
  ...over,
});

export const ModeratorSeesProgress: Story = {
  ...desktop,
  args: { completion: completion(), respondentsHref: `/bbs/${HASH}/respondents` },
  play: async (ctx) => {
    await shows('必答 1/3 · 完成可得 800 微豆', linkTo('查看全部受访者的完成进度 ›', `/bbs/${HASH}/respondents`))(ctx);
    // No dialog yet: 标记为完成 only opens the confirmation.
    await expect(within(ctx.canvasElement).queryByRole('dialog')).toBeNull();
    await userEvent.click(within(ctx.canvasElement).getByRole('button', { name: '标记为完成' }));
    await expect(ctx.args.completion!.onComplete).toHaveBeenCalled();
  },
};

export const ModeratorProgressLoading: Story = {
  ...phone,
  args: { completion: completion({ respondent: null }) },
  play: shows('正在读取完成进度…', noButton('标记为完成')),
};

export const ModeratorProgressFailed: Story = {
  ...desktop,
  args: { completion: completion({ respondent: null, loadError: true }) },
  play: shows('完成进度加载失败', button('重新加载'), noButton('标记为完成')),
};

export const Confirming: Story = {
  ...desktop,
  args: { completion: completion({ step: 'confirming', canConfirm: true }) },
  play: shows(
    '确认标记为完成',
    '必答话题 · 已回复 1/3',
    '你通常在哪里买牛奶？',
    /TA 还有 2 个必答话题没有回复/,
    button('确认，发放 800 微豆', 'enabled'),
    button('取消', 'enabled'),
  ),
};

export const ConfirmingPhone: Story = {
  ...phone,
  args: { completion: completion({ step: 'confirming', canConfirm: true }) },
  play: shows('确认标记为完成', button('确认，发放 800 微豆', 'enabled'), button('取消')),
};

export const Completing: Story = {
  ...desktop,
  args: { completion: completion({ step: 'completing' }) },
  play: shows(button(/正在标记/, 'disabled'), button('取消', 'disabled')),
};

export const CompleteRefused: Story = {
  ...desktop,
  args: {
    completion: completion({ step: 'confirming', canConfirm: true, error: '座谈会已截止，不能再标记完成' }),
  },
  play: shows(alert('座谈会已截止，不能再标记完成'), button('确认，发放 800 微豆', 'enabled')),
};

const paid = { ...detail.progress, completed: true, completedAt: T, pointsStatus: 'posted' as const };

export const Completed: Story = {
  ...phone,
  args: { completion: completion({ step: 'completed', progress: paid }) },
  play: shows('已标记为完成', /800 微豆已发放到 TA 的账户/, button('知道了')),
};

export const AlreadyComplete: Story = {
  ...desktop,
  args: { completion: completion({ respondent: { ...detail, progress: paid } }) },
  play: shows('已完成 · 必答 1/3 · 已发放 800 微豆', noButton('标记为完成')),
};

export const Empty: Story = {
  ...desktop,
  args: { status: 'empty', items: [], total: 0 },
  play: shows('还没有发言'),
};

export const Loading: Story = {
  ...phone,
  args: { status: 'loading', author: null, items: [] },
  play: shows('正在加载发言…'),
};

export const Failed: Story = {
  ...desktop,
  args: { status: 'error', author: null, items: [], error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '发言加载失败'),
};
