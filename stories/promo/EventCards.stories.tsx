import type { Meta, StoryObj } from '@storybook/react-vite';
import { EventCards } from '../../src/components/promo/EventCards';
import { desktop, phone } from '../layout';
import { linkTo, shows, testIds } from '../play';
import { EVENTS } from './fixtures';

/** 热门活动: a card per campaign in progress, each leading to its page. */
const meta = {
  title: 'Components/EventCards',
  component: EventCards,
  args: { events: EVENTS },
} satisfies Meta<typeof EventCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Several: Story = {
  ...desktop,
  play: shows(
    testIds('event-card', 2),
    '连续签到 7 天，每天最高 20 微豆',
    '活动时间：11月1日 – 11月30日',
    '活动时间：2026年11月1日 – 2027年1月15日',
    linkTo(/每日签到挑战/, '/home'),
    linkTo(/双十一消费调研季/, 'https://weidou.example/double11'),
  ),
};

export const Phone: Story = { ...phone, play: shows(testIds('event-card', 2), '每日签到挑战') };
