import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import {
  ForumRespondentsView,
  type ForumRespondentRow,
  type ForumRespondentsViewProps,
} from '../../src/pages/forum-respondents/ForumRespondentsView';
import { desktop, phone } from '../layout';
import { linkTo, presses, shows, testIds } from '../play';
import { HASH, T, progress } from './fixtures';

/** `/bbs/{taskHashId}/respondents` 受访者进度: the moderator's respondents with their progress; empty, loading, failed. */

const row = (memberId: number, name: string, over: Partial<ForumRespondentRow> = {}): ForumRespondentRow => ({
  author: { memberId, name, avatar: null, role: 0 },
  entered: true,
  replyCount: 2,
  lastReplyAt: T,
  progress: { ...progress, requiredAnswered: 1, requiredTotal: 3, points: 800 },
  ...over,
});

const items: ForumRespondentRow[] = [
  row(7, '受访者 07'),
  row(9, '未进入论坛的受访者', {
    entered: false,
    replyCount: 0,
    lastReplyAt: null,
    progress: { ...progress, requiredAnswered: 0, requiredTotal: 3, points: 800 },
  }),
  row(8, '爱喝牛奶的小林', {
    replyCount: 5,
    progress: {
      ...progress,
      requiredAnswered: 3,
      requiredTotal: 3,
      completed: true,
      completedAt: T,
      points: 800,
      pointsStatus: 'posted',
    },
  }),
];

const args: ForumRespondentsViewProps = {
  status: 'ready',
  items,
  total: 3,
  hasMore: false,
  boardHref: `/bbs/${HASH}`,
  memberHref: (id) => `/bbs/${HASH}/users/${id}`,
  onLoadMore: fn(),
  onRetry: fn(),
};

const meta = {
  title: 'Forum/Respondents',
  component: ForumRespondentsView,
  parameters: { route: `/bbs/${HASH}/respondents` },
  args,
} satisfies Meta<typeof ForumRespondentsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Respondents: Story = {
  ...desktop,
  play: shows(
    '受访者进度',
    /共 3 位/,
    testIds('forum-respondent', 3),
    '未完成 · 必答 1/3',
    '完成可得 800 微豆',
    '已完成 · 必答 3/3',
    '已发放 800 微豆',
    linkTo('返回座谈会', `/bbs/${HASH}`),
  ),
};

export const RespondentsPhone: Story = {
  ...phone,
  play: shows('未进入论坛的受访者', '未完成 · 必答 0/3', testIds('forum-respondent', 3), async (canvas) => {
    // One who never entered the board has no 发言记录 to open yet: two rows are links, not three.
    const rows = canvas.getAllByTestId('forum-respondent');
    await expect(rows.map((r: HTMLElement) => r.querySelector('a') !== null)).toEqual([true, false, true]);
  }),
};

export const Empty: Story = {
  ...desktop,
  args: { status: 'empty', items: [], total: 0 },
  play: shows('还没有受访者', '会员在任务中开始参加后会出现在这里'),
};

export const Loading: Story = {
  ...phone,
  args: { status: 'loading', items: [] },
  play: shows('正在加载受访者…'),
};

export const NotModerator: Story = {
  ...desktop,
  args: { status: 'error', items: [], error: '只有主持人可以这样操作' },
  play: presses('重新加载', 'onRetry', '受访者加载失败', '只有主持人可以这样操作'),
};
