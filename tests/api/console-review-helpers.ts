/**
 * Shared by the console review tests: a member with points, an IP of registration and an age, who
 * redeems a virtual reward (with codes loaded) over the member API, so a pending exchange waits.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { loadCodes } from '../../server/modules/exchange/admin';
import type { Harness } from './accounts-helpers';
import { newMember, newReward, type TestMember } from './exchange-helpers';

const DAY = 86_400_000;

/** A member registered `days` ago from `ip` (a real registration records both), with `points`. */
export async function reviewMember(
  ctx: AppContext,
  opts: { ip?: string | null; days?: number; points?: number } = {},
): Promise<TestMember & { memberCode: string }> {
  const m = await newMember(ctx, opts.points ?? 1000);
  const [row] = await ctx.db
    .update(members)
    .set({ registerIp: opts.ip ?? null, createdAt: new Date(ctx.now() - (opts.days ?? 60) * DAY) })
    .where(eq(members.id, m.id))
    .returning({ memberCode: members.memberCode });
  return { ...m, memberCode: row!.memberCode };
}

/** A virtual reward with `codes` codes in stock. */
export async function virtualReward(ctx: AppContext, codes = 5, pointsCost = 100) {
  const r = await newReward(ctx, { type: 2, stock: 0, pointsCost, faceValue: pointsCost });
  await loadCodes(
    ctx,
    r.id,
    Array.from({ length: codes }, () => `CODE-${randomUUID()}`),
    'test',
  );
  return r;
}

/** The member redeems `rewardId` through the member API: the new exchange's id. */
export async function redeemOver(h: Harness, m: TestMember, rewardId: number): Promise<number> {
  const r = await h.call('POST', '/api/v1/exchange/redeem', {
    token: m.token,
    body: { rewardId, requestKey: randomUUID() },
  });
  if (r.code !== 200) throw new Error(`redeem failed: ${r.code} ${r.msg}`);
  return (r.data as { exchange: { id: number } }).exchange.id;
}
