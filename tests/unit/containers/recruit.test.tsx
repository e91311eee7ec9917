import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RecruitPage from '../../../src/pages/recruit/RecruitPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
// The fake server reads the fields as typed: no RSA here (tests/api covers the encryption).
vi.mock('../../../src/api/encrypt', () => ({ encrypt: async (value: string) => `enc(${value})` }));
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSessionView: () => ({ loggedIn: session.loggedIn, loadingUser: false, user: null, hasNewMessage: false }),
}));

/**
 * `/activities/recruit` over a fake contract server: a visitor is asked to log in (nothing asked of
 * the server); a member without an application fills the form (checked before sending), sends it
 * with the mobile encrypted, a lost answer retried with the same request key, and then sees it.
 */

const MOTIVATION = '我在学生会负责宣传工作，认识很多同学，也喜欢参与问卷调研，想把微豆调研介绍给身边的人。';
const application = {
  id: 3,
  school: '华东师范大学',
  grade: '大二',
  mobile: '138****5678',
  motivation: MOTIVATION,
  state: 'pending',
  submittedAt: Date.UTC(2026, 10, 26, 2),
  reviewedAt: null,
  reviewMessage: null,
};

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/activities/recruit', () => {
  it('asks a visitor to log in and comes back', async () => {
    session.loggedIn = false;
    renderPage(<RecruitPage />, { url: '/activities/recruit' });
    expect(screen.getByRole('link', { name: '登录后申请' }).getAttribute('href')).toBe(
      '/login?redirect=%2Factivities%2Frecruit',
    );
    expect(server.calls).toEqual([]);
  });

  it('checks the form, sends it once with the mobile encrypted (same key after a lost answer), then shows it', async () => {
    let sends = 0;
    // Once sent, the page reads the application again.
    server.reply('getRecruitApplication', () => ok({ application: sends >= 2 ? application : null, officer: null }));
    server.reply('submitRecruitApplication', () =>
      ++sends === 1 ? 'network-error' : ok({ application, officer: null }),
    );
    renderPage(<RecruitPage />, { url: '/activities/recruit' });
    fireEvent.click(await screen.findByRole('button', { name: '提交申请' }));
    await screen.findByText('请填写学校名称');
    expect(server.calls.filter((c) => c.operationId === 'submitRecruitApplication')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: '学校' }), { target: { value: '华东师范大学' } });
    fireEvent.change(screen.getByRole('combobox', { name: '年级' }), { target: { value: '大二' } });
    fireEvent.change(screen.getByLabelText('联系手机号'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByRole('textbox', { name: '申请理由' }), { target: { value: MOTIVATION } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    fireEvent.click(await screen.findByRole('button', { name: '重新提交' }));

    await screen.findByText('审核中');
    const sent = server.calls.filter((c) => c.operationId === 'submitRecruitApplication');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toMatchObject({ school: '华东师范大学', grade: '大二', mobile: 'enc(13812345678)' });
    expect((sent[1]!.body as { requestKey: string }).requestKey).toBe(
      (sent[0]!.body as { requestKey: string }).requestKey,
    );
  });

  it('shows the server’s field problem inline', async () => {
    server.reply('getRecruitApplication', ok({ application: null, officer: null }));
    server.reply(
      'submitRecruitApplication',
      refuse('RECRUIT_FORM_INVALID', '手机号格式不正确，应以 13–19 开头', {
        problems: { mobile: '手机号格式不正确，应以 13–19 开头' },
      }),
    );
    renderPage(<RecruitPage />, { url: '/activities/recruit' });
    fireEvent.change(await screen.findByRole('textbox', { name: '学校' }), { target: { value: '华东师范大学' } });
    fireEvent.change(screen.getByRole('combobox', { name: '年级' }), { target: { value: '大二' } });
    fireEvent.change(screen.getByLabelText('联系手机号'), { target: { value: '13812345678' } });
    fireEvent.change(screen.getByRole('textbox', { name: '申请理由' }), { target: { value: MOTIVATION } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => screen.getByText('手机号格式不正确，应以 13–19 开头'));
    expect(server.toasts).toEqual([]);
  });
});
