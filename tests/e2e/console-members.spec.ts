import { test, expect, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../../server/seed/demoStaff';
import { passwordLogin, registerViaApi } from './support/accounts';
import { newStaff, signInAsDemo, signInToConsole } from './support/console';

/**
 * The console's member pages from the browser, as support staff (demo.support: no reveal, no
 * balance adjustment): find the demo member by mobile, open the member 360 and see the mobile
 * masked with neither 查看完整 nor 调整微豆; then freeze a member made for this test (never the demo
 * member: other specs log in as them), see that member's login refused with the frozen message
 * and the reason, and unfreeze them again.
 */
const support = DEMO_STAFF.find((s) => s.login === 'demo.support')!;
const DEMO_MOBILE = '13800000000';

/** demo.support signs in at the sign-in page `to` sends to. */
async function signIn(page: Page, to: string) {
  await page.goto(to);
  await expect(page).toHaveURL(/\/admin\/sign-in\?return=/);
  await signInAsDemo(page, support.login);
}

async function search(page: Page, words: string) {
  const box = page.getByRole('search', { name: '查找会员' });
  await box.getByRole('searchbox').fill(words);
  await box.getByRole('button', { name: '查找' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${words}$`));
}

/** A move's dialog: the reason, then its confirm button. */
async function move(page: Page, button: string, reason: string) {
  await page.getByRole('group', { name: '操作' }).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('support finds a member, sees the 360 masked, freezes and unfreezes a member whose login is refused meanwhile; an admin reads both moves in the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const fresh = await registerViaApi(request, { password: 'weidou-e2e-2030' });

  await signIn(page, '/admin/members');
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByText('可输入手机号、会员编号、ID、昵称或邀请码').first()).toBeVisible();

  // The demo member by mobile: masked in the results and on the 360, nothing to reveal or adjust.
  await search(page, DEMO_MOBILE);
  const hit = page.getByTestId('member-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('138****0000');
  await expect(hit).toContainText('按手机号');
  await hit.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/members\/\d+$/);
  await expect(page.getByTestId('member-mobile')).toHaveText('138****0000');
  await expect(page.getByText(DEMO_MOBILE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '查看完整' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /调整微豆/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '微豆流水' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录记录' })).toBeVisible();
  // 返回 comes back to the results.
  await page.getByRole('link', { name: '‹ 返回会员查找' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${DEMO_MOBILE}$`));
  await expect(page.getByTestId('member-hit')).toHaveCount(1);

  // A fresh member: frozen with a reason.
  await search(page, fresh.mobile);
  await page.getByTestId('member-hit').getByRole('link').first().click();
  await expect(page.getByText('正常', { exact: true })).toBeVisible();
  await move(page, '冻结', 'e2e 冻结测试');
  await expect(page.getByText(/已冻结该会员，结束了 \d+ 个登录/)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '原因：e2e 冻结测试' })).toBeVisible();
  await expect(page.getByRole('button', { name: '解冻', exact: true })).toBeVisible();

  // Meanwhile their login is refused with the frozen message, its reason and where to appeal.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await passwordLogin(memberPage, fresh.mobile, fresh.password!);
  await expect(
    memberPage.getByText(/你的账号已被冻结（原因：e2e 冻结测试）。如有疑问，请发邮件至 .+ 申诉/).first(),
  ).toBeVisible();
  await expect(memberPage).toHaveURL(/\/login/);

  // Unfrozen: 正常 again, and the member logs in.
  const memberId = /\/admin\/members\/(\d+)/.exec(page.url())![1]!;
  await move(page, '解冻', 'e2e 解冻测试');
  await expect(page.getByText('已解冻该会员')).toBeVisible();
  await expect(page.getByText('正常', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '冻结', exact: true })).toBeVisible();
  await passwordLogin(memberPage, fresh.mobile, fresh.password!);
  await expect(memberPage).toHaveURL(/\/home/);
  await memberContext.close();

  // An admin reads support's two moves on that member in the audit log, and the chain holds.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  const admin = await newStaff('admin', '管理员小查');
  await signInToConsole(page, admin, '/admin/audit');
  await page.getByLabel('员工登录名').fill(support.login);
  await page.getByLabel('对象编号').fill(memberId);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('audit-row')).toHaveCount(2);
  for (const reason of ['e2e 冻结测试', 'e2e 解冻测试']) {
    const row = page.getByTestId('audit-row').filter({ hasText: reason === 'e2e 冻结测试' ? /冻结/ : /解冻/ });
    await row.first().getByRole('button').first().click();
    await expect(page.getByText(`原因：${reason}`)).toBeVisible();
  }
  await page.getByRole('button', { name: '校验哈希链' }).click();
  await expect(page.getByText(/哈希链完好（\d+ 行）/)).toBeVisible();
});
