import { expect, test } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';
import { takeDemoTask, WELCOME_POINTS, WELCOME_TASK } from './support/tasks';

// Exchange end to end: earn points on a demo task → redeem a virtual reward → the operator rejects
// it with `npm run ops` (the points come back) → redeem again → the operator approves, the code is
// issued, and the member sees it in 兑换记录.

const REWARD = '新人体验：视频会员 3 天卡';

async function redeem(page: import('@playwright/test').Page): Promise<number> {
  await page.goto('/exchange');
  await page.getByText(REWARD).first().click();
  await expect(page).toHaveURL(/\/exchange\/detail\/\d+$/);
  await page.getByRole('button', { name: '立即兑换' }).filter({ visible: true }).click();
  await page.getByRole('button', { name: '确认兑换' }).click();
  await expect(page).toHaveURL(/\/exchange\/success\?id=\d+/);
  await expect(page.getByText('待审核').first()).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('id'));
}

test('earn → redeem → operator rejects (refund) → redeem again → operator approves → the code shows', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'spend-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);
  await takeDemoTask(page, { tab: '新手任务', title: WELCOME_TASK });
  await expect(page.getByRole('heading', { name: '答题完成，微豆已到账' })).toBeVisible();

  const first = await redeem(page);
  await page.goto('/home/gold');
  await expect(page.getByTestId('gold-balance')).toHaveText('0');

  expect(await ops('reject', String(first), '--reason', '演示：信息核对未通过')).toContain('驳回');
  await page.goto('/home/exchange');
  const rejected = page.getByTestId('exchange-row').filter({ hasText: '演示：信息核对未通过' });
  await expect(rejected).toContainText('已驳回');
  await page.goto('/home/gold');
  await expect(page.getByTestId('gold-balance')).toHaveText(String(WELCOME_POINTS));

  const second = await redeem(page);
  const approved = await ops('approve', String(second));
  expect(approved).toContain('已发放');
  await page.goto('/home/exchange');
  const issued = page.getByTestId('exchange-row').filter({
    has: page.getByRole('link', { name: new RegExp(`查看兑换单 DH\\d{8}${String(second).padStart(6, '0')} 的详情`) }),
  });
  await expect(issued).toContainText('已发放');
  await expect(issued).toContainText(/DEMO-[0-9A-F]{4}-/);
  await page.goto('/home/gold');
  await expect(page.getByTestId('gold-balance')).toHaveText('0');

  // The operator's two decisions arrive as messages; the bell shows the marker until they are read.
  await expect(page.getByTestId('new-message-dot')).toBeVisible();
  await page.goto('/home/message');
  const issuedMessage = page.getByTestId('message-row').filter({ hasText: `兑换已发放：${REWARD}` });
  await expect(issuedMessage).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('message-row').filter({ hasText: '兑换未通过审核' })).toBeVisible();
  await issuedMessage.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/home\/message\/\d+$/);
  await expect(page.getByText(/DEMO-[0-9A-F]{4}-/).first()).toBeVisible();
  await page.goto('/home/message');
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(page.getByTestId('new-message-dot')).toHaveCount(0);
});
