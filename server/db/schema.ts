/**
 * The database schema (Drizzle, pg-core). Migrations are generated from this file with
 * `npm run db:generate` and committed in server/db/migrations; they are applied at start.
 *
 * Tables are declared without a schema name so that `search_path` decides where they live
 * (`public` by default; a per-run schema in tests, see `DATABASE_SCHEMA`).
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The server's RSA key pair: clients encrypt mobile numbers and codes with the public key. */
export const serverKeys = pgTable('server_keys', {
  id: integer('id').primaryKey(),
  /** SHA-256 of the public key (SPKI DER), first 16 hex characters. */
  keyId: text('key_id').notNull().unique(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small durable settings and markers (e.g. one-off data fixes) that need no table of their own. */
export const kv = pgTable('kv', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
