import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { passwordLogin, registerViaApi } from './support/accounts';
import { ops } from './support/ops';

// The lucky wheel /lottery as a member uses it. A new member sees the prizes and the
// day's free spin, spins: the wheel turns to the server's result, the free spin is gone and the
// spin is in the records with what verifies it (the hash of the day's seed, published before).
// An operator then grants the demo lottery-spin benefit (server/seed/demoBenefits.ts) with
// `npm run ops grant-benefit`; the member spins with it, the benefit shows as used on /home/credit,
// and a second try from a tab still showing the spin gets the honest no-spins message. Whatever
// each spin draws, the balance rises by exactly the 微豆 it won (0 for "谢谢参与" or a benefit).

const SPINS_BENEFIT = '幸运大转盘 +1 次';

/** What POST /v1/lottery/spin answered (openapi/schemas/lottery.ts LotterySpinResult, the parts checked). */
interface SpinAnswer {
  spin: {
    id: number;
    source: string;
    outcome: 'prize' | 'none' | 'out_of_stock';
    prizeName: string;
    points: number | null;
    verification: { day: string; seedHash: string; nonce: number; member: string };
  };
  left: { free: number; points: number; benefit: number };
  balance: number;
}

async function balanceOf(context: BrowserContext, request: APIRequestContext): Promise<number> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  expect(token).toBeTruthy();
  const res = await request.get('/api/v1/points', { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: { balance: number } };
  expect(body.code).toBe(200);
  return body.data.balance;
}

/** The record line the page shows for a spin (LotteryView's outcomeText). */
function recordText(s: SpinAnswer['spin']): string {
  if (s.outcome === 'prize') return s.points !== null ? `抽中 ${s.points} 微豆` : `抽中「${s.prizeName}」`;
  if (s.outcome === 'none') return '谢谢参与';
  return `抽中「${s.prizeName}」但已发完，未中奖`;
}

/** The result panel once the wheel stopped (LotteryView's Outcome). */
function resultText(s: SpinAnswer['spin']): string {
  if (s.outcome === 'prize') return `恭喜抽中「${s.prizeName}」`;
  return s.outcome === 'none' ? '谢谢参与，这次没有中奖' : '这次没有中奖';
}

/** Click a spin button; wait for the server's answer and for the wheel to stop on it. */
async function spin(page: Page, button: RegExp): Promise<SpinAnswer> {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/lottery/spin') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button }).click();
  const body = (await (await answered).json()) as { code: number; data: SpinAnswer };
  expect(body.code).toBe(200);
  const s = body.data.spin;
  // The wheel turns first; the result shows only once it stopped (≤ 6 s).
  await expect(page.getByRole('status').filter({ hasText: resultText(s) })).toBeVisible();
  if (s.outcome === 'prize' && s.points !== null)
    await expect(page.getByText(`${s.points} 微豆已到账。`)).toBeVisible();
  return body.data;
}

/** The balance line under the buttons: 我的微豆 N · … */
const shownBalance = (page: Page, n: number) => page.getByText(new RegExp(`^我的微豆 ${n} · `));

test('a member spins the free spin and a granted benefit spin; records, seed hash and balance add up', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerViaApi(request, { password: 'wheel-e2e-1' });
  await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Flottery');
  await expect(page).toHaveURL(/\/lottery$/);

  // The prizes with their chances, and the day's free spin.
  await expect(page.getByRole('heading', { name: '幸运大转盘', level: 1 })).toBeVisible();
  const prizes = page.getByTestId('lottery-prize');
  await expect(prizes.first()).toBeVisible();
  expect(await prizes.count()).toBeGreaterThan(1);
  await expect(prizes.filter({ hasText: '谢谢参与' })).toContainText('%');
  const fairness = page.getByRole('region', { name: '如何验证公平' });
  await expect(fairness).toContainText('你的会员编号');
  await fairness.getByText('技术细节：公式与今天的指纹').click();
  const todayHash = fairness.locator('code').first();
  await expect(todayHash).toHaveText(/^[0-9a-f]{64}$/);
  const published = (await todayHash.textContent())!;
  await expect(page.getByTestId('lottery-record')).toHaveCount(0);
  await expect(page.getByText('还没有抽奖记录')).toBeVisible();

  const before = await balanceOf(context, request);
  await expect(shownBalance(page, before)).toBeVisible();

  // 1. The free spin.
  const first = await spin(page, /^免费抽一次（今日剩 1 次）/);
  expect(first.spin.source).toBe('free');
  expect(first.left.free).toBe(0);
  await expect(page.getByRole('button', { name: '今日免费次数已用完' })).toBeDisabled();
  const afterFirst = before + (first.spin.points ?? 0);
  expect(await balanceOf(context, request)).toBe(afterFirst);
  await expect(shownBalance(page, afterFirst)).toBeVisible();

  // Its record, with the hash published for the day.
  const records = page.getByTestId('lottery-record');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText(recordText(first.spin));
  await expect(records.first()).toContainText('每日免费');
  expect(first.spin.verification.seedHash).toBe(published);
  await records.first().getByText('如何验证这次结果').click();
  await expect(records.first()).toContainText(`你的会员编号 ${first.spin.verification.member}`);
  await expect(records.first()).toContainText(`系统密钥将在 ${first.spin.verification.day} 结束后公开`);
  await records.first().getByText('技术细节').click();
  await expect(records.first()).toContainText(`序号 ${first.spin.verification.nonce}`);
  await expect(records.first().getByText('事先公布的种子哈希（SHA-256）')).toBeVisible();
  await expect(records.first().locator('code').filter({ hasText: published })).toBeVisible();

  // 2. An operator grants the demo lottery-spin benefit.
  const list = await ops('benefits', 'list');
  const line = list.split('\n').find((l) => l.includes(SPINS_BENEFIT));
  expect(line, `no demo benefit「${SPINS_BENEFIT}」in:\n${list}`).toBeTruthy();
  const benefitId = line!.trim().split(/\s+/)[0]!;
  expect(await ops('grant-benefit', member.mobile, benefitId)).toContain(`发放「${SPINS_BENEFIT}」`);

  await page.reload();
  const benefitButton = page.getByRole('button', { name: /^用权益次数抽（剩 1 次）/ });
  await expect(benefitButton).toBeVisible();
  // A second tab still showing the benefit spin, for the try after it is spent.
  const stale = await context.newPage();
  await stale.goto('/lottery');
  await expect(stale.getByRole('button', { name: /^用权益次数抽（剩 1 次）/ })).toBeVisible();

  const second = await spin(page, /^用权益次数抽（剩 1 次）/);
  expect(second.spin.source).toBe('benefit');
  expect(second.left.benefit).toBe(0);
  await expect(page.getByRole('button', { name: /^用权益次数抽/ })).toHaveCount(0);
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText(recordText(second.spin));
  await expect(records.first()).toContainText('权益赠送');
  const afterSecond = afterFirst + (second.spin.points ?? 0);
  expect(await balanceOf(context, request)).toBe(afterSecond);
  await expect(shownBalance(page, afterSecond)).toBeVisible();

  // The benefit is used once, on the wheel.
  await page.goto('/home/credit');
  await page.getByRole('tab', { name: /^已使用/ }).click();
  const used = page.getByTestId('benefit-ticket').filter({ hasText: SPINS_BENEFIT });
  await expect(used).toHaveCount(1);
  await expect(used).toContainText('用于抽奖');
  await expect(used).toContainText('增加 1 次抽奖');
  await page.getByRole('tab', { name: /^未使用/ }).click();
  await expect(page.getByTestId('benefit-ticket').filter({ hasText: SPINS_BENEFIT })).toHaveCount(0);

  // The stale tab tries the spent benefit spin: the server refuses, the page says so.
  await stale.getByRole('button', { name: /^用权益次数抽（剩 1 次）/ }).click();
  await expect(stale.getByRole('alert')).toContainText('权益赠送的抽奖次数已用完。');
  await expect(stale.getByRole('status').filter({ hasText: /恭喜抽中|没有中奖/ })).toHaveCount(0);
  // The tab now shows the real counts: no benefit spin offered any more.
  await expect(stale.getByRole('button', { name: /^用权益次数抽/ })).toHaveCount(0);
  await expect(stale.getByRole('alert')).toContainText('权益赠送的抽奖次数已用完。');
  // Nothing was spun or paid.
  expect(await balanceOf(context, request)).toBe(afterSecond);
  await stale.reload();
  await expect(stale.getByTestId('lottery-record')).toHaveCount(2);
  await expect(stale.getByRole('button', { name: /^用权益次数抽/ })).toHaveCount(0);
  await expect(stale.getByRole('button', { name: '今日免费次数已用完' })).toBeDisabled();
});

/** The wheel's prizes as `npm run ops -- lottery prizes` lists them: id, name, weight, stock. */
async function wheelPrizes(): Promise<{ id: string; name: string; weight: string; stock: string }[]> {
  const out = await ops('lottery', 'prizes');
  return out
    .split('\n')
    .map((l) =>
      l
        .trim()
        .split(/\s{2,}|\s*\|\s*/)
        .filter(Boolean),
    )
    .filter((cells) => /^\d+$/.test(cells[0] ?? ''))
    .map((cells) => ({ id: cells[0]!, name: cells[1]!, weight: cells[4]!, stock: cells[6]! }));
}

// A physical prize through the exchange: the operator makes the demo canvas bag the only prize
// the wheel can draw (one table version, `npm run ops -- lottery prize weights`), a new member with no
// address spins it, the result links the 0 微豆 exchange order, which waits in 兑换记录 for an
// address. The weights and the bag's stock are put back afterwards.
test('a member wins a physical prize: a 0 微豆 exchange order asking for an address', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const prizes = await wheelPrizes();
  const bag = prizes.find((p) => p.name === '定制帆布袋');
  expect(bag, `no demo prize 定制帆布袋 in ${JSON.stringify(prizes)}`).toBeTruthy();
  const restore = async () => {
    await ops('lottery', 'prize', 'stock', bag!.id, bag!.stock === '不限' ? 'unlimited' : bag!.stock);
    await ops('lottery', 'prize', 'weights', ...prizes.map((p) => `${p.id}=${p.weight}`));
  };
  try {
    // One table version where only the bag can be drawn, with stock enough for both projects' runs.
    await ops('lottery', 'prize', 'weights', ...prizes.map((p) => `${p.id}=${p.id === bag!.id ? 1 : 0}`));
    await ops('lottery', 'prize', 'stock', bag!.id, 'unlimited');

    const member = await registerViaApi(request, { password: 'wheel-e2e-2' });
    await passwordLogin(page, member.mobile, member.password!, '/login?redirect=%2Flottery');
    await expect(page).toHaveURL(/\/lottery$/);
    const before = await balanceOf(context, request);

    const won = await spin(page, /^免费抽一次（今日剩 1 次）/);
    expect(won.spin).toMatchObject({ outcome: 'prize', prizeName: '定制帆布袋', points: null });
    const result = page.getByRole('status').filter({ hasText: '恭喜抽中「定制帆布袋」' });
    await expect(result).toContainText('请确认收货地址，审核通过后寄出');
    const orderLink = page.getByRole('link', { name: '查看兑换单并填写收货地址' });
    await expect(orderLink).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`lottery-won-physical-${testInfo.project.name}.png`) });
    // No 微豆 moved: the prize is an exchange order at 0 微豆.
    expect(await balanceOf(context, request)).toBe(before);
    await expect(page.getByTestId('lottery-record').first()).toContainText('兑换单');

    // The order in 兑换记录: 待审核, no cost, asking for the address.
    await orderLink.click();
    await expect(page).toHaveURL(/\/home\/exchange\?id=\d+$/);
    const status = page.getByTestId('exchange-status');
    await expect(status).toContainText('微豆定制帆布袋');
    await expect(status).toContainText('幸运大转盘奖品');
    await expect(status.getByTestId('state-badge')).toHaveText('待审核');
    await expect(status).toContainText('这件奖品还没有收货地址');
    await page.screenshot({ path: testInfo.outputPath(`lottery-prize-order-${testInfo.project.name}.png`) });

    await page.goto('/home/exchange');
    const row = page.getByTestId('exchange-row').filter({ hasText: '微豆定制帆布袋' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('幸运大转盘奖品');
    await row.getByRole('link', { name: '填写收货地址' }).click();
    await expect(page).toHaveURL(/\/home\/user\?form=address$/);
  } finally {
    await restore();
  }
});
