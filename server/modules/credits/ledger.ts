/**
 * The credit (权益值) ledger: the only way a member's credit changes. Same rules as the points
 * ledger, written by the same kernel writer (server/kernel/ledger.ts); this file is the credit book:
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
import { creditBalances, creditLedger } from '../../db/schema-benefits';
import { AppError } from '../../http/errors';
import type { Executor, Tx } from '../../kernel/db';
import { assertPositiveAmount, ledgerTarget, postOnce, type LedgerBook, type LedgerEntry } from '../../kernel/ledger';

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

interface CreditEntry extends LedgerEntry {
  source: CreditSourceValue;
  reason: string;
  refMemberId: number | null;
}

const creditBook: LedgerBook<typeof creditLedger, CreditEntry> = {
  table: creditLedger,
  keyConstraint: 'credit_ledger_idempotency_key_unique',
  async applyToBalance(tx: Tx, e) {
    const b = creditBalances;
    if (e.amount > 0) {
      const [row] = await tx
        .insert(b)
        .values({ memberId: e.memberId, balance: e.amount, totalEarned: e.amount, updatedAt: e.at })
        .onConflictDoUpdate({
          target: b.memberId,
          set: {
            balance: sql`${b.balance} + ${e.amount}`,
            totalEarned: sql`${b.totalEarned} + ${e.amount}`,
            updatedAt: e.at,
          },
        })
        .returning({ balance: b.balance });
      return row!.balance;
    }
    const n = -e.amount;
    const rows = await tx
      .update(b)
      .set({ balance: sql`${b.balance} - ${n}`, updatedAt: e.at })
      .where(and(eq(b.memberId, e.memberId), gte(b.balance, n)))
      .returning({ balance: b.balance });
    if (!rows[0]) throw new AppError('INSUFFICIENT_CREDIT');
    return rows[0].balance;
  },
  row: (e, balanceAfter) => ({
    memberId: e.memberId,
    amount: e.amount,
    balanceAfter,
    source: e.source,
    reason: e.reason,
    refMemberId: e.refMemberId,
    idempotencyKey: e.key,
    createdAt: e.at,
  }),
  sameChange: (row, e) => row.memberId === e.memberId && row.amount === e.amount,
};

async function post(target: AppContext | Executor, sign: 1 | -1, a: CreditEntryArgs): Promise<CreditResult> {
  assertPositiveAmount(a.amount, 'credit');
  const { db, at } = ledgerTarget(target, a.at);
  const { row, replayed } = await postOnce(db, creditBook, {
    memberId: a.memberId,
    amount: sign * a.amount,
    key: a.idempotencyKey,
    at,
    source: a.source,
    reason: a.reason,
    refMemberId: a.refMemberId ?? null,
  });
  return { ledgerId: row.id, memberId: row.memberId, amount: row.amount, balanceAfter: row.balanceAfter, replayed };
}

/** Add credit. Idempotent on the key. */
export async function earn(target: AppContext | Executor, args: CreditEntryArgs): Promise<CreditResult> {
  return post(target, 1, args);
}

/** Spend credit: AppError INSUFFICIENT_CREDIT (nothing written) when short. Idempotent on the key. */
export async function spend(target: AppContext | Executor, args: CreditEntryArgs): Promise<CreditResult> {
  return post(target, -1, args);
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
