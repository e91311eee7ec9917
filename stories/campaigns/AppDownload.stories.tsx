import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppDownloadView, type AppDownload } from '../../src/pages/app-download/AppDownloadView';
import { APP_PATHS, routedPath } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, linkToOrNone, presses, shows, text } from '../play';

/** `/app`, `/app/down`, `/drainage`: each platform's button, both with a QR code on a computer, WeChat's guide, loading, failed. */

const T = Date.UTC(2026, 10, 20, 2);
const download: AppDownload = {
  android: {
    version: '2.6.0',
    url: 'https://dl.weidou.cn/weidou-2.6.0.apk',
    size: 40_474_624,
    updatedAt: T,
    notes: '任务提醒更及时',
  },
  ios: { version: '2.6.1', url: 'https://apps.apple.com/cn/app/id1480000000', size: null, updatedAt: T, notes: null },
  pageUrl: 'https://www.weidou.cn/app/down',
};

const meta = {
  title: 'Campaigns/AppDownload',
  component: AppDownloadView,
  parameters: { route: '/app/down' },
  args: {
    variant: 'download',
    platform: 'desktop',
    inWeChat: false,
    guideOpen: false,
    status: 'ready',
    download,
    onRetry: fn(),
    onOpenGuide: fn(),
    onCloseGuide: fn(),
    introPath: routedPath(APP_PATHS.intro) ?? null,
    webPath: '/',
  },
} satisfies Meta<typeof AppDownloadView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A computer: both systems, and a QR code of the download page for the phone. */
export const Desktop: Story = {
  ...desktop,
  play: async (ctx) => {
    await shows(
      '下载微豆调研 App',
      '选择你的手机系统',
      linkTo('下载安卓版', download.android!.url),
      linkTo('App Store 下载', download.ios!.url),
      '版本 2.6.0 · 38.6 MB · 2026-11-20 更新',
      linkToOrNone('了解 App 的更多功能', routedPath(APP_PATHS.intro) ?? null),
    )(ctx);
    await expect(within(ctx.canvasElement).getByTestId('qr-image')).toHaveAttribute('data-value', download.pageUrl);
  },
};

export const Android: Story = {
  ...phone,
  args: { platform: 'android' },
  play: async (ctx) => {
    await shows(
      '下载安卓版',
      linkTo('下载安卓版', download.android!.url),
      linkTo('下载iPhone版', download.ios!.url),
    )(ctx);
    await expect(within(ctx.canvasElement).queryByTestId('qr-image')).toBeNull();
    await expect(within(ctx.canvasElement).queryByRole('link', { name: 'App Store 下载' })).toBeNull();
  },
};

export const IPhone: Story = {
  ...phone,
  args: { platform: 'ios' },
  play: shows('下载iPhone版', linkTo('App Store 下载', download.ios!.url), linkTo('下载安卓版', download.android!.url)),
};

/** No iOS release yet: said honestly, the button disabled. */
export const IPhoneNotYet: Story = {
  ...phone,
  args: { platform: 'ios', download: { ...download, ios: null } },
  play: shows(button('iPhone 版即将上线', 'disabled'), '暂时可以先用网页版参与调研'),
};

/** No download link configured (APP_DOWNLOAD_ANDROID_URL / APP_STORE_URL unset): no button looks real, no QR code. */
export const DesktopNotYet: Story = {
  ...desktop,
  args: { platform: 'desktop', download: { ...download, android: null, ios: null } },
  play: async (ctx) => {
    await shows(button('安卓版即将上线', 'disabled'), button('iPhone 版即将上线', 'disabled'))(ctx);
    await expect(within(ctx.canvasElement).queryByTestId('qr-image')).toBeNull();
    await expect(within(ctx.canvasElement).queryAllByRole('link', { name: /下载/ })).toHaveLength(0);
  },
};

/** Inside WeChat: the guide points top-right at 「···」→「在浏览器打开」; buttons open it instead of the store. */
export const WeChatGuide: Story = {
  ...phone,
  args: { platform: 'android', inWeChat: true, guideOpen: true },
  play: async (ctx) => {
    await shows('点击右上角「···」', '选择「在浏览器打开」，即可下载 App')(ctx);
    const c = within(ctx.canvasElement);
    await userEvent.click(c.getByRole('button', { name: '我知道了' }));
    await expect(ctx.args.onCloseGuide).toHaveBeenCalled();
  },
};

export const WeChatGuideClosed: Story = {
  ...phone,
  args: { platform: 'ios', inWeChat: true, guideOpen: false },
  play: async (ctx) => {
    await shows('微信内无法直接下载，请在浏览器中打开本页', hidden('点击右上角「···」'))(ctx);
    await presses('App Store 下载', 'onOpenGuide')(ctx);
    await expect(within(ctx.canvasElement).queryByRole('link', { name: 'App Store 下载' })).toBeNull();
  },
};

export const Loading: Story = { args: { status: 'loading', download: null }, play: shows('正在获取下载地址…') };

export const Failed: Story = {
  args: { status: 'error', download: null, error: '网络错误，请稍后重试' },
  play: shows(alert('下载地址获取失败'), text('网络错误，请稍后重试'), button('重新加载')),
};

/** `/app`: the introduction with the features. */
export const Intro: Story = {
  ...desktop,
  parameters: { route: '/app' },
  args: { variant: 'intro', introPath: null },
  play: shows('微豆调研 App', '新任务及时提醒', '兑换更方便', hidden('了解 App 的更多功能')),
};

/** `/drainage`: the landing of ads and shared links, on a phone. */
export const Landing: Story = {
  ...phone,
  parameters: { route: '/drainage' },
  args: { variant: 'landing', platform: 'android' },
  play: shows(
    '下载微豆调研 App，答问卷赚微豆',
    linkTo('下载安卓版', download.android!.url),
    linkTo('在网页版参与调研', '/'),
  ),
};
