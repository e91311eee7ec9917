import { Box, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BannerCarousel } from '../../src/components/promo/BannerCarousel';
import { desktop, phone } from '../layout';
import { button, hidden, linkTo, shows, type Check } from '../play';
import { BANNERS } from './fixtures';

/** 轮播图: the banners of one page — one, several (moving on by itself, with controls), none. */
const meta = {
  title: 'Components/BannerCarousel',
  component: BannerCarousel,
  args: { banners: BANNERS, label: '我的主页轮播图' },
  decorators: [
    (Story) => (
      <Box p="4" maxW="1000px">
        <Text mb="3" textStyle="caption.soft">
          页面内容
        </Text>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof BannerCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The visible slide's picture. */
const showing =
  (title: string): Check =>
  async (canvas) => {
    const visible = (await canvas.findAllByTestId('banner-slide')).filter((s: HTMLElement) => !s.hidden);
    await expect(visible).toHaveLength(1);
    await expect(within(visible[0]!).getByRole('img').getAttribute('alt')).toBe(title);
  };

export const One: Story = {
  args: { banners: BANNERS.slice(0, 1) },
  play: shows(
    showing('邀请好友一起赚微豆'),
    linkTo('邀请好友一起赚微豆', '/home/invite'),
    hidden('上一张'),
    async (canvas) => {
      await expect(canvas.queryByRole('button', { name: '下一张' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: '暂停轮播' })).toBeNull();
    },
  ),
};

/** Several: 下一张 / 上一张 wrap around, a dot per banner says which one is shown, 暂停 stops it. */
export const Several: Story = {
  play: async (context) => {
    await shows(showing('邀请好友一起赚微豆'), button('第 2 张：完善个人属性，收到更多任务邀请'))(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '下一张', hidden: true }));
    await showing('完善个人属性，收到更多任务邀请')(canvas);
    await expect(canvas.getByRole('button', { name: /^第 2 张/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(canvas.getByRole('button', { name: '上一张', hidden: true }));
    await userEvent.click(canvas.getByRole('button', { name: '上一张', hidden: true }));
    await showing('限时抢答：名额有限，先到先得')(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /^第 1 张/ }));
    await showing('邀请好友一起赚微豆')(canvas);
    await userEvent.click(canvas.getByRole('button', { name: '暂停轮播' }));
    await expect(canvas.getByRole('button', { name: '继续轮播' })).toBeVisible();
  },
};

/** An https banner is a plain link; an in-site one goes through the router. */
export const ExternalLink: Story = {
  args: { banners: [BANNERS[2]!] },
  play: shows(linkTo('限时抢答：名额有限，先到先得', 'https://weidou.example/snap')),
};

/** No banners: nothing at all, not an empty frame. */
export const None: Story = {
  args: { banners: [] },
  play: shows('页面内容', async (canvas) => {
    await expect(canvas.queryByTestId('banner-carousel')).toBeNull();
  }),
};

/** Only the member moves it: no timer, no 暂停 button. */
export const NoAutoAdvance: Story = {
  args: { interval: 0 },
  play: shows(button('下一张'), async (canvas) => {
    await expect(canvas.queryByRole('button', { name: '暂停轮播' })).toBeNull();
  }),
};

/**
 * On phones the arrows sit in the row of dots at the bottom, not over the pictures' words at the
 * sides (jsdom applies no media queries, so what it computes is the phone's); from `md` up they go
 * to the sides.
 */
const arrowsBesideTheDots: Check = async (canvas) => {
  const row = within(canvas.getByTestId('banner-controls'));
  for (const name of ['上一张', '下一张']) {
    const arrow = row.getByRole('button', { name, hidden: true });
    await expect(getComputedStyle(arrow).position, `${name} on a phone`).toBe('static');
  }
  const rules = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  await expect(rules).toMatch(/@media[^{]*min-width[^{]*\{[^}]*position:\s*absolute/);
};

export const Phone: Story = {
  ...phone,
  play: shows(showing('邀请好友一起赚微豆'), button('第 3 张：限时抢答：名额有限，先到先得'), arrowsBesideTheDots),
};

export const Desktop: Story = {
  ...desktop,
  play: shows(showing('邀请好友一起赚微豆'), button('下一张'), button('上一张')),
};
