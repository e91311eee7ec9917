import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NoticePage from '../../../src/pages/notice/NoticePage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A detail container: `/home/notices/{id}` 公告详情 (getNotice through useLoad). */

const notice = {
  id: 7,
  title: '节假日期间现金兑换顺延发放的说明',
  summary: '法定节假日期间……',
  pinned: true,
  publishedAt: Date.UTC(2026, 9, 30, 2, 30),
  content: '<p>现金兑换<strong>顺延</strong>发放。</p>',
  read: true,
};
const open = (id: string) => renderPage(<NoticePage />, { url: `/home/notices/${id}`, path: '/home/notices/:id' });

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/home/notices/{id} container', () => {
  it('asks for the notice of the URL and shows its title, time and text', async () => {
    server.reply('getNotice', ok(notice));
    open('7');
    await screen.findByRole('heading', { name: notice.title });
    screen.getByText('置顶');
    screen.getByText('发布于 2026-10-30 10:30');
    expect(screen.getByText('顺延').tagName).toBe('STRONG');
    expect(server.callsOf('getNotice').map((c) => c.params)).toEqual([{ id: '7' }]);
  });

  it('a notice that is gone is said once: on the page, not also in a toast', async () => {
    server.reply('getNotice', refuse('NOT_FOUND', '公告不存在或已下线'));
    open('8');
    await screen.findByText('这条公告可能已经结束或被撤下。');
    expect(screen.getByRole('link', { name: '回到我的主页' }).getAttribute('href')).toBe('/home');
    expect(server.toasts).toEqual([]);
  });

  it('an address that is not a notice id is not found, without asking', async () => {
    open('abc');
    await screen.findByText('公告不存在或已下线');
    expect(server.calls).toEqual([]);
  });

  it('a failed load shows the error in place; 重新加载 asks again', async () => {
    let fail = true;
    server.reply('getNotice', () => (fail ? 'network-error' : ok(notice)));
    open('7');
    const alert = await screen.findByRole('alert');
    within(alert).getByText('公告加载失败');
    expect(server.toasts).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('heading', { name: notice.title });
    expect(server.callsOf('getNotice')).toHaveLength(2);
  });
});
