import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { DRAW_LOST, UncertainSubmit, lostAnswerText } from '../../src/components/UncertainSubmit';
import { alert, button, hidden, noButton, presses, shows } from '../play';

/**
 * The one alert of a call the server must apply once whose answer did not arrive
 * (machines/submitOnce.ts `uncertain`), as each kind of flow shows it.
 */
const meta = {
  title: 'States/Uncertain submit',
  component: UncertainSubmit,
  parameters: { layout: 'padded' },
  args: { onRetry: fn() },
} satisfies Meta<typeof UncertainSubmit>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A form (a reply, a ticket): its wording from what was sent, and the retry under it. */
export const Form: Story = {
  args: { what: '反馈', sent: '提交', retryLabel: '重新提交' },
  play: presses('重新提交', 'onRetry', alert(lostAnswerText('反馈', '提交', '重新提交'))),
};

/** A form with another way out beside the retry (the application's 修改申请表). */
export const WithAction: Story = {
  args: {
    retryLabel: '重新提交',
    children: '网络错误，请稍后重试',
    actions: (
      <Button size="sm" variant="outline" borderRadius="full" px="5">
        修改申请表
      </Button>
    ),
  },
  play: shows(alert('网络错误，请稍后重试'), button('重新提交', 'enabled'), button('修改申请表', 'enabled')),
};

/** In a dialog whose own button retries (the redemption): no button of its own, the retries counted. */
export const InDialog: Story = {
  args: {
    onRetry: undefined,
    retries: 2,
    children: '网络错误：没有收到兑换结果。点「重试」会用同一个兑换请求再提交一次，不会重复扣除微豆。',
  },
  play: shows(alert(/不会重复扣除微豆。（已重试 2 次）/), noButton('重试')),
};

/** The first send: nothing retried yet, so nothing counted. */
export const InDialogFirstSend: Story = {
  args: { onRetry: undefined, retries: 0, children: '网络错误：没有收到兑换结果。' },
  play: shows(alert('没有收到兑换结果'), hidden(/已重试/)),
};

/** Under a draw button (the wheel, a campaign): a heading, the draw's rule, retry and close. */
export const Draw: Story = {
  args: {
    layout: 'draw',
    title: DRAW_LOST,
    children: '重试不会多抽或多扣：同一次抽奖只算一次。',
    actions: (
      <Button size="sm" variant="ghost">
        关闭
      </Button>
    ),
  },
  play: presses('重试', 'onRetry', alert(DRAW_LOST), '重试不会多抽或多扣：同一次抽奖只算一次。', button('关闭')),
};
