/**
 * Daily check-in (每日签到): once per Beijing calendar day. The streak continues when yesterday was
 * checked in, else it starts at 1; the reward comes from CHECKIN_REWARDS. The check-in row and the
 * ledger credit (key `checkin:<memberId>:<day>`) are written in one transaction, so a check-in
 * without its points (or points without a check-in) cannot exist. A second check-in the same day
 * — also two at once — credits nothing and answers with that day's original result (`already`).
 */
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { CheckinResult, CheckinStatus } from '../../../openapi/schemas/checkin';
import type { AppContext } from '../../context';
import { checkins } from '../../db/schema-points';
import { balanceOf, credit } from '../points/ledger';
import { isUniqueViolation, type Executor } from '../../kernel/db';
import { previousDay, shanghaiDay } from '../../kernel/time';

/** Points for the N-th consecutive day; beyond the last entry the last one applies. */
export const CHECKIN_REWARDS: readonly { day: number; points: number }[] = [
  { day: 1, points: 5 },
  { day: 2, points: 5 },
  { day: 3, points: 10 },
  { day: 4, points: 10 },
  { day: 5, points: 15 },
  { day: 6, points: 15 },
  { day: 7, points: 20 },
];

function rewardFor(streak: number): number {
  const last = CHECKIN_REWARDS[CHECKIN_REWARDS.length - 1]!;
  return (CHECKIN_REWARDS.find((r) => r.day === streak) ?? last).points;
}

export type CheckinStatusData = z.output<typeof CheckinStatus>;
export type CheckinResultData = z.output<typeof CheckinResult>;

async function dayRow(db: Executor, memberId: number, day: string) {
  const [row] = await db
    .select()
    .from(checkins)
    .where(and(eq(checkins.memberId, memberId), eq(checkins.day, day)))
    .limit(1);
  return row;
}

/** Whether the member has checked in on the Beijing day of `now`. */
export async function checkedInOn(db: Executor, memberId: number, now: number): Promise<boolean> {
  return Boolean(await dayRow(db, memberId, shanghaiDay(now)));
}

export async function checkinStatus(ctx: AppContext, memberId: number): Promise<CheckinStatusData> {
  const today = shanghaiDay(ctx.now());
  const monthStart = `${today.slice(0, 7)}-01`;
  const days = await ctx.db
    .select()
    .from(checkins)
    .where(and(eq(checkins.memberId, memberId), gte(checkins.day, previousDay(monthStart)), lte(checkins.day, today)))
    .orderBy(desc(checkins.day));
  const todayRow = days.find((d) => d.day === today);
  const yesterdayRow =
    days.find((d) => d.day === previousDay(today)) ?? (await dayRow(ctx.db, memberId, previousDay(today)));
  const streak = todayRow?.streak ?? yesterdayRow?.streak ?? 0;
  return {
    checkedToday: Boolean(todayRow),
    today,
    streak,
    todayReward: todayRow?.points ?? rewardFor(streak + 1),
    checkedDays: days
      .filter((d) => d.day >= monthStart)
      .map((d) => d.day)
      .sort(),
    rewards: CHECKIN_REWARDS.map((r) => ({ ...r })),
  };
}

class AlreadyCheckedIn extends Error {}

export async function checkIn(
  ctx: AppContext,
  memberId: number,
): Promise<{ already: boolean; data: CheckinResultData }> {
  const now = ctx.now();
  const today = shanghaiDay(now);
  try {
    const data = await ctx.db.transaction(async (tx) => {
      const yesterday = await dayRow(tx, memberId, previousDay(today));
      const streak = (yesterday?.streak ?? 0) + 1;
      const points = rewardFor(streak);
      const inserted = await tx
        .insert(checkins)
        .values({ memberId, day: today, streak, points, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning();
      // Someone (another request) checked in today first: roll back, answer with theirs.
      if (!inserted[0]) throw new AlreadyCheckedIn();
      const entry = await credit(tx, {
        memberId,
        amount: points,
        reason: 'checkin',
        source: `连续签到第 ${streak} 天`,
        idempotencyKey: `checkin:${memberId}:${today}`,
        at: now,
      });
      if (entry.replayed) throw new AlreadyCheckedIn();
      return { points, streak, balance: entry.balanceAfter };
    });
    return { already: false, data };
  } catch (err) {
    if (!(err instanceof AlreadyCheckedIn) && !isUniqueViolation(err)) throw err;
  }
  const row = await dayRow(ctx.db, memberId, today);
  const balance = await balanceOf(ctx.db, memberId);
  return { already: true, data: { points: row?.points ?? 0, streak: row?.streak ?? 1, balance } };
}
