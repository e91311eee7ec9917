/**
 * Column builders the schema files share, so a timestamp or a member reference is declared
 * one way everywhere. (server/db/schema.ts, where `members` lives, keeps its own two
 * timestamp helpers: importing this file from there would make a cycle.)
 */
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';
import { members } from './schema';

export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** A required reference to a row of another table (`column` is read late: tables may refer to each other). */
export const refTo = (name: string, column: () => AnyPgColumn) => integer(name).notNull().references(column);

/** The member a row belongs to. */
export const memberId = () => refTo('member_id', () => members.id);

/** The member a one-row-per-member table (a balance, a profile) is keyed by. */
export const memberKey = () =>
  integer('member_id')
    .primaryKey()
    .references(() => members.id);
