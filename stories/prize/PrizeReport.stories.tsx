import type { Meta, StoryObj } from '@storybook/react-vite';
import { PrizeReportView } from '../../src/pages/prize/PrizeReportView';
import { desktop, greyPage, phone } from '../layout';
import { alert, button, hidden, link, linkTo, presses, shows } from '../play';
import { answerCallbacks, fullAnswers, partialAnswers, pollQuestions, progress } from '../poll/fixtures';

/**
 * `/prize/report?id=` a winner's trial report in every state of the answering machine
 * (machines/pollAnswer.ts): loading, load failed (retry), refused (not a winner / not sent yet),
 * answering, the server's refusal, a failed send, submitted with the 微豆, submitted before.
 */
const info = {
  trialId: 2,
  trialTitle: '降噪蓝牙耳机 体验装',
  title: '降噪耳机试用报告',
  intro: '请根据两周的真实使用感受作答，约 3 分钟。',
  points: 200,
};

const meta = {
  title: 'Prize/Report',
  component: PrizeReportView,
  parameters: { route: '/prize/report?id=2' },
  args: {
    status: 'answering',
    info,
    questions: pollQuestions,
    answers: partialAnswers,
    errors: {},
    focusRequest: 0,
    progress: progress(partialAnswers),
    canRetry: false,
    resultPath: '/prize/result?id=2',
    outcome: null,
    ...answerCallbacks(),
  },
  decorators: [greyPage],
} satisfies Meta<typeof PrizeReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', info: null, questions: [], answers: {} },
  play: shows('问卷加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'loadError', info: null, questions: [], loadError: '网络错误，请稍后重试', canRetry: true },
  play: presses('重新加载', 'onRetry', '试用报告加载失败'),
};

/** Not sent yet (or not a winner): the server's reason and the way back, no retry. */
export const NotReady: Story = {
  ...phone,
  args: {
    status: 'loadError',
    info: null,
    questions: [],
    loadError: '试用品寄出后才能填写试用报告',
    canRetry: false,
  },
  play: shows(
    '暂时不能填写试用报告',
    '试用品寄出后才能填写试用报告',
    linkTo('返回开奖结果', '/prize/result?id=2'),
    hidden('重新加载'),
  ),
};

export const Answering: Story = {
  ...desktop,
  play: presses('提交试用报告', 'onSubmit', '降噪耳机试用报告', '降噪蓝牙耳机 体验装', '提交可得 200 微豆'),
};

export const AnsweringPhone: Story = {
  ...phone,
  args: { answers: fullAnswers, progress: progress(fullAnswers) },
  play: shows('降噪耳机试用报告', button('提交试用报告', 'enabled')),
};

export const Refused: Story = {
  args: {
    status: 'invalid',
    answers: fullAnswers,
    progress: progress(fullAnswers),
    serverMessage: '第 4 题“你对这次试用还有什么建议？”至少填写 10 个字（已填 3 个字）',
  },
  play: shows(alert('至少填写 10 个字')),
};

export const SubmitFailed: Story = {
  args: { status: 'submitError', answers: fullAnswers, submitError: '网络错误，请稍后重试' },
  play: shows(alert('网络错误，请稍后重试'), button('重新提交', 'enabled')),
};

export const Submitting: Story = {
  args: { status: 'submitting', answers: fullAnswers },
  play: shows(button(/提交试用报告|提交中/, 'disabled')),
};

export const Submitted: Story = {
  ...phone,
  args: { status: 'submitted', outcome: { points: 200, replayed: false, reportedAt: Date.UTC(2026, 10, 20) } },
  play: shows('试用报告已提交', '+200 微豆已到账', linkTo('返回开奖结果', '/prize/result?id=2'), link('查看微豆明细')),
};

export const SubmittedBefore: Story = {
  args: { status: 'alreadySubmitted', outcome: null },
  play: shows('你已提交过试用报告', '每个中签试用只需提交一次', hidden('+200 微豆已到账')),
};
