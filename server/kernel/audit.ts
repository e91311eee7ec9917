/**
 * The audit log's writer and checker. Every console and CLI write appends one row in the change's
 * own transaction (server/http/handle.ts for the console, scripts/ops.ts for the CLI), so a change
 * and its row commit or roll back together.
 *
 * The chain: rows are numbered 1, 2, 3… by the single `audit_head` row, which an append updates
 * first — the row lock serialises appends, and a waiting append reads the head its predecessor
 * committed. Each row's hash is SHA-256 over the previous hash and the row's canonical JSON, so an
 * edited, removed or reordered row breaks the chain from that row on; `verifyAuditChain` names the
 * first. A trigger refuses UPDATE, DELETE and TRUNCATE (migration 0015).
 */
import { createHash } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { auditHead, auditLog } from '../db/schema-staff';
import type { Executor } from './db';

/** Who acted: a staff account (console or CLI), or nobody yet (the first admin's bootstrap). */
export interface AuditActor {
  staffId: number | null;
  login: string;
  roles: readonly string[];
  channel: 'console' | 'cli';
  ip?: string | null;
  userAgent?: string | null;
}

/** What changed. `before`/`after` hold only what changed, as plain JSON. */
export interface AuditEntry {
  operation: string;
  targetType?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** JSON with object keys sorted at every depth: jsonb does not keep key order, the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Dates become ISO strings, undefined goes: what jsonb will give back. A lone surrogate (valid in
 * a JS string, refused by jsonb) becomes U+FFFD, so odd input cannot make a write fail at its audit row.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const plain = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v)));

type AuditRecord = typeof auditLog.$inferSelect;

export function auditHash(row: Omit<AuditRecord, 'hash'>): string {
  const body = canonicalJson([
    row.id,
    row.at.toISOString(),
    row.staffId,
    row.staffLogin,
    row.staffRoles,
    row.channel,
    row.operation,
    row.targetType,
    row.targetId,
    row.before,
    row.after,
    row.reason,
    row.ip,
    row.userAgent,
  ]);
  return createHash('sha256').update(`${row.prevHash}\n${body}`).digest('hex');
}

/** Append one row (inside the caller's transaction); its id and hash. */
export async function appendAudit(
  tx: Executor,
  actor: AuditActor,
  entry: AuditEntry,
  at: Date,
): Promise<{ id: number; hash: string }> {
  const [head] = await tx
    .update(auditHead)
    .set({ lastId: sql`${auditHead.lastId} + 1` })
    .where(eq(auditHead.id, 1))
    .returning({ lastId: auditHead.lastId, prevHash: auditHead.hash });
  if (!head) throw new Error('audit_head row is missing');
  const row: Omit<AuditRecord, 'hash'> = {
    id: head.lastId,
    at: new Date(Math.floor(at.getTime())),
    staffId: actor.staffId,
    staffLogin: actor.login,
    staffRoles: actor.roles.join(','),
    channel: actor.channel,
    operation: entry.operation,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: plain(entry.before),
    after: plain(entry.after),
    reason: entry.reason ?? null,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ? actor.userAgent.slice(0, 300) : null,
    prevHash: head.prevHash,
  };
  const hash = auditHash(row);
  await tx.insert(auditLog).values({ ...row, hash });
  await tx.update(auditHead).set({ hash }).where(eq(auditHead.id, 1));
  return { id: row.id, hash };
}

export interface ChainCheck {
  intact: boolean;
  rows: number;
  firstBrokenId: number | null;
  problem: string | null;
}

const BATCH = 2_000;

/** Walk the whole chain in id order; the first row that does not fit, and why (zh-CN). */
export async function verifyAuditChain(db: Executor): Promise<ChainCheck> {
  let prevHash = 'genesis';
  let expectedId = 1;
  let rows = 0;
  const broken = (id: number, problem: string): ChainCheck => ({ intact: false, rows, firstBrokenId: id, problem });
  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, expectedId - 1))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const row of batch) {
      if (row.id !== expectedId) return broken(expectedId, `第 ${expectedId} 行缺失`);
      if (row.prevHash !== prevHash) return broken(row.id, `第 ${row.id} 行记录的上一行哈希与上一行不符`);
      const { hash, ...rest } = row;
      if (auditHash(rest) !== hash) return broken(row.id, `第 ${row.id} 行的内容与其哈希不符（内容被改动过）`);
      prevHash = hash;
      expectedId++;
      rows++;
    }
    if (batch.length < BATCH) break;
  }
  const [head] = await db.select().from(auditHead).where(eq(auditHead.id, 1));
  if (head && (head.lastId !== expectedId - 1 || head.hash !== prevHash))
    return broken(expectedId, `日志末尾的第 ${expectedId} 行起缺失（链头记录到第 ${head.lastId} 行）`);
  return { intact: true, rows, firstBrokenId: null, problem: null };
}
