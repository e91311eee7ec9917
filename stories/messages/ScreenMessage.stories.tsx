import { Box, Heading, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ScreenMessageDialog } from '../../src/components/ScreenMessageDialog';
import { desktop, phone } from '../layout';
import { button, hidden, presses, shows, type Check } from '../play';

/** The drawn header a message without its own picture gets (none when it has one). */
const art =
  (shown: boolean): Check =>
  async (canvas) => {
    await expect(canvas.queryAllByTestId('screen-message-art')).toHaveLength(shown ? 1 : 0);
  };
import { plainScreenMessage, screenMessage } from './fixtures';

/** The one-time full-screen announcement over /home: with and without image and link, and while it is marked seen. */
const meta = {
  title: 'Messages/ScreenMessage',
  component: ScreenMessageDialog,
  parameters: { route: '/home' },
  decorators: [
    (Story) => (
      <Box bg="gray.50" minH="100vh" p="6">
        <Heading as="h1" fontSize="20px">
          我的主页
        </Heading>
        <Text mt="2" textStyle="body.soft">
          弹屏公告盖在页面上方
        </Text>
        <Story />
      </Box>
    ),
  ],
  args: {
    open: true,
    message: screenMessage,
    marking: false,
    following: false,
    onClose: fn(),
    onFollow: fn(),
  },
} satisfies Meta<typeof ScreenMessageDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithImageAndLink: Story = {
  play: presses(
    '去做任务',
    'onFollow',
    '双十一加码：任务奖励翻倍',
    '活动名额有限',
    button('关闭', 'enabled'),
    art(false),
  ),
};

/** With a link: 稍后再看 closes it without following (beside the ✕). */
export const LaterWithLink: Story = {
  play: presses('稍后再看', 'onClose', '双十一加码：任务奖励翻倍'),
};

/** No picture of its own: the drawn header, so it is not bare text on white. */
export const WithoutImageOrLink: Story = {
  args: { message: plainScreenMessage },
  play: presses(
    '我知道了',
    'onClose',
    '隐私政策更新提示',
    hidden('双十一加码：任务奖励翻倍'),
    art(true),
    hidden('稍后再看'),
  ),
};

/** The welcome message: no picture, a link — the drawn header, 去做任务 and 稍后再看. */
export const WelcomePhone: Story = {
  ...phone,
  args: {
    message: {
      ...plainScreenMessage,
      title: '新人福利：答一份问卷，换一张视频会员卡',
      content: '<p>欢迎来到微豆调研！完成「新会员欢迎问卷」即可获得 <strong>50 微豆</strong>。</p>',
      link: { href: '/task', external: false },
      buttonText: '去做任务',
    },
  },
  play: shows(
    '新人福利：答一份问卷，换一张视频会员卡',
    art(true),
    button('去做任务'),
    button('稍后再看'),
    button('关闭'),
  ),
};

export const ImageWithoutLink: Story = {
  args: { message: { ...screenMessage, link: null, buttonText: '我知道了' } },
  play: presses('我知道了', 'onClose', '双十一加码：任务奖励翻倍'),
};

export const ExternalLink: Story = {
  args: {
    message: {
      ...plainScreenMessage,
      title: '下载微豆调研 App',
      content: '<p>在 App 里签到、做任务更方便。</p>',
      link: { href: 'https://www.weidou.cn/app', external: true },
      buttonText: '去下载',
    },
  },
  play: presses('去下载', 'onFollow', '下载微豆调研 App'),
};

export const Closing: Story = {
  args: { marking: true },
  play: shows(
    '双十一加码：任务奖励翻倍',
    button('关闭', 'disabled'),
    button('去做任务', 'disabled'),
    button('稍后再看', 'disabled'),
  ),
};

export const MarkingSeenBeforeFollowing: Story = {
  args: { marking: true, following: true },
  play: shows(button('关闭', 'disabled'), button('正在打开…', 'disabled')),
};

export const Closed: Story = {
  args: { open: false, message: null },
  play: shows('我的主页', hidden('双十一加码：任务奖励翻倍')),
};

export const Phone: Story = {
  ...phone,
  play: shows('双十一加码：任务奖励翻倍', button('去做任务'), button('关闭')),
};

export const Desktop: Story = {
  ...desktop,
  play: shows('双十一加码：任务奖励翻倍', button('去做任务'), button('关闭')),
};
