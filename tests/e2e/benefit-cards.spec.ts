import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';
import { tokenOf, WELCOME_POINTS, WELCOME_TASK } from './support/tasks';
import { DEMO_MIN_SECONDS_CAP } from './support/timing';

// Boost and early-access cards end to end as a member meets them: claim the free 10% boost card on 我的权益, use
// it on the welcome task from the task's page, complete the task at the demo partner, and see the
// extra 微豆 credited and the card shown as used with what it brought; then a discount coupon an
// operator granted lowers the price of a reward in the redeem dialog. (The lucky wheel's spins are
// used in lottery.spec.ts; an early-access card's start in tests/api/benefits.test.ts.)

const CARD = '10% 微豆加成卡';
const COUPON = '兑换九折券';
const REWARD = '新人体验：视频会员 3 天卡';
const REWARD_POINTS = 50;
const COUPON_OFF = Math.floor((REWARD_POINTS * 10) / 100);
const EXTRA = Math.max(1, Math.floor((WELCOME_POINTS * 10) / 100));

test('a boost card: claim, use on a task, complete, extra 微豆 and the card used; a discount coupon lowers a redemption', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'card-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fhome%2Fcredit');
  await expect(page).toHaveURL(/\/home\/credit$/);

  // 1. Claim the free card.
  const offer = page.getByTestId('catalogue-benefit').filter({ hasText: CARD });
  await offer.getByRole('button', { name: '领取' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认免费领取' }).click();
  await expect(page.getByRole('dialog')).toContainText('领取成功');
  await page.getByRole('dialog').getByRole('button', { name: '好的' }).click();

  // 2. The welcome task's page offers it; check, confirm, used on the task.
  await page.goto('/task');
  await page.getByRole('tab', { name: '新手任务' }).click();
  await page.getByTestId('task-card').filter({ hasText: WELCOME_TASK }).first().click();
  await expect(page).toHaveURL(/\/task\/detail\//);
  const detail = page.url();
  const cards = page.getByTestId('task-cards');
  await expect(cards).toContainText(`完成本任务额外 +${EXTRA} 微豆`);
  await cards.getByRole('button', { name: '用在本任务' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`完成本任务后，额外获得 ${EXTRA} 微豆`);
  await dialog.getByRole('button', { name: '确认使用' }).click();
  await expect(dialog).toContainText(`「${CARD}」已用在本任务，完成后额外 +${EXTRA} 微豆。`);
  await dialog.getByRole('button', { name: '去做任务' }).click();
  await expect(cards).toContainText(`本任务已使用「${CARD}」：完成后额外获得 ${EXTRA} 微豆`);
  await expect(cards.getByRole('button', { name: '用在本任务' })).toHaveCount(0);

  // 3. Do the task at the demo partner and come back complete.
  await page.getByRole('link', { name: '开始任务' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/demo-partner\/survey\?rid=/);
  const groups = page.locator('fieldset');
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).getByRole('radio').first().check();
  await page.waitForTimeout(DEMO_MIN_SECONDS_CAP * 1000 + 500);
  await page.getByRole('button', { name: '完成', exact: true }).click();
  await expect(page.getByRole('heading', { name: '答题完成，微豆已到账' })).toBeVisible();

  // 4. The task's points and the boost, as two rows; the card is used and says what it brought.
  const points = await request.get('/api/v1/points', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect((await points.json()).data).toMatchObject({ balance: WELCOME_POINTS + EXTRA });
  await page.goto('/home/gold');
  await expect(page.getByTestId('gold-balance')).toHaveText(String(WELCOME_POINTS + EXTRA));
  await expect(page.getByText(`+${EXTRA}`, { exact: true }).first()).toBeVisible();
  await page.goto(detail);
  await expect(page.getByTestId('task-cards')).toContainText(`本任务已使用「${CARD}」，多得 ${EXTRA} 微豆已到账`);
  await page.goto('/home/credit');
  await page.getByRole('tab', { name: '已使用' }).click();
  await expect(page.getByTestId('benefit-ticket').filter({ hasText: CARD })).toContainText(`多得 ${EXTRA} 微豆`);

  // 5. A discount coupon (granted by an operator) is offered in the redeem dialog and lowers the debit.
  const list = await ops('benefits', 'list');
  const line = list.split('\n').find((l) => l.includes(COUPON));
  expect(line, `no demo benefit「${COUPON}」in:\n${list}`).toBeTruthy();
  expect(await ops('grant-benefit', member.mobile, line!.trim().split(/\s+/)[0]!)).toContain(`发放「${COUPON}」`);
  await page.goto('/exchange');
  await page.getByText(REWARD).first().click();
  await page.getByRole('button', { name: '立即兑换' }).filter({ visible: true }).click();
  const redeem = page.getByRole('dialog');
  await expect(redeem.getByRole('radio', { name: new RegExp(COUPON) })).toHaveAttribute('aria-checked', 'true');
  await expect(redeem).toContainText(`少付 ${COUPON_OFF}`);
  await redeem.getByRole('button', { name: '确认兑换' }).click();
  await expect(page).toHaveURL(/\/exchange\/success\?id=\d+/);
  const after = await request.get('/api/v1/points', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect((await after.json()).data).toMatchObject({ balance: WELCOME_POINTS + EXTRA - (REWARD_POINTS - COUPON_OFF) });
});
