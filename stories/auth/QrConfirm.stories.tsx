import type { Meta, StoryObj } from '@storybook/react-vite';
import { QrConfirmView } from '../../src/pages/qr-confirm/QrConfirmView';
import { noop } from './fixtures';
import { desktop, phone } from '../layout';
import { shows, hidden, button, link, alert } from '../play';

/**
 * `/qrcode/confirm?ticket=…` on the phone, one story per state of machines/qrConfirm.ts:
 * scanning (Loading) → scanned → confirming / refusing → confirmed / refused; expired; failed
 * (ErrorState, with 重试); missingTicket.
 */
const meta = {
  title: 'Auth/QrConfirm',
  component: QrConfirmView,
  parameters: { route: '/qrcode/confirm?ticket=qr_7f3a9c2e5b814d6a' },
  args: {
    status: 'scanned',
    device: { browser: 'Chrome 120', os: 'Windows 10/11', ip: '116.23.*.*', time: '今天 14:03' },
    canDecide: true,
    onConfirm: noop,
    onRefuse: noop,
  },
  ...phone,
} satisfies Meta<typeof QrConfirmView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', device: null, canDecide: false },
  play: shows('正在读取二维码…'),
};
export const Scanned: Story = { play: shows('Chrome 120', button('确认登录', 'enabled'), button('取消', 'enabled')) };
export const Confirming: Story = {
  args: { status: 'confirming', canDecide: false },
  play: shows(button('确认中…', 'disabled'), button('取消', 'disabled')),
};
export const Refusing: Story = {
  args: { status: 'refusing', canDecide: false },
  play: shows(button('确认登录', 'disabled'), button('取消中…', 'disabled')),
};
export const Confirmed: Story = {
  args: { status: 'confirmed', canDecide: false },
  play: shows('已确认，请在电脑上继续', link('返回我的主页')),
};
export const Refused: Story = { args: { status: 'refused', canDecide: false }, play: shows('已取消登录') };
export const Expired: Story = { args: { status: 'expired', canDecide: false }, play: shows('二维码已失效') };
export const ErrorState: Story = {
  args: { status: 'error', canDecide: false, error: '网络错误，请稍后重试', onRetry: noop },
  play: shows(alert('网络错误，请稍后重试'), button('重试')),
};
export const MissingTicket: Story = {
  args: { status: 'error', canDecide: false, device: null, error: '二维码内容不完整，请在电脑上刷新后重新扫描。' },
  play: shows(alert('二维码内容不完整'), hidden('重试')),
};
export const DesktopScanned: Story = { ...desktop, play: shows(button('确认登录', 'enabled')) };
