import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RankingView, type RankingBoard } from '../../src/pages/ranking/RankingView';
import { APPRAISE_PATH, rankingArticlePath, routedPath } from '../../src/routing/paths';
import { greyPage, phone } from '../layout';
import { hidden, linkTo, linkToOrNone, presses, shows } from '../play';

const NAMES = [
  '豆***满',
  '问***杰',
  '晴***鱼',
  '认***猫',
  '橙***水',
  '林***路',
  '周***人',
  '青*',
  '星***烫',
  '早***鸟',
];
const entries = Array.from({ length: 50 }, (_, i) => ({
  rank: i === 2 ? 2 : i + 1, // two share 2nd place
  nickname: NAMES[i % NAMES.length]!,
  avatar: null,
  amount: i === 2 ? 2480 : 2600 - i * 40,
  me: false,
}));
const week: RankingBoard = { period: 'week', start: '2026-11-23', end: '2026-11-29', entries, mine: null };
const tips = [
  { id: 1, title: '开放题怎么答才算认真', summary: '写出自己的真实想法和具体细节，比凑字数有用得多' },
  { id: 2, title: '读完题目再作答：别掉进「注意力题」', summary: '有些题会直接告诉你该选哪一项，读完再选就不会错' },
  { id: 3, title: '前后回答要一致', summary: '问卷会从不同角度问同一件事，前后矛盾会被判为逻辑错误' },
];

/** `/ranking` (public): 本周 / 本月, my rank (or 登录), the top 50, and the answering tips. */
const meta = {
  title: 'Pages/Ranking',
  component: RankingView,
  parameters: { route: '/ranking' },
  decorators: [greyPage],
  args: {
    period: 'week',
    onPeriod: fn(),
    status: 'ready',
    board: week,
    onRetry: fn(),
    tips: { status: 'ready', list: tips, onRetry: fn() },
    tipPath: rankingArticlePath,
    loginHref: '/login?redirect=%2Franking',
    tasksTo: '/task',
    appraiseTo: routedPath(APPRAISE_PATH) ?? null,
  },
} satisfies Meta<typeof RankingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async (ctx) => {
    await shows(
      '微豆排行榜',
      '本周（11月23日–11月29日）获得微豆最多的会员，被撤回的奖励不计入。',
      '登录后查看你的排名和本周获得的微豆',
      linkTo('登录/注册', '/login?redirect=%2Franking'),
      '2,600 微豆',
      linkTo(/^开放题怎么答才算认真/, '/ranking/article/1'),
      linkToOrNone('去看看', routedPath(APPRAISE_PATH) ?? null),
    )(ctx);
    const c = within(ctx.canvasElement);
    const rows = within(c.getByRole('list', { name: '本周排行榜' })).getAllByRole('listitem');
    await expect(rows).toHaveLength(50);
    await expect(c.getAllByLabelText('第 2 名')).toHaveLength(2);
    await expect(c.queryByTestId('my-rank')).toBeNull();
  },
};
export const MemberInTop: Story = {
  args: {
    board: {
      ...week,
      entries: entries.map((e, i) => (i === 4 ? { ...e, me: true } : e)),
      mine: { rank: 5, amount: 2440 },
    },
  },
  play: async (ctx) => {
    await shows('我的排名', '第 5 名', '2,440 微豆', '我', hidden('登录后查看你的排名和本周获得的微豆'))(ctx);
  },
};
export const MemberOutsideTop: Story = {
  ...phone,
  args: { board: { ...week, mine: { rank: 1234, amount: 35 } } },
  play: shows('第 1234 名', '35 微豆'),
};
export const MemberNothingYet: Story = {
  args: { board: { ...week, mine: { rank: null, amount: 0 } } },
  play: shows('你本周还没有获得微豆，完成任务就能上榜', linkTo('去做任务', '/task')),
};
export const Month: Story = {
  args: { period: 'month', board: { ...week, period: 'month', start: '2026-11-01', end: '2026-11-30' } },
  play: async (ctx) => {
    await shows('本月（11月1日–11月30日）获得微豆最多的会员，被撤回的奖励不计入。')(ctx);
    const c = within(ctx.canvasElement);
    await userEvent.click(c.getByRole('tab', { name: '本周' }));
    await expect(ctx.args.onPeriod).toHaveBeenCalledWith('week');
  },
};
export const EmptyBoard: Story = {
  args: { board: { ...week, entries: [], mine: { rank: null, amount: 0 } } },
  play: shows('本周还没有人上榜', '完成任务获得微豆，就能出现在这里。'),
};
export const Loading: Story = {
  args: { status: 'loading', board: null, tips: { status: 'loading', list: [] } },
  play: shows('正在加载排行榜…'),
};
export const Failed: Story = {
  args: {
    status: 'error',
    board: null,
    error: '网络不太稳定，请稍后再试',
    tips: { status: 'error', list: [], error: '网络不太稳定，请稍后再试', onRetry: fn() },
  },
  play: presses('重新加载', 'onRetry', '排行榜加载失败', '答题技巧加载失败'),
};
export const NoTips: Story = {
  ...phone,
  args: { tips: { status: 'ready', list: [] } },
  play: shows('暂时还没有答题技巧文章', linkTo('登录/注册', '/login?redirect=%2Franking')),
};
