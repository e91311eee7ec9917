import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';

// Maintenance at runtime. An operator turns it on with `npm run ops -- site maintenance
// on` while a member is using the site: their next call takes them to /updating with the note; the
// operator turns it off and the page brings them back by itself to where they were.

test('maintenance on sends a member to the maintenance page; off brings them back by itself', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'down-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome%2Fgold');
  await expect(page).toHaveURL(/\/home\/gold$/);
  try {
    expect(await ops('site', 'maintenance', 'on', '--message', '预计 10 分钟后恢复')).toContain('已进入维护');
    // The switch reaches the server process within 2 s; the member's next call meets it.
    await expect(async () => {
      await page.reload();
      await expect(page).toHaveURL(/\/updating\?from=%2Fhome%2Fgold/, { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: '系统维护中' })).toBeVisible();
    await expect(page.getByText('预计 10 分钟后恢复')).toBeVisible();
  } finally {
    expect(await ops('site', 'maintenance', 'off')).toContain('已结束维护');
  }
  // No reload: the page asks every 10 s and goes back when the site is open.
  await expect(page).toHaveURL(/\/home\/gold$/, { timeout: 20_000 });
  await expect(page.getByTestId('gold-balance')).toBeVisible();
});
