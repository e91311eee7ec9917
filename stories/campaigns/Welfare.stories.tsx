import type { Meta, StoryObj } from '@storybook/react-vite';
import { PERKS } from '../../src/pages/welfare/WelfarePage';
import { WelfareView } from '../../src/pages/welfare/WelfareView';
import { PerkCard } from '../../src/components/PerkCard';
import { isRouted } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { hidden, linkTo, linkToOrNone, shows } from '../play';

/** `/welfare` 福利中心: the perks whose pages are built, with the seasonal campaign while it runs, or without. */

const perks = PERKS.filter((perk) => isRouted(perk.to));
const season = (
  <PerkCard
    highlight
    perk={{
      icon: 'season',
      title: '圣诞狂欢季',
      text: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
      to: '/christmas',
    }}
  />
);

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
  play: shows('福利中心', ...everyPerk, hidden('圣诞狂欢季')),
};

export const SeasonalCampaignRunning: Story = {
  ...desktop,
  args: { season },
  play: shows(linkTo(/圣诞狂欢季/, '/christmas'), ...everyPerk),
};

export const PhoneWithSeasonalCampaign: Story = {
  ...phone,
  args: { season },
  play: shows(linkTo(/圣诞狂欢季/, '/christmas'), linkTo(/幸运大转盘/, '/lottery')),
};
