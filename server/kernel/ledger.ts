/**
 * The one idempotent ledger writer behind the points ledger (modules/points/ledger.ts) and the
 * credit ledger (modules/credits/ledger.ts). Money rules (DESIGN §5 "Points are money"):
 *
 * - Every change is one append-only row, written in ONE (sub)transaction with the balance update.
 * - A decrease is a conditional update (`balance >= n`); when it matches no row the book throws
 *   (its AppError) and nothing is written. A CHECK (balance >= 0) on the table backs it.
 * - Every change has an idempotency key with a UNIQUE constraint. A replay changes nothing and
 *   answers with the FIRST row (`replayed: true`); a replay that differs from the first call
 *   throws IdempotencyConflictError.
 * - Rows are never edited: a reversal is a new row (the book decides what it looks like).
 *
 * A book names its ledger table and says how its balance changes and what its rows hold; `postOnce`
 * holds the rules above.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { isUniqueViolation, type Executor, type Tx } from './db';

/** The columns every ledger row has. */
export interface LedgerRow {
  id: number;
  memberId: number;
  /** Signed: positive adds, negative takes away. */
  amount: number;
  balanceAfter: number;
  idempotencyKey: string;
}

/** A ledger table: append-only rows with `LedgerRow`'s columns, the idempotency key UNIQUE. */
export type LedgerTable = PgTable & { idempotencyKey: PgColumn; $inferSelect: LedgerRow };

type RowOf<T extends LedgerTable> = T['$inferSelect'];

/** One change to post: the book's own fields plus these. */
export interface LedgerEntry {
  memberId: number;
  /** Signed: positive adds, negative takes away. */
  amount: number;
  key: string;
  at: Date;
}

export interface LedgerBook<T extends LedgerTable, Entry extends LedgerEntry> {
  table: T;
  /** The UNIQUE constraint on the idempotency key. */
  keyConstraint: string;
  /** Change the balance by `entry.amount` (a decrease only when covered, else throw); the balance after. */
  applyToBalance(tx: Tx, entry: Entry): Promise<number>;
  /** The row that records the change (`entry.key` is its idempotency key). */
  row(entry: Entry, balanceAfter: number): T['$inferInsert'];
  /** Does the first row under this key describe the same change? (member and amount at least) */
  sameChange(row: RowOf<T>, entry: Entry): boolean;
  /**
   * Keep the book's aggregates (the ranking's 微豆 earned per period) in step with the ledger: called
   * with every newly written row, in the same transaction, so no caller can forget it.
   */
  afterAppend?(tx: Tx, row: RowOf<T>): Promise<void>;
}

/** The row a ledger holds under an idempotency key. */
export async function rowByKey<T extends LedgerTable>(
  db: Executor,
  table: T,
  key: string,
): Promise<RowOf<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.idempotencyKey, key))
    .limit(1);
  return row as RowOf<T> | undefined;
}

/** Append the row, ON CONFLICT (key) DO NOTHING: undefined when the key is taken. */
async function append<T extends LedgerTable>(tx: Tx, table: T, values: T['$inferInsert']) {
  const [row] = await tx.insert(table).values(values).onConflictDoNothing({ target: table.idempotencyKey }).returning();
  return row as RowOf<T> | undefined;
}

/** The same idempotency key came back with different parameters. */
export class IdempotencyConflictError extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used with different parameters`);
    this.name = 'IdempotencyConflictError';
  }
}

/** Thrown inside the transaction to roll it back when the key turns out to be taken. */
class KeyTaken extends Error {}

/** Post one change exactly once per idempotency key. */
export async function postOnce<T extends LedgerTable, Entry extends LedgerEntry>(
  db: Executor,
  book: LedgerBook<T, Entry>,
  entry: Entry,
): Promise<{ row: RowOf<T>; replayed: boolean }> {
  const replay = (row: RowOf<T>) => {
    if (!book.sameChange(row, entry)) throw new IdempotencyConflictError(row.idempotencyKey);
    return { row, replayed: true };
  };
  const first = await rowByKey(db, book.table, entry.key);
  if (first) return replay(first);
  try {
    return await db.transaction(async (tx: Tx) => {
      const balanceAfter = await book.applyToBalance(tx, entry);
      const row = await append(tx, book.table, book.row(entry, balanceAfter));
      if (!row) throw new KeyTaken();
      await book.afterAppend?.(tx, row);
      return { row, replayed: false };
    });
  } catch (err) {
    if (err instanceof KeyTaken || isUniqueViolation(err, book.keyConstraint)) {
      const row = await rowByKey(db, book.table, entry.key);
      if (row) return replay(row);
    }
    throw err;
  }
}

/** Ledger amounts are positive whole numbers; the sign comes from the operation. */
export function assertPositiveAmount(amount: number, what = 'ledger'): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`${what} amount must be a positive integer, got ${amount}`);
}

/**
 * Ledger calls take a context (its database and clock) or an executor (an open transaction, to
 * post inside a larger change; the clock is then the wall clock unless `at` is given).
 */
export function ledgerTarget(target: AppContext | Executor, at: number | undefined): { db: Executor; at: Date } {
  if (!('transaction' in target)) return { db: target.db, at: new Date(at ?? target.now()) };
  return { db: target, at: new Date(at ?? Date.now()) };
}
