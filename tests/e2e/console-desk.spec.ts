import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../../server/seed/demoStaff';
import { signInAsDemo } from './support/console';
import { passwordLogin, registerViaApi } from './support/accounts';
import { tinyPng } from './support/files';

/**
 * 反馈处理 end to end at both sizes: a fresh member files a feedback with a screenshot; 客服小林
 * (demo.support) signs in with an authenticator code, opens 反馈处理 from 工作台's queue, opens the
 * ticket (the screenshot behind its signed link, the member beside it), takes it, saves the answer
 * as a saved reply, picks it back into the reply box, deletes it, answers; a reload keeps the
 * ticket open; the member reads the answer on their feedback page. A code is accepted once, so the
 * second run (same account) waits for the next code when needed.
 */
const support = DEMO_STAFF.find((s) => s.login === 'demo.support')!;

const signIn = (page: Page) => signInAsDemo(page, support.login);

test('客服 takes a fresh ticket on 反馈处理 and answers it with a saved reply; the member reads the answer', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = Math.random().toString(36).slice(2, 8);
  const description = `换了新手机后登录一直收不到验证码，已经试了好几次（${token}）。`;
  const answer = `你好，已为你重置短信通道，请重新获取验证码试试（${token}）。`;

  // The member files a feedback with a screenshot.
  const member = await registerViaApi(request, { password: 'desk-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome%2Ffeedback%2Fask');
  await expect(page).toHaveURL(/\/home\/feedback\/ask$/);
  await page.getByLabel('问题类型').selectOption({ label: '账号与安全' });
  await page.getByRole('textbox', { name: '问题描述' }).fill(description);
  await page.getByLabel('选择截图').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByTestId('screenshot')).toHaveAttribute('data-status', 'done');
  await page.getByRole('button', { name: '提交反馈' }).click();
  await expect(page).toHaveURL(/\/home\/feedback\/\d+$/);
  const ticketId = page.url().match(/\/home\/feedback\/(\d+)$/)![1]!;

  // 客服小林 signs in (a tab of its own: the console's session is the tab's) and opens the desk from 工作台.
  const desk = await page.context().newPage();
  await desk.goto('/admin');
  await expect(desk).toHaveURL(/\/admin\/sign-in$/);
  await signIn(desk);
  await expect(desk).toHaveURL(/\/admin$/);
  const queue = desk.getByTestId('queue').filter({ hasText: '待处理反馈' });
  await queue.getByRole('link', { name: '去处理' }).click();
  await expect(desk).toHaveURL(/\/admin\/desk$/);
  await expect(desk.getByRole('heading', { name: '反馈处理' })).toBeVisible();

  // 待受理: the member's ticket, with how long it has waited.
  await desk.getByRole('combobox', { name: '状态' }).selectOption({ label: '待受理' });
  const row = desk.getByTestId('desk-row').filter({ hasText: token });
  await expect(row).toContainText('已等待');
  await row.click();
  await expect(desk).toHaveURL(new RegExp(`/admin/desk\\?ticket=${ticketId}$`));
  await expect(desk.getByRole('heading', { name: `反馈 #${ticketId}` })).toBeVisible();
  const thread = desk.getByRole('list', { name: '沟通记录' });
  await expect(thread).toContainText(description);
  await expect(desk.getByTestId('member-context')).toContainText(
    `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
  );
  const shot = desk.getByRole('img', { name: '会员截图 1' });
  await expect(shot).toBeVisible();
  const served = await request.get((await shot.getAttribute('src'))!);
  expect(served.status()).toBe(200);

  // 接单.
  await desk.getByRole('button', { name: '接单' }).click();
  await expect(desk.getByText('已接单')).toBeVisible();
  await expect(desk.getByText('受理客服：客服小林')).toBeVisible();

  // The answer saved as a saved reply, picked back into an empty box, then the saved reply deleted.
  const box = desk.getByRole('textbox', { name: '回复会员' });
  await box.fill(answer);
  await desk.getByRole('button', { name: '存为常用回复' }).click();
  const title = `验证码-${token}`;
  await desk.getByRole('textbox', { name: '常用回复的标题' }).fill(title);
  await desk.getByRole('button', { name: '保存', exact: true }).click();
  const savedList = desk.getByTestId('saved-replies');
  await expect(savedList).toContainText(title);
  await box.fill('');
  await desk.getByRole('button', { name: `使用「${title}」` }).click();
  await expect(box).toHaveValue(answer);
  await desk.getByRole('button', { name: '常用回复', exact: true }).click();
  await desk.getByRole('button', { name: `删除「${title}」` }).click();
  await expect(savedList).not.toContainText(title);

  // 答复会员: the ticket waits for the member's confirmation; a reload keeps it open.
  await desk.getByRole('button', { name: '答复会员' }).click();
  await expect(desk.getByText('已答复会员，等待会员确认')).toBeVisible();
  await expect(thread).toContainText(answer);
  await desk.reload();
  await expect(desk.getByRole('heading', { name: `反馈 #${ticketId}` })).toBeVisible();
  await expect(desk.getByTestId('ticket-head').getByTestId('feedback-state')).toHaveText('待确认');
  await desk.close();

  // The member reads the answer on their feedback page.
  await page.goto(`/home/feedback/${ticketId}`);
  await expect(page.getByTestId('feedback-state').first()).toHaveText('待确认');
  const memberThread = page.getByRole('list', { name: '沟通记录' });
  await expect(memberThread).toContainText(answer);
  await expect(memberThread).toContainText('客服小林');
});
