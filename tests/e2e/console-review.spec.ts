import { expect, test } from '@playwright/test';
import { newStaff, signInToConsole } from './support/console';
import { passwordLogin, registerViaApi } from './support/accounts';
import { takeDemoTask, WELCOME_TASK } from './support/tasks';

/**
 * The exchange review from the browser: a fresh member earns points and redeems a virtual reward
 * (it waits for review); demo.finance signs in with an authenticator code, opens 兑换审核 from
 * the home page's queue, finds that exchange (oldest first, so it may be on a later page), reads
 * its risk signals and approves it; the member then finds the approval in their messages. The
 * member is new each run, so no other spec's balance or queue row is touched. Then an admin reads
 * the approval in the audit log (who, what, which order) and verifies the hash chain.
 */
const REWARD = '新人体验：视频会员 3 天卡';

test('a member redeems, finance approves it in 兑换审核, the member is told, an admin finds it in the audit log', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = await registerViaApi(request, { password: 'review-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);
  await takeDemoTask(page, { tab: '新手任务', title: WELCOME_TASK });
  await expect(page.getByRole('heading', { name: '答题完成，微豆已到账' })).toBeVisible();

  await page.goto('/exchange');
  await page.getByText(REWARD).first().click();
  await page.getByRole('button', { name: '立即兑换' }).filter({ visible: true }).click();
  await page.getByRole('button', { name: '确认兑换' }).click();
  await expect(page).toHaveURL(/\/exchange\/success\?id=\d+/);
  await expect(page.getByText('待审核').first()).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const number = new RegExp(`DH\\d{8}${String(id).padStart(6, '0')}`);

  const finance = await newStaff('finance', '财务小审');
  await signInToConsole(page, finance);
  await expect(page).toHaveURL(/\/admin$/);
  const queue = page.getByTestId('queue').filter({ hasText: '待审核兑换' });
  await expect(queue).toContainText(/最久已等待/);
  await queue.getByRole('link', { name: '去处理' }).click();
  await expect(page).toHaveURL(/\/admin\/review$/);
  await expect(page.getByRole('heading', { name: '兑换审核' })).toBeVisible();

  // Oldest first: the new exchange is on the last page when other specs left exchanges waiting.
  const open = page.getByRole('button', { name: new RegExp(`查看 ${number.source} 的审核信息`) });
  await expect(page.getByTestId('review-row').first()).toBeVisible();
  for (let shown = 1; !(await open.isVisible()); shown++) {
    const next = page.getByRole('button', { name: '下一页' });
    expect(await next.isEnabled(), `exchange ${id} is in the queue`).toBe(true);
    await next.click();
    await expect(page.getByText(new RegExp(`^第 ${shown + 1} / \\d+ 页`))).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  await expect(open).toContainText(member.nickname);
  await open.click();

  const detail = page.getByTestId('review-detail');
  await expect(detail.getByRole('heading', { name: number })).toBeVisible();
  // A member registered today: the account age is worth a look, said with its evidence.
  await expect(detail.getByTestId('risk-signal').filter({ hasText: '账号注册时长' })).toContainText('今天注册');
  await expect(detail).toContainText('实名：未实名认证');
  await detail.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText(new RegExp(`${number.source} 已通过，现在为「已发放」`))).toBeVisible();
  await expect(detail).toContainText('这笔兑换已处理，现在为「已发放」。');
  await expect(detail).toContainText('财务小审');

  await page.goto('/home/message');
  await expect(page.getByTestId('message-row').filter({ hasText: `兑换已发放：${REWARD}` })).toBeVisible();

  // The admin's view of it: the audit row names finance, the move and the order; the chain holds.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  const admin = await newStaff('admin', '管理员小审');
  await signInToConsole(page, admin, '/admin/audit');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByLabel('员工登录名').fill(finance.login);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByTestId('audit-row').filter({ hasText: '审核通过' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(finance.login);
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('audit-detail')).toContainText(String(id));
  await page.getByRole('button', { name: '校验哈希链' }).click();
  await expect(page.getByText(/哈希链完好（\d+ 行）/)).toBeVisible();
});
