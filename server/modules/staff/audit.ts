/** The audit log read back: filtered pages for the console, and the chain check. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { operations } from '../../../openapi/index';
import { auditLog } from '../../db/schema-staff';
import type { Executor } from '../../kernel/db';

const NAMES = new Map(operations.map((o) => [o.id, o.summary]));
/** What staff read for an operation: the console's summary, or the CLI command itself. */
export const operationName = (op: string) => NAMES.get(op) ?? (op.startsWith('ops ') ? `命令行：${op}` : op);

export interface AuditFilter {
  staff?: string | undefined;
  operation?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export async function listAuditRows(db: Executor, f: AuditFilter & { page: number; pageSize: number }) {
  const where: SQL[] = [];
  if (f.staff) where.push(eq(auditLog.staffLogin, f.staff));
  if (f.operation) where.push(eq(auditLog.operation, f.operation));
  if (f.targetType) where.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) where.push(eq(auditLog.targetId, f.targetId));
  if (f.from !== undefined) where.push(gte(auditLog.at, new Date(f.from)));
  if (f.to !== undefined) where.push(lt(auditLog.at, new Date(f.to)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(cond),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.getTime(),
      staffId: r.staffId,
      staffLogin: r.staffLogin,
      staffRoles: r.staffRoles ? r.staffRoles.split(',') : [],
      channel: r.channel === 'cli' ? ('cli' as const) : ('console' as const),
      operation: r.operation,
      operationName: operationName(r.operation),
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.userAgent,
      hash: r.hash,
    })),
    total: Number(total?.n ?? 0),
    page: f.page,
    pageSize: f.pageSize,
  };
}
