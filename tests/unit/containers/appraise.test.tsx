import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appraiseRules } from '../../../openapi/rules/appraise';
import AppraisePage from '../../../src/pages/appraise/AppraisePage';
import { ok, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: false }));
vi.mock('../../../src/flows/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSessionView: () => ({ loggedIn: session.loggedIn, loadingUser: false, user: null, hasNewMessage: false }),
}));

/**
 * `/appraise`'s container over a fake contract server: getAppraise for the month in the address
 * (none: the server's latest), a month tab asks for that month and puts it in the address, a
 * visitor is asked to log in and come back, a failed load retries quietly.
 */

const rules = appraiseRules();
const monthData = (month: string, me: boolean) => ({
  month,
  months: ['2026-10', '2026-09'],
  ran: true,
  winners: [
    { rank: 1, nickname: '豆***满', avatar: null, valid: 20, counted: 20, rate: 1, award: 2000, me: false },
    {
      rank: 2,
      nickname: '问***杰',
      avatar: null,
      valid: month === '2026-10' ? 18 : 15,
      counted: 19,
      rate: 18 / 19,
      award: 1000,
      me,
    },
  ],
  rules,
  mine: session.loggedIn
    ? {
        place: me ? { rank: 2, award: 1000 } : null,
        current: { month: '2026-11', counted: 3, valid: 3, rate: 1, qualified: false, moreAnswers: 7, moreValid: 7 },
      }
    : null,
});

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/appraise container', () => {
  it('a visitor: the latest month, masked winners, 登录 back here', async () => {
    session.loggedIn = false;
    server.reply('getAppraise', (call) => ok(monthData((call.query.month as string | undefined) ?? '2026-10', false)));
    renderPage(<AppraisePage />, { url: '/appraise' });
    const list = await screen.findByRole('list', { name: '2026年10月答题之星' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe('/login?redirect=%2Fappraise');
    expect(server.callsOf('getAppraise').map((c) => c.query.month)).toEqual([undefined]);
  });

  it('a member among the winners sees their place; a month tab asks for that month and keeps it in the address', async () => {
    session.loggedIn = true;
    server.reply('getAppraise', (call) => {
      const month = (call.query.month as string | undefined) ?? '2026-10';
      return ok(monthData(month, month === '2026-10'));
    });
    renderPage(<AppraisePage />, { url: '/appraise?month=2026-10' });
    expect((await screen.findByTestId('my-place')).textContent).toContain('你获评2026年10月第 2 名');
    expect(screen.getByTestId('my-progress').textContent).toContain('再完成 7 份有效答卷即可参评');
    fireEvent.click(screen.getByRole('tab', { name: '2026年9月' }));
    await screen.findByRole('list', { name: '2026年9月答题之星' });
    expect(screen.queryByTestId('my-place')).toBeNull();
    expect(screen.getByTestId('current-url').textContent).toBe('/appraise?month=2026-09');
    expect(server.callsOf('getAppraise').map((c) => c.query.month)).toEqual(['2026-10', '2026-09']);
  });

  it('an address month that is no month asks for the latest; a failed load retries without a toast', async () => {
    session.loggedIn = false;
    let n = 0;
    server.reply('getAppraise', () => (n++ === 0 ? 'network-error' : ok(monthData('2026-10', false))));
    renderPage(<AppraisePage />, { url: '/appraise?month=2026-13' });
    await screen.findByText('答题之星加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => screen.getByRole('list', { name: '2026年10月答题之星' }));
    expect(server.callsOf('getAppraise').map((c) => c.query.month)).toEqual([undefined, undefined]);
    expect(server.toasts).toEqual([]);
  });
});
