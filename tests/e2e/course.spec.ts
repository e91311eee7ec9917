import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';

// Newcomer course and answer sheet: read a lesson (学完了 counts on /course), take the
// quiz and fail it (every answer wrong: the missed questions show the right answer and the lesson
// to reread), take it again and pass: the newcomer reward is credited once, in 微豆明细. The right
// answers come from the operator console (`quiz list`), never from the member's pages.

/** Stem → the correct option's text, from `npm run ops -- quiz list`. */
async function answerKey(): Promise<Map<string, string>> {
  const out = await ops('quiz', 'list');
  const key = new Map<string, string>();
  for (const line of out.split('\n')) {
    const m = /^\d+\s+#\d+ \S+\s{2,}(.+?)\s{2,}.+?\s{2,}\d\.(.+?)\s{2,}启用\s*$/.exec(line);
    if (m) key.set(m[1]!.trim(), m[2]!.trim());
  }
  return key;
}

async function answerAll(page: Page, key: Map<string, string>, right: boolean) {
  for (let i = 0; i < 10; i++) {
    const stem = (await page.locator('#quiz-question').textContent())!.trim();
    const correct = key.get(stem);
    expect(correct, `answer of “${stem}”`).toBeTruthy();
    const options = page.getByRole('radio');
    const texts = await options.allTextContents();
    const pick = texts.findIndex((t) => (t.replace(/^[A-F]\.\s*/, '') === correct) === right);
    await options.nth(pick).click();
    await expect(options.nth(pick)).toHaveAttribute('aria-checked', 'true');
    if (i < 9) await page.getByRole('button', { name: '下一题' }).click();
  }
  await page.getByRole('button', { name: '交卷' }).click();
  await expect(page).toHaveURL(/\/answerSheet\/result\?attempt=\d+$/);
}

test('read a lesson, fail the quiz once, pass it: the newcomer reward is credited once', async ({ page, request }) => {
  const key = await answerKey();
  expect(key.size).toBeGreaterThanOrEqual(20);
  const member = await registerViaApi(request, { password: 'c0urse-e2e' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fcourse');
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByText('还没有开始学习（0/5）')).toBeVisible();

  await page.getByRole('link', { name: /第一课：读懂题目再作答/ }).click();
  await expect(page.getByRole('heading', { name: '第一课：读懂题目再作答' })).toBeVisible();
  await page.getByRole('button', { name: '学完了' }).click();
  await expect(page.getByText('这节课已学完')).toBeVisible();
  await page.getByRole('link', { name: '‹ 新手课程' }).click();
  await expect(page.getByText('已学 1/5 课')).toBeVisible();

  await page.getByRole('link', { name: '开始答题' }).click();
  await expect(page.getByText('第 1 / 10 题 · 单选')).toBeVisible();
  await answerAll(page, key, false);
  const score = page.getByTestId('quiz-score');
  await expect(score).toContainText('未及格');
  await expect(page.getByRole('heading', { name: '答错的 10 道题' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^复习：/ }).first()).toBeVisible();

  await page.getByRole('link', { name: /再答一次/ }).click();
  await expect(page.getByText('第 1 / 10 题 · 单选')).toBeVisible();
  await answerAll(page, key, true);
  await expect(score).toContainText('已及格');
  await expect(score).toContainText('新手奖励 200 微豆已到账');
  await expect(page.getByText('全部答对，没有需要复习的题目。')).toBeVisible();

  // Passing again pays nothing and says so.
  await page.getByRole('link', { name: /再练一次/ }).click();
  await answerAll(page, key, true);
  await expect(score).toContainText('这次不再发放');

  await page.goto('/home/gold');
  const rows = page.getByTestId('gold-row').filter({ hasText: '新手答题奖励' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('+200');
  await expect(page.getByTestId('gold-row')).toHaveCount(1);
});
