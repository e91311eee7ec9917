import { expect, test } from '@playwright/test';
import {
  expectLoggedInHeader,
  isPhone,
  passwordLogin,
  randomMobile,
  readSmsCode,
  registerViaApi,
  requestCode,
  waitForResend,
} from './support/accounts';
import { tinyPng } from './support/files';
import { ops } from './support/ops';

// The personal centre end to end at both sizes: the personal centre's changes (nickname, avatar through the
// built-in upload receiver, password, mobile), and the one-time screen message.

test('personal centre: nickname, avatar, password and mobile change', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(90_000);
  const phone = isPhone(testInfo);
  const member = await registerViaApi(request, { password: 'centre-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome%2Fuser');
  await expect(page).toHaveURL(/\/home\/user$/);
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();

  // Nickname: a reserved word is refused in place (保存 stays off); a good one shows in the header at once.
  await page.getByRole('button', { name: '修改昵称' }).click();
  await page.getByRole('textbox', { name: '昵称' }).fill('官方小豆');
  await expect(page.getByTestId('nickname-form').getByText('昵称不能包含“官方”，请换一个')).toBeVisible();
  await expect(page.getByRole('button', { name: '保存昵称' })).toBeDisabled();
  const nickname = `豆豆_${member.mobile.slice(-4)}`;
  await page.getByRole('textbox', { name: '昵称' }).fill(nickname);
  await page.getByRole('button', { name: '保存昵称' }).click();
  await expect(page.getByTestId('nickname').getByText(nickname)).toBeVisible();
  await expectLoggedInHeader(page, phone, nickname);

  // Avatar: a real PNG through the signed policy and the local receiver, served back as it was sent.
  const png = tinyPng();
  await page.getByLabel('选择头像图片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await page.reload();
  const avatar = page.getByTestId('avatar-uploader').locator('img').first();
  await expect(avatar).toHaveAttribute('src', /\/uploads\/avatar\/\d+\/\d+\.png$/);
  const served = await request.get((await avatar.getAttribute('src'))!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), png)).toBe(0);

  // Password: changed with the old one; another device's session ends, this one stays.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await passwordLogin(otherPage, member.mobile, member.password!, '/login?redirect=%2Fhome%2Fgold');
  await expect(otherPage).toHaveURL(/\/home\/gold$/);
  await page.getByRole('button', { name: '修改登录密码' }).click();
  const passwordForm = page.getByRole('form', { name: '修改登录密码' });
  await passwordForm.getByRole('radio', { name: '用原密码验证' }).click();
  await passwordForm.getByLabel('原密码').fill(member.password!);
  await passwordForm.getByLabel('新密码', { exact: true }).fill('centre-e2e-2');
  await passwordForm.getByLabel('确认新密码').fill('centre-e2e-2');
  await passwordForm.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText(/登录密码已修改/)).toBeVisible();
  await otherPage.goto('/home/task');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // Mobile: a code to the old number, then one to the new number.
  await waitForResend(member);
  await page.getByRole('button', { name: '更换手机号' }).click();
  const mobileForm = page.getByRole('form', { name: '更换手机号' });
  const oldCode = await requestCode(page, member.mobile, 'change_mobile');
  await mobileForm.getByLabel('短信验证码').fill(oldCode);
  await mobileForm.getByRole('button', { name: '下一步' }).click();
  const next = randomMobile();
  await mobileForm.getByLabel('新手机号').fill(next);
  const sentAt = new Date();
  await mobileForm.getByRole('button', { name: '获取验证码' }).click();
  await mobileForm.getByLabel('短信验证码').fill(await readSmsCode(next, 'new_mobile', sentAt));
  await mobileForm.getByRole('button', { name: '确认更换' }).click();
  await expect(page.getByText(/手机号已更换为/).first()).toBeVisible();
  await expect(page.getByText(`${next.slice(0, 3)}****${next.slice(-4)}`).first()).toBeVisible();
});

test('the screen message shows once after login, then never again', async ({ page, request }) => {
  const member = await registerViaApi(request, { password: 'screen-e2e-1' });
  const title = `e2e 弹屏 ${Date.now()}`;
  const set = await ops(
    'screen',
    'set',
    '--title',
    title,
    '--content',
    '<p>只展示一次的公告</p>',
    '--button',
    '知道了',
  );
  const id = /#(\d+)/.exec(set)![1]!;
  try {
    await passwordLogin(page, member.mobile, member.password!);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '知道了' }).click();
    await expect(dialog).toBeHidden();
    // Back on /home the server is asked again and answers that nothing is left to show.
    await page.goto('/home/gold');
    const asked = page.waitForResponse((r) => r.url().includes('/api/v1/messages/screen'));
    await page.goto('/home');
    expect((await (await asked).json()).code).toBe(1060);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await ops('screen', 'withdraw', id);
  }
});
