/**
 * The lucky wheel (幸运大转盘, `/lottery`; GLOSSARY "Lottery").
 *
 * Spin (`POST /v1/lottery/spin`), in ONE transaction under the member's advisory lock (one member's
 * spins queue up, so the spins left and the day's nonce are read consistently):
 *   1. the spin's source must have a spin left: free (LOTTERY_FREE_SPINS_PER_DAY a Beijing day),
 *      bought (LOTTERY_BOUGHT_SPINS_PER_DAY a day, each a ledger debit of LOTTERY_SPIN_PRICE, key
 *      `lottery-spin:<memberId>:<requestKey>`), benefit (the spins of lottery-spin holdings used on
 *      the wheel, `benefitSpins`, less the benefit spins made; when none are left, the next unused
 *      holding is used on the wheel now, through the benefits module's `applyHolding`);
 *   2. the draw (rule DRAW_RULE of openapi/rules/lottery.ts, through draw.ts): the day's server
 *      seed (its hash committed before, seeds.ts) keys an HMAC of the kind (`wheel`), the member's
 *      public number, the member's seed and the nonce (the member's n-th spin of the day), over the
 *      current prize table → the prize. The spin records the rule, so it verifies under it forever;
 *   3. the prize: "谢谢参与" gives nothing; a prize with stock takes one unit with a conditional update
 *      (`stock > 0`), and with none left (or its benefit taken off sale) the spin gives nothing and
 *      records `out_of_stock`; 微豆 are credited through the ledger (key `lottery:<spinId>`), a
 *      benefit granted (`grant`, key `lottery:<spinId>`), a reward of the exchange catalogue made an
 *      exchange order at 0 微豆 (exchange/prize.ts: the reward's stock taken as a redemption takes
 *      it, the order's key `lottery:<requestKey>`; no reward unit left → `out_of_stock`), all in the
 *      same transaction.
 * Any refusal rolls all of it back. The request key is UNIQUE per member: a replay answers the
 * first spin and changes nothing; the same key with another source or seed is refused (2102).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DRAW_RULE,
  WHEEL_DRAW_KIND,
  type DrawRule,
  LOTTERY_BOUGHT_SPINS_PER_DAY,
  LOTTERY_FREE_SPINS_PER_DAY,
  LOTTERY_SPIN_PRICE,
  lotterySourceLabel,
  totalWeight,
  type LotterySource,
} from '../../../openapi/rules/lottery';
import type {
  LotteryOverview,
  LotteryPrize,
  LotterySpin,
  LotterySpinResult,
  LotterySpinsLeft,
} from '../../../openapi/schemas/lottery';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { lotteryPrizes, lotterySpins } from '../../db/schema-lottery';
import { exchanges } from '../../db/schema-exchange';
import type { ExchangeType } from '../../../openapi/enums';
import { benefits } from '../../db/schema-benefits';
import { AppError } from '../../http/errors';
import { isUniqueViolation, type Executor, type Tx } from '../../kernel/db';
import { DAY_MS, previousDay, shanghaiDay } from '../../kernel/time';
import { applyHolding, benefitSpins, grant, LUCKY_WHEEL_ID, unusedSpinHoldings } from '../benefits/service';
import { createPrizeOrder } from '../exchange/prize';
import { balanceOf, credit, debit } from '../points/ledger';
import { draw } from './draw';
import { allPrizes, currentTable, prizesById, tablesOf, type PrizeRow } from './prizes';
import { commitmentRow, commitmentsOf, ensureCommitment, toCommitment } from './seeds';

type Ctx = Pick<AppContext, 'db' | 'now'>;
type SpinRow = typeof lotterySpins.$inferSelect;
type ExchangeTypeValue = (typeof ExchangeType.list)[number];
export type LotterySpinData = z.output<typeof LotterySpin>;
export type SpinsLeftData = z.output<typeof LotterySpinsLeft>;
type LotteryPrizeData = z.output<typeof LotteryPrize>;

/** Arbitrary constant (an int4): the advisory lock class of one member's spins. */
const SPIN_LOCK = 0x1077e;

const spinLedgerKey = (memberId: number, requestKey: string) => `lottery-spin:${memberId}:${requestKey}`;

/** Benefit spins: of lottery-spin holdings used on the wheel, less the benefit spins made. */
async function usedBenefitSpinsLeft(db: Executor, memberId: number): Promise<number> {
  const [[made], fromBenefits] = await Promise.all([
    db
      .select({ n: count() })
      .from(lotterySpins)
      .where(and(eq(lotterySpins.memberId, memberId), eq(lotterySpins.source, 'benefit'))),
    benefitSpins(db, memberId),
  ]);
  return Math.max(0, fromBenefits - (made?.n ?? 0));
}

/**
 * Spins left by source. Benefit spins count the used holdings' spins not spun yet and the spins of
 * holdings not used yet (a benefit spin uses one of those when it needs to).
 */
export async function spinsLeft(db: Executor, memberId: number, day: string, now: number): Promise<SpinsLeftData> {
  const rows = await db
    .select({
      source: lotterySpins.source,
      today: sql<number>`count(*) filter (where ${lotterySpins.day} = ${day})`.mapWith(Number),
      all: count(),
    })
    .from(lotterySpins)
    .where(eq(lotterySpins.memberId, memberId))
    .groupBy(lotterySpins.source);
  const of = (s: LotterySource) => rows.find((r) => r.source === s);
  const [fromBenefits, unused] = await Promise.all([benefitSpins(db, memberId), unusedSpinHoldings(db, memberId, now)]);
  return {
    free: Math.max(0, LOTTERY_FREE_SPINS_PER_DAY - (of('free')?.today ?? 0)),
    points: Math.max(0, LOTTERY_BOUGHT_SPINS_PER_DAY - (of('points')?.today ?? 0)),
    benefit: Math.max(0, fromBenefits - (of('benefit')?.all ?? 0)) + unused.reduce((n, h) => n + h.spins, 0),
  };
}

export async function overview(ctx: Ctx, memberId: number | null): Promise<z.output<typeof LotteryOverview>> {
  const now = ctx.now();
  const today = shanghaiDay(now);
  const [table, prizes, todaySeed, tomorrowSeed, yesterdaySeed] = await Promise.all([
    currentTable(ctx.db),
    allPrizes(ctx.db),
    ensureCommitment(ctx.db, today, now),
    commitmentRow(ctx.db, shanghaiDay(now + DAY_MS)),
    commitmentRow(ctx.db, previousDay(today)),
  ]);
  const entries = table?.entries ?? [];
  const total = totalWeight(entries);
  const byId = new Map(prizes.map((p) => [p.id, p]));
  const me =
    memberId === null
      ? null
      : await Promise.all([spinsLeft(ctx.db, memberId, today, now), balanceOf(ctx.db, memberId)]);
  return {
    prizes: entries.flatMap((e) => {
      const p = byId.get(e.prizeId);
      if (!p) return [];
      return [
        {
          id: p.id,
          name: p.name,
          kind: p.kind as LotteryPrizeData['kind'],
          points: p.points,
          weight: e.weight,
          chance: total > 0 ? e.weight / total : 0,
          stock: p.kind === 'none' ? null : p.stock,
        },
      ];
    }),
    tableVersion: table?.version ?? 0,
    spinPrice: LOTTERY_SPIN_PRICE,
    freePerDay: LOTTERY_FREE_SPINS_PER_DAY,
    boughtPerDay: LOTTERY_BOUGHT_SPINS_PER_DAY,
    left: me?.[0] ?? null,
    balance: me?.[1] ?? null,
    today: toCommitment(todaySeed, now),
    tomorrow: tomorrowSeed ? toCommitment(tomorrowSeed, now) : null,
    yesterday: yesterdaySeed ? toCommitment(yesterdaySeed, now) : null,
  };
}

/** The member's spins as the contract shows them, with what verifies each. */
async function toSpins(db: Executor, rows: SpinRow[], now: number): Promise<LotterySpinData[]> {
  const [tables, seeds] = await Promise.all([
    tablesOf(
      db,
      rows.map((r) => r.tableVersion),
    ),
    commitmentsOf(
      db,
      rows.map((r) => r.day),
    ),
  ]);
  const prizeIds = [...tables.values()].flatMap((t) => t.entries.map((e) => e.prizeId));
  const prizes = await prizesById(db, [...prizeIds, ...rows.map((r) => r.drawnPrizeId)]);
  const orderIds = rows.flatMap((r) => (r.exchangeId === null ? [] : [r.exchangeId]));
  const orders = new Map(
    orderIds.length
      ? (
          await db
            .select({ id: exchanges.id, type: exchanges.rewardType })
            .from(exchanges)
            .where(inArray(exchanges.id, orderIds))
        ).map((o) => [o.id, o.type as ExchangeTypeValue])
      : [],
  );
  return rows.map((r) => {
    const seed = toCommitment(seeds.get(r.day)!, now);
    const drawn = prizes.get(r.drawnPrizeId)!;
    return {
      id: r.id,
      createdAt: r.createdAt.getTime(),
      source: r.source as LotterySource,
      outcome: r.outcome as LotterySpinData['outcome'],
      drawnPrizeId: r.drawnPrizeId,
      prizeName: r.prizeName,
      prizeKind: drawn.kind as LotterySpinData['prizeKind'],
      points: r.points,
      memberBenefitId: r.holdingId,
      exchangeId: r.exchangeId,
      rewardType: r.exchangeId === null ? null : (orders.get(r.exchangeId) ?? null),
      cost: r.cost,
      verification: {
        day: r.day,
        seedHash: seed.seedHash,
        committedAt: seed.committedAt,
        seed: seed.seed,
        rule: r.drawRule as DrawRule,
        kind: r.drawRule === 1 ? null : WHEEL_DRAW_KIND,
        member: r.drawMember,
        memberSeed: r.memberSeed,
        nonce: r.nonce,
        tableVersion: r.tableVersion,
        table: tables.get(r.tableVersion)!.entries.map((e) => ({
          prizeId: e.prizeId,
          name: prizes.get(e.prizeId)?.name ?? '',
          weight: e.weight,
        })),
        roll: r.roll,
      },
    };
  });
}

export async function listSpins(ctx: Ctx, memberId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(lotterySpins)
      .where(eq(lotterySpins.memberId, memberId))
      .orderBy(desc(lotterySpins.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(lotterySpins).where(eq(lotterySpins.memberId, memberId)),
  ]);
  return { list: await toSpins(ctx.db, rows, ctx.now()), total: total?.n ?? 0, page, pageSize };
}

export interface SpinInput {
  source: LotterySource;
  requestKey: string;
  memberSeed: string;
}

async function byRequestKey(db: Executor, memberId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(lotterySpins)
    .where(and(eq(lotterySpins.memberId, memberId), eq(lotterySpins.requestKey, requestKey)))
    .limit(1);
  return row;
}

class ReplayInside extends Error {
  constructor(readonly row: SpinRow) {
    super('request key already used');
  }
}

async function answer(ctx: Ctx, row: SpinRow, replayed: boolean): Promise<z.output<typeof LotterySpinResult>> {
  const now = ctx.now();
  const [[spin], left, balance] = await Promise.all([
    toSpins(ctx.db, [row], now),
    spinsLeft(ctx.db, row.memberId, shanghaiDay(now), now),
    balanceOf(ctx.db, row.memberId),
  ]);
  return { spin: spin!, left, balance, replayed };
}

function replay(ctx: Ctx, first: SpinRow, input: SpinInput) {
  if (first.source !== input.source || first.memberSeed !== input.memberSeed)
    throw new AppError('LOTTERY_REQUEST_KEY_REUSED');
  return answer(ctx, first, true);
}

/** The member's public number (会员编号), which a draw's message names (openapi/rules/lottery.ts). */
export async function publicNumberOf(db: Executor, memberId: number): Promise<string> {
  const [m] = await db.select({ code: members.memberCode }).from(members).where(eq(members.id, memberId));
  if (!m) throw new Error(`member ${memberId} not found`);
  return m.code;
}

/** Take one unit of the drawn prize: false when it has none left (or its benefit is off sale). */
async function takePrize(tx: Tx, prize: PrizeRow, at: Date): Promise<boolean> {
  if (prize.kind === 'benefit') {
    const [b] = await tx.select({ active: benefits.active }).from(benefits).where(eq(benefits.id, prize.benefitId!));
    if (!b?.active) return false;
  }
  if (prize.stock === null) return true;
  const taken = await tx
    .update(lotteryPrizes)
    .set({ stock: sql`${lotteryPrizes.stock} - 1`, updatedAt: at })
    .where(and(eq(lotteryPrizes.id, prize.id), sql`${lotteryPrizes.stock} > 0`))
    .returning({ id: lotteryPrizes.id });
  return Boolean(taken[0]);
}

/** The exchange order's key of a reward prize: the spin's key (colons never occur in a member's keys). */
const prizeOrderKey = (requestKey: string) => `lottery:${requestKey}`;

/**
 * A reward prize: the prize's unit (takePrize), then the reward's unit and its 0 微豆 exchange order
 * (exchange/prize.ts). With no reward unit left (or the reward off sale) the prize's unit goes back
 * and the spin gives nothing.
 */
async function takeRewardPrize(tx: Tx, memberId: number, requestKey: string, prize: PrizeRow, at: Date) {
  if (!(await takePrize(tx, prize, at))) return null;
  const order = await createPrizeOrder(
    tx,
    memberId,
    prize.rewardId!,
    prizeOrderKey(requestKey),
    `幸运大转盘中奖：${prize.name}`,
    at,
  );
  if (!order && prize.stock !== null)
    await tx
      .update(lotteryPrizes)
      .set({ stock: sql`${lotteryPrizes.stock} + 1`, updatedAt: at })
      .where(eq(lotteryPrizes.id, prize.id));
  return order;
}

async function spinIn(tx: Tx, memberId: number, input: SpinInput, now: number): Promise<SpinRow> {
  const at = new Date(now);
  const day = shanghaiDay(now);
  await tx.execute(sql`select pg_advisory_xact_lock(${SPIN_LOCK}, ${memberId})`);
  // A concurrent request with this key may have committed while we waited for the lock.
  const first = await byRequestKey(tx, memberId, input.requestKey);
  if (first) throw new ReplayInside(first);

  const table = await currentTable(tx);
  if (!table || totalWeight(table.entries) <= 0) throw new AppError('LOTTERY_CLOSED');
  const left = await spinsLeft(tx, memberId, day, now);
  if (left[input.source] <= 0)
    throw new AppError(
      'LOTTERY_NO_SPINS',
      input.source === 'points'
        ? `今天最多购买 ${LOTTERY_BOUGHT_SPINS_PER_DAY} 次，明天再来吧`
        : `${lotterySourceLabel[input.source]}的次数已用完`,
    );
  // A benefit spin with none of the used holdings' spins left uses the next holding (use.ts's rules).
  if (input.source === 'benefit' && (await usedBenefitSpinsLeft(tx, memberId)) <= 0) {
    const [next] = await unusedSpinHoldings(tx, memberId, now);
    await applyHolding({ db: tx, now: () => now }, memberId, {
      memberBenefitId: next!.id,
      target: { type: 'lottery', id: LUCKY_WHEEL_ID },
    });
  }
  const cost = input.source === 'points' ? LOTTERY_SPIN_PRICE : 0;
  const paid = cost
    ? await debit(tx, {
        memberId,
        amount: cost,
        reason: 'lottery',
        source: '幸运大转盘抽奖',
        idempotencyKey: spinLedgerKey(memberId, input.requestKey),
        at: now,
      })
    : null;
  // The debit and the spin commit together, so a used ledger key without a spin is a bug.
  if (paid?.replayed) throw new Error(`ledger key ${spinLedgerKey(memberId, input.requestKey)} without a spin`);

  const [{ n: spunToday }] = (await tx
    .select({ n: count() })
    .from(lotterySpins)
    .where(and(eq(lotterySpins.memberId, memberId), eq(lotterySpins.day, day)))) as [{ n: number }];
  const nonce = spunToday + 1;
  const seed = await ensureCommitment(tx, day, now);
  const member = await publicNumberOf(tx, memberId);
  const drawn = draw(
    seed.seed,
    { rule: DRAW_RULE, kind: WHEEL_DRAW_KIND, member, memberSeed: input.memberSeed, nonce },
    table.entries,
  );
  const [prize] = await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, drawn.prizeId));
  const order = prize!.kind === 'reward' ? await takeRewardPrize(tx, memberId, input.requestKey, prize!, at) : null;
  const outcome =
    prize!.kind === 'none'
      ? 'none'
      : (prize!.kind === 'reward' ? order !== null : await takePrize(tx, prize!, at))
        ? 'prize'
        : 'out_of_stock';

  const [row] = await tx
    .insert(lotterySpins)
    .values({
      memberId,
      requestKey: input.requestKey,
      source: input.source,
      day,
      nonce,
      memberSeed: input.memberSeed,
      drawRule: DRAW_RULE,
      drawMember: member,
      tableVersion: table.version,
      roll: drawn.roll,
      drawnPrizeId: prize!.id,
      outcome,
      prizeName: prize!.name,
      points: outcome === 'prize' && prize!.kind === 'points' ? prize!.points : null,
      cost,
      debitLedgerId: paid?.ledgerId ?? null,
      exchangeId: order?.id ?? null,
      createdAt: at,
    })
    .returning();
  if (outcome !== 'prize' || prize!.kind === 'reward') return row!;
  const key = `lottery:${row!.id}`;
  if (prize!.kind === 'points') {
    const entry = await credit(tx, {
      memberId,
      amount: prize!.points!,
      reason: 'lottery',
      source: `幸运大转盘：${prize!.name}`,
      idempotencyKey: key,
      at: now,
    });
    const [done] = await tx
      .update(lotterySpins)
      .set({ creditLedgerId: entry.ledgerId })
      .where(eq(lotterySpins.id, row!.id))
      .returning();
    return done!;
  }
  const granted = await grant({ db: tx, now: () => now }, memberId, prize!.benefitId!, { by: 'lottery', key });
  const [done] = await tx
    .update(lotterySpins)
    .set({ holdingId: granted.holding.id })
    .where(eq(lotterySpins.id, row!.id))
    .returning();
  return done!;
}

export async function spin(ctx: Ctx, memberId: number, input: SpinInput) {
  const seen = await byRequestKey(ctx.db, memberId, input.requestKey);
  if (seen) return replay(ctx, seen, input);
  try {
    const row = await ctx.db.transaction((tx: Tx) => spinIn(tx, memberId, input, ctx.now()));
    return answer(ctx, row, false);
  } catch (err) {
    if (err instanceof ReplayInside) return replay(ctx, err.row, input);
    if (isUniqueViolation(err, 'lottery_spins_member_request_key')) {
      const first = await byRequestKey(ctx.db, memberId, input.requestKey);
      if (first) return replay(ctx, first, input);
    }
    throw err;
  }
}
