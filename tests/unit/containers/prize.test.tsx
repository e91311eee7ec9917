import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PrizePage from '../../../src/pages/prize/PrizePage';
import PrizeReportPage from '../../../src/pages/prize/PrizeReportPage';
import PrizeResultPage from '../../../src/pages/prize/PrizeResultPage';
import { closedTrial, detail, drawnResult, mine, openTrial, screenedTrial } from '../../../stories/prize/fixtures';
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
 * `/prize` and `/prize/result` over a fake contract server: the list links to each trial; a member
 * applies (a lost answer retried, then the trial read again shows the application); a refusal
 * shows the server's reason; a winner confirms the saved address; a visitor is asked to log in.
 */

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/prize', () => {
  it('lists the trials, each linking to its page', async () => {
    server.reply('listPrizes', () => ok({ items: [openTrial, closedTrial] }));
    renderPage(<PrizePage />, { url: '/prize' });
    expect((await screen.findByRole('link', { name: openTrial.title })).getAttribute('href')).toBe('/prize?id=1');
    screen.getByText('已截止，等待开奖');
  });

  it('applies once: a lost answer is retried, then the trial shows the application', async () => {
    let applies = 0;
    server.reply('getPrize', () => ok(detail(openTrial, applies >= 2 ? mine.applied : mine.none)));
    server.reply('applyPrize', () =>
      ++applies === 1 ? 'network-error' : ok({ applicationId: 42, replayed: false, applicants: 137 }),
    );
    renderPage(<PrizePage />, { url: '/prize?id=1' });
    fireEvent.click(await screen.findByRole('button', { name: '免费申请' }));
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await screen.findByText('你已申请');
    const sent = server.calls.filter((c) => c.operationId === 'applyPrize');
    expect(sent.map((c) => c.params)).toEqual([{ id: '1' }, { id: '1' }]);
  });

  it('a refusal shows the server’s reason', async () => {
    server.reply('getPrize', () => ok(detail(openTrial, mine.none)));
    server.reply('applyPrize', () => refuse('PRIZE_NOT_ELIGIBLE', '这个试用只寄往北京市，你的收货地址不在该地区'));
    renderPage(<PrizePage />, { url: '/prize?id=1' });
    fireEvent.click(await screen.findByRole('button', { name: '免费申请' }));
    await screen.findByText('这个试用只寄往北京市，你的收货地址不在该地区');
    // The trial is read again after the refusal; the button cannot send again.
    await waitFor(() => expect(server.calls.filter((c) => c.operationId === 'getPrize')).toHaveLength(2));
    expect(screen.getByRole('button', { name: '免费申请' }).matches(':disabled')).toBe(true);
    expect(server.calls.filter((c) => c.operationId === 'applyPrize')).toHaveLength(1);
  });

  it('a screener still to answer links to its task instead of applying', async () => {
    server.reply('getPrize', () => ok(detail(screenedTrial, mine.screenerTodo)));
    renderPage(<PrizePage />, { url: '/prize?id=1' });
    expect((await screen.findByRole('link', { name: '去填写甄别问卷' })).getAttribute('href')).toBe(
      '/task/detail/skin01',
    );
    expect(screen.queryByRole('button', { name: '免费申请' })).toBeNull();
  });

  it('asks a visitor to log in and come back', async () => {
    session.loggedIn = false;
    server.reply('getPrize', () => ok(detail(openTrial, null)));
    renderPage(<PrizePage />, { url: '/prize?id=1' });
    expect((await screen.findByRole('link', { name: '登录后申请' })).getAttribute('href')).toBe(
      '/login?redirect=%2Fprize%3Fid%3D1',
    );
  });
});

describe('/prize/result', () => {
  it('a winner confirms the saved address, then sees it confirmed', async () => {
    let confirmed = false;
    const shipTo = '张三 13800138000 广东省 深圳市 南山区 科技园南区 1 栋 101';
    server.reply('getPrizeResult', () => ok(drawnResult(confirmed ? { ...mine.won, shipTo } : mine.won)));
    server.reply('getConsignee', () =>
      ok({
        name: '张三',
        mobile: '13800138000',
        provinceId: 440000,
        cityId: 440300,
        countyId: 440305,
        address: '科技园南区 1 栋 101',
        regionName: '广东省 深圳市 南山区',
        updatedAt: Date.UTC(2026, 10, 1),
      }),
    );
    server.reply('confirmPrizeShipTo', () => {
      confirmed = true;
      return ok({ shipTo });
    });
    renderPage(<PrizeResultPage />, { url: '/prize/result?id=2', path: '/prize/result' });
    await screen.findByText('恭喜，你中签了！');
    fireEvent.click(await screen.findByRole('button', { name: '确认使用此地址' }));
    await screen.findByText(/收货地址已确认/);
    expect(server.calls.filter((c) => c.operationId === 'confirmPrizeShipTo').map((c) => c.params)).toEqual([
      { id: '2' },
    ]);
  });

  it('a page without an id says the trial is not there, asking nothing, once: no failure, no retry, no toast', async () => {
    renderPage(<PrizeResultPage />, { url: '/prize/result', path: '/prize/result' });
    await screen.findByText('这个试用不存在');
    expect(screen.queryByText(/网络错误/)).toBeNull();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(server.calls).toEqual([]);
    expect(server.toasts).toEqual([]);
  });

  it('a trial that is not there: the not-found state only, no retry, no toast', async () => {
    server.reply('getPrizeResult', () => refuse('NOT_FOUND', '试用不存在'));
    renderPage(<PrizeResultPage />, { url: '/prize/result?id=999', path: '/prize/result' });
    await screen.findByText('这个试用不存在');
    expect(screen.queryByText('试用不存在')).toBeNull();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(server.toasts).toEqual([]);
  });
});

describe('/prize/report', () => {
  const form = {
    trialId: 2,
    trialTitle: '降噪蓝牙耳机 体验装',
    title: '降噪耳机试用报告',
    intro: '',
    points: 200,
    submitted: false,
    questions: [
      {
        id: 1,
        kind: 'single' as const,
        title: '收到的试用品包装是否完好？',
        required: true,
        maxChoices: null,
        minLength: 0,
        options: [
          { id: 1, text: '完好', exclusive: false },
          { id: 2, text: '破损', exclusive: false },
        ],
        rows: [],
      },
    ],
  };

  it('a sent winner answers the report and sees the 微豆 credited', async () => {
    server.reply('getPrizeReport', () => ok(form));
    server.reply('submitPrizeReport', () => ok({ points: 200, replayed: false, reportedAt: Date.UTC(2026, 10, 20) }));
    renderPage(<PrizeReportPage />, { url: '/prize/report?id=2', path: '/prize/report' });
    fireEvent.click(await screen.findByLabelText('完好'));
    fireEvent.click(screen.getByRole('button', { name: '提交试用报告' }));
    await screen.findByText('+200 微豆已到账');
    const sent = server.calls.filter((c) => c.operationId === 'submitPrizeReport');
    expect(sent.map((c) => [c.params, c.body])).toEqual([
      [{ id: '2' }, { answers: [{ questionId: 1, optionIds: [1], matrix: [] }] }],
    ]);
  });

  it("not sent yet: the server's reason, no form and no retry", async () => {
    server.reply('getPrizeReport', () => refuse('PRIZE_REPORT_NOT_READY', '试用品寄出后才能填写试用报告'));
    renderPage(<PrizeReportPage />, { url: '/prize/report?id=2', path: '/prize/report' });
    await screen.findByText('试用品寄出后才能填写试用报告');
    expect(screen.getByRole('link', { name: '返回开奖结果' }).getAttribute('href')).toBe('/prize/result?id=2');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('a page without an id says the trial is not there, asking nothing', async () => {
    renderPage(<PrizeReportPage />, { url: '/prize/report', path: '/prize/report' });
    await screen.findByText('这个试用不存在，请从开奖结果页进入');
    expect(screen.getByRole('link', { name: '返回开奖结果' }).getAttribute('href')).toBe('/prize');
    expect(server.calls).toEqual([]);
  });
});
