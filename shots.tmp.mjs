import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8384';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', ...(name === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}) });
  const page = await ctx.newPage();
  const shot = async (path, file, full = true) => {
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    console.log(name, path, '→', await page.title());
    await page.screenshot({ path: `/tmp/wcamp-shots/${name}-${file}.png`, fullPage: full });
  };
  await shot('/welfare', 'welfare');
  await shot('/christmas', 'christmas-visitor');
  await shot('/campaigns/spring', 'spring-visitor');
  await shot('/campaigns/spring/records', 'spring-records-visitor');
  await shot('/campaigns/nope', 'notfound');
  // member
  await page.goto(base + '/login?redirect=%2Fcampaigns%2Fspring');
  await page.getByRole('tab', { name: '密码登录' }).click();
  const form = page.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill('13800000000');
  await form.getByLabel('密码', { exact: true }).fill('weidou2030');
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/campaigns\/spring/);
  await shot('/campaigns/spring', 'spring-member');
  await shot('/christmas', 'christmas-member');
  await shot('/campaigns/spring/records', 'spring-records-member');
  await ctx.close();
}
await browser.close();
