/**
 * The list of seasonal campaigns 福利中心 shows (`GET /v1/campaigns`, server/modules/campaign):
 * anyone may read it; it gives the running and upcoming campaigns — running ones first, the one
 * ending soonest first, then upcoming ones by start — and never an ended one; a campaign moves from
 * upcoming to running and off the list as the clock passes its dates; the demo seeds two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_LIST_MAX } from '../../openapi/rules/campaign';
import type { AppContext } from '../../server/context';
import { addCampaign } from '../../server/modules/campaign/campaigns';
import { seedDemoCampaign, seedDemoSpringCampaign } from '../../server/seed/demoCampaign';
import { DAY } from './rewards-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

interface Summary {
  slug: string;
  title: string;
  theme: string;
  description: string;
  phase: 'upcoming' | 'running';
  startsAt: number;
  endsAt: number;
}

let h: TasksHarness;
let ctx: AppContext;
let t0: number;

const list = async (member?: number) => {
  const res = await h.call<Summary[]>('GET', '/api/v1/campaigns', member === undefined ? {} : { member });
  expect(res.status).toBe(200);
  expect(res.code).toBe(200);
  return res.data;
};

beforeAll(async () => {
  h = await tasksHarness('campaign-list');
  ctx = h.ctx;
  t0 = ctx.now();
});
afterAll(() => h.env.cleanup());

describe('GET /v1/campaigns', () => {
  it('is empty with no campaign', async () => {
    expect(await list()).toEqual([]);
  });

  it('lists running campaigns (soonest end first), then upcoming ones by start; never an ended one', async () => {
    await addCampaign(ctx, {
      slug: 'ended',
      title: '已结束',
      theme: 'plain',
      startsAt: t0 - 9 * DAY,
      endsAt: t0 - DAY,
    });
    await addCampaign(ctx, {
      slug: 'long-run',
      title: '长期活动',
      theme: 'plain',
      description: '一直在',
      startsAt: t0 - 2 * DAY,
      endsAt: t0 + 30 * DAY,
    });
    await addCampaign(ctx, {
      slug: 'xmas',
      title: '圣诞狂欢季',
      theme: 'christmas',
      startsAt: t0 - DAY,
      endsAt: t0 + 5 * DAY,
    });
    await addCampaign(ctx, {
      slug: 'later',
      title: '端午',
      theme: 'plain',
      startsAt: t0 + 9 * DAY,
      endsAt: t0 + 12 * DAY,
    });
    await addCampaign(ctx, {
      slug: 'spring',
      title: '新春',
      theme: 'spring',
      startsAt: t0 + 2 * DAY,
      endsAt: t0 + 9 * DAY,
    });
    const got = await list();
    expect(got.map((c) => [c.slug, c.phase])).toEqual([
      ['xmas', 'running'],
      ['long-run', 'running'],
      ['spring', 'upcoming'],
      ['later', 'upcoming'],
    ]);
    expect(got[1]).toEqual({
      slug: 'long-run',
      title: '长期活动',
      theme: 'plain',
      description: '一直在',
      phase: 'running',
      startsAt: t0 - 2 * DAY,
      endsAt: t0 + 30 * DAY,
    });
  });

  it('a member reads the same list as a visitor', async () => {
    const m = await newMember(ctx);
    expect(await list(m)).toEqual(await list());
  });

  it('follows the clock: upcoming → running at its start, off the list at its end', async () => {
    try {
      h.clock.set(t0 + 2 * DAY);
      expect((await list()).map((c) => [c.slug, c.phase])).toEqual([
        ['xmas', 'running'],
        ['spring', 'running'],
        ['long-run', 'running'],
        ['later', 'upcoming'],
      ]);
      h.clock.set(t0 + 5 * DAY);
      expect((await list()).map((c) => c.slug)).toEqual(['spring', 'long-run', 'later']);
    } finally {
      h.clock.set(t0);
    }
  });

  it(`gives at most ${CAMPAIGN_LIST_MAX}`, async () => {
    for (let i = 0; i < CAMPAIGN_LIST_MAX; i++)
      await addCampaign(ctx, {
        slug: `many-${i}`,
        title: `活动 ${i}`,
        theme: 'plain',
        startsAt: t0 + (20 + i) * DAY,
        endsAt: t0 + 60 * DAY,
      });
    const got = await list();
    expect(got).toHaveLength(CAMPAIGN_LIST_MAX);
    expect(got.slice(0, 4).map((c) => c.slug)).toEqual(['xmas', 'long-run', 'spring', 'later']);
  });
});

describe('the demo seed', () => {
  it('seeds a running Christmas campaign and an upcoming spring one, each once', async () => {
    const demo = await tasksHarness('campaign-list-demo');
    try {
      await seedDemoCampaign(demo.ctx);
      expect(await seedDemoSpringCampaign(demo.ctx)).toBeGreaterThan(0);
      expect(await seedDemoSpringCampaign(demo.ctx)).toBe(0);
      const res = await demo.call<Summary[]>('GET', '/api/v1/campaigns');
      expect(res.data.map((c) => [c.slug, c.theme, c.phase])).toEqual([
        ['christmas', 'christmas', 'running'],
        ['spring', 'spring', 'upcoming'],
      ]);
      const spring = await demo.call<{ title: string; prizes: unknown[] }>('GET', '/api/v1/campaigns/spring');
      expect(spring.data.title).toBe('新春红包节');
      expect(spring.data.prizes.length).toBeGreaterThan(1);
    } finally {
      await demo.env.cleanup();
    }
  });
});
