import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { takeDemoTask, tokenOf, WELCOME_POINTS, WELCOME_TASK } from './support/tasks';

// The earning loop in a real browser: log in → take a demo task at the demo partner →
// come back signed → the points are credited once, and the task record and 微豆明细 show it.
// A screen-out pays its consolation points; a tampered return link is refused and pays nothing.

test('a demo survey: partner → signed return → points once, task record and 微豆明细 show it', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'earn-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);

  const back = await takeDemoTask(page, { tab: '新手任务', title: WELCOME_TASK });
  await expect(page.getByRole('heading', { name: '答题完成，微豆已到账' })).toBeVisible();
  await expect(page.getByTestId('handoff-points')).toContainText(String(WELCOME_POINTS));

  // The same return link again (a reload, a second tab): the same answer, no second credit.
  await page.goto(back);
  await expect(page.getByRole('heading', { name: '答题完成，微豆已到账' })).toBeVisible();
  const points = await request.get('/api/v1/points', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect((await points.json()).data).toMatchObject({ balance: WELCOME_POINTS, todayIncome: WELCOME_POINTS });

  // A tampered link (one character of the signature changed) is refused with a clear page.
  const last = back.at(-1) === '0' ? '1' : '0';
  await page.goto(back.slice(0, -1) + last);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/校验|无法确认|不能确认|无效/);
  await expect(page.getByText('答题完成，微豆已到账')).toHaveCount(0);

  await page.goto('/home/task');
  const row = page.getByTestId('task-record').filter({ hasText: WELCOME_TASK });
  await expect(row.getByTestId('record-result')).toHaveText('已完成');
  await expect(row.getByTestId('record-points-status')).toHaveText('已入账');
  await expect(row).toContainText(String(WELCOME_POINTS));

  await page.goto('/home/gold');
  await expect(page.getByTestId('gold-balance')).toHaveText(String(WELCOME_POINTS));
  await expect(page.getByText(`+${WELCOME_POINTS}`).first()).toBeVisible();
});

test('screened out at the partner: the result explains it and pays the consolation points', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'earn-e2e-2' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);
  await takeDemoTask(page, { tab: '日常任务', title: '年轻人咖啡消费习惯调研', outcome: '不符合条件' });
  await expect(page.getByRole('heading', { name: '很遗憾，你不符合本次调研的条件' })).toBeVisible();
  const res = await request.get('/api/v1/users/tasks?page=1&pageSize=10', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const [record] = (await res.json()).data.list as { joinResult: number; points: number }[];
  expect(record).toMatchObject({ joinResult: 2 });
  const consolation = record!.points;
  if (consolation > 0) await expect(page.getByTestId('handoff-points')).toContainText(String(consolation));
  await page.goto('/home/task');
  await expect(page.getByTestId('task-record').first().getByTestId('record-result')).toHaveText('被甄别');
});
