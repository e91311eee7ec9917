import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LessonView } from '../../src/pages/lesson/LessonView';
import { desktop, phone } from '../layout';
import { hidden, linkTo, presses, shows } from '../play';

const lesson = {
  id: 3,
  title: '第三课：认识甄别题和注意力题',
  content:
    '<p>很多问卷里会放一两道“注意力题”，用来确认答题的人在认真读题。</p><h3>常见的样子</h3><ul><li>“本题请选择‘比较同意’”——只要照做就行；</li><li>选项里出现一个<strong>并不存在的品牌</strong>，问你是否用过。</li></ul>',
  minutes: 2,
  position: 3,
  total: 5,
  prevId: 2,
  nextId: 4,
};

const meta = {
  title: 'Pages/CourseLesson',
  component: LessonView,
  parameters: { route: '/course/3' },
  args: {
    status: 'ready',
    lesson,
    loggedIn: true,
    read: false,
    sending: false,
    onMarkRead: fn(),
    lessonPath: (id: number) => `/course/${id}`,
    coursePath: '/course',
    quizHref: '/answerSheet',
    loginHref: '/login',
  },
} satisfies Meta<typeof LessonView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { status: 'loading', lesson: null }, play: shows('正在加载课程…') };
export const NotFound: Story = { args: { status: 'notFound', lesson: null }, play: shows('这节课不存在或已下线') };
export const LoadFailed: Story = {
  args: { status: 'error', lesson: null, error: '网络错误，请稍后重试' },
  play: shows('课程加载失败'),
};

export const Unread: Story = {
  play: presses('学完了', 'onMarkRead', '第 3/5 课', '并不存在的品牌', '读完了？点“学完了”记录进度', hidden('下一课')),
};

export const Read: Story = {
  args: { read: true },
  play: shows('这节课已学完', linkTo('下一课', '/course/4'), linkTo('上一课', '/course/2')),
};

export const LastLessonRead: Story = {
  args: { read: true, lesson: { ...lesson, position: 5, nextId: null } },
  play: shows(linkTo('去答题', '/answerSheet')),
};

export const Visitor: Story = {
  args: { loggedIn: false },
  play: shows('登录后可以记录学习进度', linkTo('去登录', '/login'), hidden('学完了')),
};

export const Phone: Story = { ...phone, play: shows('第三课：认识甄别题和注意力题', '学完了') };
export const Desktop: Story = { ...desktop, play: shows('第三课：认识甄别题和注意力题', '学完了') };
