import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';
import { DEMO_MIN_SECONDS_CAP } from './support/timing';

// Prize trials as a member and an operator use them, at both sizes. The demo open trial
// needs its screener questionnaire first: /prize shows why and links to it; the member answers it
// (its poll task) and then applies. An operator publishes a trial of their own (`npm run ops --
// prize publish`), the member applies, the operator closes it and draws (`prize close`, `prize
// draw`); /prize/result shows the member's outcome, the revealed seed re-checked in the browser,
// and the winner confirms their saved address.

const OPEN_DEMO_TRIAL = '水润保湿面霜 50ml 正装试用';

async function tokenOf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  return token!;
}

async function trialIdByTitle(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/v1/prizes');
  const body = (await res.json()) as { data: { items: { id: number; title: string }[] } };
  const t = body.data.items.find((x) => x.title === title);
  expect(t, `trial ${title}`).toBeTruthy();
  return t!.id;
}

/** One question of the poll form, by its title. */
const question = (page: Page, title: RegExp) => page.getByRole('group', { name: title });

test('screener first, then apply; an operator draws; the result re-checks; the winner confirms an address', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await registerViaApi(request, { password: 'prize-e2e-1' });
  const openId = await trialIdByTitle(request, OPEN_DEMO_TRIAL);
  await passwordLogin(
    page,
    member.mobile,
    member.password!,
    `/login?redirect=${encodeURIComponent(`/prize?id=${openId}`)}`,
  );
  await expect(page).toHaveURL(new RegExp(`/prize\\?id=${openId}$`));

  // Who may apply, and the screener still to answer: no apply button, a link to it.
  await expect(
    page.getByText('完成并通过甄别问卷「护肤习惯小调查（面霜试用甄别问卷）」', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '免费申请' })).toHaveCount(0);
  await page.getByRole('link', { name: '去填写甄别问卷' }).click();
  await expect(page).toHaveURL(/\/task\/detail\//);
  await page.getByRole('link', { name: '开始任务' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/task\/poll\/\d+\?rid=/);
  await question(page, /你的肤质是/)
    .getByLabel('混合性')
    .check();
  await question(page, /使用面霜的频率/)
    .getByLabel('每天都用')
    .check();
  await question(page, /连续 14 天使用/)
    .getByLabel('愿意')
    .check();
  await page.waitForTimeout(DEMO_MIN_SECONDS_CAP * 1000 + 500);
  await page.getByRole('button', { name: '提交问卷' }).click();
  await expect(page).toHaveURL(/\/survey\/end\?rid=/);

  // The end of the screener leads back to the trial's apply step, not to a dead end.
  await expect(page.getByTestId('handoff-trial')).toContainText('现在可以回去申请了');
  await page.getByRole('link', { name: '回到试用申请' }).click();
  await expect(page).toHaveURL(new RegExp(`/prize\\?id=${openId}$`));
  // Now the member may apply, once.
  await page.getByRole('button', { name: '免费申请' }).click();
  await expect(page.getByText('你已申请', { exact: true })).toBeVisible();

  // An operator's own trial (one unit, so the only applicant wins), applied to, closed and drawn.
  const title = `e2e 试用 ${testInfo.project.name} ${Date.now()}`;
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
  const published = await ops('prize', 'publish', '--title', title, '--units', '1', '--start', today, '--end', later);
  const trialId = Number(/试用 #(\d+)/.exec(published)![1]);
  const seedHash = /seed hash: ([0-9a-f]{64})/.exec(published)![1]!;
  await page.goto(`/prize?id=${trialId}`);
  await page.getByText('技术细节：开奖种子的指纹').click();
  await expect(page.getByText(seedHash)).toBeVisible();
  await page.getByRole('button', { name: '免费申请' }).click();
  await expect(page.getByText('你已申请', { exact: true })).toBeVisible();
  expect(await ops('prize', 'close', String(trialId))).toContain('已于');
  expect(await ops('prize', 'draw', String(trialId))).toContain('1 人申请，1 人中签');

  await page.goto(`/prize/result?id=${trialId}`);
  await expect(page.getByText('恭喜，你中签了！', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /在本机复核/ }).click();
  await expect(page.getByText('复核通过', { exact: false })).toBeVisible();

  // No address yet: the page says so; once saved, the winner confirms it.
  await expect(page.getByRole('link', { name: '去填写收货地址' })).toBeVisible();
  const saved = await request.post('/api/v1/users/consignee', {
    headers: { authorization: `Bearer ${await tokenOf(context)}` },
    data: {
      name: '王小明',
      mobile: '13800138000',
      provinceId: 440000,
      cityId: 440300,
      countyId: 440305,
      address: '科技园南区 1 栋 101',
    },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: '确认使用此地址' }).click();
  await expect(page.getByText('收货地址已确认：王小明', { exact: false })).toBeVisible();
  expect(await ops('prize', 'winners', String(trialId))).toContain('王小明');
});
