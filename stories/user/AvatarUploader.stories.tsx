import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NETWORK_MESSAGE, tooLargeMessage, wrongTypeMessage, type AvatarUploadView } from '../../machines/avatarUpload';
import { AvatarUploader, type AvatarUploaderProps } from '../../src/components/AvatarUploader';
import { uploadRefusalWords } from '../../src/flows/upload';
import { alert, button, hidden, shows, type Check } from '../play';
import { desktop, phone } from '../layout';

/** One story per state of machines/avatarUpload.ts, with the props `useAvatarUpload` gives there. */

const picture = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88"><rect width="88" height="88" fill="${fill}"/><circle cx="44" cy="36" r="16" fill="#fff"/><rect x="20" y="58" width="48" height="30" rx="15" fill="#fff"/></svg>`,
  )}`;
const CURRENT = picture('#f08c38');
const PICKED = picture('#3b82f6');

const idle: AvatarUploadView = {
  step: 'idle',
  fileName: null,
  avatar: null,
  error: null,
  busy: false,
  canPick: true,
  canRetry: false,
  canDismiss: false,
};
type ViewArgs = Partial<Omit<AvatarUploaderProps, 'onPick' | 'onRetry' | 'onDismiss'>>;

const busy = (step: AvatarUploadView['step']): ViewArgs => ({
  step,
  fileName: 'me.png',
  busy: true,
  canPick: false,
  preview: step === 'checking' ? null : PICKED,
});
const failed = (step: AvatarUploadView['step'], error: string, more: ViewArgs = {}): ViewArgs => ({
  step,
  fileName: 'me.png',
  error,
  canDismiss: true,
  ...more,
});

/** The picture shown in the avatar circle. */
const showsPicture =
  (src: string | null): Check =>
  async (canvas) => {
    const section = await canvas.findByTestId('avatar-uploader');
    const img = section.querySelector('img');
    if (src === null) await expect(img).toBeNull();
    else await expect(img?.getAttribute('src')).toBe(src);
  };

const meta = {
  title: 'Components/AvatarUploader',
  component: AvatarUploader,
  parameters: { route: '/home/user' },
  args: {
    ...idle,
    current: CURRENT,
    nickname: '小鹿',
    preview: null,
    onPick: fn(),
    onRetry: fn(),
    onDismiss: fn(),
  },
  decorators: [
    (Story) => (
      <Box bg="white" p={{ base: '4', md: '6' }} maxW="560px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof AvatarUploader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAvatar: Story = {
  play: shows(
    '头像',
    '支持 PNG、JPG、GIF 或 WebP 图片，不超过 2 MB',
    button('更换头像', 'enabled'),
    showsPicture(CURRENT),
  ),
};
export const NoAvatarYet: Story = {
  args: { current: null },
  play: shows('小', button('选择图片', 'enabled'), showsPicture(null)),
};
export const PickingAFile: Story = {
  args: { current: null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(await canvas.findByLabelText('选择头像图片'), file);
    await expect(args.onPick).toHaveBeenCalledWith(file);
  },
};
export const Checking: Story = {
  args: busy('checking'),
  play: shows('正在检查图片…', button('更换头像', 'disabled'), showsPicture(CURRENT)),
};
export const GettingPolicy: Story = {
  args: busy('gettingPolicy'),
  play: shows('正在上传…', button('更换头像', 'disabled'), showsPicture(PICKED)),
};
export const Uploading: Story = {
  args: busy('uploading'),
  play: shows('正在上传…', button('更换头像', 'disabled'), showsPicture(PICKED), hidden('头像已更新')),
};
export const Saving: Story = {
  args: busy('saving'),
  play: shows('正在保存头像…', button('更换头像', 'disabled')),
};
export const Done: Story = {
  args: {
    step: 'done',
    fileName: 'me.png',
    avatar: '/uploads/avatar/7/17000000000004821.png',
    preview: PICKED,
    canDismiss: true,
  },
  play: shows('头像已更新', button('更换头像', 'enabled'), showsPicture(PICKED)),
};
export const WrongType: Story = {
  args: failed('wrongType', wrongTypeMessage()),
  play: shows(
    alert('这个文件不能用作头像'),
    alert('请选择PNG、JPG、GIF 或 WebP 图片，不超过 2 MB'),
    button('知道了'),
    showsPicture(CURRENT),
  ),
};
export const TooLarge: Story = {
  args: failed('tooLarge', tooLargeMessage(5 * 1024 * 1024), { preview: PICKED }),
  play: shows(
    alert('图片太大了'),
    alert('图片有 5 MB，不能超过 2 MB，请换一张或压缩后再试'),
    button('更换头像', 'enabled'),
  ),
};
export const PolicyRefused: Story = {
  args: failed('policyRefused', '上传太频繁，请稍后再试', { preview: PICKED }),
  play: shows(alert('暂时不能上传'), alert('上传太频繁，请稍后再试')),
};
export const UploadRefusedExpired: Story = {
  args: failed('uploadRefused', uploadRefusalWords('AccessDenied', 'Invalid according to Policy: Policy expired.'), {
    preview: PICKED,
  }),
  play: shows(alert('上传没有成功'), alert('上传凭证已过期，请重新选择图片')),
};
export const UploadRefusedNotAnImage: Story = {
  args: failed('uploadRefused', uploadRefusalWords('InvalidImage'), { preview: PICKED }),
  play: shows(alert('这个文件不是有效的图片，请换一张')),
};
export const UploadRefusedQuota: Story = {
  args: failed('uploadRefused', uploadRefusalWords('QuotaExceeded'), { preview: PICKED }),
  play: shows(alert('今天上传的图片太多了，请明天再试')),
};
export const UploadRefusedPixelFlood: Story = {
  args: failed('uploadRefused', uploadRefusalWords('ImageTooLarge'), { preview: PICKED }),
  play: shows(alert('图片尺寸太大，请缩小后再试')),
};
export const SaveRefused: Story = {
  args: failed('saveRefused', '图片不存在或已失效，请重新上传', { preview: PICKED }),
  play: shows(alert('头像没有保存'), alert('图片不存在或已失效，请重新上传')),
};
export const NetworkError: Story = {
  args: failed('network', NETWORK_MESSAGE, { preview: PICKED, canRetry: true }),
  play: async (context) => {
    await shows(alert('网络不太稳定'), alert('网络错误，请检查网络后重试'), button('重试', 'enabled'))(context);
    await userEvent.click(within(context.canvasElement).getByRole('button', { name: '重试' }));
    await expect(context.args.onRetry).toHaveBeenCalled();
  },
};
export const Dismissing: Story = {
  args: failed('wrongType', wrongTypeMessage()),
  play: async (context) => {
    await userEvent.click(await within(context.canvasElement).findByRole('button', { name: '知道了' }));
    await expect(context.args.onDismiss).toHaveBeenCalled();
  },
};
export const Phone: Story = {
  ...phone,
  args: busy('uploading'),
  play: shows('正在上传…', button('更换头像', 'disabled')),
};
export const Desktop: Story = {
  ...desktop,
  args: failed('tooLarge', tooLargeMessage(3 * 1024 * 1024), { preview: PICKED }),
  play: shows(alert('图片有 3 MB，不能超过 2 MB')),
};
