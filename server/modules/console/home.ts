/**
 * The console home's queues: one entry per queue whose permission the signed-in staff holds, in
 * the order of QUEUES. Another queue is one more entry here (its key, zh-CN title, permission and
 * a function counting what waits and since when).
 */
import type { z } from 'zod';
import { mayDo, type Permission, type StaffRole } from '../../../openapi/rules/staff';
import type { ConsoleHome } from '../../../openapi/schemas/admin';
import type { Executor } from '../../kernel/db';
import { pendingAdjustmentsSummary } from './adjustments';
import { waitingSummary } from './desk';
import { pendingSummary } from './review';

export interface ConsoleQueueDef {
  key: string;
  title: string;
  permission: Permission;
  summary: (db: Executor) => Promise<{ count: number; oldestAt: number | null }>;
}

export const QUEUES: ConsoleQueueDef[] = [
  { key: 'exchangeReview', title: '待审核兑换', permission: 'exchange.review', summary: pendingSummary },
  { key: 'feedbackDesk', title: '待处理反馈', permission: 'feedback.desk', summary: waitingSummary },
  { key: 'adjustments', title: '待复核调整', permission: 'balance.approve', summary: pendingAdjustmentsSummary },
];

export async function consoleHome(db: Executor, roles: readonly StaffRole[]): Promise<z.output<typeof ConsoleHome>> {
  const mine = QUEUES.filter((q) => mayDo(roles, q.permission));
  const queues = await Promise.all(mine.map(async (q) => ({ key: q.key, title: q.title, ...(await q.summary(db)) })));
  return { queues };
}
