/**
 * The demo's campaigns for a fresh `npm start` (SEED_DEMO), each seeded once (its own kv marker):
 * - Christmas, slug `christmas` (`/christmas`), running from the start of the Beijing day three
 *   days ago to 14 days from now, so the page is live on any date. Each completed task and each
 *   check-in in the dates is one draw chance; the pool is mostly small 微豆 with a few big ones in
 *   short stock and an honest "谢谢参与".
 * - 新春红包节, slug `spring` (`/campaigns/spring`, the spring theme), starting at the start of the
 *   Beijing day 7 days from now and running 14 days: 福利中心 lists it as 即将开始 beside the
 *   running Christmas one, so a newcomer sees that there can be more than one.
 */
import type { AppContext } from '../context';
import type { Tx } from '../kernel/db';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../kernel/time';
import { addCampaign, addCampaignPrize, type NewCampaignPrize } from '../modules/campaign/campaigns';
import { claimSeed } from './marker';

const MARKER = 'seed:campaign-christmas';
const SPRING_MARKER = 'seed:campaign-spring';

export const christmasPrizes: NewCampaignPrize[] = [
  { name: '谢谢参与', kind: 'none', weight: 3000 },
  { name: '10 微豆', kind: 'points', points: 10, weight: 3500 },
  { name: '30 微豆', kind: 'points', points: 30, weight: 2200, stock: 2000 },
  { name: '100 微豆', kind: 'points', points: 100, weight: 900, stock: 300 },
  { name: '520 微豆', kind: 'points', points: 520, weight: 350, stock: 30 },
  { name: '1225 微豆', kind: 'points', points: 1225, weight: 50, stock: 5 },
];

export async function seedDemoCampaign(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx: Tx) => {
    const now = ctx.now();
    if (!(await claimSeed(tx, MARKER, now))) return 0;
    const w = { db: tx, now: ctx.now };
    const startsAt = shanghaiDayStart(shanghaiDay(now - 3 * DAY_MS));
    const c = await addCampaign(w, {
      slug: 'christmas',
      title: '圣诞狂欢季',
      theme: 'christmas',
      description: '活动期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽奖机会，微豆大奖等你来拆！',
      startsAt,
      endsAt: shanghaiDayStart(shanghaiDay(now + 14 * DAY_MS)),
    });
    let sort = 0;
    for (const p of christmasPrizes) await addCampaignPrize(w, c.id, { ...p, sort: sort++ });
    return sort;
  });
}

export const springPrizes: NewCampaignPrize[] = [
  { name: '谢谢参与', kind: 'none', weight: 2800 },
  { name: '8 微豆', kind: 'points', points: 8, weight: 3600 },
  { name: '28 微豆', kind: 'points', points: 28, weight: 2300, stock: 2000 },
  { name: '88 微豆', kind: 'points', points: 88, weight: 1000, stock: 300 },
  { name: '888 微豆', kind: 'points', points: 888, weight: 300, stock: 20 },
];

export async function seedDemoSpringCampaign(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx: Tx) => {
    const now = ctx.now();
    if (!(await claimSeed(tx, SPRING_MARKER, now))) return 0;
    const w = { db: tx, now: ctx.now };
    const startsAt = shanghaiDayStart(shanghaiDay(now + 7 * DAY_MS));
    const c = await addCampaign(w, {
      slug: 'spring',
      title: '新春红包节',
      theme: 'spring',
      description: '新春期间每完成 1 个调查任务、每签到 1 天，各得 1 次抽红包机会，888 微豆大红包等你来拿！',
      startsAt,
      endsAt: startsAt + 14 * DAY_MS,
    });
    let sort = 0;
    for (const p of springPrizes) await addCampaignPrize(w, c.id, { ...p, sort: sort++ });
    return sort;
  });
}
