import { test, expect } from '@playwright/test';
import {
  defaultNickname,
  expectLoggedInHeader,
  isPhone,
  logoutViaHeader,
  randomMobile,
  requestCode,
} from './support/accounts';

/**
 * 登录即注册: a number without an account logs in by SMS on /login and has an account from then on
 * — the agreement ticked on the form, as the register page asks. The login page's header offers
 * no 登录/注册 of its own.
 */
test('a new number logs in by SMS with the agreement ticked and is registered at once', async ({ page }, testInfo) => {
  const phone = isPhone(testInfo);
  const mobile = randomMobile();
  await page.goto('/login');
  await expect(page.locator('header').first().getByRole('link', { name: '登录/注册' })).toHaveCount(0);

  const form = page.getByRole('form', { name: '短信登录' });
  await form.getByLabel('手机号').fill(mobile);
  // A number without an account gets its code (no 尚未注册).
  const code = await requestCode(page, mobile, 'login');
  await form.getByLabel('短信验证码').fill(code);
  await expect(form.getByText('未注册的手机号验证后将自动注册微豆调研账号')).toBeVisible();
  // Without the consent 登录 waits for it.
  const consent = form.getByRole('checkbox', { name: /我已阅读并同意/ });
  await expect(consent).not.toBeChecked();
  await expect(form.getByRole('button', { name: '登录', exact: true })).toBeDisabled();
  await consent.check();
  await form.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(defaultNickname(mobile));
  await expectLoggedInHeader(page, phone, defaultNickname(mobile));

  // The account is there: registering the number again is refused with 去登录.
  await logoutViaHeader(page, phone);
  await page.goto('/register');
  await expect(page.locator('header').first().getByRole('link', { name: '登录/注册' })).toHaveCount(0);
  const register = page.getByRole('form', { name: '注册' });
  await register.getByLabel('手机号').fill(mobile);
  await register.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('link', { name: '去登录' })).toBeVisible();
});
