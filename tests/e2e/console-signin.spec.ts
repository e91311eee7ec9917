import { test, expect, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../../server/seed/demoStaff';
import { totpCodeAt } from '../../server/modules/staff/totp';

/**
 * The operations console from the browser: demo.admin signs in (password, then an authenticator
 * code), lands where they were going, sees 工作台, opens 审计日志 and checks the hash chain.
 * A code is accepted once, so the phone run (same account) waits for the next code when needed.
 */
const admin = DEMO_STAFF.find((s) => s.login === 'demo.admin')!;

async function enterCode(page: Page) {
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByPlaceholder('6 位动态验证码').fill(totpCodeAt(admin.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: '动态验证码错误或已使用过' });
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/admin/sign-in'), { timeout: 8_000 }).then(() => 'in' as const),
      refused.waitFor({ timeout: 8_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    // This step's code was used by an earlier sign-in: wait for the next one.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('the console did not accept a fresh code');
}

test('demo.admin signs in with an authenticator code, sees 工作台 and verifies the audit chain', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin/audit');
  // No session: the sign-in page, with the way back.
  await expect(page).toHaveURL(/\/admin\/sign-in\?return=%2Fadmin%2Faudit/);
  await expect(page.getByText('员工登录')).toBeVisible();

  await page.getByPlaceholder('登录名').fill('demo.admin');
  await page.getByPlaceholder('密码').fill('not-the-password-1');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('alert')).toContainText('登录名或密码错误');

  await page.getByPlaceholder('密码').fill(admin.password);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByPlaceholder('6 位动态验证码')).toBeVisible();
  await enterCode(page);

  // Back where they were going: the audit log, with the staff member's name and role.
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByTestId('staff-name')).toContainText('管理员老王');
  await expect(page.getByText('角色：管理员')).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await page.getByRole('button', { name: '校验哈希链' }).click();
  await expect(page.getByText(/哈希链完好（\d+ 行）/)).toBeVisible();

  // 工作台 through the nav (behind 菜单 on a phone).
  const menu = page.getByRole('button', { name: '菜单' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: '管理后台导航' }).getByRole('link', { name: '工作台' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(page.getByText(/你好/)).toBeVisible();

  // 退出登录: the console's pages are closed again.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/sign-in\?return=%2Fadmin%2Fstaff/);
});
