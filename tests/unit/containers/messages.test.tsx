import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { selectSessionView, sessionMachine, type FetchedUser, type SessionActor } from '../../../machines/session';
import ScreenMessage from '../../../src/app/ScreenMessage';
import type { InboxMessage } from '../../../src/flows/messages';
import { Header } from '../../../src/components/Header';
import { SessionProvider, useSessionView } from '../../../src/flows/session';
import MessageDetailPage from '../../../src/pages/message-detail/MessageDetailPage';
import MessagesPage from '../../../src/pages/messages/MessagesPage';
import type { z } from 'zod';
import type { ScreenMessage as ScreenMessageSchema } from '../../../openapi/schemas/messages';
import { ok, refuse, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * The message containers over the fake contract server: the inbox (`/home/message`), a message
 * (`/home/message/{id}`) and the one-time screen message, each with the header's bell fed by
 * the same session actor the app uses — what the member sees, and what the server was asked.
 */

const T = Date.UTC(2026, 10, 22, 1, 5);

/** A message as the contract's Message. */
type Row = InboxMessage;

const issued: Row = {
  id: 31,
  type: 3,
  title: '兑换已发放：京东E卡 50 元',
  summary: '卡密已发放，请在兑换记录中查看',
  content: '<p>你兑换的京东E卡 50 元已发放，卡密：<strong>JD-8842-1190</strong></p>',
  link: '/home/exchange?id=12',
  read: false,
  createdAt: T,
};
const credited: Row = {
  id: 30,
  type: 2,
  title: '任务审核通过，奖励已到账',
  summary: '家电使用习惯调查 +200 微豆',
  content: '<p>你参与的家电使用习惯调查已审核通过，200 微豆已到账。</p>',
  link: '/home/task',
  read: false,
  createdAt: T - 3_600_000,
};
const notice: Row = {
  id: 29,
  type: 1,
  title: '系统维护通知',
  summary: '11 月 25 日凌晨维护 2 小时',
  content: '<p>维护期间暂停兑换。</p>',
  link: null,
  read: true,
  createdAt: T - 86_400_000,
};

/** An inbox on the fake server: listMessages by type / id, readMessages one or all. */
function inbox(rows: Row[]) {
  const state = rows.map((r) => ({ ...r }));
  const unread = () => state.filter((r) => !r.read).length;
  server.reply('listMessages', (call: RecordedCall) => {
    const page = Number(call.query.page ?? 1);
    const pageSize = Number(call.query.pageSize ?? 20);
    const matching = state.filter(
      (r) =>
        (!call.query.type || r.type === Number(call.query.type)) && (!call.query.id || r.id === Number(call.query.id)),
    );
    const list = matching.slice((page - 1) * pageSize, page * pageSize).map((r) => ({ ...r }));
    return ok({ list, total: matching.length, page, pageSize, unread: unread() });
  });
  server.reply('readMessages', (call) => {
    const body = call.body as { ids?: number[]; all?: boolean };
    for (const r of state) if (body.all || body.ids?.includes(r.id)) r.read = true;
    return ok({ unread: unread() });
  });
  server.reply('checkNewMessages', () => ok({ hasNew: unread() > 0, unread: unread() }));
  return state;
}

/** The app's session machine, logged in with the bell lit, its check answered by the fake server. */
function loggedInSession(): SessionActor {
  return createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise<FetchedUser>(async () => ({ user: { nickname: '小明' }, hasNewMessage: true })),
        checkMessages: fromPromise<{ hasNew: boolean }>(async () => ({ hasNew: false })),
      },
    }),
    { input: { loggedIn: true, user: { nickname: '小明', avatar: null }, hasNewMessage: true } },
  ).start();
}

/** The header's bell as the shell feeds it (the session view), above the page. */
function WithBell({ children }: { children: ReactNode }) {
  const view = useSessionView();
  return (
    <>
      <Header user={view.user} hasNewMessage={view.hasNewMessage} activePath="/home/message" />
      {children}
    </>
  );
}

function renderWithSession(page: ReactNode, session: SessionActor, at: { url: string; path?: string }) {
  return renderPage(
    <SessionProvider actor={session}>
      <WithBell>{page}</WithBell>
    </SessionProvider>,
    at,
  );
}

const bellDot = () => screen.queryByTestId('new-message-dot');

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/home/message container', () => {
  it('shows the inbox with unread rows marked and the unread total; the bell links here', async () => {
    inbox([issued, credited, notice]);
    const session = loggedInSession();
    renderWithSession(<MessagesPage />, session, { url: '/home/message' });

    await screen.findByText('兑换已发放：京东E卡 50 元');
    const rows = screen.getAllByTestId('message-row');
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);
    expect(screen.getByTestId('unread-total').textContent).toBe('2 条未读');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/home/message/31');
    expect(screen.getByRole('link', { name: '消息（有新消息）' }).getAttribute('href')).toBe('/home/message');
    expect(server.callsOf('listMessages').map((c) => c.query)).toEqual([{ page: '1', pageSize: '20' }]);
  });

  it('全部标为已读: every row turns read, the total says so and the bell marker clears', async () => {
    const state = inbox([issued, credited, notice]);
    const session = loggedInSession();
    renderWithSession(<MessagesPage />, session, { url: '/home/message' });
    await screen.findByText('兑换已发放：京东E卡 50 元');
    expect(bellDot()).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(screen.getAllByTestId('message-row').map((r) => r.getAttribute('data-read'))).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(screen.getByTestId('unread-total').textContent).toBe('没有未读消息');
    expect(screen.queryByRole('button', { name: '全部标为已读' })).toBeNull();
    expect(bellDot()).toBeNull();
    expect(selectSessionView(session.getSnapshot()).hasNewMessage).toBe(false);
    expect(server.callsOf('readMessages').map((c) => c.body)).toEqual([{ all: true }]);
    expect(state.every((r) => r.read)).toBe(true);
    session.stop();
  });

  it('a failed 全部标为已读 is said once (a toast) and the rows stay unread', async () => {
    inbox([issued, notice]);
    server.reply('readMessages', refuse('INTERNAL', '服务繁忙，请稍后再试'));
    const session = loggedInSession();
    renderWithSession(<MessagesPage />, session, { url: '/home/message' });
    await screen.findByText('兑换已发放：京东E卡 50 元');

    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(server.toasts).toEqual(['服务繁忙，请稍后再试']));
    expect((await screen.findByRole('button', { name: '全部标为已读' })).hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(1);
    expect(bellDot()).toBeTruthy();
  });

  it('a type tab asks for that type from page 1 and says when it has none', async () => {
    inbox([issued, credited, notice]);
    renderWithSession(<MessagesPage />, loggedInSession(), { url: '/home/message' });
    await screen.findByText('兑换已发放：京东E卡 50 元');

    fireEvent.click(screen.getByRole('tab', { name: '任务消息' }));
    await screen.findByText('任务审核通过，奖励已到账');
    expect(screen.queryByText('兑换已发放：京东E卡 50 元')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '活动消息' }));
    await screen.findByText('暂无活动消息');
    expect(server.callsOf('listMessages').map((c) => c.query.type)).toEqual([undefined, '2', '5']);
  });

  it('an empty inbox says so and offers no 全部标为已读; the bell lit before clears (nothing unread)', async () => {
    inbox([]);
    const session = loggedInSession();
    renderWithSession(<MessagesPage />, session, { url: '/home/message' });

    await screen.findByText('暂无消息');
    expect(screen.queryByRole('button', { name: '全部标为已读' })).toBeNull();
    expect(bellDot()).toBeNull();
  });

  it('a failed first page shows the error once (in the list, no toast); 重新加载 asks again', async () => {
    let fail = true;
    inbox([issued]);
    const answer = (call: RecordedCall) =>
      ok({ list: [issued], total: 1, page: Number(call.query.page), pageSize: Number(call.query.pageSize), unread: 1 });
    server.reply('listMessages', (call) => (fail ? 'network-error' : answer(call)));
    renderWithSession(<MessagesPage />, loggedInSession(), { url: '/home/message' });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('消息加载失败');
    expect(server.toasts).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByText('兑换已发放：京东E卡 50 元');
  });
});

describe('/home/message/{id} container', () => {
  it('shows the message, marks it read once and clears the bell when it was the last unread one', async () => {
    const state = inbox([issued, notice]);
    const session = loggedInSession();
    renderWithSession(<MessageDetailPage />, session, { url: '/home/message/31', path: '/home/message/:id' });

    await screen.findByRole('heading', { name: '兑换已发放：京东E卡 50 元' });
    screen.getByText('JD-8842-1190');
    screen.getByText('兑换消息');
    expect(screen.getByRole('link', { name: '查看兑换记录' }).getAttribute('href')).toBe('/home/exchange?id=12');
    expect(screen.getByRole('link', { name: /返回消息列表/ }).getAttribute('href')).toBe('/home/message');
    await waitFor(() => expect(bellDot()).toBeNull());
    expect(server.callsOf('listMessages').map((c) => c.query)).toEqual([{ id: '31', page: '1', pageSize: '1' }]);
    expect(server.callsOf('readMessages').map((c) => c.body)).toEqual([{ ids: [31] }]);
    expect(state.find((r) => r.id === 31)!.read).toBe(true);
  });

  it('a message already read is not marked again; the bell stays lit while others are unread', async () => {
    inbox([credited, notice]);
    const session = loggedInSession();
    renderWithSession(<MessageDetailPage />, session, { url: '/home/message/29', path: '/home/message/:id' });

    await screen.findByRole('heading', { name: '系统维护通知' });
    // No link on the message: no button to a record.
    expect(screen.queryByRole('link', { name: /查看|前往/ })).toBeNull();
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(server.callsOf('readMessages')).toEqual([]);
    expect(bellDot()).toBeTruthy();
  });

  it('reading one of two unread messages leaves the bell lit', async () => {
    inbox([issued, credited]);
    const session = loggedInSession();
    renderWithSession(<MessageDetailPage />, session, { url: '/home/message/30', path: '/home/message/:id' });

    await screen.findByRole('heading', { name: '任务审核通过，奖励已到账' });
    expect(screen.getByRole('link', { name: '查看任务记录' }).getAttribute('href')).toBe('/home/task');
    await waitFor(() => expect(server.callsOf('readMessages')).toHaveLength(1));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(bellDot()).toBeTruthy();
  });

  it('a link to a page that is not built is not offered', async () => {
    inbox([{ ...issued, link: '/home/retired-page/7' }]);
    renderWithSession(<MessageDetailPage />, loggedInSession(), { url: '/home/message/31', path: '/home/message/:id' });

    await screen.findByRole('heading', { name: '兑换已发放：京东E卡 50 元' });
    expect(screen.queryByRole('link', { name: /查看|前往/ })).toBeNull();
  });

  it('a reply to the member’s feedback opens that ticket (查看反馈)', async () => {
    inbox([{ ...issued, type: 4, title: '你的反馈有新回复', link: '/home/feedback/7' }]);
    renderWithSession(<MessageDetailPage />, loggedInSession(), { url: '/home/message/31', path: '/home/message/:id' });

    await screen.findByRole('heading', { name: '你的反馈有新回复' });
    expect(screen.getByRole('link', { name: '查看反馈' }).getAttribute('href')).toBe('/home/feedback/7');
  });

  it("another member's message, or no such message, is not found — said on the page, no toast, nothing marked", async () => {
    inbox([issued]);
    renderWithSession(<MessageDetailPage />, loggedInSession(), {
      url: '/home/message/999',
      path: '/home/message/:id',
    });

    await screen.findByText('消息不存在');
    expect(screen.getByRole('link', { name: '回到我的消息' }).getAttribute('href')).toBe('/home/message');
    expect(server.toasts).toEqual([]);
    expect(server.callsOf('readMessages')).toEqual([]);
  });

  it('a failed load offers a retry, without a toast', async () => {
    inbox([issued]);
    let fail = true;
    const real = (call: RecordedCall) =>
      ok({ list: [issued], total: 1, page: 1, pageSize: Number(call.query.pageSize), unread: 1 });
    server.reply('listMessages', (call) => (fail ? refuse('INTERNAL', '服务繁忙，请稍后再试') : real(call)));
    renderWithSession(<MessageDetailPage />, loggedInSession(), { url: '/home/message/31', path: '/home/message/:id' });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('服务繁忙，请稍后再试');
    expect(server.toasts).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('heading', { name: '兑换已发放：京东E卡 50 元' });
  });
});

/** The open screen message; a closed one may stay in the DOM for its exit animation (jsdom never
 * ends it), and members no longer see it. */
function openDialog() {
  const dialog = screen.queryByRole('dialog');
  return dialog && dialog.getAttribute('data-state') !== 'closed' ? dialog : null;
}

describe('screen message', () => {
  const screenMessage: z.input<typeof ScreenMessageSchema> = {
    id: 8,
    title: '双十一加码：任务奖励翻倍',
    content: '<p>11 月 11 日当天完成任务，奖励翻倍。</p>',
    image: 'https://cdn.example.com/screen/1111.png',
    link: '/task',
    buttonText: '去做任务',
    endAt: T + 86_400_000,
  };

  /** The shell's part: the screen message beside links that move between pages. */
  function Shell({ afterLogin = false }: { afterLogin?: boolean }) {
    const { pathname } = useLocation();
    return (
      <>
        <Link to="/home">去我的主页</Link>
        <Link to="/home/gold">去微豆明细</Link>
        <ScreenMessage pathname={pathname} afterLogin={afterLogin} enabled />
      </>
    );
  }

  /** A server that offers the message until it is marked seen, then answers 1060. */
  function offerOnce(message: typeof screenMessage) {
    let seen = false;
    server.reply('getScreenMessage', () => (seen ? refuse('NOTHING_TO_SHOW') : ok(message)));
    server.reply('readFlashMessage', (call) => {
      seen = (call.body as { id: number }).id === message.id;
      return ok({ ok: true });
    });
  }

  it('is shown on /home once: closing marks it seen, and the next visit to /home shows nothing and says nothing', async () => {
    offerOnce(screenMessage);
    renderPage(<Shell />, { url: '/home', path: '*' });

    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('双十一加码：任务奖励翻倍');
    within(dialog).getByText('11 月 11 日当天完成任务，奖励翻倍。');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(screenMessage.image);
    expect(server.callsOf('getScreenMessage')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(openDialog()).toBeNull());
    expect(server.callsOf('readFlashMessage').map((c) => c.body)).toEqual([{ id: 8 }]);

    fireEvent.click(screen.getByRole('link', { name: '去微豆明细' }));
    fireEvent.click(screen.getByRole('link', { name: '去我的主页' }));
    await waitFor(() => expect(server.callsOf('getScreenMessage')).toHaveLength(2));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(openDialog()).toBeNull();
    expect(server.toasts).toEqual([]);
    expect(server.callsOf('readFlashMessage')).toHaveLength(1);
  });

  it('its button marks it seen, then opens its page; after a login that lands on /home it is asked for once', async () => {
    offerOnce(screenMessage);
    renderPage(<Shell afterLogin />, { url: '/home', path: '*' });

    const dialog = await screen.findByRole('dialog');
    expect(server.callsOf('getScreenMessage')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '去做任务' }));
    await waitFor(() => expect(screen.getByTestId('current-url').textContent).toBe('/task'));
    expect(server.callsOf('readFlashMessage').map((c) => c.body)).toEqual([{ id: 8 }]);
    await waitFor(() => expect(openDialog()).toBeNull());
  });

  it('a page opened with a stored login asks only once the member opens /home', async () => {
    offerOnce(screenMessage);
    renderPage(<Shell />, { url: '/home/gold', path: '*' });
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(server.callsOf('getScreenMessage')).toHaveLength(0);

    fireEvent.click(screen.getByRole('link', { name: '去我的主页' }));
    await screen.findByRole('dialog');
    expect(server.callsOf('getScreenMessage')).toHaveLength(1);
  });

  it('right after a login it shows on any page; a button without a link just closes it (marked seen), a link to a page not built is not followed', async () => {
    offerOnce({ ...screenMessage, image: null, link: '/retired-page', buttonText: '我知道了' });
    renderPage(<Shell afterLogin />, { url: '/home/gold', path: '*' });

    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('img')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(openDialog()).toBeNull());
    expect(screen.getByTestId('current-url').textContent).toBe('/home/gold');
    expect(server.callsOf('readFlashMessage').map((c) => c.body)).toEqual([{ id: 8 }]);
  });

  it('nothing to show (1060) shows nothing and says nothing', async () => {
    server.reply('getScreenMessage', refuse('NOTHING_TO_SHOW'));
    renderPage(<Shell />, { url: '/home', path: '*' });

    await waitFor(() => expect(server.callsOf('getScreenMessage')).toHaveLength(1));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(openDialog()).toBeNull();
    expect(server.toasts).toEqual([]);
  });
});
