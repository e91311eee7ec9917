import { test, expect, type Page } from '@playwright/test';

const headerBackground = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

const isTransparent = (color: string) => color === 'transparent' || /rgba\(0, 0, 0, 0\)/.test(color);

test('the landing page renders with the product name as title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('微豆调研');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /立即注册/ }).first()).toBeVisible();
  await expect(page.locator('footer')).toContainText('用户协议');
});

test('the landing header is transparent at the top and white after 20 px of scroll', async ({ page }) => {
  await page.goto('/');
  await expect.poll(async () => isTransparent(await headerBackground(page))).toBe(true);
  await page.mouse.wheel(0, 400);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => headerBackground(page)).toBe('rgb(255, 255, 255)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(async () => isTransparent(await headerBackground(page))).toBe(true);
});

test('the header is white on other pages whatever the scroll', async ({ page }) => {
  await page.goto('/about');
  await expect.poll(() => headerBackground(page)).toBe('rgb(255, 255, 255)');
});

test('an unknown path goes to /404', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404').first()).toBeVisible();
  await expect(page).toHaveTitle(/微豆调研 - /);
});

test('a member page opened logged out goes to /login', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

test('static pages carry the route title after the product name', async ({ page }) => {
  for (const [path, title] of [
    ['/about', '关于我们'],
    ['/agreement', '用户协议'],
    ['/privacy', '隐私政策'],
    ['/cooperate', '商务合作'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`微豆调研 - ${title}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('the API and the SPA share one port', async ({ request }) => {
  const res = await request.get('/api/v1/auth/rsa-key');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.code).toBe(200);
  expect(body.data.publicKey).toContain('BEGIN PUBLIC KEY');
  const missing = await request.get('/api/v1/no-such-call');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).code).toBe(404);
});

test('prerendered static pages arrive with their content and hydrate without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  for (const path of ['/', '/about', '/privacy/sdk']) {
    const res = await page.request.get(path);
    expect(await res.text(), path).toContain(`data-prerendered="${path}"`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // After hydration the page is a live app: client-side navigation works.
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: '关于我们' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle('微豆调研 - 关于我们');
  expect(errors).toEqual([]);
});
