import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AnswerSheetPage from '../../../src/pages/answer-sheet/AnswerSheetPage';
import CoursePage from '../../../src/pages/course/CoursePage';
import LessonPage from '../../../src/pages/lesson/LessonPage';
import QuizResultPage from '../../../src/pages/quiz-result/QuizResultPage';
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
 * The course containers over a fake contract server: `/course` (listCourses with my progress),
 * `/course/{id}` (getCourse, 学完了 → readCourse), `/answerSheet` (startQuiz, answering, submitQuiz
 * once per attempt, a lost answer retried with the same attempt) and `/answerSheet/result`.
 */

const settings = { questionCount: 2, passMark: 2, rewardPoints: 200, attemptsPerDay: 3 };
const lessons = [
  { id: 1, title: '第一课：读懂题目再作答', summary: '看清题干', minutes: 3, read: true },
  { id: 2, title: '第二课：认真写好开放题', summary: '写具体', minutes: 3, read: false },
];
const attempt = {
  attemptId: 41,
  questions: [
    { id: 3, stem: '本题请选择“比较同意”', options: ['非常同意', '比较同意'] },
    { id: 8, stem: '开放题哪种回答最好？', options: ['口味偏淡，适合早上喝', 'asdf'] },
  ],
  settings,
  attemptsLeft: 2,
  startedAt: Date.UTC(2026, 10, 26, 2),
};
const result = {
  attemptId: 41,
  score: 1,
  total: 2,
  passMark: 2,
  passed: false,
  rewardPoints: 0,
  rewardedBefore: false,
  missed: [
    {
      questionId: 8,
      stem: '开放题哪种回答最好？',
      yourAnswer: 'asdf',
      rightAnswer: '口味偏淡，适合早上喝',
      explanation: '键盘乱敲会被判为乱答',
      lessonId: 2,
      lessonTitle: '第二课：认真写好开放题',
    },
  ],
  attemptsLeft: 1,
  submittedAt: Date.UTC(2026, 10, 26, 2, 5),
};

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

const url = () => screen.getByTestId('current-url').textContent;

describe('/course', () => {
  it('shows the lessons with what I read, my progress and the quiz rules', async () => {
    server.reply('listCourses', ok({ lessons, readCount: 1, quiz: settings, quizPassed: false }));
    renderPage(<CoursePage />, { url: '/course' });
    await screen.findByText('已学 1/2 课');
    expect(screen.getByRole('link', { name: /第二课：认真写好开放题/ }).getAttribute('href')).toBe('/course/2');
    screen.getByText(/答对 2 道及格；首次及格奖励 200 微豆/);
    expect(screen.getByRole('link', { name: '开始答题' }).getAttribute('href')).toBe('/answerSheet');
  });
});

describe('/course/{id}', () => {
  it('学完了 marks the lesson read, then offers the next lesson', async () => {
    server.reply(
      'getCourse',
      ok({ ...lessons[1], content: '<p>开放题要写具体</p>', position: 2, total: 3, prevId: 1, nextId: 5 }),
    );
    server.reply('readCourse', ok({ read: true, readCount: 2, total: 3 }));
    renderPage(<LessonPage />, { url: '/course/2', path: '/course/:id' });
    fireEvent.click(await screen.findByRole('button', { name: '学完了' }));
    await screen.findByText('这节课已学完');
    expect(server.calls.filter((c) => c.operationId === 'readCourse').map((c) => c.params.id)).toEqual(['2']);
    expect(screen.getByRole('link', { name: '下一课' }).getAttribute('href')).toBe('/course/5');
  });

  it('a missing lesson says so', async () => {
    server.reply('getCourse', refuse('NOT_FOUND'));
    renderPage(<LessonPage />, { url: '/course/9', path: '/course/:id' });
    await screen.findByText('这节课不存在或已下线');
  });
});

describe('/answerSheet', () => {
  it('answers question by question; a lost submit is retried with the same attempt; then the result page', async () => {
    server.reply('startQuiz', ok(attempt));
    let submits = 0;
    server.reply('submitQuiz', () => (++submits === 1 ? 'network-error' : ok(result)));
    renderPage(<AnswerSheetPage />, { url: '/answerSheet' });
    await screen.findByText('本题请选择“比较同意”');
    expect(screen.getByTestId('quiz-rules').textContent).toContain('今天还可以再开始 2 次');
    fireEvent.click(screen.getByRole('radio', { name: /比较同意/ }));
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    const submit = screen.getByRole('button', { name: '交卷' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /asdf/ }));
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    await screen.findByText('交卷没有成功');
    fireEvent.click(screen.getByRole('button', { name: '重新交卷' }));
    await waitFor(() => expect(url()).toBe('/answerSheet/result?attempt=41'));
    const sent = server.calls.filter((c) => c.operationId === 'submitQuiz');
    expect(sent).toHaveLength(2);
    for (const c of sent) {
      expect(c.params.id).toBe('41');
      expect(c.body).toEqual({
        answers: [
          { questionId: 3, option: 1 },
          { questionId: 8, option: 1 },
        ],
      });
    }
  });

  it('no attempts left today: says so, nothing to answer', async () => {
    server.reply('startQuiz', refuse('QUIZ_NO_ATTEMPTS_LEFT', undefined, { nextAt: Date.UTC(2026, 10, 26, 16) }));
    renderPage(<AnswerSheetPage />, { url: '/answerSheet' });
    await screen.findByText('今天的答题次数已用完，明天再来吧');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.toasts).toEqual([]);
  });

  it('a visitor is asked to log in, and nothing is started', async () => {
    session.loggedIn = false;
    renderPage(<AnswerSheetPage />, { url: '/answerSheet' });
    await screen.findByText('登录后参加新手答题');
    expect(server.calls).toEqual([]);
  });
});

describe('/answerSheet/result', () => {
  it('shows the score, the pass mark and each missed question with the right answer and the lesson', async () => {
    server.reply('getQuizResult', ok(result));
    renderPage(<QuizResultPage />, { url: '/answerSheet/result?attempt=41', path: '/answerSheet/result' });
    const score = await screen.findByTestId('quiz-score');
    within(score).getByText('未及格');
    within(score).getByText(/还差 1 题/);
    screen.getByText('正确答案：口味偏淡，适合早上喝');
    expect(screen.getByRole('link', { name: '复习：第二课：认真写好开放题' }).getAttribute('href')).toBe('/course/2');
    expect(server.calls.map((c) => [c.operationId, c.params.id])).toEqual([['getQuizResult', '41']]);
  });

  it('a second pass says the reward is not paid again', async () => {
    server.reply('getQuizResult', ok({ ...result, score: 2, passed: true, missed: [], rewardedBefore: true }));
    renderPage(<QuizResultPage />, { url: '/answerSheet/result?attempt=41', path: '/answerSheet/result' });
    await screen.findByText(/之前已经领取过，这次不再发放/);
  });
});
