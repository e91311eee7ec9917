/**
 * The console's feedback desk: saved replies (常用回复), shared by everyone working the desk.
 */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staff } from './schema-staff';

export const savedReplies = pgTable(
  'saved_replies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Who saved it (the staff account; its display name is shown). */
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [index('saved_replies_created_idx').on(t.createdAt)],
);
