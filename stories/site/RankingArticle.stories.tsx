import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RankingArticleView } from '../../src/pages/ranking-article/RankingArticleView';
import { greyPage, phone } from '../layout';
import { linkTo, presses, shows } from '../play';

const article = {
  id: 2,
  title: '读完题目再作答：别掉进「注意力题」',
  updatedAt: Date.UTC(2026, 10, 20, 2, 0),
  content:
    '<p>为了确认大家在认真读题，问卷里会穿插少量<strong>注意力题</strong>，例如：</p><blockquote>本题用于检查作答质量，请直接选择「比较同意」。</blockquote><p>没有按要求作答，这份问卷会被判定为<strong>陷阱题未通过</strong>。</p><ul><li>每道题先读完题干和全部选项再选；</li><li>矩阵题最容易「一路点同一列」，放慢一点。</li></ul>',
};

/** `/ranking/article/{id}` (public): one answering-tips article. */
const meta = {
  title: 'Pages/RankingArticle',
  component: RankingArticleView,
  parameters: { route: '/ranking/article/2' },
  decorators: [greyPage],
  args: { status: 'ready', article, onRetry: fn(), back: { to: '/ranking', label: '排行榜' } },
} satisfies Meta<typeof RankingArticleView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: shows(
    '读完题目再作答：别掉进「注意力题」',
    '更新于 2026-11-20',
    '陷阱题未通过',
    linkTo('‹ 排行榜', '/ranking'),
  ),
};
export const Phone: Story = { ...phone, play: shows('矩阵题最容易「一路点同一列」，放慢一点。') };
export const Loading: Story = { args: { status: 'loading', article: null }, play: shows('正在加载…') };
export const NotFound: Story = {
  args: { status: 'notFound', article: null },
  play: shows('这篇文章不存在或已下线', linkTo('排行榜', '/ranking')),
};
export const Failed: Story = {
  args: { status: 'error', article: null, error: '网络不太稳定，请稍后再试' },
  play: presses('重新加载', 'onRetry', '文章加载失败', '网络不太稳定，请稍后再试'),
};
