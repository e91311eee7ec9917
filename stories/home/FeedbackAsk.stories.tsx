import type { Meta, StoryObj } from '@storybook/react-vite';
import { FeedbackAskView } from '../../src/pages/feedback-ask/FeedbackAskView';
import { desktop, homePage, phone } from '../layout';
import { alert, button, hidden, linkTo, presses, shows, testIds } from '../play';
import { feedbackArgs } from './feedbackArgs';
import { failedShot, previews, shots, taskRecord } from './feedbackFixtures';

const DESCRIPTION = '答完问卷显示被甄别，但我完全符合条件，微豆也没有到账。答题大概用了 15 分钟。';

const meta = {
  title: 'Pages/FeedbackAsk',
  component: FeedbackAskView,
  ...homePage('/home/feedback/ask'),
  args: { ...feedbackArgs(), listPath: null },
} satisfies Meta<typeof FeedbackAskView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A blank form: nothing chosen yet; the count starts at 0 of 500. */
export const ComposingEmpty: Story = {
  play: shows(
    '提交反馈',
    '请选择问题类型',
    '0/500',
    /最多 4 张，PNG、JPG、GIF 或 WebP 图片，不超过 5 MB（0\/4）/,
    button('添加截图', 'enabled'),
    button('提交反馈', 'enabled'),
    hidden('关联的任务记录'),
  ),
};

/** From a task record (?rid=…): the record card, a description, two screenshots (one still uploading). */
export const ComposingWithRecord: Story = {
  args: {
    recordRef: { rid: 'R8K2QX7' },
    record: taskRecord,
    category: 1,
    content: DESCRIPTION,
    shots,
    previews,
  },
  play: shows(
    '关联的任务记录',
    '新品口味测试问卷',
    '答卷编号 R8K2QX7 · 被甄别',
    linkTo('查看', '/home/task'),
    `${DESCRIPTION.length}/500`,
    '上传中',
    testIds('screenshot', 2),
    button('删除截图 结束页.png'),
    '（2/4）',
  ),
};

/** The record is being read while the member already writes. */
export const LoadingRecord: Story = {
  args: { status: 'loadingRecord', recordRef: { exchangeId: 12 }, category: 2, busy: true, canSubmit: false },
  play: shows('正在读取关联的记录…', button('提交反馈', 'disabled')),
};

/** The record in the URL is not the member's: the ticket goes without it, and says so. */
export const RecordMissing: Story = {
  args: { recordMissing: true, category: 1 },
  play: shows('没有找到这条记录，这条反馈将不关联记录'),
};

/** The record could not be read: 重新读取. */
export const RecordFailed: Story = {
  args: { recordRef: { rid: 'R8K2QX7' }, recordError: '网络错误，请稍后重试', canRetryRecord: true, category: 1 },
  play: presses('重新读取', 'onRetryRecord', alert('关联的记录没有读取成功：网络错误，请稍后重试')),
};

/** 提交 pressed with the form incomplete: the contract's zh-CN messages under each field. */
export const ValidationErrors: Story = {
  args: {
    content: '没到账',
    shots: [failedShot],
    previews,
    errors: {
      category: '请选择问题类型',
      content: '问题描述至少 10 个字',
      images: '有截图没有上传成功，请重试或删除后再提交',
    },
  },
  play: presses(
    '重试',
    'onRetryScreenshot',
    alert('请选择问题类型'),
    alert('问题描述至少 10 个字'),
    alert('有截图没有上传成功，请重试或删除后再提交'),
    '上传失败',
    '聊天记录.png：网络错误，请检查网络后重试',
  ),
};

/** More than four pictures picked: the first ones are kept. */
export const TooManyScreenshots: Story = {
  args: {
    category: 6,
    shots: [...shots, { ...shots[0]!, id: 4 }, { ...shots[0]!, id: 5 }],
    previews: { ...previews, 4: previews[1]!, 5: previews[1]! },
    shotsNotice: '最多上传 4 张截图',
    canAddScreenshots: false,
  },
  play: shows(alert('最多上传 4 张截图'), testIds('screenshot', 4), hidden('添加截图')),
};

/** Sending: the fields are locked and the button says so. */
export const Submitting: Story = {
  args: { status: 'submitting', busy: true, category: 1, content: DESCRIPTION, canSubmit: false },
  play: shows(button('正在提交…', 'disabled'), button('添加截图', 'disabled')),
};

/** The answer was lost: 重新提交 sends the same ticket again (it is created once). */
export const NetworkError: Story = {
  args: {
    status: 'networkError',
    category: 1,
    content: DESCRIPTION,
    canSubmit: false,
    canRetry: true,
    error: '网络错误，请稍后重试',
  },
  play: presses(
    '重新提交',
    'onRetry',
    alert('网络不太稳定，没能确认反馈是否已提交。重新提交会按原内容再试一次，不会重复提交。'),
  ),
};

/** A refusal (the day's limit) shown once, in the form. */
export const Refused: Story = {
  args: { category: 1, content: DESCRIPTION, error: '今天提交的反馈已达上限，请明天再来' },
  play: shows(alert('今天提交的反馈已达上限，请明天再来'), button('提交反馈', 'enabled')),
};

/** Sent: the page moves on to the new ticket. */
export const Submitted: Story = {
  args: { status: 'toAccept', canSubmit: false },
  play: shows('反馈已提交，正在打开…'),
};

export const Phone: Story = {
  ...phone,
  args: ComposingWithRecord.args,
  play: shows('新品口味测试问卷', button('提交反馈')),
};

export const Desktop: Story = {
  ...desktop,
  args: ComposingWithRecord.args,
  play: shows('新品口味测试问卷', button('提交反馈')),
};
