import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { FOUR_EYES_DEFAULT_THRESHOLD } from '../../openapi/rules/staff';
import { DEMO_STAFF } from '../../server/seed/demoStaff';
import { totpCodeAt } from '../../server/modules/staff/totp';
import { registerViaApi } from './support/accounts';

/**
 * 微豆 adjustments with four eyes, across two staff accounts. demo.finance asks for a credit above
 * the threshold on a fresh member (through the console API: the member page that carries the
 * 调整微豆 button is another page), sees 待复核调整 on 工作台 and, on 微豆调整复核, that they cannot
 * approve their own request; demo.admin approves it in the browser with a fresh code; the member's
 * balance grows by the amount, once.
 *
 * A code is accepted once per account and step (30 s), and the desktop and phone runs use the same
 * accounts, so the steps this spec used are kept in the e2e data directory.
 */
const finance = DEMO_STAFF.find((s) => s.login === 'demo.finance')!;
const admin = DEMO_STAFF.find((s) => s.login === 'demo.admin')!;
const STEP_MS = 30_000;
const AMOUNT = FOUR_EYES_DEFAULT_THRESHOLD + 1_000;

const stepsFile = () => path.join(process.env.E2E_DATA_DIR!, 'console-adjust-steps.json');

/**
 * A code for `who` that no earlier run of this spec used. The server also accepts the next step's
 * code (window 1); `ahead` uses it instead of waiting — only for an account no other spec signs in
 * with (demo.finance), so that the console sign-in spec's current code stays unused.
 */
async function freshCode(who: typeof finance, ahead: boolean): Promise<string> {
  let used: Record<string, number> = {};
  try {
    used = JSON.parse(await readFile(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    // the first code of the run
  }
  const now = Date.now();
  const current = Math.floor(now / STEP_MS);
  const step = Math.max(current, (used[who.login] ?? 0) + 1);
  const usableNow = ahead ? current + 1 : current;
  if (step > usableNow) await new Promise((r) => setTimeout(r, (step - (ahead ? 1 : 0)) * STEP_MS - now + 500));
  used[who.login] = step;
  await writeFile(stepsFile(), JSON.stringify(used));
  return totpCodeAt(who.totpSecret, step * STEP_MS + 1_000);
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, url: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res =
    body === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data: body });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A console session for `who` through the two-step sign-in API. */
async function consoleToken(request: APIRequestContext, who: typeof finance, ahead: boolean): Promise<string> {
  const { ticket } = await call<{ ticket: string }>(request, '/api/admin/v1/auth/sign-in', null, {
    login: who.login,
    password: who.password,
  });
  const code = await freshCode(who, ahead);
  const { token } = await call<{ token: string }>(request, '/api/admin/v1/auth/verify', null, { ticket, code });
  return token;
}

/** Open a console page in this tab as the staff member whose session `token` is (sessionStorage is per tab). */
async function openAs(page: Page, token: string, to: string) {
  await page.addInitScript((t) => sessionStorage.setItem('weidou.console.token', t), token);
  await page.goto(to);
}

test('demo.finance asks for a large credit; they cannot approve it; demo.admin approves it with a fresh code', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await registerViaApi(request);
  const balanceOf = async () => (await call<{ balance: number }>(request, '/api/v1/points', member.token!)).balance;
  const before = await balanceOf();

  // demo.finance asks: above the threshold, it waits.
  const financeToken = await consoleToken(request, finance, true);
  const found = await call<{ list: { id: number; nickname: string }[] }>(
    request,
    `/api/admin/v1/members?q=${member.mobile}&page=1&pageSize=5`,
    financeToken,
  );
  const memberId = found.list[0]!.id;
  const asked = await call<{ id: number; state: string }>(
    request,
    `/api/admin/v1/members/${memberId}/adjustments`,
    financeToken,
    {
      amount: AMOUNT,
      reason: 'e2e 活动奖励补发',
      totp: await freshCode(finance, true),
    },
  );
  expect(asked.state).toBe('pending');
  expect(await balanceOf()).toBe(before);

  // demo.finance in the browser: 工作台 shows 待复核调整, which leads to the page; their own request says why they cannot decide it.
  await openAs(page, financeToken, '/admin');
  const queue = page.getByTestId('queue').filter({ hasText: '待复核调整' });
  await expect(queue).toBeVisible();
  await queue.getByRole('link', { name: '去处理' }).click();
  await expect(page).toHaveURL(/\/admin\/adjustments$/);
  await expect(page.getByRole('heading', { name: '微豆调整复核' })).toBeVisible();
  const ownRow = page.getByTestId('adjustment-row').filter({ hasText: member.nickname });
  await expect(ownRow).toContainText(`+${AMOUNT.toLocaleString('zh-CN')} 微豆`);
  await expect(ownRow).toContainText('e2e 活动奖励补发');
  await expect(ownRow).toContainText('demo.finance 发起于');
  await expect(ownRow.getByTestId('own-request')).toHaveText('这是你发起的调整，需由另一位财务或管理员复核');
  await expect(ownRow.getByRole('button', { name: '通过' })).toHaveCount(0);

  // demo.admin, in a tab of their own, approves it with a fresh code.
  const adminPage = await page.context().newPage();
  await openAs(adminPage, await consoleToken(request, admin, false), '/admin/adjustments');
  const row = adminPage.getByTestId('adjustment-row').filter({ hasText: member.nickname });
  await expect(row).toContainText('demo.finance 发起于');
  await row.getByRole('button', { name: '通过' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `通过调整：${member.nickname}` });
  await expect(dialog).toContainText('通过后立即入账');
  const confirm = dialog.getByRole('button', { name: '通过并入账' });
  await dialog.getByLabel('复核意见（写入审计日志）').fill('已核对活动名单');
  await expect(confirm).toBeDisabled();
  await dialog.getByPlaceholder('6 位数字').fill(await freshCode(admin, false));
  await confirm.click();
  await expect(adminPage.getByRole('status').filter({ hasText: '已通过' })).toContainText(`${member.nickname}（会员号`);
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // The member's balance grew by the amount, once.
  expect(await balanceOf()).toBe(before + AMOUNT);

  // demo.finance's list no longer holds it once read again.
  await page.reload();
  await expect(page.getByRole('heading', { name: '微豆调整复核' })).toBeVisible();
  await expect(page.getByTestId('adjustment-row').filter({ hasText: member.nickname })).toHaveCount(0);
});
