import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ForumBoardPage from '../../../src/pages/forum-board/ForumBoardPage';
import ForumTopicPage from '../../../src/pages/forum-topic/ForumTopicPage';
import { readLogin, saveLogin } from '../../../src/services/storage';
import { toast } from '../../../src/services/toast';
import { board, moderator, observer, replies, respondent, topicDetail, topics } from '../../../stories/forum/fixtures';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSessionView: () => ({ loggedIn: session.loggedIn, loadingUser: false, user: null, hasNewMessage: false }),
}));

/**
 * The forum's pages over a fake contract server: the board asks for the board and the member's
 * identity, stores the login state's forum fields, lists the topics of the chosen filter, and
 * hides points from a moderator; a visitor gets the login; a member who is not in the group is
 * told so without a toast. The topic page sends a reply with a request key (the same one again
 * after a lost answer), keeps the draft across a reload, and shows no editor to an observer.
 * A moderator posts a topic from the board (createForumTopic; a refusal shows in the form, not
 * as a toast) and the list is read again; respondents and observers have no 发起话题.
 */

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const replyPage = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 20, locked: false });

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
  localStorage.clear();
  Cookies.remove('taskHashId', { path: '/' });
  saveLogin({ token: 't', refreshToken: 'r', expired: Date.now() + 3_600_000, user: { nickname: '演示会员' } });
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/bbs/{taskHashId}', () => {
  it('a respondent sees progress and topics; the forum fields go in the login state', async () => {
    server.reply('decodeFocusTask', ok(board));
    server.reply('getFocusMember', ok(respondent));
    server.reply('listForumTopics', page(topics));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    await screen.findByText('必答话题 已答 2/4');
    await screen.findByText('请先看看这三款包装，第一眼最喜欢哪一款？为什么？');
    expect(readLogin()?.user).toMatchObject({
      nickname: '演示会员',
      topicName: '受访者 07',
      taskId: 41,
      taskHashId: 'Fg7x2K',
      bbsRole: 0,
    });
    expect(Cookies.get('taskHashId')).toBe('Fg7x2K');
    fireEvent.click(screen.getByRole('button', { name: '必答' }));
    await waitFor(() => expect(server.callsOf('listForumTopics')).toHaveLength(2));
    expect(server.callsOf('listForumTopics')[1]!.query).toMatchObject({ taskHashId: 'Fg7x2K', filter: 'required' });
    expect(screen.queryByRole('button', { name: '发起话题' })).toBeNull();
  });

  it('an observer has no 发起话题', async () => {
    server.reply('decodeFocusTask', ok(board));
    server.reply('getFocusMember', ok(observer));
    server.reply('listForumTopics', page(topics));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    await screen.findByText(/你是客户观察员/);
    expect(screen.queryByRole('button', { name: '发起话题' })).toBeNull();
  });

  it('a moderator posts a topic: a refusal shows in the form, then the topic is sent and the list read again', async () => {
    server.reply('decodeFocusTask', ok(board));
    server.reply('getFocusMember', ok(moderator));
    server.reply('listForumTopics', page(topics));
    server.reply('createForumTopic', refuse('FORUM_SECTION_INVALID'));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    fireEvent.click(await screen.findByRole('button', { name: '发起话题' }));
    fireEvent.click(screen.getByRole('button', { name: '发布话题' }));
    await screen.findByText('请选择版块');
    expect(server.callsOf('createForumTopic')).toHaveLength(0);
    const [chip] = screen.getAllByRole('button', { name: '第二天：口味' });
    fireEvent.click(chip!);
    fireEvent.change(screen.getByRole('textbox', { name: '话题标题' }), { target: { value: ' 甜度怎么样？ ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /话题内容/ }), {
      target: { value: '偏甜还是偏淡？\n说说看。' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /必答/ }));
    fireEvent.click(screen.getByRole('button', { name: '发布话题' }));
    await screen.findByText('所选版块不存在');
    expect(server.toasts).toEqual([]);
    server.reply('createForumTopic', ok({ ...topicDetail, id: 50, sectionId: 2, title: '甜度怎么样？' }));
    fireEvent.click(screen.getByRole('button', { name: '发布话题' }));
    await screen.findByRole('link', { name: '甜度怎么样？' });
    const calls = server.callsOf('createForumTopic').map((c) => c.body);
    expect(calls).toHaveLength(2);
    // The refusal dropped the first key: the second sending is a new posting.
    expect((calls[1] as { requestKey: string }).requestKey).not.toBe((calls[0] as { requestKey: string }).requestKey);
    expect(calls[1]).toEqual({
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      taskHashId: 'Fg7x2K',
      sectionId: 2,
      title: '甜度怎么样？',
      body: '<p>偏甜还是偏淡？<br>说说看。</p>',
      images: [],
      required: true,
      seeAfterPosting: false,
    });
    await waitFor(() => expect(server.callsOf('listForumTopics')).toHaveLength(2));
    expect(server.callsOf('listForumTopics')[1]!.query).toMatchObject({ filter: 'all' });
    expect(screen.queryByRole('textbox', { name: '话题标题' })).toBeNull();
  });

  it('a moderator sees no points', async () => {
    server.reply('decodeFocusTask', ok(board));
    server.reply('getFocusMember', ok(moderator));
    server.reply('listForumTopics', page(topics));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    await screen.findByText(/你是主持人/);
    expect(screen.queryByText(/微豆/)).toBeNull();
    expect(readLogin()?.user?.bbsRole).toBe(1);
  });

  it('a visitor is offered the login, and nothing of the member is asked', async () => {
    session.loggedIn = false;
    server.reply('decodeFocusTask', ok(board));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    expect((await screen.findByRole('link', { name: '登录后进入' })).getAttribute('href')).toBe(
      '/login?redirect=%2Fbbs%2FFg7x2K',
    );
    expect(server.callsOf('getFocusMember')).toHaveLength(0);
  });

  it('a member outside the group is told so on the page, without a toast', async () => {
    server.reply('decodeFocusTask', ok(board));
    server.reply('getFocusMember', refuse('FORUM_NO_ACCESS'));
    renderPage(<ForumBoardPage />, { url: '/bbs/Fg7x2K', path: '/bbs/:taskHashId' });
    await screen.findByText(/只有参加了这个座谈会的会员才能查看/);
    expect(server.toasts).toEqual([]);
  });
});

describe('/bbs/{taskHashId}/topics/{id}', () => {
  const url = { url: '/bbs/Fg7x2K/topics/2', path: '/bbs/:taskHashId/topics/:topicId' };
  const created = { reply: { ...replies[1]!, id: 120, floor: 4 }, progress: null };

  it('sends a reply once: a lost answer is retried with the same key; then the replies are read again', async () => {
    server.reply('getForumTopic', ok(topicDetail));
    server.reply('getFocusMember', ok(respondent));
    server.reply('listForumReplies', replyPage(replies));
    server.reply('createForumReply', 'network-error');
    renderPage(<ForumTopicPage />, url);
    fireEvent.change(await screen.findByRole('textbox', { name: /回复内容/ }), {
      target: { value: '我会先看热量。\n然后看价格。' },
    });
    fireEvent.click(screen.getByRole('button', { name: '发表回复' }));
    await screen.findByText(/没能确认回复是否已发出/);
    server.reply('createForumReply', ok(created));
    fireEvent.click(screen.getByRole('button', { name: '重新发表' }));
    await waitFor(() => expect(server.callsOf('createForumReply')).toHaveLength(2));
    const [a, b] = server.callsOf('createForumReply').map((c) => c.body);
    expect(b).toEqual(a);
    expect(a).toMatchObject({ body: '<p>我会先看热量。<br>然后看价格。</p>', images: [] });
    expect(server.callsOf('createForumReply')[0]!.params).toEqual({ id: '2' });
    await waitFor(() => expect(server.callsOf('listForumReplies')).toHaveLength(2));
    expect(localStorage.getItem('forumDraft:2')).toBeNull();
  });

  it('a posted reply is confirmed (回复已发表) and shown in the list read again', async () => {
    const said = vi.spyOn(toast, 'success');
    Element.prototype.scrollIntoView = vi.fn();
    server.reply('getForumTopic', ok(topicDetail));
    server.reply('getFocusMember', ok(respondent));
    server.reply('listForumReplies', replyPage(replies));
    server.reply('createForumReply', ok(created));
    renderPage(<ForumTopicPage />, url);
    fireEvent.change(await screen.findByRole('textbox', { name: /回复内容/ }), { target: { value: '我会先看热量。' } });
    server.reply('listForumReplies', replyPage([...replies, created.reply]));
    fireEvent.click(screen.getByRole('button', { name: '发表回复' }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('回复已发表'));
    await waitFor(() => expect(document.querySelector('[data-reply-id="120"]')).not.toBeNull());
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    expect(screen.queryByTestId('forum-completed-now')).toBeNull();
    said.mockRestore();
  });

  it('the reply that answers the last required topic says 任务完成 +N at once', async () => {
    const said = vi.spyOn(toast, 'success');
    Element.prototype.scrollIntoView = vi.fn();
    server.reply('getForumTopic', ok(topicDetail));
    server.reply('getFocusMember', ok(respondent));
    server.reply('listForumReplies', replyPage(replies));
    const done = {
      ...respondent.progress!,
      requiredAnswered: 4,
      completed: true,
      completedAt: 1,
      pointsStatus: 'posted',
    };
    server.reply('createForumReply', ok({ ...created, progress: done }));
    renderPage(<ForumTopicPage />, url);
    fireEvent.change(await screen.findByRole('textbox', { name: /回复内容/ }), { target: { value: '最后一题' } });
    fireEvent.click(screen.getByRole('button', { name: '发表回复' }));
    await screen.findByTestId('forum-completed-now');
    screen.getByText(`任务完成 +${done.points} 微豆`);
    expect(said).toHaveBeenCalledWith(`回复已发表，任务完成 +${done.points} 微豆`);
    said.mockRestore();
  });

  it('keeps the draft across a reload', async () => {
    server.reply('getForumTopic', ok(topicDetail));
    server.reply('getFocusMember', ok(respondent));
    server.reply('listForumReplies', replyPage(replies));
    const first = renderPage(<ForumTopicPage />, url);
    fireEvent.change(await screen.findByRole('textbox', { name: /回复内容/ }), { target: { value: '还没写完' } });
    first.unmount();
    renderPage(<ForumTopicPage />, url);
    await screen.findByDisplayValue('还没写完');
    screen.getByText('已恢复你上次没有发出的草稿');
  });

  it('an observer reads the replies and has no editor', async () => {
    server.reply('getForumTopic', ok({ ...topicDetail, canReply: false }));
    server.reply('getFocusMember', ok(observer));
    server.reply('listForumReplies', replyPage(replies));
    renderPage(<ForumTopicPage />, url);
    await screen.findByText('你是客户观察员，可以查看全部回复，不能发言。');
    expect(await screen.findAllByTestId('forum-reply')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '发表回复' })).toBeNull();
  });
});
