/**
 * Registrations and invite rewards: where each registration came from and the state of the
 * inviter's two rewards. Listed with the other schema files in server/db/tables.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, memberKey } from './columns';
import { members } from './schema';
import { creditLedger } from './schema-benefits';
import { pointLedger } from './schema-points';

/**
 * One row per member registered since signups were recorded: where the registration came from (device id, IP)
 * and, for invited members, the state of the inviter's two rewards.
 */
export const signups = pgTable(
  'signups',
  {
    memberId: memberKey(),
    inviterId: integer('inviter_id').references(() => members.id),
    deviceId: text('device_id'),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
    /** none (no inviter), granted or withheld. */
    registerState: text('register_state').notNull().default('none'),
    registerReason: text('register_reason'),
    registerLedgerId: bigint('register_ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    /** none (no inviter), waiting, granted or withheld. */
    firstTaskState: text('first_task_state').notNull().default('none'),
    firstTaskReason: text('first_task_reason'),
    firstTaskLedgerId: bigint('first_task_ledger_id', { mode: 'number' }).references(() => pointLedger.id),
    /** When the invitee completed a first valid task (became active). */
    activatedAt: at('activated_at'),
    creditLedgerId: bigint('credit_ledger_id', { mode: 'number' }).references(() => creditLedger.id),
  },
  (t) => [
    check('signups_register_state', sql`${t.registerState} in ('none', 'granted', 'withheld')`),
    check('signups_first_task_state', sql`${t.firstTaskState} in ('none', 'waiting', 'granted', 'withheld')`),
    index('signups_inviter_idx').on(t.inviterId, t.createdAt),
    index('signups_device_idx').on(t.deviceId),
  ],
);
