/**
 * Seasonal campaigns (server/modules/campaign): chances counted from real completed participations
 * and check-ins in the dates, a draw uses exactly one chance, the request key (same key → same draw;
 * another seed → 4503), stock never below 0, draws outside the dates refused, a 微豆 prize credited
 * once through the ledger, the leaderboard masked, and every draw recomputed from its day's seed.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { drawFromDigest, drawMessage } from '../../openapi/rules/lottery';
import type { AppContext } from '../../server/context';
import { campaignPrizes } from '../../server/db/schema-campaign';
import { pointLedger } from '../../server/db/schema-points';
import { addCampaign, addCampaignPrize, setCampaignPrize } from '../../server/modules/campaign/campaigns';
import { balanceOf } from '../../server/modules/points/ledger';
import { DAY } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
let taskSeq = 0;
const prize: Record<string, number> = {};

beforeAll(async () => {
  h = await tasksHarness('campaign');
  ctx = h.ctx;
  const now = ctx.now();
  const c = await addCampaign(ctx, {
    slug: 'xmas',
    title: '圣诞狂欢季',
    theme: 'christmas',
    startsAt: now - DAY,
    endsAt: now + 10 * DAY,
  });
  await addCampaign(ctx, { slug: 'later', title: '春节', theme: 'spring', startsAt: now + DAY, endsAt: now + 5 * DAY });
  prize.none = (await addCampaignPrize(ctx, c.id, { name: '谢谢参与', kind: 'none', weight: 1 })).id;
  prize.p50 = (
    await addCampaignPrize(ctx, c.id, { name: '50 微豆', kind: 'points', points: 50, weight: 0, stock: 1 })
  ).id;
});
afterAll(() => h.env.cleanup());

async function only(id: number) {
  for (const p of Object.values(prize)) await setCampaignPrize(ctx, p, { weight: p === id ? 1 : 0 });
}

/** A task the member completed now (a real participation row, finished with 完成). */
async function completeTask(memberId: number, joinResult: number = JoinResult.values.COMPLETE) {
  const task = await newTask(ctx, { title: `任务 ${++taskSeq}` });
  await newParticipation(ctx, task.id, memberId, {
    status: 'finished',
    joinResult,
    finishedAt: new Date(ctx.now()),
  });
}

interface Chances {
  earned: number;
  used: number;
  left: number;
  bySource: { source: string; count: number; chances: number }[];
}
interface Draw {
  id: number;
  outcome: string;
  prizeName: string;
  points: number | null;
  day: string;
  seed: string | null;
  rule: 1 | 2;
  kind: string | null;
  member: string | null;
  memberSeed: string;
  nonce: number;
  roll: number;
  table: { prizeId: number; weight: number }[];
}
type DrawResult = { draw: Draw; chances: Chances; replayed: boolean };

const seedHex = () => randomUUID().replaceAll('-', '');
const drawVia = (member: number, requestKey = randomUUID(), memberSeed = seedHex(), slug = 'xmas') =>
  h.call<DrawResult>('POST', `/api/v1/campaigns/${slug}/draw`, { member, body: { requestKey, memberSeed } });
const view = (member?: number, slug = 'xmas') =>
  h.call<{ phase: string; chances: Chances | null; leaders: { nickname: string; chances: number }[] }>(
    'GET',
    `/api/v1/campaigns/${slug}`,
    { member },
  );

describe('seasonal campaign', () => {
  it('a visitor sees the campaign and no chances; an unknown slug is 404; drawing needs a login', async () => {
    const r = await view();
    expect(r.code).toBe(200);
    expect(r.data.phase).toBe('running');
    expect(r.data.chances).toBeNull();
    expect((await view(undefined, 'nothing')).code).toBe(Code.NOT_FOUND);
    expect((await h.call('POST', '/api/v1/campaigns/xmas/draw', { body: {} })).status).toBe(401);
  });

  it('chances come from tasks completed and check-ins in the dates; others do not count', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    await completeTask(m);
    await completeTask(m);
    await completeTask(m, JoinResult.values.SCREENED_OUT);
    expect((await h.call('POST', '/api/v1/users/checkin', { member: m })).code).toBe(200);
    const r = await view(m);
    expect(r.data.chances).toMatchObject({ earned: 3, used: 0, left: 3 });
    expect(r.data.chances!.bySource.map((s) => [s.source, s.count, s.chances])).toEqual([
      ['task', 2, 2],
      ['checkin', 1, 1],
    ]);
  });

  it('a draw uses exactly one chance; with none left it is refused; the same key answers the same draw', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    expect((await drawVia(m)).code).toBe(Code.CAMPAIGN_NO_CHANCES);
    await completeTask(m);
    await completeTask(m);
    const key = randomUUID();
    const seed = seedHex();
    const a = await drawVia(m, key, seed);
    expect(a.code).toBe(200);
    expect(a.data.draw).toMatchObject({ outcome: 'none', prizeName: '谢谢参与', points: null, nonce: 1 });
    expect(a.data.chances).toMatchObject({ earned: 2, used: 1, left: 1 });
    const again = await drawVia(m, key, seed);
    expect(again.data.replayed).toBe(true);
    expect(again.data.draw.id).toBe(a.data.draw.id);
    expect(again.data.chances.left).toBe(1);
    expect((await drawVia(m, key, seedHex())).code).toBe(Code.CAMPAIGN_REQUEST_KEY_REUSED);
    expect((await drawVia(m)).data.chances.left).toBe(0);
    expect((await drawVia(m)).code).toBe(Code.CAMPAIGN_NO_CHANCES);
  });

  it('a 微豆 prize is credited once; the last unit goes once, the next draw of it gives nothing; stock stays 0', async () => {
    await only(prize.p50!);
    const [m1, m2] = [await newMember(ctx), await newMember(ctx)];
    await completeTask(m1);
    await completeTask(m2);
    const won = await drawVia(m1);
    expect(won.data.draw).toMatchObject({ outcome: 'prize', points: 50 });
    expect(await balanceOf(ctx.db, m1)).toBe(50);
    const rows = await ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, m1));
    expect(rows.map((r) => [r.reason, r.amount])).toEqual([['lottery', 50]]);
    const lost = await drawVia(m2);
    expect(lost.data.draw).toMatchObject({ outcome: 'out_of_stock', points: null });
    expect(await balanceOf(ctx.db, m2)).toBe(0);
    const [p] = await ctx.db.select().from(campaignPrizes).where(eq(campaignPrizes.id, prize.p50!));
    expect(p!.stock).toBe(0);
  });

  it('outside the dates a draw is refused (before the start and after the end)', async () => {
    const m = await newMember(ctx);
    await completeTask(m);
    expect((await drawVia(m, undefined, undefined, 'later')).code).toBe(Code.CAMPAIGN_NOT_RUNNING);
    expect((await view(m, 'later')).data.phase).toBe('upcoming');
    h.clock.advance(12 * DAY);
    expect((await view(m)).data.phase).toBe('ended');
    expect((await drawVia(m)).code).toBe(Code.CAMPAIGN_NOT_RUNNING);
    h.clock.advance(-12 * DAY);
  });

  it('the leaderboard masks nicknames; records list the member’s draws; each recomputes once the seed is out', async () => {
    await only(prize.none!);
    const m = await newMember(ctx);
    for (let i = 0; i < 4; i++) await completeTask(m);
    await drawVia(m);
    await drawVia(m);
    const board = await view();
    expect(board.data.leaders[0]!.chances).toBe(4);
    expect(board.data.leaders.every((l) => !/^1\d{10}$/.test(l.nickname))).toBe(true);
    const before = await h.call<{ list: Draw[]; total: number }>('GET', '/api/v1/campaigns/xmas/draws', { member: m });
    expect(before.data.total).toBe(2);
    expect(before.data.list[0]!.seed).toBeNull();
    const other = await newMember(ctx);
    expect((await h.call<{ total: number }>('GET', '/api/v1/campaigns/xmas/draws', { member: other })).data.total).toBe(
      0,
    );
    h.clock.advance(DAY);
    const after = await h.call<{ list: Draw[] }>('GET', '/api/v1/campaigns/xmas/draws', { member: m });
    for (const d of after.data.list) {
      expect([d.rule, d.kind]).toEqual([2, 'campaign:xmas']);
      const digest = createHmac('sha256', Buffer.from(d.seed!, 'utf8')).update(drawMessage(d), 'utf8').digest('hex');
      expect(drawFromDigest(digest, d.table)).toEqual({ roll: d.roll, prizeId: prize.none });
    }
    expect(after.data.list.map((d) => d.nonce).sort()).toEqual([1, 2]);
  });
});
