import type { Meta, StoryObj } from '@storybook/react-vite';
import { CampaignPerks, type CampaignPerk } from '../../src/components/CampaignPerks';
import { desktop, phone } from '../layout';
import { hidden, linkTo, shows } from '../play';

/**
 * 福利中心's seasonal campaigns (listCampaigns): running ones (进行中, their last day), upcoming ones
 * (即将开始, their first day), both; each card a link to the campaign's page. None renders nothing:
 * 福利中心's story without campaigns (Welfare.stories.tsx, NoSeasonalCampaign) shows that.
 */

/** Midnight in Beijing on 2026-12-`day` (days past the month's end roll over). */
const beijingMidnight = (day: number) => Date.UTC(2026, 11, day) - 8 * 3_600_000;

const christmas: CampaignPerk = {
  slug: 'christmas',
  title: '圣诞狂欢季',
  description: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
  phase: 'running',
  startsAt: beijingMidnight(17),
  endsAt: beijingMidnight(34),
  to: '/christmas',
};
const spring: CampaignPerk = {
  slug: 'spring',
  title: '新春红包节',
  description: '',
  phase: 'upcoming',
  startsAt: beijingMidnight(27) + 10 * 3_600_000,
  endsAt: beijingMidnight(41),
  to: '/campaigns/spring',
};
const double11: CampaignPerk = {
  ...christmas,
  slug: 'double-11',
  title: '双十一答题节',
  description: '',
  endsAt: beijingMidnight(25) + 18 * 3_600_000,
  to: '/campaigns/double-11',
};

const meta = {
  title: 'Campaigns/CampaignPerks',
  component: CampaignPerks,
  parameters: { route: '/welfare' },
  args: { campaigns: [christmas, spring] },
} satisfies Meta<typeof CampaignPerks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RunningAndUpcoming: Story = {
  ...desktop,
  play: shows(
    linkTo(/圣诞狂欢季/, '/christmas'),
    '进行中',
    '1月2日 结束：活动期间每完成',
    linkTo(/新春红包节/, '/campaigns/spring'),
    '即将开始',
    '12月27日 10:00 开始：敬请期待',
  ),
};

export const Phone: Story = { ...phone, play: RunningAndUpcoming.play };

/** A campaign ending at another hour than midnight says when; one without a line says it runs. */
export const RunningOnly: Story = {
  ...phone,
  args: { campaigns: [double11] },
  play: shows(
    linkTo(/双十一答题节/, '/campaigns/double-11'),
    '12月25日 18:00 结束：限时活动进行中',
    hidden('即将开始'),
  ),
};

export const UpcomingOnly: Story = {
  ...desktop,
  args: { campaigns: [spring] },
  play: shows(linkTo(/新春红包节/, '/campaigns/spring'), '即将开始', hidden('进行中')),
};
