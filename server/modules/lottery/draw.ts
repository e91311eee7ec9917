/**
 * The draw on the server (node:crypto) over the pure rule in openapi/rules/lottery.ts, shared by the
 * lucky wheel, the seasonal campaigns and the prize trials; and the server seeds: 32 random bytes
 * as 64 hex digits, committed by their SHA-256.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  drawFromDigest,
  drawMessage,
  type DrawMessageInputs,
  type LotteryTableEntry,
} from '../../../openapi/rules/lottery';

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const seedHash = (seed: string): string => createHash('sha256').update(seed, 'utf8').digest('hex');

/** HMAC-SHA256 of a message under a seed (both UTF-8 text), hex. */
export function hmacDigest(serverSeed: string, message: string): string {
  return createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(message, 'utf8').digest('hex');
}

/** A spin's or campaign draw's number and the prize it falls on. */
export function draw(serverSeed: string, inputs: DrawMessageInputs, table: readonly LotteryTableEntry[]) {
  return drawFromDigest(hmacDigest(serverSeed, drawMessage(inputs)), table);
}
