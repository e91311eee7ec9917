/**
 * Column builders the schema files share, so a timestamp or a member reference is declared
 * one way everywhere. (server/db/schema.ts, where `members` lives, keeps its own two
 * timestamp helpers: importing this file from there would make a cycle.)
 */
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema';

export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** The member a row belongs to. */
export const memberId = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id);

/** The member a one-row-per-member table (a balance, a profile) is keyed by. */
export const memberKey = () =>
  integer('member_id')
    .primaryKey()
    .references(() => members.id);
