/**
 * Benefits (权益) rules both sides state: what a boost card (加成卡) adds to a task's 微豆.
 */

/** 微豆 a boost card of `percent` % adds to a task paying `points`: at least 1, rounded down. */
export function boostExtra(percent: number, points: number): number {
  return Math.max(1, Math.floor((points * percent) / 100));
}
