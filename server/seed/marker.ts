/**
 * Seeding once per database: a kv marker claimed in the seeding transaction. The first claim
 * inserts it and seeds; every later start (or a second process starting at the same time, which
 * waits on the row) finds it and seeds nothing, so what operators change afterwards is kept.
 */
import { kv } from '../db/schema';
import type { Tx } from '../kernel/db';

/** Claim `key` inside `tx`; true when this call claimed it (seed now), false when it was claimed before. */
export async function claimSeed(tx: Tx, key: string, now: number): Promise<boolean> {
  const claimed = await tx
    .insert(kv)
    .values({ key, value: { at: now }, updatedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ key: kv.key });
  return Boolean(claimed[0]);
}
