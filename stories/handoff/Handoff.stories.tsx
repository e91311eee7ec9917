import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, within } from 'storybook/test';
import type { HandoffView as HandoffViewModel, TaskBrief, TaskOutcome } from '../../machines/surveyHandoff';
import { REFUSAL_TEXT, REJECTION_TEXT } from '../../machines/surveyHandoff';
import { HandoffView, type HandoffViewProps } from '../../src/components/handoff/HandoffView';
import { shows, hidden, button, link, alert, presses, linkTo } from '../play';
import { desktop, phone } from '../layout';

/**
 * The survey hand-off flow (machines/surveyHandoff.ts): one story per machine state, one per
 * join result (0–8, plus a reversed and a low-quality complete), at phone and desktop sizes.
 */

const RID = 'Qm9r3xK2hV7pLw8sT1aZcg';
const T = Date.UTC(2026, 10, 22, 1, 5);

const task: TaskBrief = {
  hashId: 'tK3f9a',
  title: '年轻人咖啡消费习惯调研',
  kind: 'survey',
  points: 300,
  screenOutPoints: 20,
  quotaFullPoints: 10,
  minutes: 8,
  block: null,
  blockMessage: null,
};

const outcome = (joinResult: number, points: number, extra: Partial<TaskOutcome> = {}): TaskOutcome => ({
  respondentId: RID,
  taskHashId: task.hashId,
  title: task.title,
  type: 2,
  kind: 'survey',
  joinResult: joinResult as TaskOutcome['joinResult'],
  points,
  pointsStatus: points > 0 ? 'posted' : 'none',
  lowQualityReasons: [],
  finishedAt: T,
  audit: joinResult === 1 ? { state: 1, reason: null, reviewUntil: null } : null,
  ...extra,
});

const base: HandoffViewModel = {
  status: 'loadingTask',
  mode: 'handoff',
  busy: false,
  task: null,
  destination: null,
  refusal: null,
  rejection: null,
  outcome: null,
  rid: null,
  target: null,
  remaining: 0,
  notice: null,
  error: null,
  canLogin: false,
  canRedirect: false,
  canRetry: false,
  canRefresh: false,
  canClaim: false,
};

const links: HandoffViewProps['links'] = {
  tasks: '/task',
  records: '/home/task',
  feedback: null,
  basicSurvey: '/user/survey',
  resume: '/task/go?id=tK3f9a',
};

const meta = {
  title: 'Handoff/HandoffView',
  component: HandoffView,
  parameters: { route: '/task/back' },
  args: {
    ...base,
    links,
    onLogin: fn(),
    onRedirect: fn(),
    onRetry: fn(),
    onRefresh: fn(),
    onClaim: fn(),
    onCopyRid: fn(),
  },
  decorators: [
    (Story) => (
      <Box bg={{ base: 'white', md: 'gray.50' }} minH="100vh">
        <Story />
      </Box>
    ),
  ],
  ...phone,
} satisfies Meta<typeof HandoffView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The same story at desktop size. */
const onDesktop = (story: Story): Story => ({ ...story, ...desktop });
const settled = (o: TaskOutcome): Story['args'] => ({ status: 'settled', mode: 'return', outcome: o, rid: RID });

/* ---- machine states ---- */

export const LoginRequiredOnReturn: Story = {
  args: { status: 'loginRequired', mode: 'return', canLogin: true },
  play: presses('去登录', 'onLogin', '请先登录'),
};
export const LoginRequiredOnHandoff: Story = {
  args: { status: 'loginRequired', mode: 'handoff', canLogin: true },
  play: shows('请先登录', button('去登录')),
};
export const InvalidLink: Story = { args: { status: 'invalidLink', mode: 'handoff' }, play: shows('链接不完整') };
export const LoadingTask: Story = { args: { status: 'loadingTask', busy: true }, play: shows('正在准备任务…') };
export const Starting: Story = {
  args: { status: 'starting', busy: true, task },
  play: shows('正在前往问卷…', '300', '未完成时的安慰奖励：被甄别 20 微豆，配额已满 10 微豆'),
};
export const Redirecting: Story = {
  args: {
    status: 'redirecting',
    task,
    rid: RID,
    canRedirect: true,
    destination: {
      url: `https://survey.example.com/s?rid=${RID}`,
      external: true,
      kind: 'survey',
      resumed: false,
      alreadyJoined: false,
    },
  },
  play: shows('没有自动跳转？点此前往'),
};
export const RedirectingResumed: Story = {
  args: {
    ...Redirecting.args,
    destination: { ...Redirecting.args!.destination!, resumed: true },
  },
  play: shows('继续上次未完成的答题'),
};
export const RedirectingAlreadyJoined: Story = {
  args: {
    ...Redirecting.args,
    destination: {
      url: `/survey/end?rid=${RID}`,
      external: false,
      kind: 'survey',
      resumed: false,
      alreadyJoined: true,
    },
  },
  play: shows('你已参与过该任务，正在打开结果…'),
};
export const RefusedQuotaFull: Story = {
  args: { status: 'refused', task, refusal: { reason: 'quotaFull', message: REFUSAL_TEXT.quotaFull.message } },
  play: shows('名额已满'),
};
export const RefusedBasicSurvey: Story = {
  args: { status: 'refused', task, refusal: { reason: 'basicSurvey', message: '请先完成个人属性问卷' } },
  play: shows('去填写个人属性问卷'),
};
export const RefusedQualityLevel: Story = {
  args: {
    status: 'refused',
    task,
    refusal: {
      reason: 'qualityLevel',
      message: '该任务需要答题质量达到「优秀」，你当前为「良好」，提高答卷有效率即可参加',
    },
  },
  play: shows(alert('答题质量等级不足'), '你当前为「良好」', linkTo('查看质量等级', '/efficient/level')),
};
export const RefusedDevice: Story = {
  args: { status: 'refused', task, refusal: { reason: 'device', message: '该任务仅限手机参加' } },
  play: shows(alert('不支持当前设备'), '该任务仅限手机参加', link('做更多任务')),
};
export const RefusedClosed: Story = {
  args: { status: 'refused', task, refusal: { reason: 'closed', message: REFUSAL_TEXT.closed.message } },
  play: shows(alert('任务已结束'), link('查看任务记录')),
};
export const RefusedNotEligible: Story = {
  args: { status: 'refused', task, refusal: { reason: 'notEligible', message: REFUSAL_TEXT.notEligible.message } },
  play: shows(alert('暂不符合参与条件')),
};
export const RefusedNotOpen: Story = {
  args: { status: 'refused', task, refusal: { reason: 'notOpen', message: REFUSAL_TEXT.notOpen.message } },
  play: shows(alert('任务尚未开始')),
};
export const RefusedNotFound: Story = {
  args: { status: 'refused', refusal: { reason: 'notFound', message: REFUSAL_TEXT.notFound.message } },
  play: shows(alert('任务不存在'), hidden('年轻人咖啡消费习惯调研')),
};
export const Returning: Story = {
  args: { status: 'returning', mode: 'return', busy: true },
  play: shows('正在确认答题结果…'),
};
export const LoadingOutcome: Story = {
  args: { status: 'loadingOutcome', mode: 'outcome', busy: true, rid: RID },
  play: shows('正在查询答题结果…'),
};
export const RejectedTampered: Story = {
  args: {
    status: 'rejected',
    mode: 'return',
    rid: RID,
    rejection: { reason: 'invalid', message: REJECTION_TEXT.invalid.message },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('回跳链接校验失败')).toBeInTheDocument();
    await expect(c.getByTestId('handoff-rid')).toHaveTextContent(RID);
    // Ordinary text, not a code font (no engineer's look on a member's page).
    for (const el of c.getByTestId('handoff-rid').querySelectorAll('*'))
      await expect(getComputedStyle(el).fontFamily).not.toMatch(/mono/);
    await expect(c.getByText('联系客服时请提供上面的答卷编号，方便我们核实。')).toBeInTheDocument();
  },
};
export const RejectedForeign: Story = {
  args: {
    status: 'rejected',
    mode: 'return',
    rid: RID,
    rejection: { reason: 'foreign', message: REJECTION_TEXT.foreign.message },
  },
  play: shows(alert('这条答题记录不属于当前账号'), 'Qm9r3xK2hV7pLw8sT1aZcg', button('复制')),
};
export const RejectedExpired: Story = {
  args: {
    status: 'rejected',
    mode: 'return',
    rid: RID,
    rejection: { reason: 'expired', message: REJECTION_TEXT.expired.message },
  },
  play: shows(alert('回跳链接已过期'), 'Qm9r3xK2hV7pLw8sT1aZcg'),
};
export const FailedReturn: Story = {
  args: { status: 'failed', mode: 'return', error: '网络错误，请检查网络后重试', canRetry: true },
  play: presses('重试', 'onRetry', '你的答题结果不会丢失，重试也不会重复发放微豆。'),
};
export const FailedStart: Story = {
  args: { status: 'failed', mode: 'handoff', error: '服务器开小差了，请稍后再试', canRetry: true },
  play: shows(alert('服务器开小差了，请稍后再试'), button('重试')),
};

const target = { url: '/demo-partner/video', seconds: 30, points: 30 };
export const LoadingTarget: Story = {
  args: { status: 'loadingTarget', mode: 'watch', busy: true },
  play: shows('正在打开任务内容…'),
};
export const Watching: Story = {
  args: { status: 'watching', mode: 'watch', rid: RID, target, remaining: 18, embeddable: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('watch-remaining')).toHaveTextContent('还需停留 18 秒');
    await expect(c.getByRole('button', { name: '领取微豆' })).toBeDisabled();
  },
};
export const WatchingExternal: Story = {
  args: {
    ...Watching.args,
    target: { ...target, url: 'https://brand.example.com/landing' },
    embeddable: false,
  },
  play: shows('还需停留 18 秒', link('在新窗口打开'), button('领取微豆', 'disabled')),
};
export const WatchTooShort: Story = {
  args: { ...Watching.args, remaining: 3, notice: '停留时间还不够，再等 3 秒就可以领取了。' },
  play: shows('停留时间还不够，再等 3 秒就可以领取了。', button('领取微豆', 'disabled')),
};
export const Claimable: Story = {
  args: { status: 'claimable', mode: 'watch', rid: RID, target, remaining: 0, embeddable: true, canClaim: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const button = await c.findByRole('button', { name: '领取微豆' });
    await expect(button).toBeEnabled();
    button.click();
    await expect(args.onClaim).toHaveBeenCalled();
  },
};
export const ClaimFailed: Story = {
  args: { ...Claimable.args, notice: '领取失败：网络错误，请检查网络后重试' },
  play: shows('领取失败：网络错误，请检查网络后重试', button('领取微豆', 'enabled')),
};
export const Claiming: Story = {
  args: { ...Claimable.args, status: 'claiming', busy: true, canClaim: false },
  play: shows('已停留满 30 秒，可以领取了', button('领取中…', 'disabled')),
};

/* ---- join results (settled) ---- */

export const ResultIncomplete: Story = {
  args: { ...settled(outcome(0, 0)), mode: 'outcome', canRefresh: true },
  play: presses('刷新结果', 'onRefresh', '结果待确认', linkTo('继续答题', '/task/go?id=tK3f9a')),
};
export const ResultComplete: Story = {
  args: settled(outcome(1, 300)),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('答题完成，微豆已到账')).toBeInTheDocument();
    await expect(c.getByTestId('handoff-points')).toHaveTextContent('+300微豆已入账');
    await expect(c.getByRole('link', { name: '查看任务记录' })).toHaveAttribute('href', '/home/task');
    await expect(c.getByRole('link', { name: '做更多任务' })).toHaveAttribute('href', '/task');
  },
};
/** The end of a product trial's screener: back to applying there (the trial's apply step), not a dead end. */
export const ResultScreenerBackToTrial: Story = {
  parameters: { route: '/survey/end' },
  args: {
    ...settled(outcome(1, 10)),
    mode: 'outcome',
    links: { ...links, trial: { path: '/prize?id=3', title: '保湿面霜 30 天试用' } },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTestId('handoff-trial')).toHaveTextContent(
      '这是试用「保湿面霜 30 天试用」的甄别问卷，现在可以回去申请了。',
    );
    await expect(c.getByRole('link', { name: '回到试用申请' })).toHaveAttribute('href', '/prize?id=3');
    await expect(c.getByRole('link', { name: '做更多任务' })).toBeInTheDocument();
  },
};
/** A complete the partner may still reject for a few days: 待审核, and what that means for the 微豆. */
export const ResultCompletePendingReview: Story = {
  args: settled(outcome(1, 300, { audit: { state: 0, reason: null, reviewUntil: T + 3 * 86_400_000 } })),
  play: shows(
    '答题完成，微豆已到账',
    '待审核',
    /合作方复核中：.+ 前若判为无效，本次微豆会被收回。复核通过后在「任务记录」中显示为有效。/,
  ),
};

/** A video task: 观看完成 and 继续观看, never 答题. */
export const ResultVideoComplete: Story = {
  args: settled(outcome(1, 30, { type: 7, kind: 'video' })),
  play: shows('观看完成，微豆已到账', hidden(/答题完成/)),
};
export const ResultVideoIncomplete: Story = {
  args: { ...settled(outcome(0, 0, { type: 7, kind: 'video' })), mode: 'outcome', canRefresh: true },
  play: shows(linkTo('继续观看', '/task/go?id=tK3f9a'), hidden('继续答题')),
};
export const ResultCompleteLowQuality: Story = {
  args: settled(outcome(1, 100, { lowQualityReasons: [1, 4] })),
  play: shows(
    '这份答卷被判定为低质量：开放题乱填、陷阱题未通过。奖励已按任务规则发放，多次低质量会影响你的答题质量等级。',
  ),
};
export const ResultCompleteReversed: Story = {
  args: settled(outcome(1, 0, { pointsStatus: 'reversed' })),
  play: shows('奖励已被合作方撤回'),
};
export const ResultScreenedOut: Story = {
  args: settled(outcome(2, 20)),
  play: shows('合作方根据你的回答提前结束了问卷（被甄别），这不是你的错。按任务规则发放 20 微豆安慰奖，已计入余额。'),
};
export const ResultQuotaFull: Story = { args: settled(outcome(3, 10)), play: shows('本次调研名额已满') };
export const ResultTooShort: Story = { args: settled(outcome(4, 0)), play: shows('答题过快，答卷未被采用') };
export const ResultIpBlocked: Story = { args: settled(outcome(5, 0)), play: shows('网络环境受限') };
export const ResultCookieBlocked: Story = { args: settled(outcome(6, 0)), play: shows('重复参与') };
export const ResultCityBlocked: Story = { args: settled(outcome(7, 0)), play: shows('地区受限') };
export const ResultTimedOut: Story = { args: settled(outcome(8, 0)), play: shows('答题已超时') };
/** 复制 pressed: the respondent id is copied (提交反馈 joins once the help centre is built). */
export const ResultRidCopied: Story = {
  args: { ...settled(outcome(2, 0)), ridCopied: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('button', { name: '已复制' })).toBeInTheDocument();
    await expect(c.queryByRole('link', { name: '提交反馈' })).toBeNull();
  },
};

/** /home/feedback/ask is routed: 结果不对？ offers 提交反馈 about this answer. */
export const ResultWithFeedback: Story = {
  args: {
    ...settled(outcome(2, 20)),
    links: { ...links, feedback: `/home/feedback/ask?rid=${RID}` },
  },
  play: shows(linkTo('提交反馈', `/home/feedback/ask?rid=${RID}`), hidden('联系客服时请提供上面的答卷编号')),
};

/* ---- desktop ---- */

export const LoginRequiredDesktop = onDesktop(LoginRequiredOnReturn);
export const StartingDesktop = onDesktop(Starting);
export const RedirectingDesktop = onDesktop(Redirecting);
export const RefusedDesktop = onDesktop(RefusedQuotaFull);
export const ReturningDesktop = onDesktop(Returning);
export const RejectedDesktop = onDesktop(RejectedTampered);
export const FailedDesktop = onDesktop(FailedReturn);
export const WatchingDesktop = onDesktop(Watching);
export const ClaimableDesktop = onDesktop(Claimable);
export const ResultIncompleteDesktop = onDesktop(ResultIncomplete);
export const ResultCompleteDesktop = onDesktop(ResultComplete);
export const ResultScreenedOutDesktop = onDesktop(ResultScreenedOut);
export const ResultWithFeedbackDesktop = onDesktop(ResultWithFeedback);
export const ResultQuotaFullDesktop = onDesktop(ResultQuotaFull);
export const ResultTooShortDesktop = onDesktop(ResultTooShort);
export const ResultIpBlockedDesktop = onDesktop(ResultIpBlocked);
export const ResultCookieBlockedDesktop = onDesktop(ResultCookieBlocked);
export const ResultCityBlockedDesktop = onDesktop(ResultCityBlocked);
export const ResultTimedOutDesktop = onDesktop(ResultTimedOut);
