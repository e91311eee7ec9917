/**
 * Campus referral-officer recruitment (校园推广官): one application per member, reviewed by an
 * operator (`npm run ops -- recruit …`). The contact mobile arrives RSA-encrypted and is stored
 * as the member typed it (operators call the applicant). Listed with the other schema files in
 * tables.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { members } from './schema';
import { at, createdAt } from './columns';

export const recruitApplications = pgTable(
  'recruit_applications',
  {
    id: serial('id').primaryKey(),
    /** One application per member. */
    memberId: integer('member_id')
      .notNull()
      .unique('recruit_applications_member_key')
      .references(() => members.id),
    /** The request key of the submission: a resend with it answers the same application. */
    requestKey: text('request_key').notNull(),
    school: text('school').notNull(),
    grade: text('grade').notNull(),
    mobile: text('mobile').notNull(),
    motivation: text('motivation').notNull(),
    /** pending, approved or rejected. */
    state: text('state').notNull().default('pending'),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    /** The operator's message to the applicant (shown on the page and sent to their inbox). */
    reviewMessage: text('review_message'),
    createdAt: createdAt(),
  },
  (t) => [
    check('recruit_applications_state', sql`${t.state} in ('pending', 'approved', 'rejected')`),
    index('recruit_applications_state_idx').on(t.state, t.createdAt),
  ],
);
