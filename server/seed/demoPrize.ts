/**
 * Prize trials for a fresh `npm start` (SEED_DEMO): one trial open to apply (closes in 7 days)
 * and one already drawn (closed 3 days ago, applied to by the demo earners and the demo member,
 * drawn by the same `drawTrial` the round uses, so its result page verifies). Once per database.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { members } from '../db/schema';
import { prizeApplications } from '../db/schema-prize';
import { DAY_MS } from '../kernel/time';
import { findMemberByMobile } from '../modules/auth/accounts';
import { addTrial, drawTrial } from '../modules/prize/service';
import { claimSeed } from './marker';
import { DEMO_MEMBER } from './demoFeedback';
import { DEMO_EARNERS, demoEarnerCode } from './demoRanking';

const MARKER = 'seed:prize-demo';

export async function seedDemoPrize(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const claimed = await ctx.db.transaction((tx) => claimSeed(tx, MARKER, now));
  if (!claimed) return 0;
  await addTrial(ctx, {
    title: '水润保湿面霜 50ml 正装试用',
    summary: '适合干性与混合性肌肤，连续使用 14 天。\n中签后寄出正装一瓶，无需寄回。\n收到后请在站内完成使用反馈问卷。',
    images: ['/promo/prize-cream.svg'],
    units: 20,
    opensAt: now - 2 * DAY_MS,
    closesAt: now + 7 * DAY_MS,
    minQualityLevel: 0,
  });
  const drawn = await addTrial(ctx, {
    title: '降噪蓝牙耳机 体验装',
    summary: '主动降噪、30 小时续航。\n中签会员请在结果页确认收货地址，我们将在 7 个工作日内寄出。',
    images: ['/promo/prize-earbuds.svg'],
    units: 3,
    opensAt: now - 10 * DAY_MS,
    closesAt: now - 3 * DAY_MS,
    minQualityLevel: 2,
  });
  const codes = DEMO_EARNERS.map((_, i) => demoEarnerCode(i));
  const applicants = await ctx.db.select({ id: members.id }).from(members).where(inArray(members.memberCode, codes));
  const me = await findMemberByMobile(ctx, DEMO_MEMBER.mobile);
  const ids = [...applicants.map((a) => a.id), ...(me ? [me.id] : [])];
  if (ids.length) {
    await ctx.db.insert(prizeApplications).values(
      ids.map((memberId, i) => ({
        trialId: drawn.id,
        memberId,
        createdAt: new Date(now - 9 * DAY_MS + i * 3_600_000),
      })),
    );
  }
  await drawTrial(ctx, drawn.id);
  return 2;
}
