/**
 * The lucky wheel's commands of `npm run ops` (scripts/ops-lottery.ts) in-process — prizes add,
 * weight (a new table version the API answers), stock, reward prizes (--reward); seeds list (no seed before its day ends),
 * commit ahead, reveal ended days — and the demo wheel (eight prizes, once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { seedDemoRewards } from '../../server/modules/exchange/seed';
import { seedDemoBenefits } from '../../server/seed/demoBenefits';
import { demoPrizes, seedDemoLottery } from '../../server/seed/demoLottery';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('lottery-ops');
/** 2030-03-14 12:00 Beijing. */
const clock = testClock(Date.UTC(2030, 2, 14, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李' });
type Overview = {
  prizes: { id: number; name: string; kind: string; weight: number; chance: number; stock: number | null }[];
  tableVersion: number;
};
const wheel = async () => envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/lottery' })).data as Overview;

describe('lottery ops', () => {
  it('demo: ten prizes once (a coupon and a physical reward among them), total weight 10 000', async () => {
    await seedDemoBenefits(ctx);
    await seedDemoRewards(ctx);
    expect(await seedDemoLottery(ctx)).toBe(demoPrizes.length);
    expect(await seedDemoLottery(ctx)).toBe(0);
    const w = await wheel();
    expect(w.prizes.map((p) => p.name)).toEqual(demoPrizes.map((p) => p.name));
    expect(w.prizes.reduce((s, p) => s + p.weight, 0)).toBe(10_000);
    expect(w.prizes.filter((p) => p.kind === 'reward').map((p) => p.stock)).toEqual([5, 2]);
  });

  it('prize add, weight and stock; the wheel answers the new table version', async () => {
    const before = await wheel();
    const w0 = before;
    const add = await ops(
      'lottery',
      'prize',
      'add',
      '--name',
      '1000 微豆',
      '--kind',
      'points',
      '--points',
      '1000',
      '--weight',
      '0',
      '--stock',
      '1',
    );
    expect(add.code).toBe(EXIT.OK);
    const id = /#(\d+)/.exec(add.out)![1]!;
    expect((await wheel()).prizes.some((p) => p.name === '1000 微豆')).toBe(false);
    expect((await ops('lottery', 'prize', 'weight', id, '10000')).code).toBe(EXIT.OK);
    const after = await wheel();
    expect(after.tableVersion).toBeGreaterThan(before.tableVersion);
    expect(after.prizes.find((p) => p.name === '1000 微豆')).toMatchObject({ chance: 0.5, stock: 1 });
    expect((await ops('lottery', 'prize', 'stock', id, 'unlimited')).code).toBe(EXIT.OK);
    expect((await wheel()).prizes.find((p) => p.name === '1000 微豆')!.stock).toBeNull();
    expect(
      (await ops('lottery', 'prize', 'add', '--name', 'x', '--kind', 'benefit', '--weight', '1', '--benefit', '99999'))
        .code,
    ).toBe(EXIT.REFUSED);
    expect((await ops('lottery', 'prize', 'add', '--name', 'x', '--kind', 'gift', '--weight', '1')).code).toBe(
      EXIT.USAGE,
    );
    /** `lottery prize add --kind reward` with these flags. */
    const addReward = (...flags: string[]) => ops('lottery', 'prize', 'add', '--kind', 'reward', ...flags);
    // Demo reward #1 is cash (refused as a prize), #7 the canvas bag; without --reward it is a usage error.
    expect((await addReward('--name', 'x', '--weight', '1', '--reward', '1')).code).toBe(EXIT.REFUSED);
    expect((await addReward('--name', 'x', '--weight', '1')).code).toBe(EXIT.USAGE);
    const bag = await addReward('--name', '帆布袋', '--reward', '7', '--weight', '0');
    expect(bag.code).toBe(EXIT.OK);
    const list = await ops('lottery', 'prizes');
    expect(list.out).toContain('商品 #7');
    // Several weights in one table version: only the bag can be drawn.
    const bagId = /#(\d+)/.exec(bag.out)![1]!;
    const all = (await wheel()).tableVersion;
    const others = w0.prizes.map((p) => `${p.id}=0`);
    const many = await ops('lottery', 'prize', 'weights', ...others, `${id}=0`, `${bagId}=5`);
    expect(many.code).toBe(EXIT.OK);
    const only = await wheel();
    expect(only.tableVersion).toBe(all + 1);
    expect(only.prizes.map((p) => [p.name, p.chance])).toEqual([['帆布袋', 1]]);
    expect((await ops('lottery', 'prize', 'weights', `${bagId}=0`)).code).toBe(EXIT.REFUSED);
    expect((await ops('lottery', 'prize', 'weights', 'x=1')).code).toBe(EXIT.USAGE);
    expect(list.out).toContain('1000 微豆');
    expect(list.out).toContain('50.00%');
  });

  it('seeds: committed ahead, never shown before the day ends, revealed after', async () => {
    const commit = await ops('lottery', 'seeds', 'commit', '--day', '2030-03-20');
    expect(commit.code).toBe(EXIT.OK);
    expect((await ops('lottery', 'seeds', 'commit', '--day', '2030-03-01')).code).toBe(EXIT.USAGE);
    const list = await ops('lottery', 'seeds');
    expect(list.out).toContain('2030-03-20');
    expect(list.out).toContain('2030-03-15'); // tomorrow, committed at start
    expect(list.out).not.toMatch(/[0-9a-f]{64}\s+\S+\s+\S+\s+[0-9a-f]{64}/);
    expect((await ops('lottery', 'seeds', 'reveal')).out).toContain('已公开 0 天');
    clock.advance(86_400_000);
    expect((await ops('lottery', 'seeds', 'reveal')).out).toContain('已公开 1 天');
    const y = envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/lottery' })).data as {
      yesterday: { day: string; seed: string };
    };
    expect(y.yesterday).toMatchObject({ day: '2030-03-14' });
    expect(y.yesterday.seed).toMatch(/^[0-9a-f]{64}$/);
  });
});
