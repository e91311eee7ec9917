/**
 * The credit (权益值) ledger: the only way a member's credit changes. Same rules as the points
 * ledger (server/modules/points/ledger.ts):
 *
 * - `earn` / `spend` write one append-only row and update `credit_balances` in ONE (sub)transaction;
 *   a spend is a conditional update (`balance >= n`), zero rows → AppError INSUFFICIENT_CREDIT and
 *   nothing written; the CHECK (balance >= 0) backs it.
 * - Every change has a UNIQUE idempotency key: a replay changes nothing and answers with the first
 *   row (`replayed: true`); a replay with another member or amount throws IdempotencyConflictError.
 * - Levels come from `total_earned` (spending never lowers a level): LEVELS below.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { CreditSource } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { creditBalances, creditLedger } from '../../db/schema-rewards';
import { AppError } from '../../http/errors';
import { IdempotencyConflictError, isUniqueViolation, type Executor } from '../points/ledger';

type Tx = Parameters<Parameters<Executor['transaction']>[0]>[0];

export type CreditSourceValue = (typeof CreditSource.values)[keyof typeof CreditSource.values];

/** Credit for one valid complete (a complete without low-quality flags). */
export const CREDIT_PER_COMPLETE = 10;
/** Extra credit when the complete's answers were checked (in-house poll) and none was flagged. */
export const CREDIT_GOOD_QUALITY = 5;
/** Credit to the inviter when an invitee becomes an active member (first valid complete). */
export const CREDIT_PER_ACTIVE_INVITEE = 30;

export interface CreditLevel {
  level: number;
  name: string;
  minValue: number;
}

/** Benefit levels by credit earned in total. */
export const LEVELS: readonly CreditLevel[] = [
  { level: 0, name: '新手会员', minValue: 0 },
  { level: 1, name: '青铜会员', minValue: 100 },
  { level: 2, name: '白银会员', minValue: 300 },
  { level: 3, name: '黄金会员', minValue: 800 },
  { level: 4, name: '铂金会员', minValue: 2000 },
  { level: 5, name: '钻石会员', minValue: 5000 },
];

export function levelOf(totalEarned: number): { current: CreditLevel; next: CreditLevel | null } {
  let i = 0;
  while (i + 1 < LEVELS.length && totalEarned >= LEVELS[i + 1]!.minValue) i++;
  return { current: LEVELS[i]!, next: LEVELS[i + 1] ?? null };
}

export interface CreditEntryArgs {
  memberId: number;
  /** Positive integer; the sign comes from earn/spend. */
  amount: number;
  source: CreditSourceValue;
  reason: string;
  idempotencyKey: string;
  refMemberId?: number | null;
  at?: number;
}

export interface CreditResult {
  ledgerId: number;
  memberId: number;
  amount: number;
  balanceAfter: number;
  replayed: boolean;
}

function isContext(x: AppContext | Executor): x is AppContext {
  return !('transaction' in x);
}

function resolve(target: AppContext | Executor, at: number | undefined): { db: Executor; at: Date } {
  if (isContext(target)) return { db: target.db, at: new Date(at ?? target.now()) };
  return { db: target, at: new Date(at ?? Date.now()) };
}

class Replay extends Error {}

async function byKey(db: Executor, key: string) {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, key)).limit(1);
  return row;
}

function replayOf(row: typeof creditLedger.$inferSelect, memberId: number, signed: number): CreditResult {
  if (row.memberId !== memberId || row.amount !== signed) throw new IdempotencyConflictError(row.idempotencyKey);
  return { ledgerId: row.id, memberId, amount: row.amount, balanceAfter: row.balanceAfter, replayed: true };
}

async function post(db: Executor, signed: number, a: CreditEntryArgs, at: Date): Promise<CreditResult> {
  if (!Number.isSafeInteger(a.amount) || a.amount <= 0)
    throw new Error(`credit amount must be a positive integer, got ${a.amount}`);
  const first = await byKey(db, a.idempotencyKey);
  if (first) return replayOf(first, a.memberId, signed);
  try {
    return await db.transaction(async (tx: Tx) => {
      const b = creditBalances;
      let balanceAfter: number;
      if (signed > 0) {
        const [row] = await tx
          .insert(b)
          .values({ memberId: a.memberId, balance: signed, totalEarned: signed, updatedAt: at })
          .onConflictDoUpdate({
            target: b.memberId,
            set: {
              balance: sql`${b.balance} + ${signed}`,
              totalEarned: sql`${b.totalEarned} + ${signed}`,
              updatedAt: at,
            },
          })
          .returning({ balance: b.balance });
        balanceAfter = row!.balance;
      } else {
        const n = -signed;
        const rows = await tx
          .update(b)
          .set({ balance: sql`${b.balance} - ${n}`, updatedAt: at })
          .where(and(eq(b.memberId, a.memberId), gte(b.balance, n)))
          .returning({ balance: b.balance });
        if (!rows[0]) throw new AppError('INSUFFICIENT_CREDIT');
        balanceAfter = rows[0].balance;
      }
      const inserted = await tx
        .insert(creditLedger)
        .values({
          memberId: a.memberId,
          amount: signed,
          balanceAfter,
          source: a.source,
          reason: a.reason,
          refMemberId: a.refMemberId ?? null,
          idempotencyKey: a.idempotencyKey,
          createdAt: at,
        })
        .onConflictDoNothing({ target: creditLedger.idempotencyKey })
        .returning();
      if (!inserted[0]) throw new Replay();
      return { ledgerId: inserted[0].id, memberId: a.memberId, amount: signed, balanceAfter, replayed: false };
    });
  } catch (err) {
    if (err instanceof Replay || isUniqueViolation(err, 'credit_ledger_idempotency_key_unique')) {
      const row = await byKey(db, a.idempotencyKey);
      if (row) return replayOf(row, a.memberId, signed);
    }
    throw err;
  }
}

/** Add credit. Idempotent on the key. */
export async function earn(target: AppContext | Executor, args: CreditEntryArgs): Promise<CreditResult> {
  const { db, at } = resolve(target, args.at);
  return post(db, args.amount, args, at);
}

/** Spend credit: AppError INSUFFICIENT_CREDIT (nothing written) when short. Idempotent on the key. */
export async function spend(target: AppContext | Executor, args: CreditEntryArgs): Promise<CreditResult> {
  const { db, at } = resolve(target, args.at);
  return post(db, -args.amount, args, at);
}

export async function creditOf(db: Executor, memberId: number): Promise<{ balance: number; totalEarned: number }> {
  const [row] = await db
    .select({ balance: creditBalances.balance, totalEarned: creditBalances.totalEarned })
    .from(creditBalances)
    .where(eq(creditBalances.memberId, memberId))
    .limit(1);
  return row ?? { balance: 0, totalEarned: 0 };
}

/** The member's benefit level (0 without credit). */
export async function memberCreditLevel(db: Executor, memberId: number): Promise<number> {
  return levelOf((await creditOf(db, memberId)).totalEarned).current.level;
}

/**
 * Lock the member's credit balance row (creating it at zero), so one member's claims queue up and
 * read limits consistently. Call inside a transaction.
 */
export async function lockCredit(tx: Executor, memberId: number, at: Date): Promise<void> {
  await tx.insert(creditBalances).values({ memberId, updatedAt: at }).onConflictDoNothing();
  await tx
    .select({ m: creditBalances.memberId })
    .from(creditBalances)
    .where(eq(creditBalances.memberId, memberId))
    .for('update');
}
