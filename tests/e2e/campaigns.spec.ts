import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { isPhone, passwordLogin, randomMobile, registerViaApi } from './support/accounts';
import { ops } from './support/ops';

// The share poster and campus recruitment end to end at both sizes: the poster drawn in the
// browser downloads as a real PNG; an application is sent (mobile encrypted), reviewed through
// `npm run ops`, and the officer's page then shows the approval.
// Seasonal campaigns: 福利中心 lists the demo's two (server/seed/demoCampaign.ts: the
// running Christmas one and the upcoming spring one); a visitor opens the spring one at its own
// address, drawn in its theme under its own title, and its records ask them to log in and come back.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('share poster: drawn with the member’s invite code and saved as a PNG', async ({ page, request }, testInfo) => {
  const member = await registerViaApi(request, { password: 'poster-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fshare');
  await expect(page).toHaveURL(/\/share$/);
  const poster = page.getByRole('img', { name: '我的邀请海报' });
  await expect(poster).toBeVisible();
  // The poster is a real image, drawn to its full size.
  await expect.poll(() => poster.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(750);
  const code = await page.getByText(/^我的邀请码：/).innerText();
  expect(code).toMatch(/我的邀请码：\s*\S{4,}/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: isPhone(testInfo) ? '下载图片' : '下载海报' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^微豆调研邀请海报-.+\.png$/);
  const file = await readFile((await download.path())!);
  expect(file.length).toBeGreaterThan(10_000);
  expect(file.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
});

test('recruitment: apply once, reviewed by an operator, officer counts shown', async ({ page, request }) => {
  test.setTimeout(60_000);
  const member = await registerViaApi(request, { password: 'recruit-e2e-1' });
  await page.goto('/activities/recruit');
  await expect(page.getByRole('heading', { name: '校园推广官招募' })).toBeVisible();
  await page.getByRole('link', { name: '登录后申请' }).click();
  await passwordLogin(page, member.mobile, member.password!, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/activities\/recruit$/);

  const form = page.getByRole('form', { name: '推广官申请表' });
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('请填写学校名称')).toBeVisible();
  await form.getByRole('textbox', { name: '学校' }).fill('华东师范大学');
  await form.getByRole('combobox', { name: '年级' }).selectOption('大三');
  const contact = randomMobile();
  await form.getByLabel('联系手机号').fill(contact);
  await form
    .getByRole('textbox', { name: '申请理由' })
    .fill('我是班级的宣传委员，平时组织很多活动，希望把认真答问卷也有回报这件事介绍给同学们。');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('审核中')).toBeVisible();
  await expect(page.getByText(`${contact.slice(0, 3)}****${contact.slice(-4)}`)).toBeVisible();

  const listed = await ops('recruit', 'list', '--state', 'pending');
  const line = listed.split('\n').find((l) => l.includes(contact));
  expect(line).toBeTruthy();
  const id = line!.trim().split(/\s+/)[0]!;
  await ops('recruit', 'approve', id, '--message', '欢迎加入校园推广官');
  await page.reload();
  await expect(page.getByText('已通过')).toBeVisible();
  await expect(page.getByText('审核留言：欢迎加入校园推广官')).toBeVisible();
  await expect(page.getByText('推广官期间邀请注册')).toBeVisible();
});

test('seasonal campaigns: 福利中心 lists both; the spring one opens at its slug in its theme; its records ask a visitor to log in', async ({
  page,
}) => {
  await page.goto('/welfare');
  const campaigns = page.getByRole('list', { name: '限时活动' });
  // The running Christmas campaign at its own address (other specs add next year's, also named
  // 圣诞狂欢季, upcoming, at /campaigns/<slug>).
  const christmas = campaigns.locator('a[href="/christmas"]');
  await expect(christmas).toContainText('圣诞狂欢季');
  await expect(christmas).toContainText('进行中');
  const spring = campaigns.getByRole('link', { name: /新春红包节/ });
  await expect(spring).toContainText('即将开始');
  await spring.click();

  await expect(page).toHaveURL((u) => u.pathname === '/campaigns/spring');
  const hero = page.getByRole('region', { name: '新春红包节' });
  await expect(hero).toHaveAttribute('data-theme', 'spring');
  await expect(page.getByRole('heading', { name: '新春红包节', level: 1 })).toBeVisible();
  await expect(hero).toContainText('福 · 新春快乐 · 福');
  await expect(page.getByRole('timer')).toHaveText(/^距活动开始还有 \d+ 天 \d\d:\d\d:\d\d$/);
  await expect(page).toHaveTitle(/新春红包节/);
  await expect(page.getByRole('region', { name: '奖池' })).toContainText('888 微豆');
  await expect(page.getByRole('link', { name: '登录参加活动' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcampaigns%2Fspring',
  );

  await page.goto('/campaigns/spring/records');
  const prompt = page.getByTestId('login-prompt');
  await expect(prompt).toContainText('登录后查看你的抽奖记录');
  await expect(prompt.getByRole('link', { name: '登录/注册' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fcampaigns%2Fspring%2Frecords',
  );
  await expect(page.getByRole('link', { name: '‹ 新春红包节' })).toHaveAttribute('href', '/campaigns/spring');

  // A campaign that is not there: said plainly, with the way on to 福利中心.
  await page.goto('/campaigns/no-such-campaign');
  await expect(page.getByText('活动不存在或已下线')).toBeVisible();
  await page.getByRole('link', { name: '去福利中心看看' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/welfare');
});
