/**
 * Campaign draws racing on real PostgreSQL (PGlite has one connection and cannot race): 20 members
 * with 3 chances each send 8 draws at once (and 2 of them twice with the same key). Nobody draws
 * more than their chances, a replayed key draws once, stock never goes below zero and the units
 * taken equal the prizes won, and every 微豆 prize is credited exactly once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import type { AppContext } from '../../server/context';
import { campaignDraws, campaignPrizes } from '../../server/db/schema-campaign';
import { pointLedger } from '../../server/db/schema-points';
import { addCampaign, addCampaignPrize } from '../../server/modules/campaign/campaigns';
import { newMember } from './exchange-helpers';
import { createTestEnv, envelopeOf } from './helpers';
import { newParticipation, newTask } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('campaign-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('campaign-race');
let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

const seedHex = () => randomUUID().replaceAll('-', '');

async function drawHttp(token: string, requestKey: string, memberSeed: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/campaigns/race/draw',
    headers: { authorization: `Bearer ${token}` },
    payload: { requestKey, memberSeed },
  });
  return envelopeOf(res) as { code: number; data?: { draw: { id: number } } };
}

describe('campaign draws on PostgreSQL', () => {
  it('concurrent draws by one member never exceed their chances; stock never below zero; credited once', async () => {
    const now = ctx.now();
    const c = await addCampaign(ctx, {
      slug: 'race',
      title: '竞速活动',
      theme: 'plain',
      startsAt: now - 86_400_000,
      endsAt: now + 86_400_000,
    });
    const big = await addCampaignPrize(ctx, c.id, {
      name: '50 微豆',
      kind: 'points',
      points: 50,
      weight: 50,
      stock: 7,
    });
    await addCampaignPrize(ctx, c.id, { name: '5 微豆', kind: 'points', points: 5, weight: 30 });
    await addCampaignPrize(ctx, c.id, { name: '谢谢参与', kind: 'none', weight: 20 });

    const members = await Promise.all(Array.from({ length: 20 }, () => newMember(ctx)));
    for (const m of members)
      for (let i = 0; i < 3; i++) {
        const task = await newTask(ctx);
        await newParticipation(ctx, task.id, m.id, {
          status: 'finished',
          joinResult: JoinResult.values.COMPLETE,
          finishedAt: new Date(now),
        });
      }
    const requests = members.flatMap((m) => {
      const keyed = Array.from({ length: 8 }, () => ({ key: randomUUID(), seed: seedHex() }));
      const twice = keyed.slice(0, 2);
      return [...keyed, ...twice].map((r) => drawHttp(m.token, r.key, r.seed));
    });
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.code === 200 || a.code === 4502)).toBe(true);

    const ids = members.map((m) => m.id);
    const draws = await ctx.db
      .select()
      .from(campaignDraws)
      .where(and(eq(campaignDraws.campaignId, c.id), inArray(campaignDraws.memberId, ids)));
    for (const m of members) expect(draws.filter((d) => d.memberId === m.id)).toHaveLength(3);

    const [p] = await ctx.db.select().from(campaignPrizes).where(eq(campaignPrizes.id, big.id));
    const bigWon = draws.filter((d) => d.drawnPrizeId === big.id && d.outcome === 'prize').length;
    expect(p!.stock).toBeGreaterThanOrEqual(0);
    expect(7 - p!.stock!).toBe(bigWon);

    const credits = await ctx.db
      .select()
      .from(pointLedger)
      .where(and(inArray(pointLedger.memberId, ids), like(pointLedger.idempotencyKey, 'campaign:%')));
    const won = draws.filter((d) => d.outcome === 'prize');
    expect(credits).toHaveLength(won.length);
    expect(credits.reduce((s, r) => s + r.amount, 0)).toBe(won.reduce((s, d) => s + d.points!, 0));
  });
});
