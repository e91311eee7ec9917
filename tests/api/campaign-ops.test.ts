/**
 * Seasonal campaigns' commands of `npm run ops` (scripts/ops-campaign.ts) in-process — add a
 * campaign with Beijing dates, list it with its phase, add prizes and change weight and stock (the
 * API answers them) — and the demo Christmas campaign (running today, once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { christmasPrizes, seedDemoCampaign } from '../../server/seed/demoCampaign';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('campaign-ops');
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
  title: string;
  phase: string;
  startsAt: number;
  prizes: { id: number; name: string; chance: number; stock: number | null }[];
};
const campaign = async (slug: string) =>
  envelopeOf(await app.inject({ method: 'GET', url: `/api/v1/campaigns/${slug}` })) as { code: number; data: Overview };

describe('campaign ops', () => {
  it('demo: christmas is running on the day it is seeded, with its pool, once', async () => {
    expect(await seedDemoCampaign(ctx)).toBe(christmasPrizes.length);
    expect(await seedDemoCampaign(ctx)).toBe(0);
    const c = (await campaign('christmas')).data;
    expect(c.phase).toBe('running');
    expect(c.prizes.map((p) => p.name)).toEqual(christmasPrizes.map((p) => p.name));
  });

  it('add, list, prize add / weight / stock; bad input is a usage error', async () => {
    const add = await ops(
      'campaign',
      'add',
      'spring',
      '--title',
      '春节集福',
      '--theme',
      'spring',
      '--start',
      '2030-03-20 00:00',
      '--end',
      '2030-03-27 00:00',
    );
    expect(add.code).toBe(EXIT.OK);
    expect((await campaign('spring')).data).toMatchObject({
      title: '春节集福',
      phase: 'upcoming',
      startsAt: Date.UTC(2030, 2, 19, 16),
    });
    const listed = await ops('campaign', 'list');
    expect(listed.out).toContain('spring');
    expect(listed.out).toContain('未开始');
    const prize = await ops(
      'campaign',
      'prize',
      'add',
      'spring',
      '--name',
      '88 微豆',
      '--kind',
      'points',
      '--points',
      '88',
      '--weight',
      '1',
      '--stock',
      '2',
    );
    expect(prize.code).toBe(EXIT.OK);
    const id = /#(\d+)/.exec(prize.out)![1]!;
    expect((await campaign('spring')).data.prizes).toEqual([
      { id: Number(id), name: '88 微豆', kind: 'points', points: 88, chance: 1, stock: 2 },
    ]);
    expect((await ops('campaign', 'prize', 'stock', id, 'unlimited')).code).toBe(EXIT.OK);
    expect((await ops('campaign', 'prize', 'weight', id, '0')).code).toBe(EXIT.OK);
    expect((await campaign('spring')).data.prizes).toEqual([]);
    expect((await ops('campaign', 'prize', 'list', 'spring')).out).toContain('不限');
    expect((await ops('campaign', 'add', 'x', '--title', 'T', '--start', 'soon', '--end', '2030-01-01')).code).toBe(
      EXIT.USAGE,
    );
  });
});
