import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TaskDetailPage from '../../../src/pages/task-detail/TaskDetailPage';
import { refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A detail container: `/task/detail/{id}` (getTask through useLoad). */

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/task/detail/{id} container', () => {
  it('a task that does not exist is said once: on the page, not also in a toast', async () => {
    server.reply('getTask', refuse('NOT_FOUND', '任务不存在或已下线'));
    renderPage(<TaskDetailPage />, { url: '/task/detail/nope', path: '/task/detail/:id' });

    expect(await screen.findByText('这个任务可能已经结束，去看看其他任务吧。')).toBeTruthy();
    expect(server.toasts).toEqual([]);
  });
});
