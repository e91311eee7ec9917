import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { APPRAISE_RULE_LINES, appraiseRules, awardOf } from '../../openapi/rules/appraise';
import type { AppraiseData } from '../../src/flows/appraise';
import { AppraiseView } from '../../src/pages/appraise/AppraiseView';
import { routedPath } from '../../src/routing/paths';
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
const winners = NAMES.map((nickname, i) => ({
  rank: i + 1,
  nickname,
  avatar: null,
  valid: 18 - i,
  counted: 18 - i + (i % 3 === 1 ? 1 : 0),
  rate: (18 - i) / (18 - i + (i % 3 === 1 ? 1 : 0)),
  award: awardOf(i + 1),
  me: false,
}));
const rules = appraiseRules();
const october: AppraiseData = {
  month: '2026-10',
  months: ['2026-10', '2026-09', '2026-08'],
  ran: true,
  winners,
  rules,
  mine: null,
};
const current = { month: '2026-11', counted: 4, valid: 3, rate: 0.75, qualified: false, moreAnswers: 6, moreValid: 7 };
const links = { ranking: routedPath('/ranking') ?? null, efficient: routedPath('/efficient') ?? null };

/** `/appraise` (public): month tabs, my line (or 登录), the month's winners with awards, and the rules. */
const meta = {
  title: 'Pages/Appraise',
  component: AppraiseView,
  parameters: { route: '/appraise' },
  decorators: [greyPage],
  args: {
    status: 'ready',
    data: october,
    onRetry: fn(),
    onMonth: fn(),
    loginHref: '/login?redirect=%2Fappraise',
    tasksTo: '/task',
    links,
  },
} satisfies Meta<typeof AppraiseView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async (ctx) => {
    await shows(
      '月度答题之星',
      '每月评出答卷又多又认真的会员，第 1 名奖励 2,000 微豆。',
      '登录后查看你的名次和本月参评进度',
      linkTo('登录/注册', '/login?redirect=%2Fappraise'),
      '+2,000 微豆',
      '有效答卷 18 份 · 有效率 100%',
      '第 4–10 名',
      APPRAISE_RULE_LINES[1]!,
      linkToOrNone('我的答题质量', links.efficient),
      linkToOrNone('微豆排行榜', links.ranking),
    )(ctx);
    const c = within(ctx.canvasElement);
    const rows = within(c.getByRole('list', { name: '2026年10月答题之星' })).getAllByRole('listitem');
    await expect(rows).toHaveLength(10);
    await expect(c.queryByTestId('my-place')).toBeNull();
  },
};
export const SwitchMonth: Story = {
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await userEvent.click(c.getByRole('tab', { name: '2026年9月' }));
    await expect(ctx.args.onMonth).toHaveBeenCalledWith('2026-09');
  },
};
export const MemberAmongWinners: Story = {
  args: {
    data: {
      ...october,
      winners: winners.map((w) => (w.rank === 3 ? { ...w, me: true } : w)),
      mine: {
        place: { rank: 3, award: 1000 },
        current: { ...current, counted: 12, valid: 12, rate: 1, qualified: true, moreAnswers: 0, moreValid: 0 },
      },
    },
  },
  play: shows(
    '你获评2026年10月第 3 名，奖励 1,000 微豆已发放',
    '我',
    '已满足参评条件，继续认真作答，月底按有效答卷数排名。',
    hidden('去做任务'),
    hidden('登录后查看你的名次和本月参评进度'),
  ),
};
export const MemberNotQualifiedYet: Story = {
  ...phone,
  args: { data: { ...october, mine: { place: null, current } } },
  play: shows(
    '4 份',
    '75%',
    '再完成 7 份有效答卷即可参评（当月至少 10 份、有效率不低于 90%）。',
    linkTo('去做任务', '/task'),
  ),
};
export const MemberNothingThisMonth: Story = {
  args: {
    data: {
      ...october,
      mine: { place: null, current: { ...current, counted: 0, valid: 0, rate: null, moreAnswers: 10, moreValid: 10 } },
    },
  },
  play: shows('0 份', '—', '再完成 10 份有效答卷即可参评（当月至少 10 份、有效率不低于 90%）。'),
};
export const NoResultsYet: Story = {
  args: { data: { ...october, month: '2026-10', months: [], ran: false, winners: [] } },
  play: shows(
    '2026年10月的评选结果还没有出来',
    '每月 1 日起评选上个月的答题之星，请稍后再来看看。',
    hidden('2026年9月'),
  ),
};
export const NobodyQualified: Story = {
  ...phone,
  args: { data: { ...october, winners: [] } },
  play: shows('2026年10月没有会员达到参评条件', '当月至少完成 10 份答卷、有效率不低于 90% 才能参评。'),
};
export const Loading: Story = {
  args: { status: 'loading', data: null },
  play: shows('正在加载答题之星…', '正在加载…'),
};
export const Failed: Story = {
  args: { status: 'error', data: null, error: '网络不太稳定，请稍后再试' },
  play: presses('重新加载', 'onRetry', '答题之星加载失败', '规则暂时无法显示'),
};
