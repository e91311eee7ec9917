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

type MemberRow = z.output<typeof PointsHistory>['list'][number];

export interface HistoryQuery {
  page: number;
  pageSize: number;
  status?: 'posted' | 'pending';
  direction?: 'in' | 'out';
}

/** What each reason says before the row's own text (a reversal: its sign tells 撤回 from 退还). */
const DESCRIPTION_PREFIX: Record<string, string> = {
  checkin: '每日签到',
  task: '完成任务',
  exchange: '兑换',
  invite: '邀请好友奖励',
  boost: '加成卡奖励',
  lottery: '抽奖',
  refund: '退还',
  adjust: '后台调整',
  course: '新手答题奖励',
  appraise: '月度答题之星',
};

/** An internal key written as a source (`checkin:2026-11-25`, `ledger:12`): never shown. */
const INTERNAL_KEY = /^[a-z][\w-]*:/i;

/**
 * The row as a member reads it, from its reason and source: 「每日签到：连续签到第 3 天」,
 * 「完成任务：<任务标题>」, 「兑换：<奖品名称>」. The sources of a boost (`<加成卡>：<任务>`) and of a
 * reversal (`兑换退还：<奖品>`, `奖励撤回：<任务>`) are sentences of their own and stand as they
 * are; an internal key is dropped.
 */
export function describePointsRow(reason: string, source: string, amount: number): string {
  const prefix = reason === 'reversal' ? (amount < 0 ? '奖励撤回' : '退还') : (DESCRIPTION_PREFIX[reason] ?? '其他');
  const text = source.trim();
  if (!text || INTERNAL_KEY.test(text)) return prefix;
  if (reason === 'boost' || (reason === 'reversal' && text.includes('：'))) return text;
  return `${prefix}：${text}`;
}

type LedgerDbRow = typeof pointLedger.$inferSelect;

/** A ledger row as the member's 微豆明细 shows it. */
export const memberLedgerRow = (r: LedgerDbRow): MemberRow => ({
  id: r.id,
  amount: r.amount,
  balanceAfter: r.balanceAfter,
  reason: r.reason,
  reasonLabel: pointsReasonLabel(r.reason),
  description: describePointsRow(r.reason, r.source, r.amount),
  status: r.status === 'pending' ? 'pending' : 'posted',
  createdAt: r.createdAt.getTime(),
});

/**
 * One member's ledger rows, newest first, paged and filtered: the member's own 微豆明细 (rows as
 * `memberLedgerRow` shapes them) and the console's ledger of a member (`shape` adds what staff see).
 */
export async function pointsHistory<Row = MemberRow>(
  db: Executor,
  memberId: number,
  q: HistoryQuery,
  shape: (r: LedgerDbRow) => Row = memberLedgerRow as (r: LedgerDbRow) => Row,
) {
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
  return pageOf(q, rows.map(shape), total);
}
