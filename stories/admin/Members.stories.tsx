import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { MemberSearchHit } from '../../src/admin/flows/members';
import { MembersView } from '../../src/admin/pages/members/MembersView';
import { consolePaths } from '../../src/admin/routing/paths';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, shows, testIds } from '../play';

/** /admin/members: one search box (what it accepts said), the results a page at a time, empty and error states. */
const NOW = Date.UTC(2026, 10, 29, 8, 0);
const hit = (id: number, extra: Partial<MemberSearchHit> = {}): MemberSearchHit => ({
  id,
  memberCode: `WD${String(id).padStart(6, '0')}`,
  nickname: `微豆用户${id}`,
  mobile: '138****0000',
  registeredAt: NOW - id * 86_400_000,
  balance: 1280,
  frozen: null,
  matchedBy: 'nickname',
  ...extra,
});
const hits = [
  hit(1, { nickname: '小林', matchedBy: 'mobile', memberCode: 'WDK3X9P2' }),
  hit(12, { frozen: { at: NOW - 3_600_000, reason: '批量注册刷任务' }, balance: 0 }),
  hit(15, { mobile: null }),
];

const meta = {
  title: 'Admin/Members',
  component: MembersView,
  parameters: { route: '/admin/members' },
  args: {
    draft: '',
    query: '',
    status: 'idle',
    rows: [],
    total: 0,
    page: 1,
    pageCount: 1,
    error: null,
    memberLink: consolePaths.member,
    onDraft: fn(),
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof MembersView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Start: Story = {
  ...desktop,
  play: shows('可输入手机号、会员编号、ID、昵称或邀请码', button('查找', 'disabled'), hidden('没有找到会员')),
};
export const Loading: Story = {
  ...desktop,
  args: { draft: '13800000000', query: '13800000000', status: 'loading' },
  play: shows('加载中…', button('查找', 'enabled')),
};
export const Results: Story = {
  ...desktop,
  args: { draft: '小', query: '小', status: 'ready', rows: hits, total: 3 },
  play: shows(
    testIds('member-hit', 3),
    linkTo('WDK3X9P2', '/admin/members/1'),
    '按手机号',
    '已冻结',
    '未绑定',
    '138****0000',
    '共 3 位会员',
  ),
};
export const Paged: Story = {
  ...desktop,
  args: { draft: '微豆', query: '微豆', status: 'ready', rows: hits, total: 45, page: 2, pageCount: 3 },
  play: shows('第 2 / 3 页，共 45 位会员', button('上一页', 'enabled'), button('下一页', 'enabled')),
};
export const NothingFound: Story = {
  ...desktop,
  args: { draft: '13900000000', query: '13900000000', status: 'ready' },
  play: shows('没有找到会员', '没有与「13900000000」相符的会员'),
};
export const SearchFailed: Story = {
  ...desktop,
  args: { draft: '小林', query: '小林', status: 'error', error: '网络错误，请稍后重试' },
  play: shows(alert('查找失败'), button('重新加载')),
};
export const PhoneResults: Story = {
  ...phone,
  args: { draft: '小', query: '小', status: 'ready', rows: hits, total: 3 },
  play: shows(testIds('member-hit', 3), '已冻结'),
};
