import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ForumMemberView, type ForumMemberViewProps } from '../../src/pages/forum-member/ForumMemberView';
import { desktop, phone } from '../layout';
import { alert, button, linkTo, noButton, presses, shows, testIds } from '../play';
import { HASH, T, progress, replies } from './fixtures';

/**
 * `/bbs/{taskHashId}/users/{memberId}` 发言记录: one participant's posts; for a moderator looking at
 * a respondent, 标记为完成 (sending, done, refused); empty, loading, failed.
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

export const ModeratorMayComplete: Story = {
  ...desktop,
  args: { completion: { status: 'idle', progress: null, error: null, onComplete: fn() } },
  play: shows(button('标记为完成', 'enabled')),
};

export const Completing: Story = {
  ...desktop,
  args: { completion: { status: 'sending', progress: null, error: null, onComplete: fn() } },
  play: shows(button(/正在标记/, 'disabled')),
};

export const Completed: Story = {
  ...phone,
  args: {
    completion: {
      status: 'done',
      progress: { ...progress, requiredAnswered: 3, completed: true, completedAt: T, pointsStatus: 'posted' },
      error: null,
      onComplete: fn(),
    },
  },
  play: shows('已完成（必答 3/4）', noButton('标记为完成')),
};

export const CompleteRefused: Story = {
  ...desktop,
  args: { completion: { status: 'idle', progress: null, error: '只能把受访者标记为完成', onComplete: fn() } },
  play: shows(alert('只能把受访者标记为完成'), button('标记为完成')),
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
