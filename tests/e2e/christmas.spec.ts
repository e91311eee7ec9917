import { expect, test, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { moveServerClock } from './support/clock';
import { ops } from './support/ops';

// The Christmas campaign at both sizes, on the demo Christmas campaign (running for the suite,
// server/seed/demoCampaign.ts). A new member has no chance; checking in on /home earns one, and
// /christmas says where it came from; the member draws and sees the result; /christmas/records lists
// the draw, and once its Beijing day has ended (the e2e server's clock moved a day on,
// support/clock.ts) the seed is revealed and the in-browser re-check passes. Then an operator moves
// the campaign with `npm run ops -- campaign set`: ended, the page says so; a next campaign on the
// page that has not started yet, the page counts down to its start. The campaign is put back after.

const DAY = 86_400_000;

/** A Beijing wall-clock minute as operators type it: `YYYY-MM-DD HH:mm`. */
const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

interface DrawAnswer {
  code: number;
  data: { draw: { outcome: 'prize' | 'none' | 'out_of_stock'; prizeName: string; points: number | null; day: string } };
}

/** The result box once the server answered (CampaignView's Outcome). */
const resultText = (d: DrawAnswer['data']['draw']) =>
  d.outcome === 'prize' ? `恭喜抽中「${d.prizeName}」` : '谢谢参与，这次没有中奖';
/** The record's line (CampaignRecordsView's drawOutcomeText). */
const recordText = (d: DrawAnswer['data']['draw']) =>
  d.outcome === 'prize'
    ? `抽中「${d.prizeName}」`
    : d.outcome === 'out_of_stock'
      ? `未中奖（「${d.prizeName}」已发完）`
      : '谢谢参与';

const chancesCard = (page: Page) => page.getByRole('region', { name: '我的抽奖机会' });

test('a check-in earns a chance; the member draws; the record re-checks in the browser once the day ended', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await registerViaApi(request, { password: 'xmas-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fchristmas');
  await expect(page).toHaveURL(/\/christmas$/);
  await expect(page.getByRole('heading', { name: '圣诞狂欢季', level: 1 })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^距活动结束还有 \d+ 天 \d\d:\d\d:\d\d$/);
  const card = chancesCard(page);
  await expect(card.getByTestId('chances-left')).toHaveText('0');
  await expect(card.getByRole('button', { name: '暂无抽奖机会' })).toBeDisabled();

  // Checking in earns the chance.
  await page.goto('/home');
  const checkin = page.getByRole('region', { name: '微豆与签到' });
  await checkin.getByRole('button', { name: '签到', exact: true }).click();
  await expect(checkin.getByText(/^签到成功/)).toBeVisible();
  await page.goto('/christmas');
  await expect(card.getByTestId('chances-left')).toHaveText('1');
  await expect(card).toContainText('共获得 1 次，已用 0 次');
  const fromCheckin = card.getByRole('listitem').filter({ hasText: '每日签到' });
  await expect(fromCheckin).toContainText('每日签到 × 1');
  await expect(fromCheckin).toContainText('+1 次');
  await expect(card.getByRole('listitem').filter({ hasText: '完成调查任务' })).toContainText('+0 次');

  // The draw: the server decides, the page shows its answer and the chance is used.
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/campaigns/christmas/draw' && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: '拆一个圣诞礼物（用 1 次机会）' }).click();
  const body = (await (await answered).json()) as DrawAnswer;
  expect(body.code).toBe(200);
  const drawn = body.data.draw;
  await expect(card.getByRole('status')).toContainText(resultText(drawn));
  if (drawn.outcome === 'prize') await expect(card.getByRole('status')).toContainText(`${drawn.points} 微豆已到账。`);
  await expect(card.getByTestId('chances-left')).toHaveText('0');
  await expect(card).toContainText('已用 1 次');

  // The record, and what verifies it: today's seed is still secret.
  await card.getByRole('link', { name: '我的抽奖记录 ›' }).click();
  await expect(page).toHaveURL(/\/christmas\/records$/);
  const records = page.getByTestId('campaign-draw');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText(recordText(drawn));
  await records.first().getByText('如何验证这次结果').click();
  await expect(records.first()).toContainText(`系统密钥将在 ${drawn.day} 结束后公开`);
  await expect(records.first().getByRole('button', { name: '在浏览器中复核' })).toHaveCount(0);

  // A day later the seed is public, and the browser recomputes the draw from it. The member comes
  // back and logs in afresh (a day on, the old session's access token has run out anyway).
  try {
    await moveServerClock(DAY);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fchristmas%2Frecords');
    await expect(page).toHaveURL(/\/christmas\/records$/);
    await expect(records).toHaveCount(1);
    await records.first().getByText('如何验证这次结果').click();
    await records.first().getByText('技术细节').click();
    await expect(records.first()).toContainText('已公开的种子（系统密钥）');
    await records.first().getByRole('button', { name: '在浏览器中复核' }).click();
    await expect(records.first().getByRole('status')).toHaveText(
      /^✓ 复核通过：公开的种子与事先公布的指纹吻合，重新算出的数字 \d+ 与记录相同$/,
    );
  } finally {
    await moveServerClock(0);
  }
});

test('outside its dates: ended, the page says so; not started yet, it counts down to the start', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const overview = await request.get('/api/v1/campaigns/christmas');
  const running = ((await overview.json()) as { data: { endsAt: number } }).data;
  const listed = await ops('campaign', 'list');
  const id = listed
    .split('\n')
    .find((l) => /\schristmas\s/.test(l))!
    .trim()
    .split(/\s+/)[0]!;
  const member = await registerViaApi(request, { password: 'xmas-e2e-2' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Fchristmas');
  await expect(page).toHaveURL(/\/christmas$/);
  await expect(page.getByRole('timer')).toHaveText(/^距活动结束还有/);

  const suffix = Date.now().toString(36);
  let next: string | undefined;
  try {
    // Ended early by an operator.
    expect(await ops('campaign', 'set', id, '--end', 'now')).toContain('已修改活动');
    await page.reload();
    await expect(page.getByRole('timer')).toHaveText('活动已结束，感谢参与');
    await expect(chancesCard(page)).toContainText('活动已结束，不能再抽奖。');
    await expect(chancesCard(page).getByRole('button', { name: /拆一个圣诞礼物|暂无抽奖机会/ })).toHaveCount(0);

    // Next season's campaign takes the page before it starts: the old one keeps its records elsewhere.
    expect(await ops('campaign', 'set', id, '--slug', `christmas-e2e-${suffix}`)).toContain('已修改活动');
    const now = Date.now();
    const added = await ops(
      'campaign',
      'add',
      'christmas',
      '--title',
      '圣诞狂欢季',
      '--theme',
      'christmas',
      '--start',
      beijing(now + 2 * DAY + 3_600_000),
      '--end',
      beijing(now + 9 * DAY),
    );
    next = /#(\d+)/.exec(added)![1];
    await page.reload();
    await expect(page.getByRole('timer')).toHaveText(/^距活动开始还有 2 天 \d\d:\d\d:\d\d$/);
    await expect(page.getByText('活动时间：')).toContainText(`— ${beijing(now + 9 * DAY)}（北京时间）`);
    await expect(chancesCard(page)).toContainText('活动开始后即可抽奖。');
  } finally {
    // Back as it was for the rest of the suite: the running demo campaign on /christmas.
    if (next) await ops('campaign', 'set', next, '--slug', `christmas-next-${suffix}`);
    await ops('campaign', 'set', id, '--slug', 'christmas', '--end', beijing(running.endsAt));
  }
  await page.reload();
  await expect(page.getByRole('timer')).toHaveText(/^距活动结束还有/);
});
