import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AnswerSheetView as Sheet } from '../../machines/answerSheet';
import { AnswerSheetView } from '../../src/pages/answer-sheet/AnswerSheetView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, presses, shows } from '../play';

const settings = { questionCount: 10, passMark: 8, rewardPoints: 200, attemptsPerDay: 3 };
const question = {
  id: 13,
  stem: '问卷中出现“本题请选择‘比较同意’”，你应该？',
  options: ['按自己的真实态度选', '选择“比较同意”', '跳过这道题', '选“非常同意”'],
};
const sheet = (over: Partial<Sheet> = {}): Sheet => ({
  step: 'answering',
  question,
  index: 2,
  total: 10,
  chosen: null,
  answered: [true, true, false, false, false, false, false, false, false, false],
  settings,
  attemptsLeft: 2,
  reason: null,
  error: null,
  busy: false,
  canPrev: true,
  canNext: true,
  canSubmit: false,
  canRetry: false,
  ...over,
});
const lastAnswered = {
  index: 9,
  chosen: 1,
  answered: Array(10).fill(true) as boolean[],
  canNext: false,
  canSubmit: true,
};

const meta = {
  title: 'Pages/AnswerSheet',
  component: AnswerSheetView,
  parameters: { route: '/answerSheet' },
  args: {
    sheet: sheet(),
    onChoose: fn(),
    onPrev: fn(),
    onNext: fn(),
    onGoto: fn(),
    onSubmit: fn(),
    onRetry: fn(),
    coursePath: '/course',
    loginHref: '/login',
  },
} satisfies Meta<typeof AnswerSheetView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { sheet: sheet({ step: 'loading', question: null, total: 0, answered: [], settings: null, busy: true }) },
  play: shows('正在准备题目…'),
};

export const Answering: Story = {
  play: async ({ canvasElement, args }) => {
    await shows('第 3 / 10 题 · 单选', '还有 8 道题没答', '每天可答 3 次', '今天还可以再开始 2 次')({ canvasElement });
    await userEvent.click(within(canvasElement).getByRole('radio', { name: /选择“比较同意”/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(1);
  },
};

export const Chosen: Story = {
  args: { sheet: sheet({ chosen: 1, answered: [true, true, true, ...Array(7).fill(false)] }) },
  play: presses('下一题', 'onNext', '还有 7 道题没答'),
};

export const AllAnswered: Story = {
  args: { sheet: sheet(lastAnswered) },
  play: presses('交卷', 'onSubmit', '全部答完了，可以交卷', '第 10 / 10 题'),
};

export const Submitting: Story = {
  args: { sheet: sheet({ ...lastAnswered, step: 'submitting', busy: true, canSubmit: false, canPrev: false }) },
  play: shows(button('正在交卷', 'disabled')),
};

export const SubmitRefused: Story = {
  args: { sheet: sheet({ ...lastAnswered, error: '还有题目没有作答，请答完再提交' }) },
  play: shows(alert('还有题目没有作答，请答完再提交')),
};

export const NetworkError: Story = {
  args: {
    sheet: sheet({ ...lastAnswered, step: 'networkError', error: '网络错误', canRetry: true, canSubmit: false }),
  },
  play: presses('重新交卷', 'onRetry', '交卷没有成功', '重试不会重复交卷'),
};

export const LoadFailed: Story = {
  args: {
    sheet: sheet({ step: 'networkError', question: null, total: 0, answered: [], settings: null, error: '网络错误' }),
  },
  play: presses('重新加载', 'onRetry', '题目加载失败'),
};

export const AttemptsUsedUp: Story = {
  args: {
    sheet: sheet({
      step: 'refused',
      question: null,
      total: 0,
      answered: [],
      settings: null,
      reason: '今天的答题次数已用完，明天再来吧',
    }),
  },
  play: shows('今天的答题次数已用完，明天再来吧', hidden('交卷')),
};

export const Visitor: Story = { args: { sheet: null }, play: shows('登录后参加新手答题', '去登录') };

export const Phone: Story = { ...phone, play: shows('第 3 / 10 题 · 单选', '下一题') };
export const Desktop: Story = { ...desktop, play: shows('第 3 / 10 题 · 单选', '下一题') };
