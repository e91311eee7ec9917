/**
 * Demo messages for a fresh `npm start` (SEED_DEMO): one screen message (弹屏) live for 30 days, so
 * a member logging in sees the full-screen announcement once. Seeded while there is no screen
 * message at all, under an advisory lock, so a restart (or a second server on one PostgreSQL)
 * seeds nothing more and an operator's withdrawal stays withdrawn.
 *
 * The inbox needs no seeding: every registration writes the welcome message, and the demo flow
 * (take the welcome task, redeem the 新人体验 reward, `npm run ops -- approve <id>`) writes the
 * exchange message with its code.
 */
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { screenMessages } from '../db/schema-content';
import { DAY_MS } from '../kernel/time';
import { setScreenMessage, type ScreenInput } from '../modules/messages/screen';

/** Arbitrary constant: the advisory lock that serialises message seeding across processes. */
const SEED_LOCK = 7_201_143_416;

export const DEMO_SCREEN: Omit<ScreenInput, 'endAt'> & { days: number } = {
  title: '新人福利：答一份问卷，换一张视频会员卡',
  content:
    '<p>欢迎来到微豆调研！完成「新会员欢迎问卷」即可获得 <strong>50 微豆</strong>，正好兑换一张「新人体验：视频会员 3 天卡」。</p><p>完善个人属性问卷，能收到更多适合你的任务。</p>',
  link: '/task',
  buttonText: '去做任务',
  days: 30,
};

/** Seed the demo screen message when there is none. Returns how many it created. */
export async function seedDemoMessages(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(screenMessages);
    if (Number(existing?.n ?? 0) > 0) return 0;
    const { days, ...screen } = DEMO_SCREEN;
    await setScreenMessage({ db: tx, now: ctx.now }, { ...screen, endAt: ctx.now() + days * DAY_MS });
    return 1;
  });
}
