/**
 * The lucky wheel for a fresh `npm start` (SEED_DEMO): ten prizes (total weight 10 000, so a
 * weight reads as hundredths of a percent) — "谢谢参与", 微豆 from 5 to 888 (the big ones with
 * little stock), the demo 10% boost card and two rewards of the demo exchange catalogue (a coffee
 * coupon and the canvas bag: rare, a few units, won as 0 微豆 exchange orders) — about 11 微豆 back
 * per spin on average, below the price of a bought spin. Seeded once per database (kv marker); today's and tomorrow's seed
 * commitments are made by the wheel's round at start (server/modules/lottery/seeds.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { benefits } from '../db/schema-benefits';
import { rewards } from '../db/schema-exchange';
import type { Tx } from '../kernel/db';
import { addPrize, type NewPrize } from '../modules/lottery/prizes';
import { claimSeed } from './marker';

const MARKER = 'seed:lottery-demo';
const BOOST_CARD = '10% 微豆加成卡';

/** Demo exchange rewards (server/modules/exchange/seed.ts) on the wheel. */
const COFFEE = '咖啡兑换券（中杯）';
const BAG = '微豆定制帆布袋';

export const demoPrizes: (Omit<NewPrize, 'benefitId' | 'rewardId'> & { benefitName?: string; rewardTitle?: string })[] =
  [
    { name: '谢谢参与', kind: 'none', weight: 3480 },
    { name: '5 微豆', kind: 'points', points: 5, weight: 2500 },
    { name: '10 微豆', kind: 'points', points: 10, weight: 1800 },
    { name: '20 微豆', kind: 'points', points: 20, weight: 1200, stock: 1000 },
    { name: '50 微豆', kind: 'points', points: 50, weight: 600, stock: 200 },
    { name: '加成卡 10%', kind: 'benefit', benefitName: BOOST_CARD, weight: 300, stock: 100 },
    { name: '188 微豆', kind: 'points', points: 188, weight: 90, stock: 20 },
    { name: '888 微豆', kind: 'points', points: 888, weight: 10, stock: 3 },
    { name: '咖啡兑换券', kind: 'reward', rewardTitle: COFFEE, weight: 15, stock: 5 },
    { name: '定制帆布袋', kind: 'reward', rewardTitle: BAG, weight: 5, stock: 2 },
  ];

export async function seedDemoLottery(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx: Tx) => {
    if (!(await claimSeed(tx, MARKER, ctx.now()))) return 0;
    const w = { db: tx, now: ctx.now };
    const [card] = await tx.select({ id: benefits.id }).from(benefits).where(eq(benefits.name, BOOST_CARD)).limit(1);
    const rewardIds = new Map(
      (
        await tx
          .select({ id: rewards.id, title: rewards.title })
          .from(rewards)
          .where(inArray(rewards.title, [COFFEE, BAG]))
      ).map((r) => [r.title, r.id]),
    );
    let sort = 0;
    for (const { benefitName, rewardTitle, ...p } of demoPrizes) {
      // Without the demo benefits or rewards (an install that removed them) their slices are left out.
      if (benefitName && !card) continue;
      const rewardId = rewardTitle ? rewardIds.get(rewardTitle) : undefined;
      if (rewardTitle && rewardId === undefined) continue;
      await addPrize(w, { ...p, benefitId: benefitName ? card!.id : undefined, rewardId, sort: sort++ });
    }
    return sort;
  });
}
