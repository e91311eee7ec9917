import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HelpArticleView } from '../../src/pages/help-article/HelpArticleView';
import { feedbackAskInCategory } from '../../src/routing/feedback';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, linkTo, linkToOrNone, presses, shows } from '../play';

const article = {
  id: 41,
  categoryId: 2104,
  categoryName: '兑换与提现',
  title: '兑换后多久到账？各个兑换状态是什么意思？',
  hot: true,
  updatedAt: Date.UTC(2026, 10, 20, 2, 0),
  content:
    '<p>每一笔兑换都会先由工作人员审核，进度可在<a href="/home/exchange">兑换记录</a>中随时查看：</p><ul><li><strong>待审核</strong>：兑换已提交，微豆已扣除，等待审核；</li><li><strong>待发放</strong>：审核通过，等待发放；</li><li><strong>已发放</strong>：现金已打款、卡密已发放或实物已发货。</li></ul><h3>审核通过后多久到手</h3><p>现金一般 1–3 个工作日内打款到你选择的支付宝或微信。</p>',
  related: [
    { id: 42, title: '兑换现金需要满足什么条件？' },
    { id: 43, title: '兑换被驳回了怎么办？' },
  ],
};

/** The feedback form this article would offer: only while that page is built (else no link at all). */
const ASK = feedbackAskInCategory(2);

/** `/home/feedback/help/{category}/{id}`: the answer, its vote, related questions and one tap to ask. */
const meta = {
  title: 'Pages/HelpArticle',
  component: HelpArticleView,
  ...homePage('/home/feedback/help/2104/41'),
  args: {
    status: 'ready',
    article,
    helpful: 12,
    myVote: null,
    voting: null,
    onVote: fn(),
    onRetry: fn(),
    askHref: null,
    back: { to: '/home/feedback', label: '帮助与反馈' },
    categoryPath: (id: number) => `/home/feedback/help/${id}`,
    articlePath: (categoryId: number, id: number) => `/home/feedback/help/${categoryId}/${id}`,
  },
} satisfies Meta<typeof HelpArticleView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotVoted: Story = {
  play: presses(
    '有帮助',
    'onVote',
    '兑换后多久到账？各个兑换状态是什么意思？',
    '常见问题',
    '更新于 2026-11-20',
    '审核通过后多久到手',
    '这篇解答有帮助吗？',
    '12 人觉得有帮助',
    linkTo('‹ 兑换与提现', '/home/feedback/help/2104'),
    linkTo('兑换记录', '/home/exchange'),
    linkTo('兑换被驳回了怎么办？', '/home/feedback/help/2104/43'),
    hidden('没有解决你的问题？'),
  ),
};
export const VotedHelpful: Story = {
  args: { myVote: true, helpful: 13, onVote: fn() },
  play: async ({ canvasElement, args }) => {
    await shows('感谢你的评价。13 人觉得有帮助，可以随时改选。')({ canvasElement });
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: '有帮助' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: '没帮助' })).toHaveAttribute('aria-pressed', 'false');
    // The chosen one again changes nothing; the other changes the vote.
    await userEvent.click(c.getByRole('button', { name: '有帮助' }));
    await expect(args.onVote).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: '没帮助' }));
    await expect(args.onVote).toHaveBeenCalledWith(false);
  },
};
export const VotedNotHelpful: Story = {
  args: { myVote: false, helpful: 0 },
  play: shows('感谢你的评价，我们会继续改进这篇解答。可以随时改选。'),
};
export const Voting: Story = {
  args: { voting: true },
  play: shows(button(/有帮助/, 'disabled'), button('没帮助', 'disabled')),
};
export const NobodyYet: Story = {
  args: { helpful: 0, article: { ...article, hot: false, related: [] } },
  play: shows('你的评价会帮助我们改进解答', hidden('常见问题'), hidden('相关问题')),
};
export const AskWhenBuilt: Story = {
  args: { askHref: ASK },
  play: shows(linkToOrNone('去提问', ASK), ASK ? '没有解决你的问题？' : hidden('没有解决你的问题？')),
};
export const Loading: Story = { args: { status: 'loading', article: null }, play: shows('正在加载…') };
export const NotFound: Story = {
  args: { status: 'notFound', article: null, back: { to: '/home/feedback/help/2104', label: '返回分类' } },
  play: shows(
    '这个问题不存在或已下线',
    '解答可能已经更新或合并，去看看其他帮助吧。',
    linkTo('返回分类', '/home/feedback/help/2104'),
    hidden('这篇解答有帮助吗？'),
  ),
};
export const LoadFailed: Story = {
  args: { status: 'error', article: null, error: '网络错误' },
  play: presses('重新加载', 'onRetry', alert('解答加载失败'), '网络错误'),
};
export const Phone: Story = { ...phone, play: shows('审核通过后多久到手', button('没帮助')) };
export const Desktop: Story = { ...desktop, play: shows('相关问题', '兑换现金需要满足什么条件？') };
