/**
 * The daily server seeds (GLOSSARY "Lottery"): each Beijing day's draws use one seed whose SHA-256
 * is public before the day starts and the seed itself once the day has ended.
 *
 * - `ensureCommitment(db, day)` makes the day's seed once (insert, ON CONFLICT DO NOTHING: of two
 *   makers one wins) and answers the row. The round (`startSeedRound`, at start and every 10
 *   minutes) makes today's and tomorrow's, so tomorrow's hash is out long before midnight; an
 *   operator can commit days ahead (`npm run ops -- lottery seeds commit`).
 * - A seed is answered only for a day before today (`isRevealed`); the round stamps `revealed_at`
 *   on ended days (`revealEnded`), an operator can run it at once.
 * A day whose seed was made only at its first spin (no round had run) shows that: its
 * `committedAt` is after the day's start, and the page says so.
 */
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { LotteryCommitment } from '../../../openapi/schemas/lottery';
import type { AppContext } from '../../context';
import { lotterySeeds } from '../../db/schema-lottery';
import type { Executor } from '../../kernel/db';
import { startPeriodic } from '../../kernel/periodic';
import { DAY_MS, shanghaiDay } from '../../kernel/time';
import { newServerSeed, seedHash } from './draw';

export type SeedRow = typeof lotterySeeds.$inferSelect;
export type CommitmentData = z.output<typeof LotteryCommitment>;

export const SEED_ROUND_MS = 10 * 60_000;

export async function ensureCommitment(db: Executor, day: string, now: number): Promise<SeedRow> {
  const seed = newServerSeed();
  await db
    .insert(lotterySeeds)
    .values({ day, seed, seedHash: seedHash(seed), createdAt: new Date(now) })
    .onConflictDoNothing({ target: lotterySeeds.day });
  const [row] = await db.select().from(lotterySeeds).where(eq(lotterySeeds.day, day));
  return row!;
}

export async function commitmentRow(db: Executor, day: string): Promise<SeedRow | undefined> {
  const [row] = await db.select().from(lotterySeeds).where(eq(lotterySeeds.day, day));
  return row;
}

/** A day's seed may be shown once the Beijing day has ended. */
export const isRevealed = (day: string, now: number): boolean => day < shanghaiDay(now);

export function toCommitment(row: SeedRow, now: number): CommitmentData {
  return {
    day: row.day,
    seedHash: row.seedHash,
    committedAt: row.createdAt.getTime(),
    seed: isRevealed(row.day, now) ? row.seed : null,
  };
}

/** Stamp every ended day's seed as revealed; answers how many were stamped now. */
export async function revealEnded(db: Executor, now: number): Promise<number> {
  const rows = await db
    .update(lotterySeeds)
    .set({ revealedAt: new Date(now) })
    .where(and(isNull(lotterySeeds.revealedAt), lt(lotterySeeds.day, shanghaiDay(now))))
    .returning({ day: lotterySeeds.day });
  return rows.length;
}

/** Today's and tomorrow's commitments, and ended days revealed. */
export async function seedRound(db: Executor, now: number): Promise<{ revealed: number }> {
  await ensureCommitment(db, shanghaiDay(now), now);
  await ensureCommitment(db, shanghaiDay(now + DAY_MS), now);
  return { revealed: await revealEnded(db, now) };
}

export function startSeedRound(ctx: AppContext, intervalMs = SEED_ROUND_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      await seedRound(ctx.db, ctx.now());
    },
    (err) => ctx.log.error({ err }, 'lottery seed round failed'),
  );
}

/** Every commitment, newest day first (operators). */
export async function listCommitments(db: Executor, limit = 30): Promise<SeedRow[]> {
  return db.select().from(lotterySeeds).orderBy(desc(lotterySeeds.day)).limit(limit);
}

export async function commitmentsOf(db: Executor, days: readonly string[]): Promise<Map<string, SeedRow>> {
  if (!days.length) return new Map();
  const rows = await db
    .select()
    .from(lotterySeeds)
    .where(inArray(lotterySeeds.day, [...new Set(days)]));
  return new Map(rows.map((r) => [r.day, r]));
}
