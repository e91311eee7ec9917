/**
 * Setup and books check for the PostgreSQL benches (`npm run bench:api`, `npm run bench:crash`; run
 * with `node --import tsx`, DATABASE_URL set). Each command prints one JSON line.
 *
 *   node --import tsx bench/redeem-setup.ts setup <pointsEach> <codes> <memberId>...
 *   node --import tsx bench/redeem-setup.ts tasks <count> <points>
 *   node --import tsx bench/redeem-setup.ts check <rewardId> <codes> [<writesFile>]
 *
 * `setup` gives the bench members points and puts one virtual reward with enough codes on the
 * shelf, through the server's own services (ledger credit, addReward, loadCodes). `tasks` adds
 * `count` partner surveys of the demo partner (seeded by the server's first start) paying `points`,
 * with no minimum answer time and no quota, and prints the partner's code and secret (to sign
 * postbacks) and the tasks' public ids.
 *
 * `check` verifies the books: every member's ledger sums to their balance, no balance is negative,
 * and stock + exchanges of the reward = the codes loaded; it also prints the counts a later check
 * compares against (ledger rows, exchanges, participations, check-ins, every balance). With
 * `writesFile` (JSON `{ redeems: [[memberId, requestKey]], starts: [[memberId, taskHashId, rid]],
 * credits: [rid], checkins: [memberId] }`) it says which of those writes are absent from the database: a redeem
 * without its exchange, a task start without its participation, a credit without its ledger row
 * (the participation settled and its ledger row there), a check-in without its day and ledger row.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db';
import { exchanges, rewards } from '../server/db/schema-exchange';
import { checkins, pointBalances, pointLedger } from '../server/db/schema-points';
import { participations, surveyPartners, tasks } from '../server/db/schema-tasks';
import { DEMO_PARTNER_CODE } from '../server/seed/demo';
import { addReward, loadCodes } from '../server/modules/exchange/admin';
import { credit } from '../server/modules/points/ledger';

const [command, ...args] = process.argv.slice(2);
const handle = await createDatabase(loadConfig(process.env));
const db = handle.db;
const ctx = { db, now: Date.now };

interface Writes {
  redeems: [number, string][];
  /** Member, task (public id), and the respondent id the start answered with (null: no answer). */
  starts: [number, string, string | null][];
  credits: string[];
  checkins: number[];
}

/** For each kind of write, the indexes (in `writes`) of those the database does not hold. */
async function absentWrites(writes: Writes) {
  const redeemed = new Set(
    (await db.select({ m: exchanges.memberId, k: exchanges.requestKey }).from(exchanges)).map((e) => `${e.m}:${e.k}`),
  );
  const started = new Map(
    (
      await db
        .select({ m: participations.memberId, t: tasks.hashId, rid: participations.respondentId })
        .from(participations)
        .innerJoin(tasks, eq(tasks.id, participations.taskId))
    ).map((p) => [`${p.m}:${p.t}`, p.rid]),
  );
  const credited = new Set(
    (
      await db
        .select({ rid: participations.respondentId })
        .from(participations)
        .innerJoin(pointLedger, eq(pointLedger.id, participations.ledgerId))
        .where(and(eq(participations.status, 'finished'), isNotNull(participations.ledgerId)))
    ).map((p) => p.rid),
  );
  const checkedIn = new Set(
    (
      await db
        .selectDistinct({ m: checkins.memberId })
        .from(checkins)
        .innerJoin(pointLedger, and(eq(pointLedger.memberId, checkins.memberId), eq(pointLedger.reason, 'checkin')))
    ).map((c) => c.m),
  );
  const missing = <T>(list: T[], has: (item: T) => boolean) => list.flatMap((item, i) => (has(item) ? [] : [i]));
  return {
    redeems: missing(writes.redeems, ([m, k]) => redeemed.has(`${m}:${k}`)),
    starts: missing(
      writes.starts,
      ([m, t, rid]) => started.has(`${m}:${t}`) && (rid === null || started.get(`${m}:${t}`) === rid),
    ),
    credits: missing(writes.credits, (rid) => credited.has(rid)),
    checkins: missing(writes.checkins, (m) => checkedIn.has(m)),
  };
}

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
  } else if (command === 'tasks') {
    const [taskCount, points] = args.map(Number);
    const [partner] = await db.select().from(surveyPartners).where(eq(surveyPartners.code, DEMO_PARTNER_CODE));
    if (!partner) throw new Error('no demo partner: start the server once with SEED_DEMO on');
    const made = await db
      .insert(tasks)
      .values(
        Array.from({ length: taskCount! }, (_, i) => ({
          hashId: randomBytes(9).toString('base64url'),
          title: `压测问卷 ${i + 1}`,
          type: 2,
          module: 2,
          kind: 'survey' as const,
          points: points!,
          minutes: 1,
          minSeconds: 0,
          openAt: new Date(Date.now() - 60_000),
          partnerId: partner.id,
          sort: -1000,
        })),
      )
      .returning({ hashId: tasks.hashId });
    console.log(JSON.stringify({ partner: partner.code, secret: partner.secret, hashIds: made.map((t) => t.hashId) }));
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
    const total = async (table: typeof pointLedger | typeof exchanges | typeof participations | typeof checkins) =>
      Number((await db.select({ n: count() }).from(table))[0]!.n);
    const balances = Object.fromEntries((await db.select().from(pointBalances)).map((b) => [b.memberId, b.balance]));
    const state = {
      ledgerRows: await total(pointLedger),
      exchanges: await total(exchanges),
      participations: await total(participations),
      checkins: await total(checkins),
      balances,
    };
    const writesFile = args[2];
    const absent = writesFile ? await absentWrites(JSON.parse(readFileSync(writesFile, 'utf8'))) : undefined;
    console.log(
      JSON.stringify({ ...books, stock: reward!.stock, exchanges: made!.n, codes: codeCount, state, absent }),
    );
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await handle.close();
}
