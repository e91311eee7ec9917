import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { DEMO_MIN_SECONDS_CAP } from './support/timing';

// Answer quality: a new member (见习, not rated yet) sees the 优秀-only demo task in the
// list with its minimum and cannot start it — the detail names the level required and theirs, and
// leads to /efficient/level, which says what each level unlocks. Then they answer the in-house
// demo poll badly (the trap question failed, gibberish in the open question): the in-house quality
// rules (server/modules/polls/quality.ts) flag it, and the flagged answer shows on
// /efficient/detail with its zh-CN reasons.

const POLL = '日常出行方式小调查';
const TOP_ONLY = '优秀答题者专享：家庭消费决策深度访谈问卷';

/** The question whose legend is `title` (a fieldset, or the matrix's radio groups inside it). */
const question = (page: Page, title: string | RegExp) => page.getByRole('group', { name: title });

async function answerPollBadly(page: Page) {
  await question(page, /你工作日最常用的出行方式/)
    .getByLabel('地铁 / 公交')
    .check();
  await question(page, /周末出行时/)
    .getByLabel('地铁 / 公交')
    .check();
  // The trap question asks for 比较满意.
  await question(page, /为确认你在认真作答/)
    .getByLabel('非常满意')
    .check();
  await question(page, /你家里有私家车吗/)
    .getByLabel('没有')
    .check();
  await question(page, /每月在私家车上的花费/)
    .getByLabel('家里没有私家车')
    .check();
  await question(page, /出行服务品牌/)
    .getByLabel('滴滴出行')
    .check();
  for (const row of ['公共交通准点', '高峰期道路通畅', '停车方便'])
    await page.getByRole('radiogroup', { name: row }).getByRole('radio', { name: '一般' }).check();
  // Keyboard mash; the number keeps this answer sheet unlike any other run's (else also 数据重复).
  await question(page, /还有哪些可以改进/)
    .getByRole('textbox')
    .fill(`asdfgh ${Math.floor(Math.random() * 1e9)}`);
}

test('the 优秀-only task is refused with both levels named; a poll done badly shows on /efficient/detail', async ({
  page,
  request,
}) => {
  const member = await registerViaApi(request, { password: 'qua1ity-e2e' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Ftask');
  await expect(page).toHaveURL(/\/task$/);

  // The 优秀-only task is listed with its minimum; a newcomer cannot start it.
  await page.getByRole('tab', { name: '日常任务' }).click();
  const topCard = page.getByTestId('task-card').filter({ hasText: TOP_ONLY });
  await expect(topCard.getByTestId('task-quality')).toHaveText('答题质量仅限优秀');
  await topCard.click();
  await expect(page).toHaveURL(/\/task\/detail\//);
  const block = page.getByTestId('task-block').filter({ visible: true });
  await expect(block).toHaveAttribute('data-block', 'quality_level');
  await expect(block).toContainText('该任务需要答题质量达到「优秀」，你当前为「见习」（暂未定级）');
  await expect(page.getByRole('link', { name: '开始任务' })).toHaveCount(0);
  await block.getByRole('link', { name: '查看质量等级' }).click();
  await expect(page).toHaveURL(/\/efficient\/level$/);
  await expect(page.getByText('「优秀」专享的任务和商品需要定级为「优秀」后才能参加、兑换')).toBeVisible();
  await expect(page.getByText('可参加所有任务，包括「优秀」专享任务')).toBeVisible();

  // The in-house poll, answered badly.
  await page.goto('/task');
  await page.getByRole('tab', { name: '日常任务' }).click();
  await page.getByTestId('task-card').filter({ hasText: POLL }).first().click();
  await page.getByRole('link', { name: '开始任务' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/task\/poll\/\d+\?rid=/);
  await answerPollBadly(page);
  // The poll task's minimum answer time (capped on the e2e server), so the answer is not 答题过快.
  await page.waitForTimeout(DEMO_MIN_SECONDS_CAP * 1000 + 500);
  await page.getByRole('button', { name: '提交问卷' }).click();
  // Accepted: the outcome page (/survey/end) says why the answer was flagged.
  await expect(page).toHaveURL(/\/survey\/end\?rid=/);
  await expect(page.getByText('这份答卷被判定为低质量：开放题乱填、陷阱题未通过', { exact: false })).toBeVisible();

  await page.goto('/efficient/detail');
  const row = page.getByTestId('flagged-row').filter({ hasText: POLL });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('开放题乱填');
  await expect(row).toContainText('陷阱题未通过');
  await expect(row.getByRole('link', { name: '申诉' })).toBeVisible();
});
