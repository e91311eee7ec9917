/**
 * The ranking aggregate (server/modules/points/earned.ts): over random ledger histories — credits
 * of every earning kind, spending, refunds, reversals, pending credits, across Beijing week and
 * month boundaries — `ranking_earned` kept by the ledger writer equals a direct sum of the ledger,
 * and the rebuild gives the same table (twice: idempotent).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { rankingEarned } from '../../server/db/schema-ranking';
import { AppError } from '../../server/http/errors';
import { ensureEarnedBuilt, periodEnd, periodStart, rebuildEarned } from '../../server/modules/points/earned';
import { credit, debit, reverse } from '../../server/modules/points/ledger';
import { createTestEnv } from './helpers';
import { newMember } from './tasks-helpers';

const env = createTestEnv('ranking-earned');
let ctx: AppContext;

beforeAll(async () => {
  const app = await env.build();
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const key = () => `test:${randomBytes(8).toString('hex')}`;
const H = 3_600_000;

/** A seeded PRNG (mulberry32), so a failing history can be replayed from its seed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The table as sorted text rows. */
async function aggregate(members: number[]) {
  const rows = await ctx.db.select().from(rankingEarned);
  return rows
    .filter((r) => members.includes(r.memberId))
    .map((r) => `${r.period} ${r.periodStart} ${r.memberId} ${r.amount}`)
    .sort();
}

/** The direct sum, in TypeScript, of what the model says counts. */
function directSum(events: { memberId: number; amount: number; at: number }[]) {
  const sums = new Map<string, number>();
  for (const e of events)
    for (const p of ['week', 'month'] as const) {
      const k = `${p} ${periodStart(p, e.at)} ${e.memberId}`;
      sums.set(k, (sums.get(k) ?? 0) + e.amount);
    }
  return [...sums].map(([k, v]) => `${k} ${v}`).sort();
}

describe('periods in Beijing time', () => {
  it('weeks start on Monday, months on the 1st, at Beijing midnight', () => {
    // 2030-03-31 is a Sunday; 16:00 UTC on it is Monday 2030-04-01 00:00 in Beijing.
    const sundayLate = Date.UTC(2030, 2, 31, 15, 59);
    const mondayBeijing = Date.UTC(2030, 2, 31, 16, 0);
    expect(periodStart('week', sundayLate)).toBe('2030-03-25');
    expect(periodStart('month', sundayLate)).toBe('2030-03-01');
    expect(periodStart('week', mondayBeijing)).toBe('2030-04-01');
    expect(periodStart('month', mondayBeijing)).toBe('2030-04-01');
    expect(periodEnd('week', '2030-03-25')).toBe('2030-04-01');
    expect(periodEnd('month', '2030-12-01')).toBe('2031-01-01');
  });
});

describe('the aggregate equals a direct sum of the ledger', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`random history #${seed}`, async () => {
      const r = rng(seed);
      const members = [await newMember(ctx), await newMember(ctx), await newMember(ctx)];
      const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
      // A walk in time around a week end that is also a month end (Beijing): 2030-03-31/04-01.
      let t = Date.UTC(2030, 2, 29, 0, 0);
      const credits: { id: number; memberId: number; amount: number; at: number }[] = [];
      const debits: number[] = [];
      const counted: { memberId: number; amount: number; at: number }[] = [];
      for (let i = 0; i < 60; i++) {
        t += Math.floor(r() * 6 * H);
        const m = pick(members);
        const roll = r();
        if (roll < 0.45) {
          const amount = 1 + Math.floor(r() * 500);
          const reason = pick(['task', 'checkin', 'invite', 'boost', 'survey']);
          const c = await credit(ctx, { memberId: m, amount, reason, source: reason, idempotencyKey: key(), at: t });
          credits.push({ id: c.ledgerId, memberId: m, amount, at: t });
          counted.push({ memberId: m, amount, at: t });
        } else if (roll < 0.55) {
          await credit(ctx, {
            memberId: m,
            amount: 77,
            reason: 'task',
            source: 'p',
            idempotencyKey: key(),
            status: 'pending',
            at: t,
          });
        } else if (roll < 0.75 && credits.length) {
          const c = credits.splice(Math.floor(r() * credits.length), 1)[0]!;
          const back = await reverse(ctx, c.id, key(), { at: t }).catch((e: unknown) => e);
          if (back instanceof AppError) continue; // already spent: refused whole, nothing written
          if (back instanceof Error) throw back;
          counted.push({ memberId: c.memberId, amount: -c.amount, at: c.at });
        } else if (roll < 0.9) {
          const d = await debit(ctx, {
            memberId: m,
            amount: 1 + Math.floor(r() * 200),
            reason: 'exchange',
            source: 'x',
            idempotencyKey: key(),
            at: t,
          }).catch((e: unknown) => e);
          if (!(d instanceof AppError)) debits.push((d as { ledgerId: number }).ledgerId);
        } else if (debits.length) {
          await reverse(ctx, debits.pop()!, key(), { at: t }); // a refund: not earned
        }
        if (r() < 0.1)
          await credit(ctx, {
            memberId: m,
            amount: 5,
            reason: 'task',
            source: 'replay',
            idempotencyKey: 'fixed-' + seed + '-' + m,
            at: t,
          }).then((c) => {
            if (!c.replayed) counted.push({ memberId: m, amount: 5, at: t });
          });
      }
      const expected = directSum(counted);
      expect(await aggregate(members)).toEqual(expected);
      await rebuildEarned(ctx.db);
      expect(await aggregate(members)).toEqual(expected);
      await rebuildEarned(ctx.db);
      expect(await aggregate(members)).toEqual(expected);
    });
  }

  it('builds the aggregate at start only when it is empty and the ledger is not', async () => {
    const m = await newMember(ctx);
    await credit(ctx, { memberId: m, amount: 10, reason: 'task', source: 't', idempotencyKey: key() });
    expect(await ensureEarnedBuilt(ctx.db)).toBeNull();
    const before = await aggregate([m]);
    await ctx.db.execute(sql`delete from ranking_earned`);
    expect(await ensureEarnedBuilt(ctx.db)).toBeGreaterThan(0);
    expect(await aggregate([m])).toEqual(before);
  });
});
