import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TaskPollPage from '../../../src/pages/task-poll/TaskPollPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A form container: `/task/poll/{id}?rid=…` (getPoll, then submitPoll through the poll machine). */

const RID = 'rid-0001-abcd';
const URL = `/task/poll/7?rid=${RID}`;

const poll = {
  id: 7,
  title: '家电使用习惯调查',
  intro: '大约两分钟',
  taskHashId: 'task7',
  points: 120,
  submitted: false,
  questions: [
    {
      id: 1,
      kind: 'single',
      title: '你家里有空气净化器吗？',
      required: true,
      maxChoices: null,
      minLength: 0,
      options: [
        { id: 11, text: '有', exclusive: false },
        { id: 12, text: '没有', exclusive: false },
      ],
      rows: [],
    },
  ],
};

const outcome = {
  respondentId: RID,
  taskHashId: 'task7',
  title: '家电使用习惯调查',
  type: 1,
  kind: 'poll',
  joinResult: 1,
  points: 120,
  pointsStatus: 'posted',
  lowQualityReasons: [],
  finishedAt: Date.UTC(2026, 10, 20, 1, 5),
  audit: { state: 1, reason: null, reviewUntil: null },
};

beforeEach(() => {
  server.reset();
  server.reply('getPoll', ok(poll));
});
afterEach(() => expect(server.mismatches).toEqual([]));

async function openPoll() {
  renderPage(<TaskPollPage />, { url: URL, path: '/task/poll/:id' });
  await screen.findByText('你家里有空气净化器吗？');
  expect(server.callsOf('getPoll').map((c) => [c.params, c.query])).toEqual([[{ id: '7' }, { rid: RID }]]);
}

describe('/task/poll/:id container', () => {
  it('an unanswered required question: its message, and nothing is sent', async () => {
    server.reply('submitPoll', ok(outcome));
    await openPoll();

    fireEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    await screen.findByText('请选择一项');
    expect(server.callsOf('submitPoll')).toEqual([]);
  });

  it('submit sends the answers with the poll and answer id, then goes to the outcome page', async () => {
    server.reply('submitPoll', ok(outcome));
    await openPoll();

    fireEvent.click(screen.getByRole('radio', { name: '没有' }));
    fireEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    await waitFor(() => expect(screen.getByTestId('current-url').textContent).toBe(`/survey/end?rid=${RID}`));
    expect(server.callsOf('submitPoll').map((c) => c.body)).toEqual([
      { pollId: 7, respondentId: RID, answers: [{ questionId: 1, optionIds: [12], matrix: [] }] },
    ]);
  });

  it('a refused answer sheet: the server’s message is shown and the form stays', async () => {
    server.reply('submitPoll', refuse('POLL_ANSWERS_INVALID', '第 1 题的答案无效', { questionId: 1 }));
    await openPoll();

    fireEvent.click(screen.getByRole('radio', { name: '有' }));
    fireEvent.click(screen.getByRole('button', { name: '提交问卷' }));
    expect((await screen.findAllByText('第 1 题的答案无效')).length).toBeGreaterThan(0);
    screen.getByText('你家里有空气净化器吗？');
    expect(screen.getByTestId('current-url').textContent).toBe(URL);
    expect(server.callsOf('submitPoll')).toHaveLength(1);
    // The page shows the refusal; no toast says it again.
    expect(server.toasts).toEqual([]);
  });

  it('a failed load is shown by the page only, not toasted too', async () => {
    server.reply('getPoll', refuse('TASK_CLOSED'));
    renderPage(<TaskPollPage />, { url: URL, path: '/task/poll/:id' });
    await screen.findByText('任务已结束');
    expect(server.toasts).toEqual([]);
    // A rule's refusal is not offered a retry: the same request would be refused again.
    screen.getByText('无法打开这份问卷');
    expect(screen.queryByText('问卷加载失败')).toBeNull();
  });

  it('a server fault on load is offered a retry', async () => {
    server.reply('getPoll', refuse('INTERNAL'));
    renderPage(<TaskPollPage />, { url: URL, path: '/task/poll/:id' });
    await screen.findByText('问卷加载失败');
  });
});
