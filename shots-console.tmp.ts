import { chromium } from 'playwright-core';
import { totpCodeAt } from './server/modules/staff/totp';
const BASE = 'http://127.0.0.1:8783';
const SECRET = 'YCCVY5TNYJCVJ7VUSCOOMBCKKJNQ2C6L';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 860 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console error', width, m.text()));
  await page.goto(BASE + '/admin/audit');
  await page.waitForURL(/sign-in/);
  await page.screenshot({ path: `/tmp/shot-${width}-signin.png`, fullPage: true });
  await page.getByPlaceholder('登录名').fill('demo.admin');
  await page.getByPlaceholder('密码').fill('weidou-admin-2030');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByPlaceholder('6 位动态验证码').waitFor();
  await page.screenshot({ path: `/tmp/shot-${width}-code.png`, fullPage: true });
  // A code is accepted once: the second width waits for the next step.
  let code = totpCodeAt(SECRET, Date.now());
  if (width === 390) {
    await page.waitForTimeout(31_000);
    code = totpCodeAt(SECRET, Date.now());
  }
  await page.getByPlaceholder('6 位动态验证码').fill(code);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/admin\/audit/);
  await page.getByText('审计日志').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-${width}-audit.png`, fullPage: true });
  await page.getByRole('button', { name: '校验哈希链' }).click();
  await page.getByText(/哈希链/).first().waitFor();
  const rows = page.getByTestId('audit-row');
  if (await rows.count()) await rows.first().locator('button').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${width}-audit-verified.png`, fullPage: true });
  await page.goto(BASE + '/admin');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shot-${width}-home.png`, fullPage: true });
  await page.goto(BASE + '/admin/staff');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shot-${width}-staff.png`, fullPage: true });
  await page.getByRole('button', { name: '修改角色' }).first().click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-${width}-staff-totp.png`, fullPage: true });
  await page.close();
}
await browser.close();
