/**
 * The operator's side of the exchange (used by `npm run ops`, scripts/ops.ts): rewards and their
 * stock, virtual codes, the review queue, one exchange in full, and a member's ledger. Moving an
 * exchange goes through lifecycle.ts like everything else; nothing here changes points.
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import { members } from '../../db/schema';
import { exchangeEvents, exchanges, idVerifications, rewardCodes, rewards } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { balanceOf } from '../points/ledger';
import { pointsHistory } from '../points/history';
import type { ExchangeContext } from './redeem';
import { selectRecords, toRecord } from './records';
import type { RewardRow } from './eligibility';
import type { Executor, Tx } from '../../kernel/db';

/* ---- rewards ---- */

export const RewardInput = z
  .object({
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    title: z.string().trim().min(1, '名称不能为空').max(60, '名称最多 60 个字'),
    pointsCost: z.int().positive('所需微豆必须是正整数'),
    faceValue: z.int().nonnegative('面值（分）不能为负'),
    stock: z.int().nonnegative('库存不能为负').default(0),
    limitTotal: z.int().positive('每人限兑必须是正整数').nullable().default(null),
    limitDaily: z.int().positive('每日限兑必须是正整数').nullable().default(null),
    minLevel: z.int().nonnegative().default(0),
    minQualityLevel: z.int().min(0, '答题质量等级为 0–3').max(3, '答题质量等级为 0–3').default(0),
    requireIdentity: z.boolean().default(false),
    images: z.array(z.string().min(1).max(2048)).max(10).default([]),
    description: z.string().max(5000).default(''),
    sort: z.int().default(0),
    active: z.boolean().default(true),
  })
  .refine((r) => r.type !== ExchangeType.values.VIRTUAL || r.stock === 0, {
    message: '虚拟商品的库存来自导入的卡密（codes load），新增时库存须为 0',
    path: ['stock'],
  });

export type RewardInputData = z.input<typeof RewardInput>;

export async function addReward(ctx: ExchangeContext, input: RewardInputData): Promise<RewardRow> {
  const parsed = RewardInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      'INVALID_PARAMS',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('；'),
    );
  }
  const at = new Date(ctx.now());
  const [row] = await ctx.db
    .insert(rewards)
    .values({ ...parsed.data, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function listAllRewards(db: Executor): Promise<RewardRow[]> {
  return db.select().from(rewards).orderBy(asc(rewards.type), asc(rewards.sort), asc(rewards.id));
}

async function lockReward(tx: Tx, rewardId: number): Promise<RewardRow> {
  const [r] = await tx.select().from(rewards).where(eq(rewards.id, rewardId)).limit(1).for('update');
  if (!r) throw new AppError('NOT_FOUND', `兑换商品 ${rewardId} 不存在`);
  return r;
}

/** Set the minimum answer-quality level (0 = any) a member needs to redeem the reward. */
export async function setRewardMinQualityLevel(ctx: ExchangeContext, rewardId: number, level: number) {
  const parsed = RewardInput.shape.minQualityLevel.safeParse(level);
  if (!parsed.success) throw new AppError('INVALID_PARAMS', '答题质量等级为 0–3：0 不限；1 待提升；2 良好；3 优秀');
  const [row] = await ctx.db
    .update(rewards)
    .set({ minQualityLevel: parsed.data, updatedAt: new Date(ctx.now()) })
    .where(eq(rewards.id, rewardId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', `兑换商品 ${rewardId} 不存在`);
  return row;
}

/** Codes of a virtual reward not yet issued, and its exchanges still waiting for one. */
async function codeBalance(db: Executor, rewardId: number) {
  const [free] = await db
    .select({ n: count() })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.rewardId, rewardId), isNull(rewardCodes.exchangeId)));
  const [waiting] = await db
    .select({ n: count() })
    .from(exchanges)
    .where(
      and(
        eq(exchanges.rewardId, rewardId),
        inArray(exchanges.state, [ExchangeState.values.PENDING_REVIEW, ExchangeState.values.TO_BE_ISSUED]),
      ),
    );
  return { free: Number(free?.n ?? 0), waiting: Number(waiting?.n ?? 0) };
}

/**
 * Set a reward's stock to `n`. For a virtual reward the stock may not promise more codes than are
 * free after the exchanges already waiting for one.
 */
export async function setStock(ctx: ExchangeContext, rewardId: number, n: number): Promise<RewardRow> {
  if (!Number.isSafeInteger(n) || n < 0) throw new AppError('INVALID_PARAMS', '库存必须是不小于 0 的整数');
  return ctx.db.transaction(async (tx: Tx) => {
    const r = await lockReward(tx, rewardId);
    if (r.type === ExchangeType.values.VIRTUAL) {
      const { free, waiting } = await codeBalance(tx, rewardId);
      if (n > free - waiting) {
        throw new AppError(
          'INVALID_PARAMS',
          `虚拟商品库存不能超过可用卡密：未发卡密 ${free} 张，待发放兑换单 ${waiting} 个，最多 ${Math.max(free - waiting, 0)}`,
        );
      }
    }
    const [row] = await tx
      .update(rewards)
      .set({ stock: n, updatedAt: new Date(ctx.now()) })
      .where(eq(rewards.id, rewardId))
      .returning();
    return row!;
  });
}

/** One code per line; blank lines and `#` comments are skipped; repeats count once. */
export function parseCodes(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const code = line.trim();
    if (!code || code.startsWith('#')) continue;
    if (code.length > 512) throw new AppError('INVALID_PARAMS', `卡密过长（超过 512 个字符）：${code.slice(0, 20)}…`);
    seen.add(code);
  }
  return [...seen];
}

export interface LoadCodesResult {
  loaded: number;
  /** Already in stock for this reward (loaded before), not added again. */
  duplicates: number;
  stock: number;
  /** Exchanges approved but still waiting for a code (issue them now). */
  waitingToIssue: number[];
}

/** Add codes to a virtual reward's stock: stock grows by the number of new codes, in one transaction. */
export async function loadCodes(
  ctx: ExchangeContext,
  rewardId: number,
  codes: string[],
  operator: string,
): Promise<LoadCodesResult> {
  if (codes.length === 0) throw new AppError('INVALID_PARAMS', '文件里没有卡密（每行一个）');
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx: Tx) => {
    const r = await lockReward(tx, rewardId);
    if (r.type !== ExchangeType.values.VIRTUAL)
      throw new AppError('INVALID_PARAMS', `「${r.title}」不是虚拟商品，不能导入卡密`);
    let loaded = 0;
    for (let i = 0; i < codes.length; i += 500) {
      const inserted = await tx
        .insert(rewardCodes)
        .values(codes.slice(i, i + 500).map((code) => ({ rewardId, code, loadedBy: operator, createdAt: at })))
        .onConflictDoNothing({ target: [rewardCodes.rewardId, rewardCodes.code] })
        .returning({ id: rewardCodes.id });
      loaded += inserted.length;
    }
    const [row] = await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} + ${loaded}`, updatedAt: at })
      .where(eq(rewards.id, rewardId))
      .returning({ stock: rewards.stock });
    const waiting = await tx
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(and(eq(exchanges.rewardId, rewardId), eq(exchanges.state, ExchangeState.values.TO_BE_ISSUED)))
      .orderBy(asc(exchanges.id));
    return { loaded, duplicates: codes.length - loaded, stock: row!.stock, waitingToIssue: waiting.map((w) => w.id) };
  });
}

/* ---- exchanges ---- */

export interface OperatorExchangeRow {
  id: number;
  memberId: number;
  mobile: string | null;
  nickname: string;
  rewardId: number;
  type: number;
  title: string;
  points: number;
  state: number;
  createdAt: Date;
  updatedAt: Date;
}

export async function listExchangesForOperator(
  db: Executor,
  q: { state?: number; limit: number; offset?: number },
): Promise<{ rows: OperatorExchangeRow[]; total: number }> {
  const conds: SQL[] = [];
  if (q.state !== undefined) conds.push(eq(exchanges.state, q.state));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({
      id: exchanges.id,
      memberId: exchanges.memberId,
      mobile: members.mobile,
      nickname: members.nickname,
      rewardId: exchanges.rewardId,
      type: exchanges.rewardType,
      title: exchanges.title,
      points: exchanges.points,
      state: exchanges.state,
      createdAt: exchanges.createdAt,
      updatedAt: exchanges.updatedAt,
    })
    .from(exchanges)
    .innerJoin(members, eq(members.id, exchanges.memberId))
    .where(where)
    // The review queue is worked oldest first.
    .orderBy(q.state === ExchangeState.values.PENDING_REVIEW ? asc(exchanges.id) : desc(exchanges.id))
    .limit(q.limit)
    .offset(q.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(exchanges).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Everything an operator needs to decide on one exchange. */
export async function exchangeForOperator(db: Executor, exchangeId: number) {
  const [row] = await selectRecords(db).where(eq(exchanges.id, exchangeId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `兑换单 ${exchangeId} 不存在`);
  const e = row.exchange;
  const [member] = await db
    .select({ id: members.id, mobile: members.mobile, nickname: members.nickname })
    .from(members)
    .where(eq(members.id, e.memberId));
  const [identity] = await db
    .select({ realName: idVerifications.realName, idNumberMasked: idVerifications.idNumberMasked })
    .from(idVerifications)
    .where(eq(idVerifications.memberId, e.memberId));
  const events = await db
    .select()
    .from(exchangeEvents)
    .where(eq(exchangeEvents.exchangeId, exchangeId))
    .orderBy(asc(exchangeEvents.id));
  return {
    record: toRecord(row),
    raw: e,
    code: row.code,
    member: member!,
    identity: identity ?? null,
    events,
    balance: await balanceOf(db, e.memberId),
  };
}

/* ---- members ---- */

/** `13800138000` (mobile) or `42` / `#42` (member id). */
export async function findMember(db: Executor, who: string) {
  const text = who.trim().replace(/^#/, '');
  const cond = /^1\d{10}$/.test(text)
    ? eq(members.mobile, text)
    : /^\d+$/.test(text) && Number(text) <= 2_147_483_647
      ? eq(members.id, Number(text))
      : undefined;
  if (!cond) throw new AppError('INVALID_PARAMS', `请给出会员 id 或 11 位手机号：${who}`);
  const [m] = await db
    .select({ id: members.id, mobile: members.mobile, nickname: members.nickname, memberCode: members.memberCode })
    .from(members)
    .where(cond)
    .limit(1);
  if (!m) throw new AppError('NOT_FOUND', `找不到会员：${who}`);
  return m;
}

export async function memberLedger(db: Executor, who: string, limit: number) {
  const member = await findMember(db, who);
  const history = await pointsHistory(db, member.id, { page: 1, pageSize: limit });
  return { member, balance: await balanceOf(db, member.id), history };
}
