/**
 * Database helpers every module uses: the transaction and executor types, the test for a
 * unique-constraint violation (the way idempotency keys and one-per-member rules are enforced) and
 * named statements for hot paths.
 */
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * A hot statement written in SQL (`sql.placeholder('x')` for its inputs): its text is built once per
 * process and it runs as a named prepared statement — PostgreSQL parses and plans it once per
 * connection — on the database or inside an open transaction (drizzle's `.prepare()` binds to one
 * of them). Rows come back as the driver reads them, keyed by the column names the SQL gives: cast
 * bigint columns to text or wrap them in Number(), and leave timestamps out.
 */
export function namedStatement<Row>(name: string, build: () => SQL) {
  let query: Query | undefined;
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
