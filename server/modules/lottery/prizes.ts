/**
 * The wheel's prizes and the prize table a draw is made against. Every change of a weight (or a
 * new prize) makes a new table version: the prizes with a weight above 0, in wheel order (sort,
 * id), each with its weight, frozen. A spin records the version it was drawn on, so a draw can be
 * re-checked after the weights have changed. A `reward` prize is a reward of the exchange catalogue
 * (server/modules/exchange/prize.ts makes its order). Stock is not part of the table: a drawn prize with no
 * stock left gives nothing (`out_of_stock`), and that is what the spin records.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { totalWeight, type LotteryTableEntry } from '../../../openapi/rules/lottery';
import { benefits } from '../../db/schema-benefits';
import { rewards } from '../../db/schema-exchange';
import { PRIZE_REWARD_TYPES } from '../exchange/prize';
import { lotteryPrizes, lotteryTables } from '../../db/schema-lottery';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';

export type PrizeRow = typeof lotteryPrizes.$inferSelect;
export type TableRow = typeof lotteryTables.$inferSelect;
export type PrizeKind = 'points' | 'benefit' | 'reward' | 'none';

export async function currentTable(db: Executor): Promise<TableRow | undefined> {
  const [row] = await db.select().from(lotteryTables).orderBy(desc(lotteryTables.version)).limit(1);
  return row;
}

export async function tablesOf(db: Executor, versions: readonly number[]): Promise<Map<number, TableRow>> {
  if (!versions.length) return new Map();
  const rows = await db
    .select()
    .from(lotteryTables)
    .where(inArray(lotteryTables.version, [...new Set(versions)]));
  return new Map(rows.map((r) => [r.version, r]));
}

export async function allPrizes(db: Executor): Promise<PrizeRow[]> {
  return db.select().from(lotteryPrizes).orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id));
}

export async function prizesById(db: Executor, ids: readonly number[]): Promise<Map<number, PrizeRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(lotteryPrizes)
    .where(inArray(lotteryPrizes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Freeze the prizes' weights as a new table version. */
async function snapshot(db: Executor, at: Date): Promise<TableRow> {
  const entries: LotteryTableEntry[] = (await allPrizes(db))
    .filter((p) => p.weight > 0)
    .map((p) => ({ prizeId: p.id, weight: p.weight }));
  const [row] = await db.insert(lotteryTables).values({ entries, createdAt: at }).returning();
  return row!;
}

export interface NewPrize {
  name: string;
  kind: PrizeKind;
  points?: number;
  benefitId?: number;
  /** A reward of the exchange catalogue (virtual or physical), for kind reward. */
  rewardId?: number;
  weight: number;
  stock?: number | null;
  sort?: number;
}

function checkCount(what: string, n: number | null | undefined, min: number) {
  if (n !== undefined && n !== null && (!Number.isSafeInteger(n) || n < min || n > 2_147_483_647))
    throw new AppError('INVALID_PARAMS', `${what}应为不小于 ${min} 的整数`);
}

export async function addPrize(ctx: WriteContext, p: NewPrize): Promise<{ prize: PrizeRow; table: TableRow }> {
  const name = p.name.trim();
  if (!name) throw new AppError('INVALID_PARAMS', '请填写奖品名称');
  checkCount('权重', p.weight, 0);
  checkCount('库存', p.stock, 0);
  if (p.kind === 'points') checkCount('微豆数', p.points ?? 0, 1);
  if (p.kind === 'benefit') {
    const [b] = await ctx.db
      .select({ id: benefits.id })
      .from(benefits)
      .where(eq(benefits.id, p.benefitId ?? 0))
      .limit(1);
    if (!b) throw new AppError('NOT_FOUND', '权益不存在');
  }
  if (p.kind === 'reward') {
    const [r] = await ctx.db
      .select({ type: rewards.type })
      .from(rewards)
      .where(eq(rewards.id, p.rewardId ?? 0))
      .limit(1);
    if (!r) throw new AppError('NOT_FOUND', '兑换商品不存在');
    if (!PRIZE_REWARD_TYPES.includes(r.type))
      throw new AppError('INVALID_PARAMS', '奖品只能是卡券（虚拟）或实物商品，现金不能作为奖品');
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const [prize] = await tx
      .insert(lotteryPrizes)
      .values({
        name,
        kind: p.kind,
        points: p.kind === 'points' ? p.points! : null,
        benefitId: p.kind === 'benefit' ? p.benefitId! : null,
        rewardId: p.kind === 'reward' ? p.rewardId! : null,
        weight: p.weight,
        stock: p.stock ?? null,
        sort: p.sort ?? 0,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return { prize: prize!, table: await snapshot(tx, at) };
  });
}

async function prizeFor(db: Executor, id: number): Promise<PrizeRow> {
  const [row] = await db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '奖品不存在');
  return row;
}

/** A new weight (0 takes the prize out of the draw): a new table version. */
export async function setWeight(ctx: WriteContext, id: number, weight: number) {
  checkCount('权重', weight, 0);
  await prizeFor(ctx.db, id);
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    await tx.update(lotteryPrizes).set({ weight, updatedAt: at }).where(eq(lotteryPrizes.id, id));
    const table = await snapshot(tx, at);
    if (totalWeight(table.entries) <= 0) throw new AppError('INVALID_PARAMS', '至少要有一个奖品的权重大于 0');
    return { prize: await prizeFor(tx, id), table };
  });
}

/** Several weights at once (e.g. `1=0 9=1`): ONE new table version, so no half-changed table is ever drawn on. */
export async function setWeights(ctx: WriteContext, weights: ReadonlyMap<number, number>) {
  for (const [id, w] of weights) {
    checkCount('权重', w, 0);
    await prizeFor(ctx.db, id);
  }
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    for (const [id, weight] of weights)
      await tx.update(lotteryPrizes).set({ weight, updatedAt: at }).where(eq(lotteryPrizes.id, id));
    const table = await snapshot(tx, at);
    if (totalWeight(table.entries) <= 0) throw new AppError('INVALID_PARAMS', '至少要有一个奖品的权重大于 0');
    return table;
  });
}

/** Set the stock (null: unlimited). Spins take stock with a conditional update, so this never races below 0. */
export async function setStock(ctx: WriteContext, id: number, stock: number | null): Promise<PrizeRow> {
  checkCount('库存', stock, 0);
  const prize = await prizeFor(ctx.db, id);
  if (prize.kind === 'none') throw new AppError('INVALID_PARAMS', '“谢谢参与”没有库存');
  const [row] = await ctx.db
    .update(lotteryPrizes)
    .set({ stock, updatedAt: new Date(ctx.now()) })
    .where(eq(lotteryPrizes.id, id))
    .returning();
  return row!;
}
