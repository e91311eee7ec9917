import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AuditView } from '../../src/admin/pages/audit/AuditView';
import { NO_FILTER, type AuditEntry } from '../../src/admin/flows/audit';
import { desktop, phone } from '../layout';
import { alert, button, shows, testIds } from '../play';

/** /admin/audit: filters, the paged rows, a row's details, export and the chain check. */
const row = (id: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: Date.UTC(2026, 10, 29, 1, id),
  staffId: 4,
  staffLogin: 'demo.admin',
  staffRoles: ['admin'],
  channel: 'console',
  operation: 'setStaffRoles',
  operationName: '修改员工角色',
  targetType: 'staff',
  targetId: 'demo.support',
  before: { roles: ['support'] },
  after: { roles: ['support', 'finance'] },
  reason: '兼任财务复核',
  ip: '10.0.0.8',
  userAgent: 'Chrome',
  hash: 'ab'.repeat(32),
  ...extra,
});
const rows = [
  row(3),
  row(2, { operation: 'createStaff', operationName: '新建员工账号', before: null }),
  row(1, { channel: 'cli' }),
];

const meta = {
  title: 'Admin/Audit',
  component: AuditView,
  parameters: { route: '/admin/audit' },
  args: {
    draft: NO_FILTER,
    status: 'ready',
    rows,
    total: 43,
    page: 1,
    pageCount: 3,
    error: null,
    openId: null,
    verify: { kind: 'idle' },
    exporting: { kind: 'idle' },
    onDraft: fn(),
    onSearch: fn(),
    onReset: fn(),
    onPage: fn(),
    onToggle: fn(),
    onRetry: fn(),
    onVerify: fn(),
    onExport: fn(),
  },
} satisfies Meta<typeof AuditView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  ...desktop,
  play: shows(
    testIds('audit-row', 3),
    '第 1 / 3 页，共 43 条',
    button('上一页', 'disabled'),
    button('下一页', 'enabled'),
    '（命令行）',
  ),
};
export const Loading: Story = { ...desktop, args: { status: 'loading', rows: [], total: 0 }, play: shows('加载中…') };
export const Empty: Story = { ...desktop, args: { rows: [], total: 0 }, play: shows('没有符合条件的记录') };
export const LoadError: Story = {
  ...desktop,
  args: { status: 'error', rows: [], total: 0, error: '网络错误' },
  play: shows('审计日志加载失败', button('重新加载')),
};
export const RowDetail: Story = {
  ...desktop,
  args: { openId: 3 },
  play: shows('变更前', '变更后', /"finance"/, '原因：兼任财务复核'),
};
export const Filtered: Story = {
  ...desktop,
  args: { draft: { ...NO_FILTER, staff: 'demo.admin', operation: 'setStaffRoles' }, total: 3, pageCount: 1 },
  play: shows('第 1 / 1 页，共 3 条', button('查询')),
};
export const Verifying: Story = {
  ...desktop,
  args: { verify: { kind: 'checking' } },
  play: shows(button(/正在校验/, 'disabled')),
};
export const ChainIntact: Story = {
  ...desktop,
  args: { verify: { kind: 'intact', rows: 43 } },
  play: shows('哈希链完好（43 行）'),
};
export const ChainBroken: Story = {
  ...desktop,
  args: { verify: { kind: 'broken', rows: 43, firstBrokenId: 17, problem: '哈希与内容不符' } },
  play: shows(alert(/第 17 行处断开.*哈希与内容不符/)),
};
export const Exporting: Story = {
  ...desktop,
  args: { exporting: { kind: 'exporting' } },
  play: shows(button(/正在导出/, 'disabled')),
};
export const Exported: Story = {
  ...desktop,
  args: { exporting: { kind: 'done', rows: 5000, total: 6200 } },
  play: shows(/已导出 5000 行（共 6200 行/),
};
export const PhoneList: Story = { ...phone, args: { openId: 3 }, play: shows('审计日志', '变更后') };
