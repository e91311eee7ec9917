import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FeedbackDetailPage from '../../../src/pages/feedback-detail/FeedbackDetailPage';
import { expiredTicket, ratedTicket, ticket } from '../../../stories/home/feedbackFixtures';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * `/home/feedback/{id}` over the fake contract server: the ticket as the member reads it, each move
 * its state offers sent as the contract says and landing in the state the server returns, and a
 * refusal said once (on the page, never also as a toast).
 */

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

const open = (id = '7') =>
  renderPage(<FeedbackDetailPage />, { url: `/home/feedback/${id}`, path: '/home/feedback/:id' });
const badge = () => screen.getByTestId('feedback-state').textContent;

describe('/home/feedback/{id} container', () => {
  it('待确认: the answer, the days left, and 已解决 confirms it — the page then offers the rating', async () => {
    server.reply('getFeedback', ok(ticket(4)));
    server.reply('confirmFeedback', ok(ticket(5)));
    open();

    await screen.findByText('经核实，合作方已补发 20 微豆安慰奖，请在「微豆明细」查看。');
    expect(badge()).toBe('待确认');
    expect(screen.getByTestId('next-step').textContent).toMatch(/请确认是否解决；\d 天后未确认将自动确认/);
    expect(server.callsOf('getFeedback')[0]!.params).toEqual({ id: '7' });
    fireEvent.click(screen.getByRole('button', { name: '已解决' }));

    await screen.findByText('评价客服的处理');
    expect(badge()).toBe('已确认');
    expect(server.callsOf('confirmFeedback')).toEqual([
      expect.objectContaining({ params: { id: '7' }, body: undefined }),
    ]);
    expect(screen.queryByRole('button', { name: '已解决' })).toBeNull();
  });

  it('还没解决: the reply goes back to 客服 and the ticket is 待处理 again, the box emptied', async () => {
    server.reply('getFeedback', ok(ticket(4)));
    server.reply('replyFeedback', ok(ticket(1)));
    open();
    const box = (await screen.findByRole('textbox', { name: '还没解决？' })) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: '还没解决，继续反馈' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请填写回复内容');
    expect(server.callsOf('replyFeedback')).toEqual([]);

    fireEvent.change(box, { target: { value: '  补发的微豆还是没有到账  ' } });
    fireEvent.click(screen.getByRole('button', { name: '还没解决，继续反馈' }));
    await waitFor(() => expect(badge()).toBe('待处理'));
    expect(server.callsOf('replyFeedback')[0]!.body).toEqual({ content: '补发的微豆还是没有到账', images: [] });
    expect((screen.getByRole('textbox', { name: '补充说明' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('a ticket that moved on meanwhile: reloaded and said once on the page, no toast', async () => {
    let reads = 0;
    server.reply('getFeedback', () => ok(reads++ === 0 ? ticket(4) : ticket(5)));
    server.reply('confirmFeedback', refuse('FEEDBACK_STATE_CONFLICT'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: '已解决' }));

    await screen.findByText('这条反馈的状态已经变化，请刷新后再试，已为你显示最新状态。');
    expect(badge()).toBe('已确认');
    expect(server.callsOf('getFeedback')).toHaveLength(2);
    expect(screen.getAllByText(/这条反馈的状态已经变化/)).toHaveLength(1);
    expect(server.toasts).toEqual([]);
  });

  it('已确认: rate once with stars and words; then the rating is shown and not offered again', async () => {
    server.reply('getFeedback', ok(ticket(5)));
    server.reply('rateFeedback', ok(ratedTicket));
    open();
    fireEvent.click(await screen.findByRole('button', { name: '提交评价' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请选择评分');

    fireEvent.click(screen.getByRole('button', { name: '5 星' }));
    fireEvent.change(screen.getByLabelText('评价内容（选填）'), { target: { value: '处理很快，谢谢！' } });
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await screen.findByText('我的评价');
    expect(server.callsOf('rateFeedback')[0]!.body).toEqual({ stars: 5, comment: '处理很快，谢谢！' });
    expect(screen.queryByRole('button', { name: '提交评价' })).toBeNull();
    expect(screen.getByRole('button', { name: '重新打开' }).hasAttribute('disabled')).toBe(false);
  });

  it('reopening after the window closed: the server says so once, and the page shows the ticket as it now is', async () => {
    let reads = 0;
    server.reply('getFeedback', () => ok(reads++ === 0 ? ticket(5) : expiredTicket));
    server.reply('reopenFeedback', refuse('FEEDBACK_REOPEN_EXPIRED'));
    open();
    fireEvent.change(await screen.findByLabelText('问题又出现了？说明原因后可以重新打开'), {
      target: { value: '补发的微豆又被撤回了' },
    });
    fireEvent.click(screen.getByRole('button', { name: '重新打开' }));

    await screen.findByText(/已超过 7 天的重新打开期限/);
    expect(server.callsOf('reopenFeedback')[0]!.body).toEqual({ content: '补发的微豆又被撤回了' });
    expect(screen.getAllByText(/已超过可重新打开的期限，请提交一条新的反馈/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '重新打开' })).toBeNull();
    expect(
      within(screen.getByTestId('actions')).getByRole('link', { name: '提交一条新的反馈' }).getAttribute('href'),
    ).toBe('/home/feedback/ask');
    expect(server.toasts).toEqual([]);
  });

  it('another member’s ticket, or none: 反馈不存在, no toast', async () => {
    server.reply('getFeedback', refuse('NOT_FOUND'));
    open('99');
    await screen.findByText('反馈不存在');
    expect(server.toasts).toEqual([]);
  });

  it('a failed load offers 重新加载, said once', async () => {
    let fail = true;
    server.reply('getFeedback', () => (fail ? 'network-error' : ok(ticket(0))));
    open();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('反馈加载失败');
    expect(server.toasts).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByText('客服还没有回复，有回复时会通过消息通知你。');
    expect(badge()).toBe('待受理');
  });

  it('a reply while 客服 has it (待受理) adds to the thread without a move', async () => {
    server.reply('getFeedback', ok(ticket(0)));
    server.reply(
      'replyFeedback',
      ok(
        ticket(0, {
          posts: [{ id: 1, author: 'member', name: '我', content: '补充：是用手机答的', images: [], createdAt: 1 }],
        }),
      ),
    );
    open();
    fireEvent.change(await screen.findByRole('textbox', { name: '补充说明' }), {
      target: { value: '补充：是用手机答的' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交补充' }));
    await screen.findByText('补充：是用手机答的');
    expect(badge()).toBe('待受理');
    expect(screen.queryByRole('button', { name: '已解决' })).toBeNull();
  });
});
