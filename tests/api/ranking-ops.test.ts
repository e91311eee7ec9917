/**
 * The ranking's commands of `npm run ops` (scripts/ops-ranking.ts) in-process — `ranking rebuild`
 * (idempotent, equal to what the ledger writer kept), `tips list|publish|unpublish` (sanitized,
 * members read what operators publish) — and the demo seed (six tips and a populated board, once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { rankingEarned } from '../../server/db/schema-ranking';
import { demoTips, seedDemoRanking } from '../../server/seed/demoRanking';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('ranking-ops');
/** Thursday 2030-03-14 12:00 Beijing. */
const clock = testClock(Date.UTC(2030, 2, 14, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;
const files = { 'tip.html': '<h3>读题</h3><p>先读完<strong>题干</strong></p><script>alert(1)</script>' };

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李', files });
const api = async <T>(url: string) => envelopeOf(await app.inject({ method: 'GET', url })) as { code: number; data: T };
const table = async () =>
  (await ctx.db.select().from(rankingEarned))
    .map((r) => `${r.period} ${r.periodStart} ${r.memberId} ${r.amount}`)
    .sort();

describe('demo seed', () => {
  it('seeds six tips and a board of demo earners once', async () => {
    expect(await seedDemoRanking(ctx)).toBe(demoTips.length);
    expect(await seedDemoRanking(ctx)).toBe(0);
    const tips = await api<{ title: string }[]>('/api/v1/ranking/tips');
    expect(tips.data.map((t) => t.title)).toEqual(demoTips.map((t) => t.title));
    for (const period of ['week', 'month']) {
      const b = await api<{ entries: { amount: number }[] }>(`/api/v1/ranking?period=${period}`);
      expect(b.data.entries).toHaveLength(20);
    }
  });
});

describe('npm run ops: ranking and tips', () => {
  it('rebuilds the aggregate from the ledger: the same table, twice', async () => {
    const before = await table();
    expect(before.length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      const r = await ops('ranking', 'rebuild');
      expect(r.code, r.err).toBe(EXIT.OK);
      expect(r.out).toContain(`${before.length} 行`);
      expect(await table()).toEqual(before);
    }
    expect((await ops('ranking')).code).toBe(EXIT.USAGE);
  });

  it('publishes (sanitized), lists and unpublishes tips', async () => {
    const pub = await ops('tips', 'publish', '--title', '读题的习惯', '--file', 'tip.html', '--sort', '1');
    expect(pub.code, pub.err).toBe(EXIT.OK);
    const id = Number(/#(\d+)/.exec(pub.out)![1]);
    expect(pub.out).toContain(`/ranking/article/${id}`);
    const detail = await api<{ content: string; summary: string }>(`/api/v1/ranking/tips/${id}`);
    expect(detail.data.content).toContain('<strong>题干</strong>');
    expect(detail.data.content).not.toContain('script');
    expect(detail.data.summary).toBe('读题 先读完题干');
    expect((await ops('tips', 'list')).out).toContain('读题的习惯');
    expect((await ops('tips', 'publish', '--title', '空的', '--content', '<script>x</script>')).code).toBe(
      EXIT.REFUSED,
    );
    expect((await ops('tips', 'unpublish', String(id))).out).toContain('已下线');
    expect((await ops('tips', 'unpublish', String(id))).out).toContain('已经下线过');
    expect((await api(`/api/v1/ranking/tips/${id}`)).code).toBe(404);
    expect((await ops('tips', 'unpublish', '999999')).code).toBe(EXIT.USAGE);
  });
});
