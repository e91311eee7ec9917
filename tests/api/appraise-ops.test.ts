/**
 * 月度答题之星's commands of `npm run ops` (scripts/ops-appraise.ts) in-process — `appraise run`
 * (default: last Beijing month; refuses a month not over; a second run pays nothing) and
 * `appraise list` — and the demo seed (last month's history for the demo earners, run once and
 * paid through the ledger once).
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { pointLedger } from '../../server/db/schema-points';
import { seedDemoAppraise } from '../../server/seed/demoAppraise';
import { seedDemoRanking } from '../../server/seed/demoRanking';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('appraise-ops');
/** 2030-03-14 12:00 Beijing: February is the last month over. */
const clock = testClock(Date.UTC(2030, 2, 14, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李' });
const awards = () => ctx.db.select().from(pointLedger).where(like(pointLedger.idempotencyKey, 'appraise:%'));

describe('appraise ops', () => {
  it('refuses a month not over, and what is not a month', async () => {
    const now = await ops('appraise', 'run', '--month', '2030-03');
    expect(now.code).toBe(EXIT.REFUSED);
    expect(now.err).toContain('2030年3月还没有结束');
    expect((await ops('appraise', 'run', '--month', '2030-13')).code).toBe(EXIT.USAGE);
    expect((await ops('appraise', 'frobnicate')).code).toBe(EXIT.USAGE);
    const list = await ops('appraise', 'list');
    expect(list.code).toBe(EXIT.OK);
    expect(list.out).toContain('（还没有）');
  });

  it('the demo seed runs last month once, paid through the ledger once', async () => {
    expect(await seedDemoRanking(ctx)).toBeGreaterThan(0);
    const r = await seedDemoAppraise(ctx);
    expect(r?.month).toBe('2030-02');
    expect(r!.winners.length).toBeGreaterThan(3);
    expect(r!.paid).toBe(r!.winners.length);
    expect(r!.qualified).toBeLessThan(r!.candidates); // some answered too little or too carelessly
    expect(await seedDemoAppraise(ctx)).toBeNull();
    expect((await awards()).length).toBe(r!.winners.length);
    const page = envelopeOf(await app.inject({ method: 'GET', url: '/api/v1/appraise' })) as {
      data: { month: string; winners: { award: number }[] };
    };
    expect(page.data.month).toBe('2030-02');
    expect(page.data.winners.map((w) => w.award)).toEqual(r!.winners.map((w) => w.award));
  });

  it('run (default last month) again pays nothing; list shows the winners paid', async () => {
    const before = (await awards()).length;
    const again = await ops('appraise', 'run');
    expect(again.code).toBe(EXIT.OK);
    expect(again.out).toContain('2030年2月已经评选过');
    expect((await awards()).length).toBe(before);
    const list = await ops('appraise', 'list', '--month', '2030-02');
    expect(list.out).toContain('已评选的月份 / months run: 2030-02');
    expect(list.out).toContain('已发放');
    expect(list.out).toContain(`共 ${before} 位答题之星`);
    expect((await ops('appraise', 'list', '--month', '2029-05')).out).toContain('2029年5月还没有评选结果');
  });

  it('a month without answers runs with no winners', async () => {
    const r = await ops('appraise', 'run', '--month', '2030-01');
    expect(r.code).toBe(EXIT.OK);
    expect(r.out).toContain('✓ 已评选2030年1月：参评 0 人，达标 0 人，发放奖励 0 份');
  });
});
