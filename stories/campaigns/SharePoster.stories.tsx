import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ShareView } from '../../src/pages/share/ShareView';
import { routedPath } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, linkToOrNone, presses, shows } from '../play';

/** `/share` 分享海报: logged out, loading, drawing, ready on a computer and a phone, failed. */

// A 1×1 PNG stands for the drawn poster (the page draws it on a canvas; the e2e test saves the real one).
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const FILE = '微豆调研邀请海报-WD8K2Q.png';

const meta = {
  title: 'Campaigns/SharePoster',
  component: ShareView,
  parameters: { route: '/share' },
  args: {
    status: 'ready',
    imageUrl: PNG,
    fileName: FILE,
    invite: { code: 'WD8K2Q', url: 'https://www.weidou.cn/app/invite?code=WD8K2Q' },
    phone: false,
    onRetry: fn(),
    onCopied: fn(),
    loginHref: '/login?redirect=%2Fshare',
    invitePath: routedPath('/home/invite') ?? null,
  },
} satisfies Meta<typeof ShareView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  args: { status: 'loggedOut', imageUrl: null, invite: null },
  play: shows('登录后生成你的专属海报', linkTo('登录/注册', '/login?redirect=%2Fshare'), hidden('下载海报')),
};

export const Loading: Story = { args: { status: 'loading', imageUrl: null }, play: shows('正在获取邀请信息…') };
export const Drawing: Story = { args: { status: 'drawing', imageUrl: null }, play: shows('正在生成海报…') };

/** A computer: the poster and its download link (a PNG named after the invite code). */
export const ReadyDesktop: Story = {
  ...desktop,
  play: async (ctx) => {
    await shows(
      '保存海报',
      linkTo('下载海报', PNG),
      'WD8K2Q',
      button('复制邀请码'),
      button('复制链接'),
      linkToOrNone('查看我邀请的好友和奖励', routedPath('/home/invite') ?? null),
    )(ctx);
    const c = within(ctx.canvasElement);
    await expect(c.getByRole('img', { name: '我的邀请海报' })).toHaveAttribute('src', PNG);
    await expect(c.getByRole('link', { name: '下载海报' })).toHaveAttribute('download', FILE);
  },
};

/** A phone: long press the image to save it; a download link too. */
export const ReadyPhone: Story = {
  ...phone,
  args: { phone: true },
  play: shows('长按海报保存到相册', linkTo('下载图片', PNG), hidden('下载海报')),
};

export const Failed: Story = {
  args: { status: 'error', imageUrl: null, error: '当前浏览器无法生成海报' },
  play: presses('重新生成', 'onRetry', alert('海报生成失败'), '当前浏览器无法生成海报'),
};
