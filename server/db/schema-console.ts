/**
 * The console's own records: 微豆 adjustments staff request for a member. An adjustment within
 * the four-eyes threshold is applied at once; a larger one waits for a second finance or admin
 * account. Applying it writes one points-ledger row keyed `adjust:<id>`, so it is credited once.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, serial, integer, text } from 'drizzle-orm/pg-core';
import { at, createdAt, memberId, refTo } from './columns';
import { pointLedger } from './schema-points';
import { staff } from './schema-staff';

export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    memberId: memberId(),
    /** Signed 微豆: positive credits, negative debits; never zero. */
    amount: integer('amount').notNull(),
    /** Why (shown to the member in 微豆明细 and in the audit log). */
    reason: text('reason').notNull(),
    requestedBy: refTo('requested_by', () => staff.id),
    /** pending, applied or rejected; leaves pending once (conditional update). */
    state: text('state').$type<'pending' | 'applied' | 'rejected'>().notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: at('decided_at'),
    /** The reviewer's reason (a rejection's). */
    decisionReason: text('decision_reason'),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('balance_adjustments_amount_nonzero', sql`${t.amount} <> 0`),
    check('balance_adjustments_state', sql`${t.state} in ('pending', 'applied', 'rejected')`),
    check('balance_adjustments_applied_has_ledger', sql`(${t.state} = 'applied') = (${t.ledgerId} is not null)`),
    index('balance_adjustments_state_idx').on(t.state, t.createdAt),
    index('balance_adjustments_member_idx').on(t.memberId, t.createdAt),
  ],
);
