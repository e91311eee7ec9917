/** Doing a demo task in the browser: the local demo partner (server/seed/demoPartner.ts) stands in for a survey exchange. */
import { expect, type Page } from '@playwright/test';
import { DEMO_MIN_SECONDS_CAP } from './timing';

export const WELCOME_TASK = '新会员欢迎问卷';
export const WELCOME_POINTS = 50;

/**
 * From /task: open `title` under the module tab `tab`, start it, answer the demo partner's
 * questions, wait out the task's minimum answer time (as the partner shows it; at most
 * DEMO_MIN_SECONDS_CAP on the e2e server) and leave with `outcome` (完成 / 不符合条件 / 配额已满).
 * Returns the return link the partner sent back.
 */
export async function takeDemoTask(
  page: Page,
  { tab, title, outcome = '完成' }: { tab: string; title: string; outcome?: string },
): Promise<string> {
  await page.goto('/task');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByTestId('task-card').filter({ hasText: title }).first().click();
  await expect(page).toHaveURL(/\/task\/detail\//);
  await page.getByRole('link', { name: '开始任务' }).filter({ visible: true }).click();
  // The hand-off screen (/task/go) creates the participation and sends the member to the partner.
  await expect(page).toHaveURL(/\/demo-partner\/survey\?rid=/);
  const groups = page.locator('fieldset');
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).getByRole('radio').first().check();
  // The partner states the minimum only when there is one; the page has loaded (its questions are answered).
  const minimum = page.getByText(/最短有效作答时长为 \d+ 秒/);
  const minSeconds = (await minimum.count()) ? Number((await minimum.textContent())?.match(/(\d+) 秒/)?.[1]) : 0;
  expect(minSeconds).toBeLessThanOrEqual(DEMO_MIN_SECONDS_CAP);
  if (minSeconds > 0) await page.waitForTimeout(minSeconds * 1000 + 500);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/task\/back(\/failure)?\?rid=.*&sig=/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

/** The logged-in member's bearer token (the session cookie). */
export async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  if (!token) throw new Error('not logged in');
  return decodeURIComponent(token);
}
