import { expect, test, type Page } from '@playwright/test';
import { isPhone, passwordLogin, registerViaApi } from './support/accounts';
import { WELCOME_TASK } from './support/tasks';

// Navigation at both sizes: from /home, /task and /exchange a member reaches every member area and
// every live campaign in at most two taps — the first on the navigation as this screen shows it
// (the header's links on desktop; the bottom tab bar, the bell and the /home tabs on a phone; the
// phone's ☰ menu is a tap of its own, so its links do not count), the second on any link of the
// page that opens. The demo Christmas campaign runs for the suite (server/seed/demoCampaign.ts).

const MEMBER_AREAS = [
  '/home',
  '/home/task',
  '/home/gold',
  '/home/card',
  '/home/exchange',
  '/home/user',
  '/home/feedback',
  '/home/message',
  '/home/invite',
  '/task',
  '/exchange',
  '/welfare',
];
const CAMPAIGNS = [
  '/lottery',
  '/christmas',
  '/prize',
  '/activities/recruit',
  '/course',
  '/answerSheet',
  '/ranking',
  '/appraise',
];
const STARTS = ['/home', '/task', '/exchange'];

/** The paths of the links in `selector` that are on screen at this size (not inside a hidden part). */
async function linksOnScreen(page: Page, selector: string): Promise<string[]> {
  const paths = await page.locator(selector).evaluateAll((links) =>
    links
      .filter((a) => {
        const box = a.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(a).visibility !== 'hidden';
      })
      .map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(paths)];
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('every member area and live campaign is two taps away from /home, /task and /exchange', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = await registerViaApi(request, { password: 'nav-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome');
  await expect(page).toHaveURL(/\/home$/);

  const secondTaps = new Map<string, string[]>();
  const linksOf = async (path: string) => {
    if (!secondTaps.has(path)) {
      await open(page, path);
      secondTaps.set(path, await linksOnScreen(page, 'a[href]'));
    }
    return secondTaps.get(path)!;
  };

  for (const start of STARTS) {
    await open(page, start);
    // The phone's tab bar arrives in its own chunk after the page.
    if (isPhone(testInfo)) await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    const firstTaps = await linksOnScreen(page, 'header a[href], nav a[href]');
    const reached = new Map<string, string>(firstTaps.map((p) => [p, `${start} → ${p}`]));
    for (const first of firstTaps) {
      if (first === start) continue;
      for (const second of await linksOf(first))
        if (!reached.has(second)) reached.set(second, `${start} → ${first} → ${second}`);
    }
    const missing = [...MEMBER_AREAS, ...CAMPAIGNS].filter((target) => target !== start && !reached.has(target));
    expect(missing, `not within two taps of ${start}`).toEqual([]);
  }
});

test('福利 then a campaign, tapped; the task page keeps its own bottom bar', async ({ page, request }, testInfo) => {
  const phone = isPhone(testInfo);
  const member = await registerViaApi(request, { password: 'nav-e2e-2' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);

  const tabBar = page.getByRole('navigation', { name: '底部导航' });
  const welfare = phone
    ? tabBar.getByRole('link', { name: '福利' })
    : page.locator('header').getByRole('link', { name: '福利' });
  await welfare.click();
  await expect(page).toHaveURL(/\/welfare$/);
  await expect(page.getByRole('heading', { name: '福利中心' })).toBeVisible();
  // The running Christmas campaign (other specs add next year's, also named 圣诞狂欢季, upcoming).
  await expect(page.locator('a[href="/christmas"]')).toContainText('圣诞狂欢季');
  await page.getByRole('link', { name: /幸运大转盘/ }).click();
  await expect(page).toHaveURL(/\/lottery$/);

  if (phone) {
    await expect(tabBar).toBeVisible();
    await tabBar.getByRole('link', { name: '我的' }).click();
    await expect(page).toHaveURL(/\/home\/user$/);
    await expect(tabBar.getByRole('link', { name: '我的' })).toHaveAttribute('aria-current', 'page');
  }

  // The task's page has its own bar at the bottom (开始任务 on a phone): no tab bar over it.
  await page.goto('/task');
  await page.getByTestId('task-card').filter({ hasText: WELCOME_TASK }).first().click();
  await expect(page).toHaveURL(/\/task\/detail\//);
  await expect(page.getByRole('link', { name: '开始任务' }).filter({ visible: true })).toBeVisible();
  await expect(tabBar).toHaveCount(0);
});

test('a visitor has 首页 / 任务 / 兑换 / 福利 / 我的; 我的 is the login', async ({ page }, testInfo) => {
  await page.goto('/welfare');
  await expect(page.getByRole('heading', { name: '福利中心' })).toBeVisible();
  if (!isPhone(testInfo)) {
    const nav = page.locator('header').getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link')).toHaveText(['首页', '任务', '兑换', '福利']);
    return;
  }
  const tabBar = page.getByRole('navigation', { name: '底部导航' });
  await expect(tabBar.getByRole('link')).toHaveText(['首页', '任务', '兑换', '福利', '我的']);
  await expect(tabBar.getByRole('link', { name: '福利' })).toHaveAttribute('aria-current', 'page');
  await tabBar.getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
