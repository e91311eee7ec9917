import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { validateAll } from '../../machines/pollRules';
import { UserSurveyView } from '../../src/pages/user-survey/UserSurveyView';
import { answerCallbacks, basicAnswers, basicQuestions, loadRegions, progress } from './fixtures';
import { desktop, greyPage, phone } from '../layout';
import { shows, hidden, button, link, linkTo, presses } from '../play';

/** `/user/survey` 个人属性问卷 in every state: logged out, the machine's states, first time and update. */
const firstTime = { completed: false, rewardPoints: 20 };
const doneBefore = { completed: true, rewardPoints: 0 };

const meta = {
  title: 'Poll/UserSurvey',
  component: UserSurveyView,
  parameters: { route: '/user/survey' },
  args: {
    status: 'answering',
    survey: firstTime,
    questions: basicQuestions,
    answers: {},
    errors: {},
    focusRequest: 0,
    progress: progress({}, basicQuestions),
    loginHref: '/login?redirect=%2Fuser%2Fsurvey',
    loadRegions,
    ...answerCallbacks(),
  },
  decorators: [greyPage],
} satisfies Meta<typeof UserSurveyView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  args: { status: 'loggedOut', survey: null, questions: [] },
  play: shows('登录后即可填写', linkTo('登录', '/login?redirect=%2Fuser%2Fsurvey')),
};

export const Loading: Story = {
  args: { status: 'loading', survey: null, questions: [] },
  play: shows('问卷加载中…'),
};

export const LoadFailed: Story = {
  args: { status: 'loadError', survey: null, questions: [], loadError: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry'),
};

export const FirstTime: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('首次完成奖励 20 微豆')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: '提交问卷' })).toBeInTheDocument();
    await expect(c.queryByTestId('survey-done-before')).toBeNull();
  },
};

export const Prefilled: Story = {
  args: { survey: doneBefore, answers: basicAnswers, progress: progress(basicAnswers, basicQuestions) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('survey-done-before')).toBeInTheDocument();
    await expect(c.queryByText(/首次完成奖励/)).toBeNull();
    await expect(c.getByRole('radio', { name: '女' })).toBeChecked();
    await expect(c.getByRole('button', { name: '保存修改' })).toBeInTheDocument();
    await waitFor(() => expect(c.getByRole('combobox', { name: /区县$/ })).toHaveValue('440305'));
  },
};

export const ClientErrors: Story = {
  args: {
    answers: { 1: basicAnswers[1]! },
    progress: progress({ 1: basicAnswers[1]! }, basicQuestions),
    errors: validateAll(basicQuestions, { 1: basicAnswers[1]! }),
    focusRequest: 1,
  },
  play: shows('请选择日期', '请选择所在的城市'),
};

export const ServerRefused: Story = {
  args: {
    status: 'invalid',
    answers: basicAnswers,
    progress: progress(basicAnswers, basicQuestions),
    serverMessage: '第 2 题“你的出生日期是？”：请填写真实的出生日期（年龄需在 16–80 岁之间）',
    errors: { 2: '第 2 题“你的出生日期是？”：请填写真实的出生日期（年龄需在 16–80 岁之间）' },
    focusRequest: 1,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('年龄需在 16–80 岁之间');
  },
};

export const Submitting: Story = {
  args: { status: 'submitting', answers: basicAnswers, progress: progress(basicAnswers, basicQuestions) },
  play: shows(button(/提交中/)),
};

export const SubmitFailed: Story = {
  args: {
    status: 'submitError',
    answers: basicAnswers,
    progress: progress(basicAnswers, basicQuestions),
    submitError: '网络错误，请稍后重试',
  },
  play: presses('重新提交', 'onSubmit'),
};

export const SubmittedFirstTime: Story = {
  args: { status: 'submitted', result: { completed: true, pointsAwarded: 20 } },
  play: shows('个人属性问卷已完成', '+20', /更多适合你的任务已经开放/, linkTo('去做任务', '/task')),
};

export const SubmittedUpdate: Story = {
  args: { status: 'submitted', survey: doneBefore, result: { completed: true, pointsAwarded: 0 } },
  play: shows('你的回答已保存', hidden(/\+\d+/)),
};

export const Phone: Story = { ...phone, play: shows('首次完成奖励 20 微豆', button('提交问卷')) };
export const PhoneLoggedOut: Story = {
  ...phone,
  args: { status: 'loggedOut', survey: null, questions: [] },
  play: shows('登录后即可填写', link('登录'), link('注册新账号'), hidden('提交问卷')),
};
export const PhonePrefilled: Story = {
  ...phone,
  args: { survey: doneBefore, answers: basicAnswers, progress: progress(basicAnswers, basicQuestions) },
  play: shows('你已完成过个人属性问卷，下面是你之前的回答。', button('保存修改')),
};
export const PhoneSubmitted: Story = {
  ...phone,
  args: { status: 'submitted', result: { completed: true, pointsAwarded: 20 } },
  play: shows('已完成', '微豆 · 首次完成奖励已入账', link('去做任务')),
};
export const Desktop: Story = { ...desktop, play: shows('首次完成奖励 20 微豆', button('提交问卷')) };
