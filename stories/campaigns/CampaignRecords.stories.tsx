import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CampaignDrawData } from '../../src/flows/campaign';
import { CampaignRecordsView, type DrawRecords } from '../../src/pages/campaign/CampaignRecordsView';
import { desktop, phone } from '../layout';
import { button, hidden, linkTo, presses, shows } from '../play';

/**
 * `/christmas/records`: my draws (a prize, nothing, a prize gone), a revealed draw re-checked in the
 * browser (pressed, passed, mismatched), empty, loading, failed.
 */

const T = Date.UTC(2026, 11, 20, 4);
const base: Omit<CampaignDrawData, 'id' | 'createdAt' | 'outcome' | 'prizeName' | 'points' | 'nonce'> = {
  day: '2026-12-20',
  seedHash: 'a'.repeat(64),
  seed: null,
  rule: 2,
  kind: 'campaign:christmas',
  member: 'K7QX2M9P',
  memberSeed: '0123456789abcdef0123456789abcdef',
  roll: 4321,
  drawnPrizeId: 1,
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
  title: 'Campaigns/CampaignRecords',
  component: CampaignRecordsView,
  parameters: { route: '/christmas/records' },
  args: {
    records: ready,
    campaignTitle: '圣诞狂欢季',
    notFound: false,
    backHref: '/christmas',
    moreHref: '/welfare',
    checks: {},
    onVerify: fn(),
  },
} satisfies Meta<typeof CampaignRecordsView>;

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

/** Only the draw whose day has ended (its seed revealed) offers the re-check. */
export const Verify: Story = {
  ...desktop,
  play: presses(
    '在浏览器中复核',
    'onVerify',
    '系统密钥将在 2026-12-20 结束后公开，之后可以一键复核。',
    '已公开的种子（系统密钥）',
    /你的会员编号 K7QX2M9P/,
    'campaign:christmas|K7QX2M9P|0123456789abcdef0123456789abcdef|1',
  ),
};

export const Verified: Story = {
  ...phone,
  args: { checks: { 1: { status: 'done', check: { hashMatches: true, roll: 4321, prizeId: 1, ok: true } } } },
  play: shows('✓ 复核通过：公开的种子与事先公布的指纹吻合，重新算出的数字 4321 与记录相同'),
};

export const Mismatch: Story = {
  ...desktop,
  args: { checks: { 1: { status: 'done', check: { hashMatches: true, roll: 12, prizeId: 1, ok: false } } } },
  play: shows('✗ 复核未通过：重新算出的数字是 12，与记录不同，请联系客服'),
};

export const Checking: Story = {
  ...desktop,
  args: { checks: { 1: { status: 'checking' } } },
  play: shows('正在复核…'),
};

export const NotRevealed: Story = {
  ...desktop,
  args: { records: { ...ready, items: draws.slice(0, 1), total: 1 } },
  play: shows('系统密钥将在 2026-12-20 结束后公开，之后可以一键复核。', hidden('在浏览器中复核')),
};

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

/** A draw made before 2026-11-29 verifies under the rule it was drawn with (member seed and nonce only). */
export const OldRuleDraw: Story = {
  ...desktop,
  args: {
    records: {
      ...ready,
      items: [{ ...draws[2]!, rule: 1, kind: null, member: null }],
      total: 1,
    },
  },
  play: shows(/（旧版规则）/, '0123456789abcdef0123456789abcdef:1', button('在浏览器中复核')),
};

/** Another campaign's records (`/campaigns/spring/records`): the way back names it. */
export const SpringRecords: Story = {
  ...phone,
  parameters: { route: '/campaigns/spring/records' },
  args: { campaignTitle: '新春红包节', backHref: '/campaigns/spring' },
  play: shows(linkTo('‹ 新春红包节', '/campaigns/spring'), '我的抽奖记录', '共得 100 微豆'),
};

/** While the campaign's title loads, the way back says 活动. */
export const TitleLoading: Story = {
  ...desktop,
  args: { campaignTitle: null },
  play: shows(linkTo('‹ 活动', '/christmas'), '抽中「100 微豆」'),
};

/** No campaign at this slug: the not-found state and the way to 福利中心, no list. */
export const NotFound: Story = {
  ...desktop,
  parameters: { route: '/campaigns/nope/records' },
  args: { campaignTitle: null, notFound: true, backHref: '/campaigns/nope' },
  play: shows('活动不存在或已下线', linkTo('去福利中心看看', '/welfare'), hidden('抽中「100 微豆」')),
};
