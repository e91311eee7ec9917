/**
 * 月度答题之星's rules (openapi/rules/appraise.ts): eligibility, the order (valid answers, then
 * rate, then who reached the count first), the cut and the awards, and the distance to qualifying —
 * each checked against its plain definition over random candidates.
 */
import { describe, expect, it } from 'vitest';
import {
  APPRAISE_AWARDS,
  APPRAISE_MIN_COUNTED,
  APPRAISE_MIN_RATE,
  APPRAISE_TOP,
  awardOf,
  distanceToQualify,
  qualifies,
  rankCandidates,
  type AppraiseCandidate,
} from '../../../openapi/rules/appraise';

function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

describe('appraise rules', () => {
  it('awards: every place up to the top has its tier, none after', () => {
    expect(APPRAISE_TOP).toBe(10);
    expect([1, 2, 3, 4, 10, 11].map(awardOf)).toEqual([2000, 1000, 1000, 500, 500, 0]);
    for (let r = 1; r <= APPRAISE_TOP; r++)
      expect(APPRAISE_AWARDS.filter((a) => r >= a.from && r <= a.to)).toHaveLength(1);
  });

  it('qualifies at the minimums exactly', () => {
    expect(qualifies(APPRAISE_MIN_COUNTED, APPRAISE_MIN_COUNTED * APPRAISE_MIN_RATE)).toBe(true);
    expect(qualifies(APPRAISE_MIN_COUNTED - 1, APPRAISE_MIN_COUNTED - 1)).toBe(false);
    expect(qualifies(20, 17)).toBe(false);
    expect(qualifies(20, 18)).toBe(true);
  });

  it('ranks random candidates as the plain definition says', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed);
      const candidates: AppraiseCandidate[] = Array.from({ length: 5 + r(40) }, (_, i) => {
        const counted = r(30);
        return { memberId: i + 1, counted, valid: counted - r(Math.min(counted, 4) + 1), reachedAt: r(5) };
      });
      const ranked = rankCandidates(candidates);
      const eligible = candidates.filter((c) => c.counted >= 10 && c.valid / c.counted >= 0.9);
      expect(ranked).toHaveLength(Math.min(APPRAISE_TOP, eligible.length));
      for (const [i, w] of ranked.entries()) {
        expect(w.rank).toBe(i + 1);
        expect(w.award).toBe(awardOf(i + 1));
        // Nobody left out ranks before a winner.
        for (const o of eligible.filter((c) => !ranked.some((x) => x.memberId === c.memberId))) {
          const before =
            o.valid > w.valid ||
            (o.valid === w.valid && o.valid / o.counted > w.valid / w.counted) ||
            (o.valid === w.valid && o.valid * w.counted === w.valid * o.counted && o.reachedAt < w.reachedAt);
          expect(before).toBe(false);
        }
        const next = ranked[i + 1];
        if (next) {
          expect(w.valid).toBeGreaterThanOrEqual(next.valid);
          if (w.valid === next.valid) expect(w.valid * next.counted).toBeGreaterThanOrEqual(next.valid * w.counted);
        }
      }
    }
  });

  it('the distance to qualifying is the fewest valid answers in a row that qualify', () => {
    for (let counted = 0; counted <= 40; counted++)
      for (let valid = 0; valid <= counted; valid++) {
        const { moreAnswers, moreValid } = distanceToQualify(counted, valid);
        expect(moreAnswers).toBe(Math.max(0, APPRAISE_MIN_COUNTED - counted));
        expect(qualifies(counted + moreValid, valid + moreValid)).toBe(true);
        if (moreValid > 0) expect(qualifies(counted + moreValid - 1, valid + moreValid - 1)).toBe(false);
        expect(moreValid === 0).toBe(qualifies(counted, valid));
      }
  });
});
