import { createHash, createHmac } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawFromDigest, drawMessage } from '../../../openapi/rules/lottery';
import LotteryPage from '../../../src/pages/lottery/LotteryPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);
const session = vi.hoisted(() => ({ loggedIn: true }));
vi.mock('../../../src/flows/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSessionView: () => ({ loggedIn: session.loggedIn, loadingUser: false, user: null, hasNewMessage: false }),
}));

/**
 * `/lottery` over a fake contract server: a visitor sees the wheel and a login link and no records
 * are asked for; a member spins (the request carries a fresh key and seed), the result is told only
 * when the wheel has stopped, and then the wheel and the records are read again; a lost answer is
 * retried with the same key and seed; a record's draw is re-checked in the browser from its
 * revealed seed.
 */

const SEED = 'a'.repeat(64);
const table = [
  { prizeId: 1, name: '谢谢参与', weight: 3 },
  { prizeId: 2, name: '88 微豆', weight: 1 },
];
const prizes = [
  { id: 1, name: '谢谢参与', kind: 'none', points: null, weight: 3, chance: 0.75, stock: null },
  { id: 2, name: '88 微豆', kind: 'points', points: 88, weight: 1, chance: 0.25, stock: 5 },
];
const commitment = (day: string, seed: string | null) => ({
  day,
  seedHash: createHash('sha256').update(SEED).digest('hex'),
  committedAt: Date.UTC(2026, 10, 20),
  seed,
});
const overview = (left: { free: number; points: number; benefit: number } | null) => ({
  prizes,
  tableVersion: 3,
  spinPrice: 20,
  freePerDay: 1,
  boughtPerDay: 10,
  left,
  balance: left ? 100 : null,
  today: commitment('2026-11-27', null),
  tomorrow: null,
  yesterday: commitment('2026-11-26', SEED),
});

/** A real draw of yesterday's seed, so the browser check has something true to agree with. */
function spinRecord(id: number) {
  const memberSeed = '0123456789abcdef';
  const digest = createHmac('sha256', SEED)
    .update(drawMessage({ rule: 2, kind: 'wheel', member: 'K7QX2M9P', memberSeed, nonce: 1 }))
    .digest('hex');
  const d = drawFromDigest(digest, table);
  return {
    id,
    createdAt: Date.UTC(2026, 10, 26, 3),
    source: 'free',
    outcome: d.prizeId === 2 ? 'prize' : 'none',
    drawnPrizeId: d.prizeId,
    prizeName: d.prizeId === 2 ? '88 微豆' : '谢谢参与',
    prizeKind: d.prizeId === 2 ? 'points' : 'none',
    points: d.prizeId === 2 ? 88 : null,
    memberBenefitId: null,
    exchangeId: null,
    rewardType: null,
    cost: 0,
    verification: {
      ...commitment('2026-11-26', SEED),
      rule: 2,
      kind: 'wheel',
      member: 'K7QX2M9P',
      memberSeed,
      nonce: 1,
      tableVersion: 3,
      table,
      roll: d.roll,
    },
  };
}
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const wonAnswer = (body: { memberSeed: string }) =>
  ok({
    spin: {
      ...spinRecord(9),
      outcome: 'prize',
      drawnPrizeId: 2,
      prizeName: '88 微豆',
      points: 88,
      verification: { ...spinRecord(9).verification, memberSeed: body.memberSeed },
    },
    left: { free: 0, points: 10, benefit: 0 },
    balance: 188,
    replayed: false,
  });

beforeEach(() => {
  server.reset();
  session.loggedIn = true;
});
afterEach(() => expect(server.mismatches).toEqual([]));

const stopWheel = () => fireEvent.transitionEnd(screen.getByRole('img', { name: /转盘共 2 个奖品/ }));

describe('/lottery', () => {
  it('a visitor sees the wheel, the chances and a login link; no records are asked for', async () => {
    session.loggedIn = false;
    server.reply('getLottery', ok(overview(null)));
    renderPage(<LotteryPage />, { url: '/lottery' });
    await screen.findByText('75.0%');
    expect(screen.getByRole('link', { name: '登录后抽奖' }).getAttribute('href')).toBe('/login?redirect=%2Flottery');
    expect(screen.queryByText('我的抽奖记录')).toBeNull();
    expect(server.callsOf('listLotterySpins')).toHaveLength(0);
  });

  it('a spin sends a fresh key and seed; the result shows once the wheel stops, then wheel and records reload', async () => {
    server.reply('getLottery', ok(overview({ free: 1, points: 10, benefit: 0 })));
    server.reply('listLotterySpins', page([]));
    server.reply('spinLottery', (call) => wonAnswer(call.body as { memberSeed: string }));
    renderPage(<LotteryPage />, { url: '/lottery' });
    fireEvent.click(await screen.findByRole('button', { name: '免费抽一次（今日剩 1 次）' }));
    await waitFor(() => expect(server.callsOf('spinLottery')).toHaveLength(1));
    const body = server.callsOf('spinLottery')[0]!.body as { source: string; requestKey: string; memberSeed: string };
    expect(body.source).toBe('free');
    expect(body.requestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.memberSeed).toMatch(/^[0-9a-f]{32}$/);
    await screen.findByText('转盘转动中…');
    expect(screen.queryByText(/恭喜抽中/)).toBeNull();
    expect(server.callsOf('getLottery')).toHaveLength(1);
    stopWheel();
    await screen.findByText('恭喜抽中「88 微豆」');
    await waitFor(() => expect(server.callsOf('getLottery')).toHaveLength(2));
    await waitFor(() => expect(server.callsOf('listLotterySpins')).toHaveLength(2));
  });

  it('a lost answer is retried with the same key and seed; the server spins once', async () => {
    server.reply('getLottery', ok(overview({ free: 1, points: 10, benefit: 0 })));
    server.reply('listLotterySpins', page([]));
    server.reply('spinLottery', 'network-error');
    renderPage(<LotteryPage />, { url: '/lottery' });
    fireEvent.click(await screen.findByRole('button', { name: '用 20 微豆抽一次' }));
    await screen.findByText('网络不稳定，没有收到抽奖结果');
    server.reply('spinLottery', (call) => wonAnswer(call.body as { memberSeed: string }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(server.callsOf('spinLottery')).toHaveLength(2));
    const [a, b] = server.callsOf('spinLottery').map((c) => c.body);
    expect(b).toEqual(a);
    expect(server.toasts).toEqual([]);
  });

  it('out of spins of a source is said on the page, without a toast', async () => {
    server.reply('getLottery', ok(overview({ free: 1, points: 10, benefit: 0 })));
    server.reply('listLotterySpins', page([]));
    server.reply('spinLottery', refuse('LOTTERY_NO_SPINS', '每日免费的次数已用完'));
    renderPage(<LotteryPage />, { url: '/lottery' });
    fireEvent.click(await screen.findByRole('button', { name: '免费抽一次（今日剩 1 次）' }));
    await screen.findByText(/今天的免费次数已用完，明天 0 点/);
    expect(server.toasts).toEqual([]);
  });

  it('a spin refused for 微豆不足 re-reads the wheel: the refusal shows next to the balance now', async () => {
    server.reply('getLottery', ok(overview({ free: 0, points: 10, benefit: 0 })));
    server.reply('listLotterySpins', page([]));
    server.reply('spinLottery', refuse('INSUFFICIENT_POINTS', '微豆不足：需要 20 微豆'));
    renderPage(<LotteryPage />, { url: '/lottery' });
    const buy = await screen.findByRole('button', { name: '用 20 微豆抽一次' });
    screen.getByText(/^我的微豆 100 · /);
    // Spent in another tab meanwhile: the server now has 5.
    server.reply('getLottery', ok({ ...overview({ free: 0, points: 10, benefit: 0 }), balance: 5 }));
    fireEvent.click(buy);
    await screen.findByText('微豆不足：需要 20 微豆');
    await screen.findByText('你现在有 5 微豆');
    screen.getByText(/^我的微豆 5 · /);
    expect(server.callsOf('getLottery')).toHaveLength(2);
  });

  it('a record is re-checked in the browser from its revealed seed', async () => {
    server.reply('getLottery', ok(overview({ free: 0, points: 10, benefit: 0 })));
    server.reply('listLotterySpins', page([spinRecord(1)]));
    renderPage(<LotteryPage />, { url: '/lottery' });
    fireEvent.click(await screen.findByRole('button', { name: '在浏览器中复核' }));
    await screen.findByText(/✓ 复核通过：公开的种子与事先公布的指纹吻合/);
  });
});
