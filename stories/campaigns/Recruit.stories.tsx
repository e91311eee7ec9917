import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { RecruitFormView } from '../../machines/recruitApplication';
import { RecruitView, type RecruitStatus } from '../../src/pages/recruit/RecruitView';
import { routedPath } from '../../src/routing/paths';
import { desktop, phone } from '../layout';
import { alert, button, hidden, linkTo, linkToOrNone, presses, shows } from '../play';

/** `/activities/recruit`: logged out, loading, failed, the form (empty, problems, sending, failed), pending, approved, rejected. */

const T = Date.UTC(2026, 10, 20, 2);
const MOTIVATION = '我在学生会负责宣传工作，认识很多同学，也喜欢参与问卷调研，想把微豆调研介绍给身边的人。';

const emptyForm: RecruitFormView = {
  step: 'editing',
  form: { school: '', grade: '', mobile: '', motivation: '' },
  problems: {},
  error: null,
  busy: false,
  canSubmit: true,
  canRetry: false,
};
const filled = { school: '华东师范大学', grade: '大二', mobile: '13812345678', motivation: MOTIVATION };

const application: NonNullable<RecruitStatus['application']> = {
  id: 7,
  school: '华东师范大学',
  grade: '大二',
  mobile: '138****5678',
  motivation: MOTIVATION,
  state: 'pending',
  submittedAt: T,
  reviewedAt: null,
  reviewMessage: null,
};

const meta = {
  title: 'Campaigns/Recruit',
  component: RecruitView,
  parameters: { route: '/activities/recruit' },
  args: {
    status: 'ready',
    data: { application: null, officer: null },
    form: emptyForm,
    onRetry: fn(),
    onInput: fn(),
    onSubmit: fn(),
    onRetrySubmit: fn(),
    onEdit: fn(),
    loginHref: '/login?redirect=%2Factivities%2Frecruit',
    sharePath: routedPath('/share') ?? null,
    invitePath: routedPath('/home/invite') ?? null,
  },
} satisfies Meta<typeof RecruitView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: the role and rewards, and 登录后申请 in place of the form. */
export const LoggedOut: Story = {
  ...desktop,
  args: { status: 'loggedOut', data: null, form: null },
  play: shows(
    '校园推广官招募',
    '推广官做什么',
    '推广官邀请单独统计',
    linkTo('登录后申请', '/login?redirect=%2Factivities%2Frecruit'),
    hidden('提交申请'),
  ),
};

export const Loading: Story = { args: { status: 'loading', data: null }, play: shows('加载中…') };

export const LoadFailed: Story = {
  args: { status: 'error', data: null, error: '网络错误，请稍后重试' },
  play: presses('重新加载', 'onRetry', alert('网络错误，请稍后重试')),
};

/** The empty form; typing goes to the machine. */
export const Form: Story = {
  ...phone,
  play: async (ctx) => {
    await shows('申请成为推广官', '加密发送，仅用于运营人员联系你', '每位会员只能申请一次，提交后不能修改。')(ctx);
    const c = within(ctx.canvasElement);
    await userEvent.type(c.getByRole('textbox', { name: '学校' }), '华');
    await expect(ctx.args.onInput).toHaveBeenCalledWith('school', '华');
    await userEvent.selectOptions(c.getByRole('combobox', { name: '年级' }), '研一');
    await expect(ctx.args.onInput).toHaveBeenCalledWith('grade', '研一');
    await presses('提交申请', 'onSubmit')(ctx);
  },
};

/** 提交 with problems: each field says what is wrong, in zh-CN. */
export const FormProblems: Story = {
  args: {
    form: {
      ...emptyForm,
      form: { school: '华', grade: '', mobile: '1201234', motivation: '我想试试' },
      problems: {
        school: '学校名称应为 2–40 个字',
        grade: '请选择年级',
        mobile: '请输入 11 位手机号',
        motivation: '请至少写 20 个字，说说你为什么想成为推广官（已写 4 个字）',
      },
    },
  },
  play: shows(
    alert('学校名称应为 2–40 个字'),
    alert('请选择年级'),
    alert('请输入 11 位手机号'),
    alert('请至少写 20 个字'),
    hidden('加密发送，仅用于运营人员联系你'),
  ),
};

export const Sending: Story = {
  args: { form: { ...emptyForm, form: filled, step: 'submitting', busy: true, canSubmit: false } },
  play: shows(button('正在提交…', 'disabled')),
};

/** No answer: 重新提交 sends the same application again (same request key), or edit it. */
export const SendFailed: Story = {
  args: {
    form: {
      ...emptyForm,
      form: filled,
      step: 'failed',
      error: '网络错误，请稍后重试',
      canSubmit: false,
      canRetry: true,
    },
  },
  play: async (ctx) => {
    await presses('重新提交', 'onRetrySubmit', alert('网络错误，请稍后重试'))(ctx);
    await presses('修改申请表', 'onEdit')(ctx);
  },
};

export const Pending: Story = {
  args: { data: { application, officer: null }, form: null },
  play: shows('我的申请', '审核中', '运营人员会在 3 个工作日内审核', '138****5678', hidden('提交申请')),
};

/** An officer: their invites since approval, counted separately, with the poster and invites links. */
export const Approved: Story = {
  ...desktop,
  args: {
    data: {
      application: { ...application, state: 'approved', reviewedAt: T + 3600_000, reviewMessage: '欢迎加入！' },
      officer: { since: T + 3600_000, invitedCount: 12, activeCount: 5 },
    },
    form: null,
  },
  play: shows(
    '已通过',
    '你已是校园推广官（2026-11-20 11:00 起）',
    '审核留言：欢迎加入！',
    '12 人',
    '5 人',
    linkToOrNone('生成分享海报', routedPath('/share') ?? null),
    linkToOrNone('我邀请的好友', routedPath('/home/invite') ?? null),
  ),
};

export const Rejected: Story = {
  ...phone,
  args: {
    data: {
      application: { ...application, state: 'rejected', reviewedAt: T, reviewMessage: '本期名额已满，欢迎下期再来' },
      officer: null,
    },
    form: null,
  },
  play: shows('未通过', alert('审核留言：本期名额已满，欢迎下期再来'), hidden('推广官期间邀请注册')),
};
