import type { Meta, StoryObj } from '@storybook/react-vite';
import { CourseView, type CourseListData } from '../../src/pages/course/CourseView';
import { desktop, phone } from '../layout';
import { hidden, link, linkTo, shows } from '../play';

const quiz = { questionCount: 10, passMark: 8, rewardPoints: 200, attemptsPerDay: 3 };
const titles = [
  ['第一课：读懂题目再作答', '看清题干、选项和“单选/多选”，别凭第一眼作答'],
  ['第二课：认真写好开放题', '开放题要写具体、写真话，乱码和复制题目会被判为无效'],
  ['第三课：认识甄别题和注意力题', '问卷里会有检查是否认真读题的题目，按要求作答即可'],
  ['第四课：前后一致，独立作答', '前后矛盾和重复的答卷都会被识别出来'],
  ['第五课：如实回答甄别问题', '被甄别掉也有意义，编造条件进入问卷得不偿失'],
] as const;
const course = (read: number, quizPassed = false): CourseListData => ({
  lessons: titles.map(([title, summary], i) => ({ id: i + 1, title, summary, minutes: 2 + (i % 2), read: i < read })),
  readCount: read,
  quiz,
  quizPassed,
});

const meta = {
  title: 'Pages/Course',
  component: CourseView,
  parameters: { route: '/course' },
  args: {
    status: 'ready',
    course: course(2),
    loggedIn: true,
    lessonPath: (id: number) => `/course/${id}`,
    quizHref: '/answerSheet',
    loginHref: '/login',
  },
} satisfies Meta<typeof CourseView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', course: null }, play: shows('正在加载课程…') };

export const LoadFailed: Story = {
  args: { status: 'error', course: null, error: '网络错误，请稍后重试' },
  play: shows('课程加载失败', '网络错误，请稍后重试'),
};

export const NoProgress: Story = {
  args: { course: course(0) },
  play: shows('还没有开始学习（0/5）', '开始答题', hidden('已学完')),
};

export const Partial: Story = { play: shows('已学 2/5 课', '已学完', '未学', link(/第三课：认识甄别题和注意力题/)) };

export const AllRead: Story = {
  args: { course: course(5) },
  play: shows('已全部学完（5/5）', '每次 10 道单选题，答对 8 道及格'),
};

export const QuizPassed: Story = {
  args: { course: course(5, true) },
  play: shows('你已通过新手答题，新手奖励已发放。', '再练一次'),
};

/** A member with attempts left today and an earlier result to look at. */
export const QuizAttemptsLeft: Story = {
  args: { quizStatus: { attemptsLeft: 2, resuming: false, lastResultHref: '/answerSheet/result?attempt=7' } },
  play: shows('今天还可以答 2 次。', linkTo('上次结果', '/answerSheet/result?attempt=7'), link('开始答题')),
};

/** An attempt started today and not handed in: the member carries on with it. */
export const QuizResuming: Story = {
  args: { quizStatus: { attemptsLeft: 0, resuming: true, lastResultHref: null } },
  play: shows('你今天有一次答题还没交卷，可以接着答。', link('继续答题'), hidden('开始答题')),
};

/** No attempts left today: no start button that would only be refused. */
export const QuizUsedUpToday: Story = {
  args: { quizStatus: { attemptsLeft: 0, resuming: false, lastResultHref: '/answerSheet/result?attempt=9' } },
  play: shows('今天的答题次数已用完，明天再来吧。', link('上次结果'), hidden('开始答题')),
};

export const Visitor: Story = {
  args: { loggedIn: false, course: course(0) },
  play: shows('共 5 课，学完后参加新手答题', '登录后记录进度', '登录后答题', hidden('未学')),
};

export const Phone: Story = { ...phone, play: shows('已学 2/5 课', '新手答题') };
export const Desktop: Story = { ...desktop, play: shows('已学 2/5 课', '新手答题') };
