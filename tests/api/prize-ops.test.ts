/**
 * Prize trials' commands of `npm run ops` (scripts/ops-prize.ts) in-process — add (the seed's hash
 * printed, the seed never), list, draw (refused before the deadline, once after it, a second run
 * changes nothing), winners — and the demo trials (one open, one drawn, once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { prizeTrials } from '../../server/db/schema-prize';
import { DAY_MS } from '../../server/kernel/time';
import { apply } from '../../server/modules/prize/service';
import { seedDemoPrize } from '../../server/seed/demoPrize';
import { seedDemoRanking } from '../../server/seed/demoRanking';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';
import { newMember } from './tasks-helpers';

const env = createTestEnv('prize-ops');
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
type Result = { seed: string | null; winners: { nickname: string }[]; entries: unknown[]; trial: { phase: string } };
const resultOf = async (id: number) =>
  envelopeOf(await app.inject({ method: 'GET', url: `/api/v1/prizes/${id}/result` })).data as Result;

describe('prize ops', () => {
  it('add, list, draw once after the deadline, winners', async () => {
    const add = await ops(
      'prize',
      'add',
      '--title',
      '试用扫地机器人',
      '--units',
      '2',
      '--start',
      '2030-03-14',
      '--end',
      '2030-03-16 20:00',
      '--image',
      'https://example.com/r.png',
      '--min-level',
      '0',
    );
    expect(add.code).toBe(EXIT.OK);
    const [row] = await ctx.db.select().from(prizeTrials);
    expect(add.out).toContain(row!.seedHash);
    expect(add.out).not.toContain(row!.seed);
    expect(row!.images).toEqual(['https://example.com/r.png']);

    for (let i = 0; i < 3; i++) {
      const m = await newMember(ctx);
      expect((await apply(ctx, row!.id, m)).replayed).toBe(false);
    }
    const list = await ops('prize', 'list');
    expect(list.out).toContain('试用扫地机器人');
    expect(list.out).toContain('申请中');

    const early = await ops('prize', 'draw', String(row!.id));
    expect(early.code).not.toBe(EXIT.OK);
    expect(early.err).toContain('申请还没有截止');

    clock.advance(3 * DAY_MS);
    const drawn = await ops('prize', 'draw', String(row!.id));
    expect(drawn.code).toBe(EXIT.OK);
    expect(drawn.out).toContain('3 人申请，2 人中签');
    const first = await resultOf(row!.id);
    expect(first.winners).toHaveLength(2);
    const again = await ops('prize', 'draw', String(row!.id));
    expect(again.out).toContain('之前已开奖');
    expect((await resultOf(row!.id)).winners).toEqual(first.winners);
    const winners = await ops('prize', 'winners', String(row!.id));
    expect(winners.out).toContain('（未确认）');
  });

  it('demo: one open trial and one drawn, once', async () => {
    await seedDemoRanking(ctx);
    expect(await seedDemoPrize(ctx)).toBe(2);
    expect(await seedDemoPrize(ctx)).toBe(0);
    const list = envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/prizes' })).data as {
      items: { id: number; phase: string; units: number }[];
    };
    const phases = list.items.map((t) => t.phase);
    expect(phases).toContain('open');
    expect(phases).toContain('drawn');
    const drawn = list.items.find((t) => t.phase === 'drawn')!;
    const r = await resultOf(drawn.id);
    expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(r.winners).toHaveLength(drawn.units);
  });
});
