import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomeExchangePage from '../../../src/pages/home-exchange/HomeExchangePage';
import FeedbackHubPage from '../../../src/pages/feedback-hub/FeedbackHubPage';
import type { RouteInfo } from '../../../src/routing/paths';
import { ok, refuse, renderPage, server, type RecordedCall } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/**
 * Which of the other help and feedback pages count as built (the ask form, a ticket, a help
 * category, an answer): the route table without its own /home/feedback/… routes, plus these.
 */
const built = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../../src/routing/paths', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/routing/paths')>();
  const table = (): RouteInfo[] => [
    ...actual.ROUTES.filter((r) => !r.path.startsWith('/home/feedback/')),
    ...built.paths.map((path): RouteInfo => ({ path, layout: 'full', public: false, area: 'home', page: 'home' })),
  ];
  return {
    ...actual,
    matchRoute: (pathname: string, t?: readonly RouteInfo[]) => actual.matchRoute(pathname, t ?? table()),
  };
});
const ALL_PAGES = [
  '/home/feedback/ask',
  '/home/feedback/:id',
  '/home/feedback/help/:category',
  '/home/feedback/help/:category/:id',
];

/** 2026-11-20 09:05 Beijing. */
const T = Date.UTC(2026, 10, 20, 1, 5);

const question = (id: number, categoryId: number, title: string) => ({
  id,
  categoryId,
  title,
  content: `<p>${title}的解答</p>`,
  hot: true,
  updatedAt: T,
});

const categories = [
  {
    id: 31,
    name: '任务与微豆',
    icon: null,
    questions: [
      { id: 1, title: '微豆多久到账？' },
      { id: 2, title: '为什么会被甄别？' },
      { id: 3, title: '答题过快是什么意思？' },
      { id: 4, title: '第四个问题不在卡片上' },
    ],
  },
  { id: 32, name: '账号与安全', icon: null, questions: [{ id: 7, title: '如何更换手机号？' }] },
];

const ticket = (id: number, state: 0 | 1 | 2 | 3 | 4 | 5, summary: string) => ({
  id,
  category: 2 as const,
  summary,
  state,
  awaitingMe: state === 3 || state === 4,
  createdAt: T - 86_400_000,
  updatedAt: T,
});

const page = (call: RecordedCall, rows: unknown[], total = rows.length) =>
  ok({ list: rows, total, page: Number(call.query.page), pageSize: Number(call.query.pageSize) });

function answerHelp() {
  server.reply('listCategories', ok(categories));
  server.reply('listQuestions', (call) =>
    call.query.hot === '1'
      ? page(call, [question(1, 31, '微豆多久到账？'), question(7, 32, '如何更换手机号？')])
      : call.query.keyword === '到账'
        ? page(call, [question(1, 31, '微豆多久到账？'), question(9, 31, '提现多久到账？')])
        : page(call, []),
  );
}

beforeEach(() => {
  server.reset();
  built.paths = [];
  answerHelp();
  server.reply('listFeedback', (call) =>
    call.query.state === '3'
      ? page(call, [ticket(12, 3, '客服让我补充截图的那条')])
      : call.query.state
        ? page(call, [])
        : page(call, [ticket(12, 3, '客服让我补充截图的那条'), ticket(11, 2, '京东卡兑换后一直没有发放')]),
  );
});
afterEach(() => {
  expect(server.mismatches).toEqual([]);
  expect(server.toasts).toEqual([]);
});

const hot = () => within(screen.getByRole('region', { name: '常见问题' }));
const mine = () => within(screen.getByRole('region', { name: '我的反馈' }));

describe('/home/feedback container', () => {
  it('shows 常见问题, the help categories and my tickets, asking for the help root 21, the hot few and page 1', async () => {
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    await hot().findByText('如何更换手机号？');
    const cards = await screen.findAllByTestId('help-category');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['任务与微豆', '账号与安全']);
    expect(
      within(cards[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['微豆多久到账？', '为什么会被甄别？', '答题过快是什么意思？']);

    const rows = await mine().findAllByTestId('ticket-row');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('客服让我补充截图的那条');
    within(rows[0]!).getByText('兑换与提现');
    expect(within(rows[0]!).getByTestId('feedback-state').textContent).toBe('待反馈');
    within(rows[0]!).getByText('待你处理');
    within(rows[0]!).getByText('更新于 2026-11-20 09:05');
    expect(within(rows[1]!).getByTestId('feedback-state').textContent).toBe('处理中');
    expect(within(rows[1]!).queryByText('待你处理')).toBeNull();

    expect(server.callsOf('listCategories').map((c) => c.query)).toEqual([{ categoryId: '21' }]);
    expect(server.callsOf('listQuestions').map((c) => c.query)).toEqual([{ hot: '1', page: '1', pageSize: '5' }]);
    expect(server.callsOf('listFeedback').map((c) => c.query)).toEqual([{ page: '1', pageSize: '20' }]);
  });

  it('before the other pages are built: no link to them, answers open in place, the support address instead of 我要反馈', async () => {
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });
    await mine().findAllByTestId('ticket-row');
    await hot().findByText('微豆多久到账？');

    expect(
      screen
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href'))
        .filter((href) => href?.startsWith('/home/feedback')),
    ).toEqual([]);
    expect(screen.queryByText('查看全部 ›')).toBeNull();
    expect(screen.getByRole('link', { name: 'service@weidou.cn' }).getAttribute('href')).toBe(
      'mailto:service@weidou.cn',
    );
    const answer = hot().getByText('微豆多久到账？的解答');
    expect(answer.closest('details')?.open).toBe(false);
    fireEvent.click(hot().getByText('微豆多久到账？'));
    expect(answer.closest('details')?.open).toBe(true);
  });

  it('once built, everything links to its page: 我要反馈, each ticket, 查看全部 and each answer', async () => {
    built.paths = ALL_PAGES;
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    const rows = await mine().findAllByTestId('ticket-row');
    expect(within(rows[1]!).getByRole('link', { name: '京东卡兑换后一直没有发放' }).getAttribute('href')).toBe(
      '/home/feedback/11',
    );
    expect(screen.getByRole('link', { name: '我要反馈' }).getAttribute('href')).toBe('/home/feedback/ask');
    expect(screen.getByRole('link', { name: '查看全部：账号与安全' }).getAttribute('href')).toBe(
      '/home/feedback/help/32',
    );
    expect(
      hot()
        .getByRole('link', { name: /如何更换手机号/ })
        .getAttribute('href'),
    ).toBe('/home/feedback/help/32/7');
    const card = screen.getAllByTestId('help-category')[0]!;
    expect(within(card).getByRole('link', { name: '为什么会被甄别？' }).getAttribute('href')).toBe(
      '/home/feedback/help/31/2',
    );
    expect(screen.queryByText('service@weidou.cn')).toBeNull();
  });

  it('a built ticket page does not make /home/feedback/ask count as built (its :id matches "ask")', async () => {
    built.paths = ['/home/feedback/:id'];
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    const rows = await mine().findAllByTestId('ticket-row');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/home/feedback/12');
    expect(screen.queryByRole('link', { name: '我要反馈' })).toBeNull();
  });

  it('a tab asks for its one state from page 1; 全部 asks without a state', async () => {
    built.paths = ALL_PAGES;
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });
    await mine().findAllByTestId('ticket-row');
    expect(
      mine()
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['全部', '待反馈', '待确认', '已确认']);

    fireEvent.click(mine().getByRole('tab', { name: '待反馈' }));
    await waitFor(() => expect(mine().getAllByTestId('ticket-row')).toHaveLength(1));
    expect(mine().getByRole('tab', { name: '待反馈' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(mine().getByRole('tab', { name: '已确认' }));
    await mine().findByText('没有已确认的反馈');
    expect(mine().queryByRole('link', { name: '我要反馈' })).toBeNull();

    fireEvent.click(mine().getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(mine().getAllByTestId('ticket-row')).toHaveLength(2));
    expect(server.callsOf('listFeedback').map((c) => c.query)).toEqual([
      { page: '1', pageSize: '20' },
      { page: '1', pageSize: '20', state: '3' },
      { page: '1', pageSize: '20', state: '5' },
      { page: '1', pageSize: '20' },
    ]);
  });

  it('searches on submit (typing asks nothing), keeps the keyword in the URL, and 清除搜索 brings 常见问题 back', async () => {
    built.paths = ALL_PAGES;
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });
    await hot().findByText('微豆多久到账？');

    const box = screen.getByRole('searchbox', { name: '搜索帮助' });
    fireEvent.change(box, { target: { value: '  到账 ' } });
    expect(server.callsOf('listQuestions')).toHaveLength(1);
    fireEvent.submit(box.closest('form')!);

    const results = within(await screen.findByRole('region', { name: '搜索结果' }));
    await results.findByRole('link', { name: /提现多久到账/ });
    expect(results.getByRole('link', { name: /提现多久到账/ }).getAttribute('href')).toBe('/home/feedback/help/31/9');
    expect(results.getAllByText('任务与微豆')).toHaveLength(2);
    expect(results.getByTestId('results-count').textContent).toBe('“到账” 共 2 条');
    expect(screen.queryByRole('region', { name: '常见问题' })).toBeNull();
    expect(screen.getByTestId('current-url').textContent).toBe('/home/feedback?q=%E5%88%B0%E8%B4%A6');
    expect(
      server
        .callsOf('listQuestions')
        .slice(1)
        .map((c) => c.query),
    ).toEqual([{ keyword: '到账', page: '1', pageSize: '10' }]);

    fireEvent.click(results.getByRole('button', { name: '清除搜索' }));
    await screen.findByRole('region', { name: '常见问题' });
    expect(screen.queryByRole('region', { name: '搜索结果' })).toBeNull();
    expect(screen.getByTestId('current-url').textContent).toBe('/home/feedback');
    expect((screen.getByRole('searchbox', { name: '搜索帮助' }) as HTMLInputElement).value).toBe('');
    expect(server.callsOf('listQuestions')).toHaveLength(2);
  });

  it('a search with no answer says so and offers 去反馈; opened with ?q= it searches at once', async () => {
    built.paths = ALL_PAGES;
    renderPage(<FeedbackHubPage />, { url: '/home/feedback?q=退款' });

    const results = within(await screen.findByRole('region', { name: '搜索结果' }));
    await results.findByText('没有找到相关问题');
    results.getByText(/没有与“退款”相关的解答/);
    expect(results.getByRole('link', { name: '去反馈' }).getAttribute('href')).toBe('/home/feedback/ask');
    expect((screen.getByRole('searchbox', { name: '搜索帮助' }) as HTMLInputElement).value).toBe('退款');
    expect(server.callsOf('listQuestions').map((c) => c.query.keyword)).toContain('退款');
  });

  it('my tickets failing shows in their section alone (no toast); 重新加载 asks again', async () => {
    let fail = true;
    server.reply('listFeedback', (call) =>
      fail ? refuse('INTERNAL', '服务繁忙，请稍后再试') : page(call, [ticket(11, 0, '刚提交的反馈')]),
    );
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    const alert = await mine().findByRole('alert');
    within(alert).getByText('我的反馈加载失败');
    within(alert).getByText('服务繁忙，请稍后再试');
    await hot().findByText('微豆多久到账？');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await mine().findByText('刚提交的反馈');
    expect(mine().getByTestId('feedback-state').textContent).toBe('待受理');
    expect(server.callsOf('listFeedback')).toHaveLength(2);
  });

  it('no tickets yet: the empty state offers 我要反馈 when the form is built', async () => {
    built.paths = ALL_PAGES;
    server.reply('listFeedback', (call) => page(call, []));
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    await mine().findByText('还没有反馈');
    expect(mine().getByRole('link', { name: '我要反馈' }).getAttribute('href')).toBe('/home/feedback/ask');
  });

  it('while the help and feedback calls are not available, each section says so in place', async () => {
    for (const id of ['listCategories', 'listQuestions', 'listFeedback']) server.reply(id, refuse('NOT_AVAILABLE'));
    renderPage(<FeedbackHubPage />, { url: '/home/feedback' });

    for (const title of ['常见问题加载失败', '帮助分类加载失败', '我的反馈加载失败']) await screen.findByText(title);
    expect(screen.getAllByText('该功能暂未开放')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: '重新加载' })).toHaveLength(3);
  });
});

describe('反馈问题 on a rejected or failed exchange (/home/exchange)', () => {
  const exchange = (id: number, state: 0 | 1 | 2 | 3 | 4 | 5) => ({
    id,
    rewardId: 3,
    type: 2,
    title: `京东 E 卡 ${id}`,
    cover: null,
    points: 5000,
    faceValue: 5000,
    state,
    stateLabel: ['待审核', '已发放', '待发放', '已撤销', '已驳回', '发放失败'][state],
    reason: state >= 3 ? '充值渠道维护' : null,
    refunded: state >= 3,
    payout: null,
    shipping: null,
    code: null,
    transferRef: null,
    trackingNo: null,
    won: false,
    awaitingAddress: false,
    createdAt: T,
    updatedAt: T,
  });
  const askLinks = () =>
    screen
      .queryAllByRole('link', { name: /^反馈/ })
      .map((a) => a.getAttribute('href'))
      .sort();

  beforeEach(() =>
    server.reply('listExchanges', (call) =>
      page(call, [exchange(41, 4), exchange(42, 5), exchange(43, 1), exchange(44, 3), exchange(45, 0)]),
    ),
  );

  it('the list links the rejected and the failed ones to the ask form about them, once it is built', async () => {
    built.paths = ALL_PAGES;
    renderPage(<HomeExchangePage />, { url: '/home/exchange' });
    await screen.findByText('京东 E 卡 43');

    expect(askLinks()).toEqual(['/home/feedback/ask?exchangeId=41', '/home/feedback/ask?exchangeId=42']);
  });

  it('before the form is built, no record links to it', async () => {
    renderPage(<HomeExchangePage />, { url: '/home/exchange' });
    await screen.findByText('京东 E 卡 43');

    expect(askLinks()).toEqual([]);
  });

  it('the detail of a failed exchange offers it too', async () => {
    built.paths = ALL_PAGES;
    server.reply('getExchange', ok({ ...exchange(42, 5), history: [] }));
    renderPage(<HomeExchangePage />, { url: '/home/exchange?id=42' });

    const link = await screen.findByRole('link', { name: '反馈问题' });
    expect(link.getAttribute('href')).toBe('/home/feedback/ask?exchangeId=42');
  });
});
