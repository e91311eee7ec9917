/**
 * Prize trials' commands of `npm run ops` (scripts/ops-prize.ts) in-process — add (the seed's hash
 * printed, the seed never), list, draw (refused before the deadline, once after it, a second run
 * changes nothing), winners, publish with a screener and a report, close early, ship — and the
 * demo trials (one open, one drawn, once).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { prizeApplications, prizeTrials } from '../../server/db/schema-prize';
import { DAY_MS } from '../../server/kernel/time';
import { apply } from '../../server/modules/prize/service';
import { seedDemoPrize } from '../../server/seed/demoPrize';
import { seedDemoRanking } from '../../server/seed/demoRanking';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';
import { newPoll } from './polls-helpers';
import { newMember, newTask } from './tasks-helpers';

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

  it('publish with a screener and a report, close early, draw, ship (winners with an address only)', async () => {
    const poll = await newPoll(ctx, { title: '甄别' });
    await newTask(ctx, { kind: 'poll', pollId: poll.id, points: 0 });
    const report = await newPoll(ctx, { title: '报告' });
    const bad = await ops(
      'prize',
      'publish',
      '--title',
      'X',
      '--units',
      '1',
      '--start',
      '2030-03-14',
      '--end',
      '2030-03-20',
      '--report-points',
      '50',
    );
    expect(bad.code).not.toBe(EXIT.OK);
    expect(bad.err).toContain('试用报告问卷');
    const pub = await ops(
      'prize',
      'publish',
      '--title',
      '试用空气炸锅',
      '--units',
      '1',
      '--start',
      '2030-03-14',
      '--end',
      '2030-03-30',
      '--screener',
      String(poll.id),
      '--report',
      String(report.id),
      '--report-points',
      '80',
    );
    expect(pub.code).toBe(EXIT.OK);
    expect(pub.out).toContain(`甄别问卷 / screener: 问卷 #${poll.id}`);
    expect(pub.out).toContain('提交记 80 微豆');
    const id = Number(/试用 #(\d+)/.exec(pub.out)![1]);
    const [row] = await ctx.db.select().from(prizeTrials).where(eq(prizeTrials.id, id));
    expect(row).toMatchObject({ screenerPollId: poll.id, reportPollId: report.id, reportPoints: 80 });
    const m = await newMember(ctx);
    await ctx.db.insert(prizeApplications).values({ trialId: id, memberId: m, createdAt: new Date(ctx.now()) });

    expect((await ops('prize', 'close', String(id))).code).toBe(EXIT.OK);
    expect((await ops('prize', 'close', String(id))).err).toContain('不在申请中');
    expect((await ops('prize', 'draw', String(id))).out).toContain('1 人申请，1 人中签');
    const noAddress = await ops('prize', 'ship', String(id));
    expect(noAddress.out).toContain('没有需要标记寄出的中签者');
    expect(noAddress.out).toContain('未确认收货地址');
    await ctx.db.update(prizeApplications).set({ shipTo: '张三 北京市' }).where(eq(prizeApplications.trialId, id));
    expect((await ops('prize', 'ship', String(id))).out).toContain('已标记寄出 1 份');
    expect((await ops('prize', 'winners', String(id))).out).not.toContain('（未确认）');
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
