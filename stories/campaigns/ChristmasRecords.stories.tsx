import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CampaignDrawData } from '../../src/flows/campaign';
import { ChristmasRecordsView, type DrawRecords } from '../../src/pages/christmas/ChristmasRecordsView';
import { desktop, phone } from '../layout';
import { button, linkTo, shows } from '../play';

/** `/christmas/records`: my draws (a prize, nothing, a prize gone), empty, loading, failed. */

const T = Date.UTC(2026, 11, 20, 4);
const base = {
  day: '2026-12-20',
  seedHash: 'a'.repeat(64),
  seed: null,
  memberSeed: '0123456789abcdef0123456789abcdef',
  roll: 4321,
  table: [{ prizeId: 1, weight: 10000 }],
};
const draws: CampaignDrawData[] = [
  { ...base, id: 3, createdAt: T, outcome: 'prize', prizeName: '100 微豆', points: 100, nonce: 3 },
  { ...base, id: 2, createdAt: T - 60_000, outcome: 'none', prizeName: '谢谢参与', points: null, nonce: 2 },
  {
    ...base,
    id: 1,
    createdAt: T - 120_000,
    outcome: 'out_of_stock',
    prizeName: '1225 微豆',
    points: null,
    nonce: 1,
    seed: 'b'.repeat(64),
  },
];
const ready: DrawRecords = {
  items: draws,
  status: 'ready',
  total: 3,
  hasMore: false,
  error: null,
  onLoadMore: fn(),
  onRetry: fn(),
};

const meta = {
  title: 'Campaigns/ChristmasRecords',
  component: ChristmasRecordsView,
  parameters: { route: '/christmas/records' },
  args: { records: ready, backHref: '/christmas' },
} satisfies Meta<typeof ChristmasRecordsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Records: Story = {
  ...desktop,
  play: shows(
    '抽中「100 微豆」',
    '+100 微豆已到账',
    '谢谢参与',
    '未中奖（「1225 微豆」已发完）',
    '共得 100 微豆',
    linkTo('‹ 圣诞狂欢季', '/christmas'),
  ),
};

export const RecordsPhone: Story = { ...phone, play: Records.play };

export const Empty: Story = {
  ...phone,
  args: { records: { ...ready, items: [], total: 0, status: 'empty' } },
  play: shows('还没有抽奖记录'),
};

export const Loading: Story = {
  ...desktop,
  args: { records: { ...ready, items: [], total: 0, status: 'loading' } },
  play: shows(/加载/),
};

export const Failed: Story = {
  ...desktop,
  args: { records: { ...ready, items: [], total: 0, status: 'error', error: '网络错误，请稍后重试' } },
  play: shows(button('重新加载'), '网络错误，请稍后重试'),
};
