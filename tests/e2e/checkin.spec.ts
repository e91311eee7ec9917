import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';

// Daily check-in: points are money — a second check-in the same day is a normal
// result that credits nothing, even from a second tab that still shows the 签到 button.
test('check in on /home, then again from a stale second tab: credited once', async ({ page, context, request }) => {
  const member = await registerViaApi(request, { password: 'check1n-e2e' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome');
  await expect(page).toHaveURL(/\/home$/);

  const second = await context.newPage();
  await second.goto('/home');
  const card = (p: typeof page) => p.getByRole('region', { name: '微豆与签到' });
  await expect(card(page).getByRole('button', { name: '签到', exact: true })).toBeEnabled();
  await expect(card(second).getByRole('button', { name: '签到', exact: true })).toBeEnabled();

  await card(page).getByRole('button', { name: '签到', exact: true }).click();
  await expect(card(page).getByText('签到成功，获得 5 微豆！明天记得再来。')).toBeVisible();
  await expect(card(page)).toContainText('已连续签到');

  await card(second).getByRole('button', { name: '签到', exact: true }).click();
  await expect(card(second).getByText(/今天已经签到过了/)).toBeVisible();

  // The balance counts the day's reward once: ask the API as this member.
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  const res = await request.get('/api/v1/points', { headers: { authorization: `Bearer ${token}` } });
  expect((await res.json()).data).toMatchObject({ balance: 5, todayIncome: 5 });
  await second.reload();
  await expect(card(second).getByRole('button', { name: '今日已签到' })).toBeDisabled();
});
