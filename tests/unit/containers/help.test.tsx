import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HelpArticlePage from '../../../src/pages/help-article/HelpArticlePage';
import HelpCategoryPage from '../../../src/pages/help-category/HelpCategoryPage';
import { isRouted } from '../../../src/routing/paths';
import { ok, refuse, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * The help centre's two containers: `/home/feedback/help/{category}` (listCategories 21 + the
 * topic's paged listQuestions) and `/home/feedback/help/{category}/{id}` (getQuestion, voteQuestion).
 */

const topics = [
  { id: 2101, name: '注册与登录', icon: null, questions: [{ id: 11, title: '如何注册微豆调研账号？' }] },
  { id: 2104, name: '兑换与提现', icon: null, questions: [{ id: 41, title: '兑换后多久到账？' }] },
];
const question = (id: number, categoryId: number, title: string, hot = false) => ({
  id,
  categoryId,
  title,
  content: `<p>${title}的解答</p>`,
  hot,
  updatedAt: Date.UTC(2026, 10, 20, 2),
});
const pageOf = (call: RecordedCall, rows: ReturnType<typeof question>[], total: number) =>
  ok({ list: rows, total, page: Number(call.query.page), pageSize: Number(call.query.pageSize) });

const article = {
  ...question(41, 2104, '兑换后多久到账？', true),
  content: '<p>审核通过后<strong>1–3 个工作日</strong>打款。</p>',
  categoryName: '兑换与提现',
  helpful: 3,
  myVote: null,
  related: [{ id: 43, title: '兑换被驳回了怎么办？' }],
};

const openCategory = (category: string) =>
  renderPage(<HelpCategoryPage />, { url: `/home/feedback/help/${category}`, path: '/home/feedback/help/:category' });
const openArticle = (category: string, id: string) =>
  renderPage(<HelpArticlePage />, {
    url: `/home/feedback/help/${category}/${id}`,
    path: '/home/feedback/help/:category/:id',
  });

beforeEach(() => {
  server.reset();
  server.reply('listCategories', ok(topics));
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/home/feedback/help/{category} container', () => {
  it('asks for the topics and the first page of the URL’s topic, and links each article', async () => {
    server.reply('listQuestions', (call) =>
      pageOf(call, [question(41, 2104, '兑换后多久到账？', true), question(43, 2104, '兑换被驳回了怎么办？')], 2),
    );
    openCategory('2104');
    await screen.findByRole('heading', { name: '兑换与提现' });
    await screen.findByText('兑换被驳回了怎么办？');
    expect(screen.getByRole('link', { name: /兑换后多久到账？/ }).getAttribute('href')).toBe(
      '/home/feedback/help/2104/41',
    );
    screen.getByText('常见问题');
    expect(screen.getByTestId('help-total').textContent).toBe('共 2 篇');
    expect(screen.getByRole('tab', { name: '兑换与提现' }).getAttribute('aria-selected')).toBe('true');
    expect(server.callsOf('listCategories').map((c) => c.query)).toEqual([{ categoryId: '21' }]);
    expect(server.callsOf('listQuestions').map((c) => c.query)).toEqual([
      { categoryId: '2104', page: '1', pageSize: '20' },
    ]);
  });

  it('a tab goes to that topic’s address and asks for its first page', async () => {
    server.reply('listQuestions', (call) =>
      call.query.categoryId === '2101'
        ? pageOf(call, [question(11, 2101, '如何注册微豆调研账号？')], 1)
        : pageOf(call, [question(41, 2104, '兑换后多久到账？')], 1),
    );
    openCategory('2104');
    await screen.findByText('兑换后多久到账？');
    fireEvent.click(screen.getByRole('tab', { name: '注册与登录' }));
    await screen.findByText('如何注册微豆调研账号？');
    expect(screen.getByTestId('current-url').textContent).toBe('/home/feedback/help/2101');
    screen.getByRole('heading', { name: '注册与登录' });
    expect(screen.queryByText('兑换后多久到账？')).toBeNull();
    expect(server.callsOf('listQuestions').map((c) => c.query.categoryId)).toEqual(['2104', '2101']);
    expect(server.callsOf('listCategories')).toHaveLength(1);
  });

  it('a category that is not one of the topics is not found, without a toast', async () => {
    server.reply('listQuestions', refuse('NOT_FOUND', '帮助分类不存在'));
    openCategory('9999');
    await screen.findByText('没有找到这个帮助分类');
    expect(screen.getByRole('link', { name: '帮助与反馈' }).getAttribute('href')).toBe('/home/feedback');
    expect(server.toasts).toEqual([]);
  });

  it('an address that is not an id is not found, and no list is asked for', async () => {
    openCategory('abc');
    await screen.findByText('没有找到这个帮助分类');
    expect(server.callsOf('listQuestions')).toEqual([]);
  });

  it('a failed list shows its error in place; 重新加载 asks again', async () => {
    let fail = true;
    server.reply('listQuestions', (call) =>
      fail ? 'network-error' : pageOf(call, [question(41, 2104, '兑换后多久到账？')], 1),
    );
    openCategory('2104');
    const alert = await screen.findByRole('alert');
    within(alert).getByText('文章加载失败');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByText('兑换后多久到账？');
    expect(server.toasts).toEqual([]);
  });
});

describe('/home/feedback/help/{category}/{id} container', () => {
  it('shows the article, its category and related questions; the way to ask only once that page is built', async () => {
    server.reply('getQuestion', ok(article));
    openArticle('2104', '41');
    await screen.findByRole('heading', { name: '兑换后多久到账？' });
    expect(screen.getByText('1–3 个工作日').tagName).toBe('STRONG');
    screen.getByText('3 人觉得有帮助');
    expect(screen.getByRole('link', { name: '‹ 兑换与提现' }).getAttribute('href')).toBe('/home/feedback/help/2104');
    expect(screen.getByRole('link', { name: /兑换被驳回了怎么办？/ }).getAttribute('href')).toBe(
      '/home/feedback/help/2104/43',
    );
    const ask = screen.queryByRole('link', { name: '去提问' });
    if (isRouted('/home/feedback/ask')) expect(ask?.getAttribute('href')).toBe('/home/feedback/ask?category=2');
    else expect(ask).toBeNull();
    expect(server.callsOf('getQuestion').map((c) => c.params)).toEqual([{ id: '41' }]);
  });

  it('有帮助 sends the vote and shows the new count; 没帮助 then changes it', async () => {
    server.reply('getQuestion', ok(article));
    server.reply('voteQuestion', (call) =>
      ok((call.body as { helpful: boolean }).helpful ? { helpful: 4, myVote: true } : { helpful: 3, myVote: false }),
    );
    openArticle('2104', '41');
    fireEvent.click(await screen.findByRole('button', { name: '有帮助' }));
    await screen.findByText('感谢你的评价。4 人觉得有帮助，可以随时改选。');
    expect(screen.getByRole('button', { name: '有帮助' }).getAttribute('aria-pressed')).toBe('true');
    // The chosen answer again asks nothing.
    fireEvent.click(screen.getByRole('button', { name: '有帮助' }));
    fireEvent.click(screen.getByRole('button', { name: '没帮助' }));
    await screen.findByText(/我们会继续改进这篇解答/);
    expect(screen.getByRole('button', { name: '没帮助' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.callsOf('voteQuestion').map((c) => [c.params, c.body])).toEqual([
      [{ id: '41' }, { helpful: true }],
      [{ id: '41' }, { helpful: false }],
    ]);
  });

  it('the member’s earlier vote shows; a refused vote is said once, by the toast, and changes nothing', async () => {
    server.reply('getQuestion', ok({ ...article, myVote: true, helpful: 5 }));
    server.reply('voteQuestion', refuse('NOT_FOUND', '这个问题不存在或已下线'));
    openArticle('2104', '41');
    await screen.findByText('感谢你的评价。5 人觉得有帮助，可以随时改选。');
    fireEvent.click(screen.getByRole('button', { name: '没帮助' }));
    await waitFor(() => expect(server.toasts).toEqual(['这个问题不存在或已下线']));
    await waitFor(() => expect(screen.getByRole('button', { name: '没帮助' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('button', { name: '有帮助' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an article that is gone is not found, on the page only; an address that is no id asks nothing', async () => {
    server.reply('getQuestion', refuse('NOT_FOUND', '这个问题不存在或已下线'));
    const first = openArticle('2104', '99');
    await screen.findByText('这个问题不存在或已下线');
    expect(screen.getAllByRole('link', { name: /返回分类/ })[0]!.getAttribute('href')).toBe('/home/feedback/help/2104');
    expect(screen.queryByRole('button', { name: '有帮助' })).toBeNull();
    expect(server.toasts).toEqual([]);
    first.unmount();
    server.reset();
    openArticle('2104', 'x1');
    await screen.findByText('这个问题不存在或已下线');
    expect(server.calls).toEqual([]);
  });
});
