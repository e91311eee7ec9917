import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { tokenOf } from './support/tasks';

// The moderator's 标记为完成 pays 微豆, so it is confirmed. A member starts the demo
// discussion group and takes a display name on its board; the demo moderator finds them in
// 受访者进度 with their progress, opens their 发言记录 (the progress shown before any tap), opens
// the confirmation (who, the required topics, the 微豆), cancels, confirms — paid once.

async function demoForumTask(page: Page, request: APIRequestContext) {
  const res = await request.get('/api/v1/tasks?pageSize=100', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const list = ((await res.json()) as { data: { list: { hashId: string; kind: string; points: number }[] } }).data.list;
  const card = list.find((t) => t.kind === 'forum');
  if (!card) throw new Error('no discussion-group task in the demo content');
  return card;
}

async function balanceOf(page: Page, request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/users/account', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return ((await res.json()) as { data: { points: number } }).data.points;
}

test('the moderator sees a respondent’s progress, confirms 标记为完成, and the 微豆 are paid once', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // The respondent: starts the discussion group and names themself on its board.
  const member = await registerViaApi(request, { password: 'forum-e2e-9' });
  await passwordLogin(page, member.mobile, member.password!);
  await expect(page).toHaveURL(/\/home/);
  const task = await demoForumTask(page, request);
  await page.goto(`/task/detail/${task.hashId}`);
  await page.getByRole('link', { name: '开始讨论' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bbs/${task.hashId}$`));
  const name = `待确认${member.mobile.slice(-4)}`;
  await page.getByRole('button', { name: '修改显示名和头像' }).click();
  await page.getByLabel('显示名').fill(name);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('forum-name')).toHaveText(name);
  const before = await balanceOf(page, request);

  // The moderator, in a browser of their own.
  const { baseURL, locale, timezoneId, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
  try {
    const mod = await context.newPage();
    await passwordLogin(mod, '13800000001', 'weidou2030');
    await expect(mod).toHaveURL(/\/home/);
    await mod.goto(`/bbs/${task.hashId}`);
    await mod.getByRole('link', { name: '受访者进度' }).click();
    await expect(mod).toHaveURL(new RegExp(`/bbs/${task.hashId}/respondents$`));
    const row = mod.getByTestId('forum-respondent').filter({ hasText: name });
    await expect(row).toContainText(/未完成 · 必答 0\/\d+/);
    await expect(row).toContainText(`完成可得 ${task.points} 微豆`);
    await row.getByRole('link').click();
    await expect(mod).toHaveURL(/\/users\/\d+$/);

    // The progress before any tap; the tap only opens the confirmation.
    const progress = mod.getByTestId('respondent-progress');
    await expect(progress).toHaveText(new RegExp(`^必答 0/\\d+ · 完成可得 ${task.points} 微豆$`));
    await mod.getByRole('button', { name: '标记为完成' }).click();
    const dialog = mod.getByRole('dialog', { name: '确认标记为完成' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(name)).toBeVisible();
    await expect(dialog.getByText(/必答话题 · 已回复 0\/\d+/)).toBeVisible();
    await expect(dialog.getByText('未回复').first()).toBeVisible();
    // 取消: closed, nothing paid.
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await balanceOf(page, request)).toBe(before);

    await mod.getByRole('button', { name: '标记为完成' }).click();
    await mod
      .getByRole('dialog', { name: '确认标记为完成' })
      .getByRole('button', { name: `确认，发放 ${task.points} 微豆` })
      .click();
    const done = mod.getByRole('dialog', { name: '已标记为完成' });
    await expect(done.getByText(`${task.points} 微豆已发放到 TA 的账户`, { exact: false })).toBeVisible();
    await done.getByRole('button', { name: '知道了' }).click();
    await expect(progress).toHaveText(new RegExp(`^已完成 · 必答 0/\\d+ · 已发放 ${task.points} 微豆$`));
    await expect(mod.getByRole('button', { name: '标记为完成' })).toHaveCount(0);
  } finally {
    await context.close();
  }

  // Paid once, to the respondent; their board says so.
  expect(await balanceOf(page, request)).toBe(before + task.points);
  await page.reload();
  await expect(page.getByText(`已完成，${task.points} 微豆已到账`)).toBeVisible();
});
