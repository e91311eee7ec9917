/**
 * The weidou details (微豆明细, `/home/gold`): one member's ledger rows, newest first, paged, with
 * optional filters on status (posted / pending) and direction (in = credits, out = debits).
 * Only the caller's rows: every query is scoped by member id.
 */
import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pointsReasonLabel, type PointsHistory } from '../../../openapi/schemas/points';
import { pointLedger } from '../../db/schema-points';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';

export type PointsHistoryData = z.output<typeof PointsHistory>;

export interface HistoryQuery {
  page: number;
  pageSize: number;
  status?: 'posted' | 'pending';
  direction?: 'in' | 'out';
}

export async function pointsHistory(db: Executor, memberId: number, q: HistoryQuery): Promise<PointsHistoryData> {
  const conds: SQL[] = [eq(pointLedger.memberId, memberId)];
  if (q.status) conds.push(eq(pointLedger.status, q.status));
  if (q.direction === 'in') conds.push(gt(pointLedger.amount, 0));
  if (q.direction === 'out') conds.push(lt(pointLedger.amount, 0));
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(pointLedger)
      .where(where)
      .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.$count(pointLedger, where),
  ]);
  return pageOf(
    q,
    rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      reason: r.reason,
      reasonLabel: pointsReasonLabel(r.reason),
      source: r.source,
      status: r.status === 'pending' ? 'pending' : 'posted',
      createdAt: r.createdAt.getTime(),
    })),
    total,
  );
}
