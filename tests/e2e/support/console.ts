/**
 * Staff in the e2e runs. A code is accepted once per account, and the desktop and phone runs (and
 * several specs) sign in one after another: with the shared demo accounts each sign-in after the
 * first would wait up to 30 s for the next code. So a spec makes its own staff account with the
 * CLI, as an admin would (`staff add`), and signs in the way a new colleague does the first time:
 * password, then a new password and the first authenticator code.
 */
import { expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../openapi/rules/staff';
import { DEMO_STAFF } from '../../../server/seed/demoStaff';
import { totpCodeAt } from '../../../server/modules/staff/totp';
import { ops } from './ops';

export interface E2eStaff {
  login: string;
  name: string;
  password: string;
  totpSecret: string;
  /** Whether the first sign-in (new password) is done. */
  signedInBefore: boolean;
  /** The last code used, so the next sign-in waits for a new one instead of being refused. */
  lastCode?: string;
}

/** A new staff account with this role, through `npm run ops -- staff add`. */
export async function newStaff(role: StaffRole, name: string): Promise<E2eStaff> {
  const login = `e2e.${role}.${randomBytes(3).toString('hex')}`;
  const out = await ops('staff', 'add', login, '--name', name, '--role', role);
  const password = /one-time password: (\S+)/.exec(out)?.[1];
  const totpSecret = /TOTP secret: ([A-Z2-7]+)/.exec(out)?.[1];
  if (!password || !totpSecret) throw new Error(`staff add printed no credentials:\n${out}`);
  return { login, name, password, totpSecret, signedInBefore: false };
}

const NEW_PASSWORD = 'e2e-Console-2030';

async function freshCode(staff: E2eStaff, page: Page): Promise<string> {
  let code = totpCodeAt(staff.totpSecret, Date.now());
  while (code === staff.lastCode) {
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 300);
    code = totpCodeAt(staff.totpSecret, Date.now());
  }
  staff.lastCode = code;
  return code;
}

/** A code for a move that asks a fresh one (never the one the sign-in or the last move used). */
export const moveCode = freshCode;

/** Signs in at the console's sign-in page (opening `path` first: it sends there and back). */
export async function signInToConsole(page: Page, staff: E2eStaff, path = '/admin') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByPlaceholder('登录名').fill(staff.login);
  await page.getByPlaceholder('密码', { exact: true }).fill(staff.signedInBefore ? NEW_PASSWORD : staff.password);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByPlaceholder('6 位动态验证码')).toBeVisible();
  if (!staff.signedInBefore) {
    await page.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByPlaceholder('再次输入新密码').fill(NEW_PASSWORD);
  }
  await page.getByPlaceholder('6 位动态验证码').fill(await freshCode(staff, page));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
  staff.signedInBefore = true;
  await expect(page.getByTestId('staff-name')).toContainText(staff.name);
}

/**
 * Signs a demo staff account (README's table) in at the sign-in page the browser is on. A code is
 * accepted once, so when an earlier sign-in used this step's code it waits for the next one.
 */
export async function signInAsDemo(page: Page, login: string) {
  const staff = DEMO_STAFF.find((s) => s.login === login)!;
  await page.getByPlaceholder('登录名').fill(staff.login);
  await page.getByPlaceholder('密码', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByPlaceholder('6 位动态验证码')).toBeVisible();
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByPlaceholder('6 位动态验证码').fill(totpCodeAt(staff.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: '动态验证码错误或已使用过' });
    const outcome = await Promise.race([
      page
        .waitForURL((url) => !url.pathname.startsWith('/admin/sign-in'), { timeout: 8_000 })
        .then(() => 'in' as const),
      refused.waitFor({ timeout: 8_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  throw new Error('the console did not accept a fresh code');
}
