import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import type { NewTopicProps } from '../../src/pages/forum-board/NewTopicForm';
import { ForumBoardView, type ForumBoardViewProps } from '../../src/pages/forum-board/ForumBoardView';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, presses, shows, testIds, type Check } from '../play';
import { HASH, T, board, moderator, observer, progress, respondent, topics } from './fixtures';

/**
 * `/bbs/{taskHashId}` 座谈会 (machines/forumBoard.ts): loading, failed, no such board, a visitor,
 * a member without access, and a member's board as respondent (progress and points), moderator
 * and observer (no points), with the topic list's states and the forum identity form, and the
 * moderator's 发起话题 (machines/forumTopicEditor.ts): closed, just posted, the form with its inline
 * errors, a refusal, sending. Respondents and observers never see it, even when the prop is given.
 */

const closedIdentity = { status: 'closed' as const, name: '', avatarUrl: null, nameError: null, error: null };

/** The 发起话题 form's handlers: a story's play presses a button and expects its handler. */
const on = {
  onOpen: fn(),
  onCancel: fn(),
  onSection: fn(),
  onTitle: fn(),
  onBody: fn(),
  onRequired: fn(),
  onSeeAfterPosting: fn(),
  onSubmit: fn(),
};
const newTopic: NewTopicProps = {
  status: 'closed',
  sectionId: null,
  title: '',
  body: '',
  required: false,
  seeAfterPosting: false,
  problems: {},
  error: null,
  posted: null,
  canSubmit: false,
  ...on,
};
const filled = {
  ...newTopic,
  status: 'editing' as const,
  sectionId: 2,
  title: '这款气泡水的甜度你觉得怎么样？',
  body: '请先尝一口原味，再说说甜度是偏高、偏低还是刚好。\n\n如果要改，你希望怎么改？',
  required: true,
  canSubmit: true,
};

/** Presses the button `name` and expects the form's handler `handler` to be called. */
const pressesForm =
  (name: string, handler: keyof typeof on): Check =>
  async (canvas) => {
    const [found] = await canvas.findAllByRole('button', { name });
    await userEvent.click(found!);
    await expect(on[handler]).toHaveBeenCalled();
  };

const args: ForumBoardViewProps = {
  status: 'ready',
  board,
  member: respondent,
  query: { sectionId: null, filter: 'all' },
  error: null,
  identity: closedIdentity,
  topics: { status: 'ready', items: topics, hasMore: true },
  loginHref: `/login?redirect=%2Fbbs%2F${HASH}`,
  tasksHref: '/task',
  topicHref: (id) => `/bbs/${HASH}/topics/${id}`,
  newTopic,
  now: T + 86_400_000,
  onRetry: fn(),
  onSection: fn(),
  onFilter: fn(),
  onLoadMore: fn(),
  onRetryTopics: fn(),
  onEditIdentity: fn(),
  onName: fn(),
  onPickAvatar: fn(),
  onCancelIdentity: fn(),
  onSaveIdentity: fn(),
};

const meta = {
  title: 'Forum/Board',
  component: ForumBoardView,
  parameters: { route: `/bbs/${HASH}` },
  args,
} satisfies Meta<typeof ForumBoardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Respondent: Story = {
  ...desktop,
  play: shows(
    '新品气泡水包装座谈会',
    '必答话题 已答 2/4',
    '答完可得 300 微豆',
    '受访者 07',
    '置顶',
    '精华',
    '已关闭',
    '第二天：口味',
    linkTo('请先看看这三款包装，第一眼最喜欢哪一款？为什么？', `/bbs/${HASH}/topics/1`),
    button('加载更多'),
    testIds('forum-topic', 4),
    hidden('发起话题'),
  ),
};

export const RespondentPhone: Story = {
  ...phone,
  play: shows('必答话题 已答 2/4', '我未回复', testIds('forum-topic', 4)),
};

export const Completed: Story = {
  ...desktop,
  args: {
    member: {
      ...respondent,
      progress: { ...progress, requiredAnswered: 4, completed: true, completedAt: T, pointsStatus: 'posted' },
    },
  },
  play: shows('必答话题 已答 4/4', '已完成，300 微豆已到账'),
};

export const Moderator: Story = {
  ...desktop,
  args: { member: moderator, respondentsHref: `/bbs/${HASH}/respondents` },
  play: shows(
    '主持人 小周',
    '你是主持人',
    linkTo('受访者进度', `/bbs/${HASH}/respondents`),
    hidden('微豆'),
    hidden('必答话题 已答'),
    '发布受访者要回答的问题',
    pressesForm('发起话题', 'onOpen'),
  ),
};

export const NewTopicPosted: Story = {
  ...phone,
  args: { member: moderator, newTopic: { ...newTopic, posted: { id: 9, sectionId: 2, title: '你平时喝气泡水吗？' } } },
  play: shows('话题已发布', linkTo('你平时喝气泡水吗？', `/bbs/${HASH}/topics/9`), button('发起话题')),
};

export const NewTopicForm: Story = {
  ...desktop,
  args: {
    member: moderator,
    newTopic: {
      ...newTopic,
      status: 'editing',
      title: '好',
      canSubmit: true,
      problems: { section: '请选择版块', title: '标题至少 2 个字', body: '请填写内容或添加图片' },
    },
  },
  play: shows(
    '版块',
    '第三天：价格',
    alert('请选择版块'),
    alert('标题至少 2 个字'),
    alert('请填写内容或添加图片'),
    '必答',
    '先回复后可见',
    pressesForm('第二天：口味', 'onSection'),
    pressesForm('发布话题', 'onSubmit'),
    pressesForm('取消', 'onCancel'),
  ),
};

export const NewTopicFilledPhone: Story = {
  ...phone,
  args: { member: moderator, newTopic: filled },
  play: shows(
    async (canvas) => {
      await expect(canvas.getByRole('checkbox', { name: /必答/ })).toBeChecked();
      await expect(canvas.getByRole('checkbox', { name: /先回复后可见/ })).not.toBeChecked();
      await userEvent.click(canvas.getByRole('checkbox', { name: /先回复后可见/ }));
      await expect(on.onSeeAfterPosting).toHaveBeenCalledWith(true);
    },
    button('第二天：口味'),
    button('发布话题', 'enabled'),
  ),
};

export const NewTopicRefused: Story = {
  ...desktop,
  args: { member: moderator, newTopic: { ...filled, error: '只有主持人可以这样操作' } },
  play: shows(alert('只有主持人可以这样操作'), button('发布话题', 'enabled')),
};

export const NewTopicSending: Story = {
  ...desktop,
  args: { member: moderator, newTopic: { ...filled, status: 'submitting', canSubmit: false } },
  play: shows(button(/正在发布/, 'disabled'), button('取消', 'disabled')),
};

export const Observer: Story = {
  ...phone,
  args: { member: observer },
  play: shows(
    '你是客户观察员',
    hidden('微豆'),
    hidden('必答话题 已答'),
    hidden('已回复'),
    hidden('我未回复'),
    hidden('发起话题'),
  ),
};

export const FilteredEmpty: Story = {
  ...desktop,
  args: { query: { sectionId: 2, filter: 'unanswered' }, topics: { status: 'empty', items: [], hasMore: false } },
  play: shows('没有未回复的话题了', '换个筛选条件看看。'),
};

export const TopicsLoading: Story = {
  ...desktop,
  args: { topics: { status: 'loading', items: [], hasMore: false } },
  play: shows('正在加载话题…'),
};

export const TopicsFailed: Story = {
  ...desktop,
  args: { topics: { status: 'error', items: [], hasMore: false, error: '网络错误，请稍后重试' } },
  play: presses('重新加载', 'onRetryTopics', '话题加载失败'),
};

export const EditIdentity: Story = {
  ...desktop,
  play: presses('修改显示名和头像', 'onEditIdentity', '在本座谈会中显示的名字和头像，不会显示你的账号昵称'),
};

export const IdentityForm: Story = {
  ...phone,
  args: {
    identity: {
      status: 'editing',
      name: '',
      avatarUrl: null,
      nameError: '请填写显示名',
      error: '这个显示名已有人使用，请换一个',
    },
  },
  play: shows(
    '显示名',
    alert('请填写显示名'),
    alert('这个显示名已有人使用'),
    button('保存', 'enabled'),
    button('更换头像'),
  ),
};

export const IdentityUploading: Story = {
  ...desktop,
  args: { identity: { status: 'uploading', name: '小林', avatarUrl: null, nameError: null, error: null } },
  play: shows(button(/上传中/, 'disabled'), button('保存', 'disabled')),
};

export const IdentitySaving: Story = {
  ...desktop,
  args: { identity: { status: 'saving', name: '小林', avatarUrl: null, nameError: null, error: null } },
  play: shows(button(/正在保存/, 'disabled')),
};

export const Visitor: Story = {
  ...phone,
  args: { status: 'visitor', member: null },
  play: shows(
    '新品气泡水包装座谈会',
    '座谈会只对参加的会员开放，请先登录。',
    linkTo('登录后进入', `/login?redirect=%2Fbbs%2F${HASH}`),
  ),
};

export const NoAccess: Story = {
  ...desktop,
  args: { status: 'noAccess', member: null },
  play: shows('只有参加了这个座谈会的会员才能查看', linkTo('去任务列表', '/task'), hidden('必答话题')),
};

export const NotFound: Story = {
  ...desktop,
  args: { status: 'notFound', board: null, member: null },
  play: shows('座谈会不存在或尚未开放', linkTo('去任务列表', '/task')),
};

export const Loading: Story = {
  ...phone,
  args: { status: 'loading', board: null, member: null },
  play: shows('正在进入座谈会…'),
};

export const Failed: Story = {
  ...desktop,
  args: { status: 'failed', board: null, member: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', '座谈会加载失败'),
};
