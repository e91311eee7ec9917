/**
 * Re-checking a lucky-wheel spin in the browser (Web Crypto), by the rule in
 * openapi/rules/lottery.ts: the revealed seed's SHA-256 must be the hash published before the day,
 * and HMAC-SHA256(seed, the draw's message under the rule it was drawn with) over the spin's prize
 * table must give the spin's number and prize. The result was decided on the server; this only
 * checks it.
 */
import { drawFromDigest, drawMessage, type DrawRule, type LotteryTableEntry } from '../../openapi/rules/lottery';

export interface SpinInputs {
  seedHash: string;
  seed: string | null;
  rule: DrawRule;
  kind: string | null;
  member: string | null;
  memberSeed: string;
  nonce: number;
  table: readonly LotteryTableEntry[];
  roll: number;
}

export interface SpinCheck {
  /** SHA-256 of the revealed seed equals the hash published before the day. */
  hashMatches: boolean;
  /** The number and prize recomputed here. */
  roll: number;
  prizeId: number;
  /** Everything matches what the server recorded. */
  ok: boolean;
}

const enc = new TextEncoder();
const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
}

/** null until the day's seed is revealed. */
export async function checkSpin(v: SpinInputs, drawnPrizeId: number): Promise<SpinCheck | null> {
  if (!v.seed) return null;
  const [hash, digest] = await Promise.all([
    sha256Hex(v.seed),
    hmacSha256Hex(v.seed, drawMessage(v)),
  ]);
  const d = drawFromDigest(digest, v.table);
  const hashMatches = hash === v.seedHash;
  return { hashMatches, ...d, ok: hashMatches && d.roll === v.roll && d.prizeId === drawnPrizeId };
}
