/**
 * Database helpers every module uses: the transaction and executor types and the test for a
 * unique-constraint violation (the way idempotency keys and one-per-member rules are enforced).
 */
import type { Database } from '../db';

/** An open transaction (what `db.transaction(async (tx) => …)` hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database or an open transaction: anything a query, or a nested transaction, runs on. */
export type Executor = Database | Tx;

/**
 * Is this error (or one of its causes) PostgreSQL's unique violation (23505)? With `constraint`,
 * only a violation of that constraint (or one whose driver does not name the constraint) counts.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === '23505') return constraint === undefined || pgErr.constraint === constraint || !pgErr.constraint;
  }
  return false;
}

/** A database or an open transaction with the clock: what an operator's write needs (ops, seeds). */
export interface WriteContext {
  db: Executor;
  now: () => number;
}
