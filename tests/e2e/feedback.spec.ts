import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { tinyPng } from './support/files';
import { ops } from './support/ops';
import { takeDemoTask } from './support/tasks';

// Feedback end to end at both sizes: a screened-out survey → 反馈问题 on its task record → a ticket
// with a screenshot → an operator takes it and answers → the member reads the message, opens the
// ticket from it and confirms it solved, then rates it.

test('feedback: from a screened-out task record to a confirmed ticket', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await registerViaApi(request, { password: 'feedback-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);
  const title = '年轻人咖啡消费习惯调研';
  await takeDemoTask(page, { tab: '日常任务', title, outcome: '不符合条件' });
  // The result page confirms the signed return with the server: wait for it before leaving.
  await expect(page.getByRole('heading', { name: '很遗憾，你不符合本次调研的条件' })).toBeVisible();

  // 反馈问题 on the record opens the form with the record already linked.
  await page.goto('/home/task');
  const record = page.getByTestId('task-record').first();
  await expect(record.getByTestId('record-result')).toHaveText('被甄别');
  const rid = await record.getAttribute('data-rid');
  await record.getByRole('link', { name: '反馈问题' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/feedback/ask\\?rid=${rid}`));
  await expect(page.getByTestId('record-card')).toContainText(title);

  // Too short a description is refused in place; then category, description and a screenshot.
  await page.getByLabel('问题类型').selectOption({ label: '任务与微豆' });
  const description = page.getByRole('textbox', { name: '问题描述' });
  await description.fill('被甄别了');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByText('问题描述至少 10 个字')).toBeVisible();
  await description.fill('答到第三页提示不符合条件，但我前面的答案都符合题目要求，想确认一下甄别原因。');
  await page.getByLabel('选择截图').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('button', { name: '删除截图 screen.png' })).toBeVisible();
  await expect(page.getByTestId('screenshot')).toHaveAttribute('data-status', 'done');
  await page.getByRole('button', { name: '提交反馈' }).click();

  // The new ticket: 待受理, the record, the screenshot behind a signed link only its member gets.
  await expect(page).toHaveURL(/\/home\/feedback\/\d+$/);
  const ticketId = page.url().match(/\/home\/feedback\/(\d+)$/)![1]!;
  await expect(page.getByTestId('feedback-state').first()).toHaveText('待受理');
  await expect(page.getByTestId('record-card')).toContainText(title);
  const shot = page.getByRole('img', { name: '反馈截图 1' });
  await expect(shot).toBeVisible();
  const signed = (await shot.getAttribute('src'))!;
  expect(signed).toMatch(/\/uploads\/feedback\/\d+\/\d+\.png\?/);
  const served = await request.get(signed);
  expect(served.status()).toBe(200);
  expect(Buffer.compare(await served.body(), tinyPng())).toBe(0);
  const unsigned = await request.get(signed.split('?')[0]!);
  expect(unsigned.status()).toBe(403);

  // The operator takes it and answers; the member is told by a message.
  expect(await ops('feedback', 'list')).toContain('答到第三页提示不符合条件');
  await ops('feedback', 'take', ticketId, '--as', '客服小林');
  await ops(
    'feedback',
    'reply',
    ticketId,
    '--as',
    '客服小林',
    '--answer',
    '已核实：该问卷第三页的配额条件不符，属于正常甄别，甄别补偿微豆已发放到你的账户。',
  );
  await page.goto('/home/message');
  const message = page.getByTestId('message-row').filter({ hasText: '你的反馈有了答复' });
  await expect(message).toBeVisible();
  await message.getByRole('link').first().click();
  await expect(page.getByText('甄别补偿微豆已发放到你的账户').first()).toBeVisible();
  await page.getByRole('link', { name: '查看反馈' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/feedback/${ticketId}$`));

  // 待确认 with the answer in the thread: 已解决 confirms it, then the member rates it.
  await expect(page.getByTestId('feedback-state').first()).toHaveText('待确认');
  await expect(page.getByRole('list', { name: '沟通记录' })).toContainText('客服小林');
  await page.getByRole('button', { name: '已解决' }).click();
  await expect(page.getByTestId('feedback-state').first()).toHaveText('已确认');
  await page.getByRole('button', { name: '5 星' }).click();
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByTestId('rating')).toBeVisible();
  expect(await ops('feedback', 'show', ticketId)).toContain('已确认');

  // The hub lists it under 已确认.
  await page.goto('/home/feedback');
  await page.getByRole('tab', { name: '已确认' }).click();
  await expect(page.getByRole('link', { name: /答到第三页提示不符合条件/ })).toBeVisible();
});
