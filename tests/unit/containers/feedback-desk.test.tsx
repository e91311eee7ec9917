import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FeedbackDeskPage from '../../../src/admin/pages/feedback-desk/FeedbackDeskPage';
import { deskRows, deskTicket, savedReplies } from '../../../stories/admin/deskFixtures';
import { ok, refuse, renderPage, server } from './harness';
import { asStaff } from './staff';

vi.mock('../../../src/admin/api', async (importOriginal) =>
  (await import('./harness')).withFakeConsoleApi(await importOriginal<{ createConsoleClient: () => unknown }>()),
);

/** 反馈处理 over a fake contract server: the ticket in the address, the moves, saved replies, a colleague's refusal. */

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const ANSWER = savedReplies[0]!.content;

function render(url = '/admin/desk?ticket=12') {
  return renderPage(asStaff('support', <FeedbackDeskPage />), { url, path: '/admin/desk' });
}

beforeEach(() => {
  server.reset();
  server.reply('listTickets', page(deskRows));
  server.reply('listSavedReplies', ok({ list: savedReplies }));
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('反馈处理', () => {
  it('opens the ticket of the address; 接单 takes it and reads the ticket and the queue again', async () => {
    let state = 0;
    server.reply('getTicket', () => ok(deskTicket(state as 0 | 1)));
    server.reply('takeTicket', () => {
      state = 1;
      return ok({ id: 12, state: 1, operator: '客服小林' });
    });
    render();
    await screen.findByRole('heading', { name: '反馈 #12' });
    expect(server.callsOf('getTicket')[0]!.params).toEqual({ id: '12' });
    expect(server.callsOf('listTickets')[0]!.query).toMatchObject({ page: '1' });
    expect(server.callsOf('listTickets')[0]!.query.state).toBeUndefined();
    expect(screen.getByTestId('member-context').textContent).toContain('138****0000');
    // Support may open members: the ticket's member links to their member page.
    expect(
      within(screen.getByTestId('member-context')).getByRole('link', { name: '查看会员' }).getAttribute('href'),
    ).toBe('/admin/members/7');

    fireEvent.click(screen.getByRole('button', { name: '接单' }));
    await screen.findByText('已接单');
    await screen.findByText(/受理客服：客服小林/);
    expect(server.callsOf('takeTicket')).toHaveLength(1);
    expect(server.callsOf('getTicket')).toHaveLength(2);
    await waitFor(() => expect(server.callsOf('listTickets')).toHaveLength(2));
  });

  it('a saved reply picked into the box is sent as the answer', async () => {
    server.reply('getTicket', ok(deskTicket(1)));
    server.reply('replyTicket', ok({ id: 12, state: 4, operator: '客服小林' }));
    render();
    await screen.findByRole('heading', { name: '反馈 #12' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '答复会员' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '常用回复' }));
    fireEvent.click(await screen.findByRole('button', { name: '使用「甄别说明」' }));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /回复会员/ }).value).toBe(ANSWER);
    fireEvent.click(screen.getByRole('button', { name: '答复会员' }));
    await screen.findByText('已答复会员，等待会员确认');
    expect(server.callsOf('replyTicket')[0]).toMatchObject({
      params: { id: '12' },
      body: { kind: 'answer', content: ANSWER },
    });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /回复会员/ }).value).toBe('');
  });

  it('saves the box as a saved reply and deletes one', async () => {
    server.reply('getTicket', ok(deskTicket(1)));
    server.reply('saveReply', (call) =>
      ok({ id: 3, ...(call.body as object), createdBy: '客服小林', createdAt: Date.UTC(2026, 10, 29) }),
    );
    server.reply('deleteSavedReply', ok({ ok: true }));
    render();
    await screen.findByRole('heading', { name: '反馈 #12' });
    fireEvent.change(screen.getByRole('textbox', { name: /回复会员/ }), { target: { value: '  请补充截图。 ' } });
    fireEvent.click(screen.getByRole('button', { name: '存为常用回复' }));
    fireEvent.change(screen.getByRole('textbox', { name: /常用回复的标题/ }), { target: { value: '补充截图' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.callsOf('listSavedReplies')).toHaveLength(2));
    expect(server.callsOf('saveReply')[0]!.body).toEqual({ title: '补充截图', content: '请补充截图。' });

    const list = await screen.findByTestId('saved-replies');
    fireEvent.click(within(list).getByRole('button', { name: '删除「请补充截图」' }));
    await waitFor(() => expect(server.callsOf('listSavedReplies')).toHaveLength(3));
    expect(server.callsOf('deleteSavedReply')[0]!.params).toEqual({ id: '2' });
  });

  it('a ticket a colleague took first: the refusal beside the ticket (no toast), the ticket read again', async () => {
    let taken = false;
    server.reply('getTicket', () => ok(taken ? deskTicket(1, { operator: '客服小周' }) : deskTicket(0)));
    server.reply('takeTicket', () => {
      taken = true;
      return refuse('ALREADY_DECIDED', '这条反馈现在是「待处理」，不能受理：这条反馈已被其他同事受理，请刷新后查看');
    });
    render();
    await screen.findByRole('heading', { name: '反馈 #12' });
    fireEvent.click(screen.getByRole('button', { name: '接单' }));
    expect((await screen.findByRole('alert')).textContent).toContain('已被其他同事受理');
    await screen.findByText(/受理客服：客服小周/);
    expect(screen.queryByRole('button', { name: '接单' })).toBeNull();
    expect(server.toasts).toEqual([]);
  });

  it('closing asks a reason the member reads', async () => {
    server.reply('getTicket', ok(deskTicket(1)));
    server.reply('closeTicket', ok({ id: 12, state: 5, operator: '客服小林' }));
    render();
    await screen.findByRole('heading', { name: '反馈 #12' });
    fireEvent.click(screen.getByRole('button', { name: '关闭反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '关闭反馈 #12' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '重复提交' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认关闭' }));
    await screen.findByText('已关闭这条反馈');
    expect(server.callsOf('closeTicket')[0]!.body).toEqual({ reason: '重复提交' });
  });

  it('without a ticket in the address: the queue, and no ticket read', async () => {
    render('/admin/desk');
    await screen.findAllByTestId('desk-row');
    expect(screen.getAllByTestId('desk-row')[0]!.getAttribute('href')).toBe('/admin/desk?ticket=12');
    expect(server.callsOf('getTicket')).toHaveLength(0);
  });
});
