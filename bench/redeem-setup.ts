/**
 * Setup for the redeem part of `npm run bench:api` (run with `node --import tsx`, DATABASE_URL set):
 * give the bench members points and put one virtual reward with enough codes on the shelf, through
 * the server's own services (ledger credit, addReward, loadCodes), then print what it made as JSON.
 *
 *   node --import tsx bench/redeem-setup.ts setup <pointsEach> <codes> <memberId>...
 *   node --import tsx bench/redeem-setup.ts check <rewardId> <codes>
 *
 * `check` verifies the books after the load: every member's ledger sums to their balance, no
 * balance is negative, and stock + live exchanges of the reward = the codes loaded.
 */
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db';
import { exchanges, rewards } from '../server/db/schema-exchange';
import { pointBalances, pointLedger } from '../server/db/schema-points';
import { addReward, loadCodes } from '../server/modules/exchange/admin';
import { credit } from '../server/modules/points/ledger';

const [command, ...args] = process.argv.slice(2);
const handle = await createDatabase(loadConfig(process.env));
const db = handle.db;
const ctx = { db, now: Date.now };

try {
  if (command === 'setup') {
    const [pointsEach, codeCount, ...memberIds] = args.map(Number);
    for (const memberId of memberIds)
      await credit(db, {
        memberId,
        amount: pointsEach!,
        reason: 'adjust',
        source: '压测初始微豆',
        idempotencyKey: `bench:${memberId}`,
      });
    const reward = await addReward(ctx, {
      type: 2,
      title: '压测话费卡 1 元',
      pointsCost: 100,
      faceValue: 100,
      description: 'bench',
    });
    const codes = Array.from({ length: codeCount! }, (_, i) => `BENCH-${reward.id}-${i}`);
    const loaded = await loadCodes(ctx, reward.id, codes, 'bench');
    console.log(JSON.stringify({ rewardId: reward.id, stock: loaded.stock, pointsCost: reward.pointsCost }));
  } else if (command === 'check') {
    const [rewardId, codeCount] = args.map(Number);
    const sums = db
      .select({ memberId: pointLedger.memberId, total: sql<number>`sum(${pointLedger.amount})::int`.as('total') })
      .from(pointLedger)
      .where(eq(pointLedger.status, 'posted'))
      .groupBy(pointLedger.memberId)
      .as('sums');
    const [books] = await db
      .select({
        members: sql<number>`count(*)::int`,
        unbalanced: sql<number>`count(*) filter (where ${pointBalances.balance} <> coalesce(${sums.total}, 0))::int`,
        negative: sql<number>`count(*) filter (where ${pointBalances.balance} < 0)::int`,
      })
      .from(pointBalances)
      .leftJoin(sums, eq(sums.memberId, pointBalances.memberId));
    const [reward] = await db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId!));
    const [made] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchanges)
      .where(eq(exchanges.rewardId, rewardId!));
    console.log(JSON.stringify({ ...books, stock: reward!.stock, exchanges: made!.n, codes: codeCount }));
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await handle.close();
}
