import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FeedbackAskPage from '../../../src/pages/feedback-ask/FeedbackAskPage';
import { taskRecord, ticket } from '../../../stories/home/feedbackFixtures';
import { ok, pngFile, refuse, renderPage, server, uploadPolicy } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * `/home/feedback/ask` over the fake contract server (and a fake upload host for the screenshots):
 * what the member sees, and what the server was asked — the record named by the URL, the ticket
 * with its screenshots' keys, the same request key again after a lost answer, a refusal said once.
 */

const DESCRIPTION = '答完问卷显示被甄别，但我完全符合条件，微豆也没有到账。';

const policy = uploadPolicy('feedback', 5 * 1024 * 1024);

/** What the upload host was sent. */
let posted: FormData[] = [];

beforeEach(() => {
  server.reset();
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(init.body as FormData);
      return new Response('', { status: 200 });
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(server.mismatches).toEqual([]);
});

const open = (url: string) => renderPage(<FeedbackAskPage />, { url, path: '/home/feedback/ask' });
const describeIt = (text: string) => fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: text } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
const currentUrl = () => screen.getByTestId('current-url').textContent;

describe('/home/feedback/ask container', () => {
  it('a first 提交 with nothing filled in shows the messages under the fields and asks the server nothing', async () => {
    open('/home/feedback/ask');
    describeIt('没到账');
    screen.getByText('3/500');
    submit();
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      expect.stringContaining('请选择问题类型'),
      expect.stringContaining('问题描述至少 10 个字'),
    ]);
    expect(server.calls).toEqual([]);
  });

  it('from a task record: the record card, the category it suggests, a screenshot uploaded, and the new ticket opened', async () => {
    server.reply('getFeedbackRecord', ok(taskRecord));
    server.reply('getOssPolicy', ok(policy));
    server.reply('createFeedback', ok(ticket(0)));
    open('/home/feedback/ask?rid=R8K2QX7');

    const card = await screen.findByTestId('record-card');
    within(card).getByText('新品口味测试问卷');
    expect(server.callsOf('getFeedbackRecord')[0]!.query).toEqual({ rid: 'R8K2QX7' });
    expect((screen.getByLabelText('问题类型') as HTMLSelectElement).value).toBe('1');

    fireEvent.change(screen.getByLabelText('选择截图'), { target: { files: [pngFile('结束页.png', { size: 4096 })] } });
    await waitFor(() => expect(screen.getByTestId('screenshot').dataset.status).toBe('done'));
    expect(server.callsOf('getOssPolicy')[0]!.query).toEqual({ module: 'feedback' });
    const key = String(posted[0]!.get('key'));
    expect(key).toMatch(/^feedback\/7\/\d{17}\.png$/);
    expect(screen.getByRole('img', { name: '结束页.png' }).getAttribute('src')).toBe('blob:preview');

    describeIt(DESCRIPTION);
    submit();
    await waitFor(() => expect(currentUrl()).toBe('/home/feedback/7'));
    const [created] = server.callsOf('createFeedback');
    expect(created!.body).toEqual({
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      category: 1,
      content: DESCRIPTION,
      images: [key],
      rid: 'R8K2QX7',
    });
    expect(server.toasts).toEqual([]);
  });

  it('a lost answer: 重新提交 sends the same request (same key), and one ticket is opened', async () => {
    let lost = true;
    server.reply('createFeedback', () => {
      if (lost) {
        lost = false;
        return 'network-error';
      }
      return ok(ticket(0));
    });
    open('/home/feedback/ask?category=5');
    expect((screen.getByLabelText('问题类型') as HTMLSelectElement).value).toBe('5');
    describeIt(DESCRIPTION);
    submit();

    const alert = await screen.findByText(/没能确认反馈是否已提交/);
    expect(screen.getByRole('button', { name: '提交反馈' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('问题描述') as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.click(within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(currentUrl()).toBe('/home/feedback/7'));

    const [first, second] = server.callsOf('createFeedback');
    expect(second!.body).toEqual(first!.body);
    expect(server.callsOf('createFeedback')).toHaveLength(2);
    expect(server.toasts).toEqual([]);
  });

  it('a refusal (the day’s limit) is said once, in the form — no toast over it — and the next try has a new key', async () => {
    server.reply('createFeedback', refuse('FEEDBACK_DAILY_LIMIT'));
    open('/home/feedback/ask?category=6');
    describeIt(DESCRIPTION);
    submit();

    await screen.findByText('今天提交的反馈已达上限，请明天再来');
    expect(screen.getAllByText('今天提交的反馈已达上限，请明天再来')).toHaveLength(1);
    expect(server.toasts).toEqual([]);
    submit();
    await waitFor(() => expect(server.callsOf('createFeedback')).toHaveLength(2));
    const [a, b] = server.callsOf('createFeedback').map((c) => (c.body as { requestKey: string }).requestKey);
    expect(a).not.toBe(b);
    expect(currentUrl()).toBe('/home/feedback/ask?category=6');
  });

  it('an exchange that is not the member’s: said once on the page, and the ticket goes without it', async () => {
    server.reply('getFeedbackRecord', refuse('FEEDBACK_RECORD_INVALID'));
    server.reply('createFeedback', ok(ticket(0, { record: null })));
    open('/home/feedback/ask?exchangeId=12');

    await screen.findByText('没有找到这条记录，这条反馈将不关联记录');
    expect(server.callsOf('getFeedbackRecord')[0]!.query).toEqual({ exchangeId: '12' });
    expect((screen.getByLabelText('问题类型') as HTMLSelectElement).value).toBe('2');
    expect(server.toasts).toEqual([]);
    describeIt(DESCRIPTION);
    submit();
    await waitFor(() => expect(currentUrl()).toBe('/home/feedback/7'));
    expect(server.callsOf('createFeedback')[0]!.body).not.toHaveProperty('exchangeId');
  });

  it('a picture that is not one is refused before any upload, and holds the submit back until removed', async () => {
    open('/home/feedback/ask?category=6');
    fireEvent.change(screen.getByLabelText('选择截图'), {
      target: { files: [new File(['just text'], 'notes.png', { type: 'image/png' })] },
    });
    await screen.findByText('notes.png：请选择PNG、JPG、GIF 或 WebP 图片，不超过 5 MB');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    describeIt(DESCRIPTION);
    submit();
    await screen.findByText('有截图没有上传成功，请重试或删除后再提交');
    expect(server.calls).toEqual([]);
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '删除截图 notes.png' }));
    server.reply('createFeedback', ok(ticket(0)));
    submit();
    await waitFor(() => expect(currentUrl()).toBe('/home/feedback/7'));
    expect(server.callsOf('createFeedback')[0]!.body).toMatchObject({ images: [], category: 6 });
  });
});
