import type { Meta, StoryObj } from '@storybook/react-vite';
import { Header } from '../../src/components/Header';
import { Footer } from '../../src/components/Footer';
import { expect, within } from 'storybook/test';
import { LandingView } from '../../src/pages/landing/LandingView';
import { RecommendedTasks, visitorTaskLink } from '../../src/components/task/RecommendedTasks';
import { cardViews, NOW } from '../tasks/fixtures';
import { shows, hidden, link } from '../play';
import { phone } from '../layout';
import { PromoShowcase } from '../../src/components/promo/PromoShowcase';
import { BANNERS, EVENTS } from '../promo/fixtures';

const meta = {
  title: 'Pages/Landing',
  component: LandingView,
  parameters: { route: '/' },
} satisfies Meta<typeof LandingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Content: Story = { play: shows(link('立即注册赚微豆'), link('去做任务'), hidden('登录/注册')) };

export const WithShell: Story = {
  render: (args) => (
    <>
      <Header user={null} activePath="/" transparent />
      <LandingView {...args} />
      <Footer year={2025} />
    </>
  ),
  play: shows(link('登录/注册'), link('立即注册赚微豆'), link('商务合作')),
};

/** The app page is not built yet, so the landing page does not advertise the app. */
export const Phone: Story = {
  ...phone,
  play: shows(link('立即注册赚微豆'), hidden('了解 App'), hidden('下载微豆调研 App')),
};

/** As prerendered and before the recommendations arrive (or when there are none): no 推荐 section. */
export const WithoutRecommended: Story = {
  play: shows(hidden('这些任务正在招募')),
};

/** After mount the recommended tasks arrive below the fold; each card leads a visitor to login and back. */
export const WithRecommended: Story = {
  args: {
    recommended: (
      <RecommendedTasks
        tasks={cardViews.filter((t) => t.mine === null).slice(0, 3)}
        linkFor={visitorTaskLink}
        now={NOW}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('这些任务正在招募')).toBeInTheDocument();
    const cards = c.getAllByTestId('task-card');
    await expect(cards).toHaveLength(3);
    await expect(cards[0]).toHaveAttribute('href', '/login?redirect=%2Ftask%2Fdetail%2Fk3Xp9QaLm2Vd');
  },
};

export const WithRecommendedPhone: Story = { ...WithRecommended, ...phone };

/** The landing page's banners and campaigns, arriving after mount like the recommendations. */
export const WithCampaigns: Story = {
  args: { campaigns: <PromoShowcase banners={BANNERS} events={EVENTS} label="首页轮播图" /> },
  play: shows('正在进行的活动', link('邀请好友一起赚微豆'), '每日签到挑战', '活动时间：11月1日 – 11月30日'),
};

export const WithCampaignsPhone: Story = { ...WithCampaigns, ...phone };

/** Before they arrive (or when none are published): no 活动 section. */
export const WithoutCampaigns: Story = { play: shows(hidden('正在进行的活动'), hidden('活动与福利')) };
