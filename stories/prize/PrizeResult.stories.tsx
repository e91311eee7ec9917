import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PrizeResultView } from '../../src/pages/prize/PrizeResultView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, presses, shows } from '../play';
import { awaitingResult, drawnResult, mine } from './fixtures';

/**
 * `/prize/result?id=` the draw: won (confirm the saved address, no address yet, confirmed and
 * waiting for the parcel, sent with the call to report back, reported), lost,
 * a visitor, awaiting the draw, the browser's check (passed, failed), loading, missing.
 */

const shipTo = {
  address: '张三 13800138000 广东省 深圳市 南山区 科技园南区 1 栋 101',
  saving: false,
  error: null,
  onConfirm: fn(),
  addressPath: '/home/user',
};

const meta = {
  title: 'Prize/Result',
  component: PrizeResultView,
  parameters: { route: '/prize/result' },
  args: {
    status: 'ready',
    data: drawnResult(mine.lost),
    shipTo: null,
    check: { status: 'idle' },
    onRetry: fn(),
    onVerify: fn(),
    loginHref: '/login?redirect=%2Fprize%2Fresult%3Fid%3D2',
    detailPath: '/prize?id=2',
    reportPath: '/prize/report?id=2',
  },
} satisfies Meta<typeof PrizeResultView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Won: Story = {
  ...desktop,
  args: { data: drawnResult(mine.won), shipTo },
  play: async (ctx) => {
    await shows(
      '恭喜，你中签了！',
      '张*丰',
      '微***4',
      '开奖时公开的种子',
      // The application's number is a site-wide serial, meaningless up front: only in the technical details.
      hidden(/（申请编号/),
      '你的申请编号 12（全站申请的流水号，重算名单时用）',
    )(ctx);
    await presses('确认使用此地址', 'onConfirm')({ canvasElement: ctx.canvasElement, args: shipTo });
  },
};

export const WonPhone: Story = {
  ...phone,
  args: { data: drawnResult(mine.won), shipTo },
  play: shows('寄到你的收货地址', linkTo('修改收货地址', '/home/user')),
};

export const WonNoAddress: Story = {
  args: { data: drawnResult(mine.won), shipTo: { ...shipTo, address: null } },
  play: shows('你还没有填写收货地址', linkTo('去填写收货地址', '/home/user'), noButton('确认使用此地址')),
};

export const WonConfirmed: Story = {
  args: { data: drawnResult({ ...mine.won, shipTo: '张三 13800138000 广东省 深圳市 南山区 科技园南区 1 栋 101' }) },
  play: shows(
    '收货地址已确认',
    '我们会尽快寄出试用品',
    '试用品寄出后，请在这里填写试用报告，提交后可得 200 微豆',
    noButton('确认使用此地址'),
    hidden('试用品已于'),
  ),
};

/** Sent: the call to fill in the report, with its reward. */
export const WonShipped: Story = {
  ...phone,
  args: { data: drawnResult(mine.shipped) },
  play: shows('试用品已于', '提交后可得 200 微豆', linkTo('填写试用报告', '/prize/report?id=2')),
};

export const WonReported: Story = {
  ...desktop,
  args: { data: drawnResult(mine.reported) },
  play: shows('试用报告已提交，感谢你的反馈（200 微豆已到账）', hidden('填写试用报告')),
};

export const Lost: Story = {
  ...phone,
  play: presses(/在本机复核/, 'onVerify', '很遗憾，这次没有中签。感谢参与，下次再来！', '中签名单'),
};

export const Visitor: Story = {
  args: { data: drawnResult(null) },
  play: shows('登录后查看你是否中签', linkTo('登录', '/login?redirect=%2Fprize%2Fresult%3Fid%3D2')),
};

export const AwaitingDraw: Story = {
  args: { data: awaitingResult(mine.applied) },
  play: shows('等待开奖', '种子将在开奖时公开', '申请截止后开奖，名单将在这里公布', noButton(/在本机复核/)),
};

export const CheckPassed: Story = {
  args: { check: { status: 'done', check: { hashMatches: true, digestsMatch: true, winnersMatch: true, ok: true } } },
  play: shows('复核通过'),
};

export const CheckFailed: Story = {
  args: {
    check: { status: 'done', check: { hashMatches: true, digestsMatch: false, winnersMatch: false, ok: false } },
  },
  play: shows(alert('复核未通过：重新算出的排序与公布的不同，中签名单与公布的不同。请联系客服。')),
};

export const Checking: Story = {
  args: { check: { status: 'checking' } },
  play: shows(button('正在复核…', 'disabled')),
};

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…', hidden('中签名单')) };

export const Missing: Story = {
  args: { status: 'notFound', data: null },
  play: shows('这个试用不存在', noButton('重新加载'), hidden('网络错误')),
};
