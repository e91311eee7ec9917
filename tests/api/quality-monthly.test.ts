/**
 * The monthly report (GET /v1/quality/monthly) over participations settled the real way: random
 * histories per seed compared with a direct count — counted and valid per Beijing month, rate =
 * valid / counted, 微豆 = the ledger's credits of the month less their reversals (a reversal in a
 * later month taken from the credit's month) — and the panel median over the members with a
 * counted answer that month, kept per month (a finished month for an hour, the current one for a minute).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { JoinResult } from '../../openapi/enums';
import type { MonthlyReport } from '../../openapi/schemas/quality';
import type { AppContext } from '../../server/context';
import { pointLedger } from '../../server/db/schema-points';
import { DAY_MS, shanghaiDay } from '../../server/kernel/time';
import { median, MEDIAN_TTL_CURRENT_MS, MEDIAN_TTL_FINISHED_MS } from '../../server/modules/quality/monthly';
import { reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { freshMobile, harness, T0, type Harness } from './accounts-helpers';
import { prng } from './support/fuzz-cases';
import { newParticipation, newTask } from './tasks-helpers';

type Report = z.output<typeof MonthlyReport>;
const R = JoinResult.values;
const monthOf = (ms: number) => shanghaiDay(ms).slice(0, 7);

interface Planned {
  at: number;
  joinResult: number;
  reasons: number[];
  points: number;
  /** When the partner reverses it (null: never). */
  reverseAt: number | null;
}

function setup(name: string) {
  const s = { h: undefined as unknown as Harness };
  beforeAll(async () => {
    s.h = await harness(name);
  });
  afterAll(() => s.h.env.cleanup());
  return s;
}

const ctxOf = (h: Harness) => (h.app as unknown as { ctx: AppContext }).ctx;

async function member(h: Harness) {
  const mobile = freshMobile();
  const login = await h.register(mobile);
  return { id: login.member.id, token: login.token, mobile };
}

/** Settle `p` at its time (and reverse it later) the way the modules do; the clock ends at `back`. */
async function settle(h: Harness, memberId: number, p: Planned, back = T0) {
  const c = ctxOf(h);
  h.clock.set(p.at);
  const task = await newTask(c, { kind: 'poll', points: p.points });
  const part = await newParticipation(c, task.id, memberId);
  await settleParticipation(c, {
    respondentId: part.respondentId,
    joinResult: p.joinResult,
    lowQualityReasons: p.reasons,
    settledBy: 'postback',
  });
  if (p.reverseAt !== null) {
    h.clock.set(p.reverseAt);
    await reverseParticipation(c, part.respondentId);
  }
  h.clock.set(back);
}

/** 微豆 earned per month straight from the ledger: posted credits, less reversals taken from the credit's month. */
async function ledgerEarned(h: Harness, memberId: number): Promise<Map<string, number>> {
  const rows = await ctxOf(h).db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.status !== 'posted') continue;
    let at: Date | null = null;
    if (r.reversesId === null && r.amount > 0) at = r.createdAt;
    if (r.reversesId !== null && r.amount < 0) at = byId.get(r.reversesId)!.createdAt;
    if (!at) continue;
    const m = monthOf(at.getTime());
    out.set(m, (out.get(m) ?? 0) + r.amount);
  }
  return out;
}

const isCounted = (p: Planned) => p.joinResult === R.COMPLETE || p.joinResult === R.TOO_SHORT;
const isValid = (p: Planned) => p.joinResult === R.COMPLETE && p.reasons.length === 0 && p.reverseAt === null;

function randomHistory(seed: number): Planned[] {
  const rng = prng(seed);
  const results = [R.COMPLETE, R.COMPLETE, R.COMPLETE, R.TOO_SHORT, R.SCREENED_OUT, R.QUOTA_FULL, R.TIMED_OUT];
  return Array.from({ length: 6 + rng.int(16) }, () => {
    const joinResult = rng.pick(results);
    const at = T0 - rng.int(200) * DAY_MS - rng.int(20) * 3_600_000;
    const reasons =
      joinResult === R.COMPLETE && rng.next() < 0.35 ? [1, 2, 3, 4, 5].filter(() => rng.next() < 0.4) : [];
    const reverse = joinResult === R.COMPLETE && reasons.length === 0 && rng.next() < 0.25;
    return {
      at,
      joinResult,
      reasons,
      points: 20 + rng.int(300),
      reverseAt: reverse ? Math.min(T0, at + rng.int(60) * DAY_MS) : null,
    };
  });
}

const get = async (h: Harness, token: string, month?: string) =>
  h.call('GET', `/api/v1/quality/monthly${month ? `?month=${month}` : ''}`, { token });

describe('monthly report: one member', () => {
  const s = setup('quality-monthly');

  it('needs a login', async () => {
    expect((await s.h.call('GET', '/api/v1/quality/monthly')).status).toBe(401);
  });

  it('a new member: this month, nothing yet, no months before, and no month outside their range', async () => {
    const m = await member(s.h);
    const r = await get(s.h, m.token);
    const d = r.data as Report;
    expect(d).toMatchObject({ month: '2030-01', firstMonth: '2030-01', currentMonth: '2030-01', previous: [] });
    expect(d.figures).toEqual({ month: '2030-01', counted: 0, valid: 0, rate: null, earned: 0, medianRate: null });
    expect((await get(s.h, m.token, '2030-02')).code).toBe(400);
    expect((await get(s.h, m.token, '2029-12')).code).toBe(400);
    expect((await get(s.h, m.token, '2030-13')).code).toBe(400);
    expect((await get(s.h, m.token, '203001')).code).toBe(400);
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`random history ${seed}: counted, valid, rate = valid / counted and 微豆 = the ledger with reversals, per month`, async () => {
      const m = await member(s.h);
      const history = randomHistory(seed);
      for (const p of history) await settle(s.h, m.id, p);
      const earned = await ledgerEarned(s.h, m.id);
      const first = monthOf(Math.min(...history.map((p) => p.at)));

      const months = new Set(history.map((p) => monthOf(p.at)));
      months.add('2030-01');
      for (const month of months) {
        const d = (await get(s.h, m.token, month)).data as Report;
        expect(d.firstMonth).toBe(first);
        expect(d.month).toBe(month);
        for (const f of [...d.previous, d.figures]) {
          const of = history.filter((p) => isCounted(p) && monthOf(p.at) === f.month);
          const valid = of.filter(isValid).length;
          expect(f.counted).toBe(of.length);
          expect(f.valid).toBe(valid);
          expect(f.rate).toBe(of.length === 0 ? null : valid / of.length);
          expect(f.earned).toBe(Math.max(0, earned.get(f.month) ?? 0));
          expect(f.month >= first).toBe(true);
        }
        expect(d.previous.length).toBeLessThanOrEqual(6);
        const months = [...d.previous, d.figures].map((f) => f.month);
        expect([...months].sort()).toEqual(months);
      }
    });
  }
});

describe('monthly report: the panel median', () => {
  const s = setup('quality-monthly-median');

  /** Five members' December: how many answers, how many of them flagged, and each answer's 微豆. */
  const plans: { n: number; flagged: number; points: number }[] = [
    { n: 4, flagged: 0, points: 100 },
    { n: 2, flagged: 1, points: 50 },
    { n: 6, flagged: 3, points: 80 },
    { n: 1, flagged: 0, points: 300 },
    { n: 3, flagged: 2, points: 40 },
  ];
  const DEC = T0 - 10 * DAY_MS; // 2029-12-22

  it('is the median of counted, rate and 微豆 over the members who answered that month, kept per month', async () => {
    const ms = [];
    for (const plan of plans) {
      const m = await member(s.h);
      ms.push(m);
      for (let i = 0; i < plan.n; i++)
        await settle(s.h, m.id, {
          at: DEC + i * 3_600_000,
          joinResult: R.COMPLETE,
          reasons: i < plan.flagged ? [3] : [],
          points: plan.points,
          reverseAt: null,
        });
    }
    // A member who was only screened out that month is not in the panel.
    const outsider = await member(s.h);
    await settle(s.h, outsider.id, { at: DEC, joinResult: R.SCREENED_OUT, reasons: [], points: 100, reverseAt: null });

    const earned = await Promise.all(ms.map(async (m) => (await ledgerEarned(s.h, m.id)).get('2029-12') ?? 0));
    const want = {
      members: plans.length,
      counted: median(plans.map((p) => p.n)),
      rate: median(plans.map((p) => (p.n - p.flagged) / p.n)),
      earned: median(earned),
    };
    expect(want).toEqual({ members: 5, counted: 3, rate: 0.5, earned: expect.any(Number) });
    const d = (await get(s.h, ms[0]!.token, '2029-12')).data as Report;
    expect(d.median.members).toBe(want.members);
    expect(d.median.counted).toBe(want.counted);
    expect(d.median.rate).toBeCloseTo(want.rate!, 10);
    expect(d.median.earned).toBe(want.earned);
    expect(d.figures.medianRate).toBeCloseTo(want.rate!, 10);
    // The January report shows December among its previous months with the same median rate.
    const jan = (await get(s.h, ms[0]!.token)).data as Report;
    expect(jan.previous.find((f) => f.month === '2029-12')!.medianRate).toBeCloseTo(want.rate!, 10);

    // A finished month is kept: a sixth member's December answer shows only after the hour.
    const late = await member(s.h);
    await settle(s.h, late.id, { at: DEC, joinResult: R.COMPLETE, reasons: [1], points: 10, reverseAt: null });
    expect(((await get(s.h, late.token, '2029-12')).data as Report).median.members).toBe(5);
    s.h.clock.set(T0 + MEDIAN_TTL_FINISHED_MS + 1000);
    const again = await s.h.smsLogin(late.mobile); // the first login's token has expired by now
    const after = (await get(s.h, again.token, '2029-12')).data as Report;
    expect(after.median.members).toBe(6);
    expect(after.median.rate).toBeCloseTo(median([...plans.map((p) => (p.n - p.flagged) / p.n), 0])!, 10);
    s.h.clock.set(T0);
  });

  it('the current month refreshes within a minute', async () => {
    const now = T0 + 2 * MEDIAN_TTL_FINISHED_MS;
    s.h.clock.set(now);
    const a = await member(s.h);
    const t = s.h.clock.now(); // registering moved the clock on
    const before = ((await get(s.h, a.token)).data as Report).median.members;
    await settle(s.h, a.id, { at: t, joinResult: R.COMPLETE, reasons: [], points: 10, reverseAt: null }, t);
    expect(((await get(s.h, a.token)).data as Report).median.members).toBe(before);
    s.h.clock.set(t + MEDIAN_TTL_CURRENT_MS + 1000);
    const d = (await get(s.h, a.token)).data as Report;
    expect(d.median.members).toBe(before + 1);
    expect(d.figures).toMatchObject({ counted: 1, valid: 1, rate: 1, earned: 10 });
    s.h.clock.set(T0);
  });
});
