import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { validateAll } from '../../machines/pollRules';
import { TaskPollView } from '../../src/pages/task-poll/TaskPollView';
import {
  completeOutcome,
  fullAnswers,
  lowQualityOutcome,
  partialAnswers,
  pollInfo,
  pollQuestions,
  progress,
  answerCallbacks,
} from './fixtures';
import { desktop, greyPage, phone } from '../layout';
import { shows, button, link, alert, linkTo, presses } from '../play';

/** `/task/poll/{id}?rid=…` in every state of the answering machine (machines/pollAnswer.ts). */
const meta = {
  title: 'Poll/TaskPoll',
  component: TaskPollView,
  parameters: { route: '/task/poll/1?rid=rid_5f2c9a7e3b1d' },
  args: {
    status: 'answering',
    poll: pollInfo,
    questions: pollQuestions,
    answers: partialAnswers,
    errors: {},
    focusRequest: 0,
    progress: progress(partialAnswers),
    canRetry: false,
    resultPath: '/survey/end?rid=rid_5f2c9a7e3b1d',
    ...answerCallbacks(),
  },
  decorators: [greyPage],
} satisfies Meta<typeof TaskPollView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', poll: null, questions: [], answers: {} },
  play: shows('问卷加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'loadError', poll: null, questions: [], loadError: '网络错误，请稍后重试', canRetry: true },
  play: presses('重新加载', 'onRetry', '问卷加载失败'),
};

export const ForeignAnswerId: Story = {
  args: {
    status: 'loadError',
    poll: null,
    questions: [],
    loadError: '这条答题链接不属于当前登录的账号。请确认登录的账号，或从任务列表重新开始。',
    canRetry: false,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('无法打开这份问卷')).toBeInTheDocument();
    await expect(c.queryByRole('button', { name: '重新加载' })).toBeNull();
    await expect(c.getByRole('link', { name: '返回任务列表' })).toHaveAttribute('href', '/task');
  },
};

export const MissingAnswerId: Story = {
  args: {
    status: 'loadError',
    poll: null,
    questions: [],
    loadError: '答题链接缺少有效的答卷编号，请从任务详情页点击“开始任务”进入。',
    canRetry: false,
  },
  play: shows(alert('答题链接缺少有效的答卷编号'), link('返回任务列表'), link('我的任务记录')),
};

export const Answering: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: '日常出行方式小调查' })).toBeInTheDocument();
    await expect(c.getByText('完成可得 60 微豆')).toBeInTheDocument();
    await expect(c.getByRole('progressbar', { name: '答题进度' })).toHaveAttribute('aria-valuenow', '3');
    await userEvent.click(c.getByRole('radio', { name: '步行' }));
    await expect(args.onAnswer).toHaveBeenCalledWith(1, { optionIds: [5], text: '', matrix: [] });
    await userEvent.click(c.getByRole('button', { name: '提交问卷' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const AnsweringEmpty: Story = {
  args: { answers: {}, progress: progress({}) },
  play: shows('完成可得 60 微豆', '共 5 题', button('提交问卷')),
};

/** 提交 refused on the client: each problem next to its question, the first one focused. */
export const ClientErrors: Story = {
  args: {
    errors: validateAll(pollQuestions, partialAnswers),
    focusRequest: 1,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('请为每一行选择一项（还有 2 行未选）')).toBeInTheDocument();
    await expect(c.getByText('请至少填写 5 个字（已填 4 个字）')).toBeInTheDocument();
    await expect(c.getByText(/2 题需修改/)).toBeInTheDocument();
    const matrixCard = canvasElement.querySelector('[data-question-id="3"]')!;
    await waitFor(() => expect(matrixCard.contains(document.activeElement)).toBe(true));
  },
};

export const ServerRefused: Story = {
  args: {
    status: 'invalid',
    answers: fullAnswers,
    progress: progress(fullAnswers),
    serverMessage: '第 2 题“周末出行时，你会用到哪些方式？”中的“周末基本不出门”不能与其他选项同时选择',
    errors: { 2: '第 2 题“周末出行时，你会用到哪些方式？”中的“周末基本不出门”不能与其他选项同时选择' },
    focusRequest: 1,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('不能与其他选项同时选择');
    await expect(c.getAllByTestId('question-error')).toHaveLength(1);
  },
};

export const Submitting: Story = {
  args: { status: 'submitting', answers: fullAnswers, progress: progress(fullAnswers) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('radio', { name: '地铁 / 公交' })).toBeDisabled();
    await expect(c.getByRole('button', { name: /提交中/ })).toBeInTheDocument();
  },
};

export const SubmitFailed: Story = {
  args: {
    status: 'submitError',
    answers: fullAnswers,
    progress: progress(fullAnswers),
    submitError: '服务器开小差了，请稍后再试',
  },
  play: presses('重新提交', 'onSubmit', alert('提交失败：服务器开小差了，请稍后再试')),
};

/** Accepted; shown in place while the page moves on to /survey/end. */
export const Submitted: Story = {
  args: { status: 'submitted', outcome: completeOutcome },
  play: shows('问卷已提交', '+60', '已完成'),
};

export const SubmittedLowQuality: Story = {
  args: { status: 'submitted', outcome: lowQualityOutcome },
  play: shows('开放题乱填、陷阱题未通过'),
};

export const AlreadySubmitted: Story = {
  args: { status: 'alreadySubmitted', questions: [], answers: {} },
  play: shows('这份问卷已经提交过了', linkTo('查看本次结果', '/survey/end?rid=rid_5f2c9a7e3b1d')),
};

export const Phone: Story = { ...phone, play: shows('日常出行方式小调查', button('提交问卷')) };
export const PhoneErrors: Story = {
  ...phone,
  args: { errors: validateAll(pollQuestions, partialAnswers) },
  play: shows('请为每一行选择一项（还有 2 行未选）', '请至少填写 5 个字（已填 4 个字）'),
};
export const PhoneSubmitted: Story = {
  ...phone,
  args: { status: 'submitted', outcome: completeOutcome },
  play: shows('问卷已提交', '微豆 · 已入账', link('继续做任务')),
};
export const Desktop: Story = { ...desktop, play: shows('日常出行方式小调查', button('提交问卷')) };
export const DesktopErrors: Story = {
  ...desktop,
  args: { errors: validateAll(pollQuestions, partialAnswers) },
  play: shows('请为每一行选择一项（还有 2 行未选）', '请至少填写 5 个字（已填 4 个字）'),
};
