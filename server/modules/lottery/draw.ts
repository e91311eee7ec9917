/**
 * The wheel's draw on the server (node:crypto) over the pure rule in openapi/rules/lottery.ts, and
 * the server seeds: 32 random bytes as 64 hex digits, committed by their SHA-256.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { drawFromDigest, drawMessage, type LotteryTableEntry } from '../../../openapi/rules/lottery';

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const seedHash = (seed: string): string => createHash('sha256').update(seed, 'utf8').digest('hex');

export function drawDigest(serverSeed: string, memberSeed: string, nonce: number): string {
  return createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
    .update(drawMessage(memberSeed, nonce), 'utf8')
    .digest('hex');
}

/** The spin's number and the prize it falls on. */
export function draw(serverSeed: string, memberSeed: string, nonce: number, table: readonly LotteryTableEntry[]) {
  return drawFromDigest(drawDigest(serverSeed, memberSeed, nonce), table);
}
