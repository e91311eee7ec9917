/**
 * The lucky wheel (幸运大转盘, `/lottery`): the fixed rules both sides state, and the draw itself —
 * a pure function the server decides with and the page (or anyone) re-checks with. The seasonal
 * campaigns' draws use the same rule under their own kind.
 *
 * The draw of one spin or campaign draw (GLOSSARY "Lottery"), rule 2 (DRAW_RULE):
 *   message = `${kind}|${member}|${memberSeed}|${nonce}`   kind: `wheel` or `campaign:<slug>`;
 *             member: the member's public number (会员编号); nonce: the member's n-th draw of that
 *             kind that Beijing day
 *   digest  = HMAC-SHA256(key = serverSeed, message)   (both as UTF-8 text)
 *   roll    = (first 13 hex digits of digest, a 52-bit integer) mod totalWeight
 *   prize   = the entry of the prize table (in its order) whose cumulative weight first exceeds roll
 * The server seed of a Beijing day is 64 hex digits; its SHA-256 (of the text) is published before
 * the day starts and the seed itself after the day ends. The modulo bias is below totalWeight / 2^52.
 *
 * Rule 1 (draws before 2026-11-29) hashed only `${memberSeed}:${nonce}`: the same member seed and
 * nonce gave the same roll to every member and in every kind of draw, so throw-away accounts could
 * find a good seed and the main account replay it. Its records keep verifying under rule 1.
 */

/** Free spins per member per Beijing calendar day. */
export const LOTTERY_FREE_SPINS_PER_DAY = 1;
/** 微豆 one bought spin costs. */
export const LOTTERY_SPIN_PRICE = 20;
/** Spins a member may buy per Beijing calendar day. */
export const LOTTERY_BOUGHT_SPINS_PER_DAY = 10;
/** The member's seed of a spin: 16–64 lower-case hex digits (the page makes a random one per spin). */
export const LOTTERY_MEMBER_SEED_RE = /^[0-9a-f]{16,64}$/;
/** A server seed: 64 lower-case hex digits (32 random bytes). */
export const LOTTERY_SERVER_SEED_RE = /^[0-9a-f]{64}$/;

export const LOTTERY_SOURCES = ['free', 'points', 'benefit'] as const;
export type LotterySource = (typeof LOTTERY_SOURCES)[number];
export const lotterySourceLabel: Record<LotterySource, string> = {
  free: '每日免费',
  points: '微豆购买',
  benefit: '权益赠送',
};

export interface LotteryTableEntry {
  prizeId: number;
  weight: number;
}

/** The versions of the draw rule; every spin and draw records the one it was drawn with. */
export const DRAW_RULES = [1, 2] as const;
export type DrawRule = (typeof DRAW_RULES)[number];
/** The rule new draws are made with. */
export const DRAW_RULE: DrawRule = 2;

/** What a draw is for: the wheel, or one seasonal campaign (by its address at the time). */
export const WHEEL_DRAW_KIND = 'wheel';
export const campaignDrawKind = (slug: string): string => `campaign:${slug}`;

/** Everything a draw's HMAC message is made of. */
export interface DrawMessageInputs {
  rule: DrawRule;
  /** `wheel` or `campaign:<slug>` (rule 2; null under rule 1, which does not use it). */
  kind: string | null;
  /** The member's public number (rule 2; null under rule 1). */
  member: string | null;
  memberSeed: string;
  nonce: number;
}

/** The HMAC message of a spin or a campaign draw, under the rule it was drawn with. */
export function drawMessage(d: DrawMessageInputs): string {
  if (d.rule === 1) return `${d.memberSeed}:${d.nonce}`;
  if (!d.kind || !d.member) throw new Error('a rule-2 draw names its kind and member');
  return `${d.kind}|${d.member}|${d.memberSeed}|${d.nonce}`;
}

/** The draw's number in [0, totalWeight) from the HMAC digest (hex). */
export function rollFromDigest(digestHex: string, totalWeight: number): number {
  if (!Number.isSafeInteger(totalWeight) || totalWeight <= 0) throw new Error('total weight must be positive');
  return parseInt(digestHex.slice(0, 13), 16) % totalWeight;
}

export const totalWeight = (table: readonly LotteryTableEntry[]): number => table.reduce((sum, e) => sum + e.weight, 0);

/** The prize the number falls on: cumulative weights in table order. */
export function prizeAt(table: readonly LotteryTableEntry[], roll: number): number {
  let upTo = 0;
  for (const e of table) {
    upTo += e.weight;
    if (roll < upTo) return e.prizeId;
  }
  throw new Error(`roll ${roll} is outside the table's total weight ${upTo}`);
}

/** The whole draw from the digest: the number and the prize. */
export function drawFromDigest(digestHex: string, table: readonly LotteryTableEntry[]) {
  const roll = rollFromDigest(digestHex, totalWeight(table));
  return { roll, prizeId: prizeAt(table, roll) };
}
