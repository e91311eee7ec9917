/**
 * The wheel's draw (openapi/rules/lottery.ts, server/modules/lottery/draw.ts): over 100 000 draws
 * the prizes come out in proportion to their weights (Pearson's chi-square against the weights,
 * 6 degrees of freedom, below 22.46 — the 0.1 % critical value; the inputs are fixed, so the test
 * is deterministic), every number falls in [0, total), the cumulative table's edges are right,
 * and the browser's Web Crypto check (src/services/lotteryVerify.ts) agrees with the server.
 */
import { describe, expect, it } from 'vitest';
import {
  DRAW_RULES,
  drawMessage,
  prizeAt,
  rollFromDigest,
  totalWeight,
  type LotteryTableEntry,
} from '../../openapi/rules/lottery';
import { draw, newServerSeed, seedHash } from '../../server/modules/lottery/draw';
import { checkSpin } from '../../src/services/lotteryVerify';

const TABLE: LotteryTableEntry[] = [
  { prizeId: 1, weight: 400 },
  { prizeId: 2, weight: 250 },
  { prizeId: 3, weight: 150 },
  { prizeId: 4, weight: 100 },
  { prizeId: 5, weight: 60 },
  { prizeId: 6, weight: 30 },
  { prizeId: 7, weight: 10 },
];
const N = 100_000;
const CHI2_CRITICAL_DF6_P001 = 22.458;

describe('lottery draw', () => {
  it(`100 000 draws match the weights (chi-square < ${CHI2_CRITICAL_DF6_P001})`, () => {
    const seed = 'a'.repeat(64);
    const counts = new Map<number, number>();
    const total = totalWeight(TABLE);
    for (let nonce = 1; nonce <= N; nonce++) {
      const d = draw(
        seed,
        { rule: 2, kind: 'wheel', member: 'K7QX2M9P', memberSeed: '0123456789abcdef', nonce },
        TABLE,
      );
      expect(d.roll >= 0 && d.roll < total).toBe(true);
      counts.set(d.prizeId, (counts.get(d.prizeId) ?? 0) + 1);
    }
    let chi2 = 0;
    for (const e of TABLE) {
      const expected = (N * e.weight) / total;
      chi2 += ((counts.get(e.prizeId) ?? 0) - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(CHI2_CRITICAL_DF6_P001);
    // The rarest prize (1 %) within ±15 % of its expectation.
    expect(Math.abs((counts.get(7) ?? 0) - N / 100)).toBeLessThan(150);
  });

  it('a biased mapping would fail the same bound', () => {
    // Sanity check of the test itself: always taking the first prize's slice twice as often fails.
    const counts = [
      2 * 40_000,
      25_000 - 20_000,
      15_000 - 10_000,
      10_000 - 5_000,
      6_000 - 3_000,
      3_000 - 1_000,
      1_000 - 1_000,
    ];
    const chi2 = TABLE.reduce((s, e, i) => s + (counts[i]! - (N * e.weight) / 1000) ** 2 / ((N * e.weight) / 1000), 0);
    expect(chi2).toBeGreaterThan(CHI2_CRITICAL_DF6_P001);
  });

  it('cumulative edges and the number from the digest', () => {
    expect(prizeAt(TABLE, 0)).toBe(1);
    expect(prizeAt(TABLE, 399)).toBe(1);
    expect(prizeAt(TABLE, 400)).toBe(2);
    expect(prizeAt(TABLE, 999)).toBe(7);
    expect(() => prizeAt(TABLE, 1000)).toThrow();
    expect(
      prizeAt(
        [
          { prizeId: 9, weight: 0 },
          { prizeId: 8, weight: 1 },
        ],
        0,
      ),
    ).toBe(8);
    expect(rollFromDigest('fffffffffffff' + '0'.repeat(51), 1000)).toBe(0xfffffffffffff % 1000);
  });

  for (const rule of DRAW_RULES)
    it(`the browser check agrees with the server under rule ${rule}, and catches a wrong seed or number`, async () => {
      const seed = newServerSeed();
      const named = rule === 1 ? { kind: null, member: null } : { kind: 'wheel', member: 'K7QX2M9P' };
      const inputs = { rule, ...named, memberSeed: 'feedface00112233', nonce: 3 };
      const d = draw(seed, inputs, TABLE);
      const v = { ...inputs, seedHash: seedHash(seed), seed, table: TABLE, roll: d.roll };
      expect(await checkSpin(v, d.prizeId)).toEqual({ hashMatches: true, roll: d.roll, prizeId: d.prizeId, ok: true });
      expect(await checkSpin({ ...v, seed: null }, d.prizeId)).toBeNull();
      expect((await checkSpin({ ...v, seed: newServerSeed() }, d.prizeId))!.hashMatches).toBe(false);
      expect((await checkSpin({ ...v, roll: (d.roll + 1) % 1000 }, d.prizeId))!.ok).toBe(false);
    });

  it('rule 2 names the kind and the member; rule 1 (past draws) did not', () => {
    const base = { memberSeed: 'feedface00112233', nonce: 3 };
    expect(drawMessage({ rule: 1, kind: null, member: null, ...base })).toBe('feedface00112233:3');
    expect(drawMessage({ rule: 2, kind: 'wheel', member: 'K7QX2M9P', ...base })).toBe(
      'wheel|K7QX2M9P|feedface00112233|3',
    );
    expect(drawMessage({ rule: 2, kind: 'campaign:xmas', member: 'K7QX2M9P', ...base })).toBe(
      'campaign:xmas|K7QX2M9P|feedface00112233|3',
    );
    // Under rule 1 two members (or the wheel and a campaign) with one seed and nonce had one message.
    const seed = newServerSeed();
    const rollOf = (kind: string, member: string) =>
      draw(seed, { rule: 2, kind, member, ...base }, [{ prizeId: 1, weight: 2 ** 40 }]).roll;
    expect(
      new Set([rollOf('wheel', 'AAAAAAAA'), rollOf('wheel', 'BBBBBBBB'), rollOf('campaign:xmas', 'AAAAAAAA')]).size,
    ).toBe(3);
    expect(() => drawMessage({ rule: 2, kind: null, member: 'K7QX2M9P', ...base })).toThrow();
  });
});
