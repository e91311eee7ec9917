import type { Meta, StoryObj } from '@storybook/react-vite';
import { QuizResultView, type QuizResultData } from '../../src/pages/quiz-result/QuizResultView';
import { desktop, phone } from '../layout';
import { expect } from 'storybook/test';
import { hidden, linkTo, shows, type Check } from '../play';

/** The link that is the page's primary button (solid), and no other is. */
const primary =
  (name: string | RegExp): Check =>
  async (canvas) => {
    const [found] = await canvas.findAllByRole('link', { name, hidden: true });
    await expect(found).toHaveAttribute('data-primary');
    await expect(
      canvas.getAllByRole('link', { hidden: true }).filter((a: HTMLElement) => a.hasAttribute('data-primary')),
    ).toHaveLength(1);
  };

const missed: QuizResultData['missed'] = [
  {
    questionId: 6,
    stem: '下面哪个开放题答案会被判为“乱答”？',
    yourAnswer: '包装方便携带，口味偏淡',
    rightAnswer: 'asdfgh',
    explanation: '键盘连续乱敲（asdf、qwer 等）会被识别为开放题乱答。',
    lessonId: 2,
    lessonTitle: '第二课：认真写好开放题',
  },
  {
    questionId: 16,
    stem: '前面说“从不喝咖啡”，后面又说“每天喝两杯咖啡”，会被记为？',
    yourAnswer: '有效答卷',
    rightAnswer: '逻辑错误',
    explanation: '前后矛盾的回答会被识别为逻辑错误。',
    lessonId: 4,
    lessonTitle: '第四课：前后一致，独立作答',
  },
];
const failed: QuizResultData = {
  attemptId: 41,
  score: 6,
  total: 10,
  passMark: 8,
  passed: false,
  rewardPoints: 0,
  rewardedBefore: false,
  missed: [...missed, ...missed.map((m) => ({ ...m, questionId: m.questionId + 100 }))],
  attemptsLeft: 2,
};
const passed: QuizResultData = { ...failed, score: 9, passed: true, rewardPoints: 200, missed: missed.slice(0, 1) };

const meta = {
  title: 'Pages/QuizResult',
  component: QuizResultView,
  parameters: { route: '/answerSheet/result' },
  args: {
    status: 'ready',
    result: passed,
    lessonPath: (id: number) => `/course/${id}`,
    coursePath: '/course',
    quizPath: '/answerSheet',
    pointsHref: '/home/gold',
    tasksHref: '/task',
  },
} satisfies Meta<typeof QuizResultView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', result: null }, play: shows('正在加载答题结果…') };
export const NotFound: Story = {
  args: { status: 'notFound', result: null },
  play: shows('没有找到这次答题的结果', linkTo('去答题', '/answerSheet')),
};

export const Passed: Story = {
  play: shows(
    '已及格',
    '恭喜通过！新手奖励 200 微豆已到账。',
    linkTo('查看微豆明细', '/home/gold'),
    '正确答案：asdfgh',
    // Passed: going on to the tasks is the primary action, practising again a second choice.
    linkTo('去做任务赚微豆', '/task'),
    primary('去做任务赚微豆'),
    linkTo(/再练一次/, '/answerSheet'),
  ),
};

/** Passed while the task list is not built: back to the course is the way on. */
export const PassedNoTaskList: Story = {
  args: { tasksHref: null },
  play: shows(hidden('去做任务赚微豆'), primary('回到课程'), linkTo(/再练一次/, '/answerSheet')),
};

export const Failed: Story = {
  args: { result: failed },
  play: shows(
    '未及格',
    '及格线是 8 题，还差 2 题',
    '答错的 4 道题',
    linkTo('复习：第四课：前后一致，独立作答', '/course/4'),
    '再答一次（今天还剩 2 次）',
    primary(/再答一次/),
    hidden('去做任务赚微豆'),
  ),
};

export const PassedAgainNoReward: Story = {
  args: { result: { ...passed, score: 10, rewardPoints: 0, rewardedBefore: true, missed: [] } },
  play: shows('之前已经领取过，这次不再发放', '全部答对，没有需要复习的题目。', hidden('查看微豆明细')),
};

export const AttemptsUsedUp: Story = {
  args: { result: { ...failed, attemptsLeft: 0 } },
  play: shows('今天的答题机会已用完', hidden('再答一次')),
};

export const Phone: Story = { ...phone, play: shows('已及格', '复习：第二课：认真写好开放题') };
export const Desktop: Story = { ...desktop, play: shows('已及格', '复习：第二课：认真写好开放题') };
