import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ForumEditorProps } from '../../src/components/forum/ForumEditor';
import { ForumTopicView, type ForumTopicViewProps } from '../../src/pages/forum-topic/ForumTopicView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, noButton, presses, shows, testIds } from '../play';
import { HASH, replies, topicDetail } from './fixtures';

/**
 * `/bbs/{taskHashId}/topics/{id}` 话题: the question, the replies (paged, either order, quotes,
 * highlighted), the see-after-posting notice, the editor's states (machines/forumEditor.ts) for a
 * respondent, the moderator's controls, and an observer (no editor); loading, missing, failed.
 */

const editor: ForumEditorProps = {
  status: 'editing',
  body: '',
  quote: null,
  restored: false,
  shots: [],
  shotsNotice: null,
  maxImages: 9,
  problems: {},
  error: null,
  refusal: null,
  retries: 0,
  canSubmit: true,
  canRetry: false,
  canAddImages: true,
  previews: {},
  onInput: fn(),
  onUnquote: fn(),
  onAddImages: fn(),
  onRemoveImage: fn(),
  onRetryImage: fn(),
  onSubmit: fn(),
  onRetry: fn(),
};

const args: ForumTopicViewProps = {
  status: 'ready',
  topic: topicDetail,
  error: null,
  role: 0,
  boardHref: `/bbs/${HASH}`,
  order: 'oldest',
  replies: { status: 'ready', items: replies, total: 3, hasMore: false },
  editor,
  memberHref: (id) => `/bbs/${HASH}/users/${id}`,
  moderation: null,
  onRetry: fn(),
  onOrder: fn(),
  onLoadMore: fn(),
  onRetryReplies: fn(),
  onQuote: fn(),
};

const meta = {
  title: 'Forum/Topic',
  component: ForumTopicView,
  parameters: { route: `/bbs/${HASH}/topics/2` },
  args,
} satisfies Meta<typeof ForumTopicView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Respondent: Story = {
  ...desktop,
  play: shows(
    '包装上的哪些文字你会仔细看？',
    '必答',
    '最先看',
    '引用 小林：',
    '#3',
    linkTo('小林', `/bbs/${HASH}/users/9`),
    linkTo('返回座谈会', `/bbs/${HASH}`),
    testIds('forum-reply', 3),
    button('发表回复'),
    noButton('置顶'),
    noButton('隐藏'),
  ),
};

/** The reply just posted answered the last required topic: 任务完成 +300 微豆 at once, on this page. */
export const CompletedByThisReply: Story = {
  ...phone,
  args: { completedNow: 300 },
  play: shows('任务完成 +300 微豆', '你已答完全部必答话题，微豆已到账。', linkTo('查看座谈会进度 ›', `/bbs/${HASH}`)),
};

export const Quote: Story = {
  ...phone,
  play: presses('引用回复', 'onQuote', testIds('forum-reply', 3)),
};

export const NewestFirst: Story = {
  ...desktop,
  args: { order: 'newest', replies: { status: 'ready', items: [...replies].reverse(), total: 3, hasMore: true } },
  play: presses('加载更多', 'onLoadMore', '从新到旧'),
};

export const SeeAfterPosting: Story = {
  ...desktop,
  args: { topic: { ...topicDetail, seeAfterPosting: true, repliesVisible: false } },
  play: shows('发表你的回复后就能看到其他人的回复了', hidden('引用 小林：'), button('发表回复')),
};

export const Drafted: Story = {
  ...desktop,
  args: {
    editor: {
      ...editor,
      body: '我会先看热量。',
      restored: true,
      quote: { id: 101, author: '小林', excerpt: '我先看配料表，主要看有没有糖和代糖。' },
    },
  },
  play: shows('已恢复你上次没有发出的草稿', '引用 小林：', button('取消引用')),
};

export const EditorErrors: Story = {
  ...phone,
  args: {
    editor: { ...editor, problems: { body: '请填写内容或添加图片' }, error: '引用的回复不存在或不在这个话题里' },
  },
  play: shows(alert('请填写内容或添加图片'), alert('引用的回复不存在')),
};

export const Sending: Story = {
  ...desktop,
  args: { editor: { ...editor, status: 'submitting', body: '我会先看热量。', canSubmit: false } },
  play: shows(button(/正在发表/, 'disabled')),
};

export const SendFailed: Story = {
  ...desktop,
  args: {
    editor: {
      ...editor,
      status: 'failed',
      body: '我会先看热量。',
      canSubmit: false,
      canRetry: true,
      error: '网络错误',
    },
  },
  play: shows('没能确认回复是否已发出', button('重新发表', 'enabled'), button('发表回复', 'disabled')),
};

export const Refused: Story = {
  ...desktop,
  args: { editor: { ...editor, status: 'refused', refusal: '这个话题已关闭，不能再回复', canSubmit: false } },
  play: shows('这个话题已关闭，不能再回复', noButton('发表回复')),
};

export const Moderator: Story = {
  ...desktop,
  args: {
    role: 1,
    moderation: { busy: false, onTopic: fn(), onReply: fn() },
    topic: { ...topicDetail, hidden: true },
  },
  play: shows(
    '已隐藏',
    button('置顶', 'enabled'),
    button('关闭话题'),
    button('取消隐藏'),
    button('设为选答'),
    button('取消加精'),
    testIds('forum-reply', 3),
  ),
};

export const Observer: Story = {
  ...phone,
  args: { role: 2, editor: null },
  play: shows(
    '你是客户观察员，可以查看全部回复，不能发言。',
    noButton('发表回复'),
    noButton('引用回复'),
    hidden('微豆'),
  ),
};

export const Closed: Story = {
  ...desktop,
  args: { topic: { ...topicDetail, closed: true, canReply: false }, editor: null },
  play: shows('已关闭', '这个话题已关闭，不能再回复。', noButton('发表回复')),
};

export const NoReplies: Story = {
  ...desktop,
  args: { replies: { status: 'empty', items: [], hasMore: false } },
  play: shows('还没有回复', '来发表第一条回复吧。'),
};

export const RepliesFailed: Story = {
  ...desktop,
  args: { replies: { status: 'error', items: [], hasMore: false, error: '网络错误，请稍后重试' } },
  play: presses('重新加载', 'onRetryReplies', '回复加载失败'),
};

export const Loading: Story = { ...phone, args: { status: 'loading', topic: null }, play: shows('正在加载话题…') };

export const NotFound: Story = {
  ...desktop,
  args: { status: 'notFound', topic: null },
  play: shows('话题不存在或已被隐藏', linkTo('返回座谈会', `/bbs/${HASH}`)),
};

export const Failed: Story = {
  ...desktop,
  args: { status: 'error', topic: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '话题加载失败'),
};
