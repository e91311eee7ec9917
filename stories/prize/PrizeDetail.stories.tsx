import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PrizeDetailView } from '../../src/pages/prize/PrizeDetailView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, presses, shows } from '../play';
import { closedTrial, detail, drawnTrial, mine, openTrial, readyApply, screenedTrial } from './fixtures';

/**
 * `/prize?id=` one trial: open (apply, applying, failed), applied, not eligible, the screener to
 * answer first (before applying, or as the apply's answer), the screener not passed, passed, a
 * visitor, closed awaiting the draw, drawn, loading, missing.
 */

const meta = {
  title: 'Prize/Detail',
  component: PrizeDetailView,
  parameters: { route: '/prize' },
  args: {
    status: 'ready',
    data: detail(openTrial, mine.none),
    apply: readyApply,
    onRetry: fn(),
    onApply: fn(),
    onRetryApply: fn(),
    loginHref: '/login?redirect=%2Fprize%3Fid%3D1',
    listPath: '/prize',
    resultPath: '/prize/result?id=1',
    screenerPath: null,
  },
} satisfies Meta<typeof PrizeDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open and eligible: 免费申请 goes to the machine. */
export const Open: Story = {
  ...desktop,
  play: presses(
    '免费申请',
    'onApply',
    '水润保湿面霜 50ml 正装试用',
    '20 份（已有 136 人申请）',
    '开奖种子的 SHA-256',
    '试用说明',
  ),
};

export const OpenPhone: Story = { ...phone, play: shows('申请条件', button('免费申请', 'enabled')) };

export const Applying: Story = {
  args: { apply: { ...readyApply, step: 'applying', busy: true, canApply: false } },
  play: shows(button('正在申请…', 'disabled')),
};

export const ApplyFailed: Story = {
  args: { apply: { step: 'failed', error: '网络错误，请稍后重试', busy: false, canApply: false, canRetry: true } },
  play: presses('重试', 'onRetryApply', alert('网络错误，请稍后重试')),
};

export const Applied: Story = {
  args: { data: detail(openTrial, mine.applied), apply: null },
  play: shows('你已申请', hidden('申请编号'), noButton('免费申请')),
};

export const NotEligible: Story = {
  ...phone,
  args: { data: detail(openTrial, mine.notEligible), apply: null },
  play: shows(alert('该试用需要答题质量达到「良好」'), noButton('免费申请')),
};

/** A screener to answer first: why, and the link to its task; no apply button. */
export const ScreenerFirst: Story = {
  ...phone,
  args: { data: detail(screenedTrial, mine.screenerTodo), apply: null, screenerPath: '/task/detail/skin01' },
  play: shows(
    '完成并通过甄别问卷「护肤习惯甄别问卷」',
    '申请前请先完成甄别问卷「护肤习惯甄别问卷」，完成后回到这里即可申请。',
    linkTo('去填写甄别问卷', '/task/detail/skin01'),
    noButton('免费申请'),
  ),
};

/** The apply answered 4406 (the page had not seen the screener yet): the same way to it. */
export const ScreenerNeededOnApply: Story = {
  ...desktop,
  args: {
    data: detail(screenedTrial, mine.none),
    apply: {
      step: 'screenerNeeded',
      error: '申请前请先完成甄别问卷「护肤习惯甄别问卷」',
      busy: false,
      canApply: false,
      canRetry: false,
    },
    screenerPath: '/task/detail/skin01',
  },
  play: shows(linkTo('去填写甄别问卷', '/task/detail/skin01'), noButton('免费申请')),
};

export const ScreenerNotPassed: Story = {
  args: { data: detail(screenedTrial, mine.screenerFailed), apply: null, screenerPath: '/task/detail/skin01' },
  play: shows(alert('你在甄别问卷「护肤习惯甄别问卷」中的结果不符合'), noButton('免费申请'), hidden('去填写甄别问卷')),
};

export const ScreenerPassed: Story = {
  args: { data: detail(screenedTrial, mine.screenerPassed), screenerPath: '/task/detail/skin01' },
  play: shows(button('免费申请', 'enabled'), hidden('去填写甄别问卷')),
};

export const Visitor: Story = {
  args: { data: detail(openTrial, null), apply: null },
  play: shows(linkTo('登录后申请', '/login?redirect=%2Fprize%3Fid%3D1'), noButton('免费申请')),
};

export const ClosedAwaitingDraw: Story = {
  args: { data: detail(closedTrial, mine.applied), apply: null, resultPath: '/prize/result?id=3' },
  play: shows('申请已截止，等待开奖', '收货地址在广东省', linkTo('查看开奖说明', '/prize/result?id=3')),
};

export const Drawn: Story = {
  args: { data: detail(drawnTrial, mine.won), apply: null, resultPath: '/prize/result?id=2' },
  play: shows(
    '已开奖',
    '提交可得 200 微豆',
    linkTo('查看开奖结果与我的结果', '/prize/result?id=2'),
    hidden('免费申请'),
  ),
};

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…') };

export const Missing: Story = {
  args: { status: 'notFound', data: null },
  play: shows('这个试用不存在', noButton('重新加载'), hidden('网络错误')),
};
