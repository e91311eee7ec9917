import type { Meta, StoryObj } from '@storybook/react-vite';
import { CampaignPerks, type CampaignPerk } from '../../src/components/CampaignPerks';
import { PERKS } from '../../src/pages/welfare/WelfarePage';
import { WelfareView } from '../../src/pages/welfare/WelfareView';
import { isRouted } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { hidden, linkTo, linkToOrNone, shows } from '../play';

/**
 * `/welfare` 福利中心: the perks whose pages are built, with the seasonal campaigns running or about
 * to start first (each linking to its page), or without any.
 */

const perks = PERKS.filter((perk) => isRouted(perk.to));
const NOW = Date.UTC(2026, 11, 20, 4);
const DAY = 86_400_000;
/** Midnight in Beijing, `days` days from NOW's day. */
const beijingDay = (days: number) => Date.UTC(2026, 11, 20 + days) - 8 * 3_600_000;

const christmas: CampaignPerk = {
  slug: 'christmas',
  title: '圣诞狂欢季',
  description: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
  phase: 'running',
  startsAt: NOW - 3 * DAY,
  endsAt: beijingDay(14),
  to: '/christmas',
};
const spring: CampaignPerk = {
  slug: 'spring',
  title: '新春红包节',
  description: '新春期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽红包机会，888 微豆大红包等你来拿！',
  phase: 'upcoming',
  startsAt: beijingDay(7),
  endsAt: beijingDay(21),
  to: '/campaigns/spring',
};

const meta = {
  title: 'Campaigns/Welfare',
  component: WelfareView,
  parameters: { route: '/welfare' },
  args: { perks },
} satisfies Meta<typeof WelfareView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every perk links to its page, or — a page not built yet — is not there. */
const everyPerk = PERKS.map((perk) => linkToOrNone(new RegExp(perk.title), isRouted(perk.to) ? perk.to : null));

export const NoSeasonalCampaign: Story = {
  ...desktop,
  play: shows('福利中心', ...everyPerk, hidden('圣诞狂欢季'), hidden('即将开始')),
};

export const SeasonalCampaignRunning: Story = {
  ...desktop,
  args: { season: <CampaignPerks campaigns={[christmas]} /> },
  play: shows(linkTo(/圣诞狂欢季/, '/christmas'), '进行中', '1月2日 结束：活动期间', hidden('即将开始'), ...everyPerk),
};

/** A running campaign and one about to start (the demo's two): each links to its page. */
export const RunningAndUpcoming: Story = {
  ...desktop,
  args: { season: <CampaignPerks campaigns={[christmas, spring]} /> },
  play: shows(
    linkTo(/圣诞狂欢季/, '/christmas'),
    linkTo(/新春红包节/, '/campaigns/spring'),
    '即将开始',
    '12月27日 开始：新春期间每完成',
    ...everyPerk,
  ),
};

export const PhoneWithSeasonalCampaigns: Story = {
  ...phone,
  args: { season: <CampaignPerks campaigns={[christmas, spring]} /> },
  play: shows(
    linkTo(/圣诞狂欢季/, '/christmas'),
    linkTo(/新春红包节/, '/campaigns/spring'),
    linkTo(/幸运大转盘/, '/lottery'),
  ),
};
