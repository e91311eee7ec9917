/**
 * Demo content on first start (SEED_DEMO): what a new user of `npm start` can do end to end —
 * tasks of every type and module (in-house polls among them) with a local demo partner, rewards of
 * all three types with stock, benefits, and notices, banners, a campaign and app releases whose
 * images are the site's own files; with the SMS outbox, a demo member with feedback tickets in three
 * states. A restart seeds nothing more; SEED_DEMO=false seeds nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeType, TaskModule, TaskType } from '../../openapi/enums';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { rewardCodes, rewards } from '../../server/db/schema-exchange';
import { benefits } from '../../server/db/schema-benefits';
import { appReleases, messageInbox, messages, notices, promotions } from '../../server/db/schema-content';
import { members } from '../../server/db/schema';
import { feedbackMoves, feedbackPosts, feedbackTickets } from '../../server/db/schema-support';
import { DEMO_MEMBER, seedDemoFeedback } from '../../server/seed/demoFeedback';
import { FeedbackState, LowQualityReason } from '../../openapi/enums';
import { eq, inArray } from 'drizzle-orm';
import { participations, polls, surveyPartners, tasks } from '../../server/db/schema-tasks';
import { qualityOverview } from '../../server/modules/quality/standing';
import { createTestEnv } from './helpers';

const env = createTestEnv('demo');
afterAll(() => env.cleanup());

/** The app's download links as APP_DOWNLOAD_ANDROID_URL / APP_STORE_URL set them. */
const appDownload = {
  android: 'https://dl.weidou.example/weidou.apk',
  ios: 'https://apps.apple.com/cn/app/id1234567890',
};
const ctxOf = async (seedDemo: boolean) =>
  ((await env.build({ seedDemo, appDownload })) as unknown as { ctx: AppContext; inject: unknown }).ctx;

describe('demo content', () => {
  it('SEED_DEMO defaults to on outside tests and can be turned off', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
  });

  it('seeds nothing when off', async () => {
    const ctx = await ctxOf(false);
    expect((await ctx.db.select({ n: count() }).from(tasks))[0]!.n).toBe(0);
    expect((await ctx.db.select({ n: count() }).from(rewards))[0]!.n).toBe(0);
    // The demo member only with the SMS outbox: no deployed site gets an account with a known password.
    const real = { ...ctx, config: { ...ctx.config, sms: { provider: 'aliyun' } as typeof ctx.config.sms } };
    expect(await seedDemoFeedback(real)).toBe(0);
    expect(await ctx.db.$count(members, eq(members.mobile, DEMO_MEMBER.mobile))).toBe(0);
    await env.closeAll();
  });

  it('seeds every task type and module, polls, a partner, rewards of all three types and benefits — once', async () => {
    const ctx = await ctxOf(true);
    const taskRows = await ctx.db.select().from(tasks);
    expect(new Set(taskRows.map((t) => t.type))).toEqual(new Set(TaskType.list));
    expect(new Set(taskRows.map((t) => t.module))).toEqual(new Set(TaskModule.list));
    expect(taskRows.some((t) => t.kind === 'poll' && t.pollId !== null)).toBe(true);
    expect(taskRows.some((t) => t.kind === 'survey' && t.partnerId !== null)).toBe(true);
    // One open task for 优秀 members only (the answer-quality minimum).
    expect(taskRows.filter((t) => t.status === 'active' && t.minQualityLevel === 3)).toHaveLength(1);
    expect((await ctx.db.select().from(polls)).length).toBeGreaterThan(0);
    expect((await ctx.db.select().from(surveyPartners)).map((p) => p.code)).toContain('demo');

    const rewardRows = await ctx.db.select().from(rewards);
    expect(new Set(rewardRows.map((r) => r.type))).toEqual(new Set(ExchangeType.list));
    expect(rewardRows.every((r) => r.stock > 0)).toBe(true);
    // Every demo reward has a picture of the site's own (public/rewards/), not the type's drawing.
    for (const r of rewardRows) {
      expect(r.images.length, r.title).toBeGreaterThan(0);
      for (const img of r.images) expect(existsSync(path.join('public', img)), img).toBe(true);
    }
    expect(rewardRows.filter((r) => r.minQualityLevel > 0).map((r) => r.minQualityLevel)).toEqual([3]);
    const codes = await ctx.db.select({ n: count() }).from(rewardCodes);
    const virtualStock = rewardRows.filter((r) => r.type === 2).reduce((s, r) => s + r.stock, 0);
    expect(codes[0]!.n).toBe(virtualStock);
    expect((await ctx.db.select().from(benefits)).length).toBeGreaterThan(0);

    const noticeRows = await ctx.db.select().from(notices);
    expect(noticeRows.length).toBeGreaterThanOrEqual(2);
    expect(noticeRows.filter((n) => n.pinned)).toHaveLength(1);
    const promoRows = await ctx.db.select().from(promotions);
    const placed = new Set(promoRows.map((p) => `${p.kind}:${p.placement}`));
    for (const where of ['banner:landing', 'banner:home', 'banner:task', 'login:login'])
      expect(placed).toContain(where);
    expect(promoRows.filter((p) => p.kind === 'event')).toHaveLength(1);
    // Images are the site's own files (public/promo/), so a demo works offline.
    for (const p of promoRows)
      for (const img of [p.image, p.mobileImage]) if (img) expect(existsSync(path.join('public', img)), img).toBe(true);
    // The app's releases with the configured links (none is seeded without them: demoReleases).
    expect(new Map((await ctx.db.select().from(appReleases)).map((r) => [r.platform, r.url] as const))).toEqual(
      new Map(Object.entries(appDownload)),
    );

    const counts = {
      tasks: taskRows.length,
      rewards: rewardRows.length,
      content: noticeRows.length + promoRows.length,
    };
    await env.closeAll();
    const again = await ctxOf(true);
    expect((await again.db.select({ n: count() }).from(tasks))[0]!.n).toBe(counts.tasks);
    expect((await again.db.select({ n: count() }).from(rewards))[0]!.n).toBe(counts.rewards);
    const content =
      (await again.db.select({ n: count() }).from(notices))[0]!.n +
      (await again.db.select({ n: count() }).from(promotions))[0]!.n;
    expect(content).toBe(counts.content);
  });

  it('gives the demo member feedback tickets in three states, each with a staff reply and its message — once', async () => {
    const ctx = await ctxOf(true);
    const [m] = await ctx.db.select().from(members).where(eq(members.mobile, DEMO_MEMBER.mobile));
    expect(m).toMatchObject({ nickname: DEMO_MEMBER.nickname });
    expect(m!.passwordHash).not.toBeNull();
    const tickets = await ctx.db.select().from(feedbackTickets).where(eq(feedbackTickets.memberId, m!.id));
    const S = FeedbackState.values;
    expect(tickets.map((t) => t.state).sort()).toEqual([S.AWAITING_FEEDBACK, S.AWAITING_CONFIRMATION, S.CONFIRMED]);
    expect(tickets.find((t) => t.state === S.CONFIRMED)!.rating).toBe(5);
    expect(tickets.find((t) => t.state === S.AWAITING_CONFIRMATION)!.recordKind).toBe('task');
    const ids = tickets.map((t) => t.id);
    const posts = await ctx.db.select().from(feedbackPosts).where(inArray(feedbackPosts.ticketId, ids));
    expect(new Set(posts.filter((p) => p.author === 'staff').map((p) => p.ticketId))).toEqual(new Set(ids));
    const moves = await ctx.db.select().from(feedbackMoves).where(inArray(feedbackMoves.ticketId, ids));
    for (const t of tickets) expect(moves.filter((x) => x.ticketId === t.id).at(-1)!.toState).toBe(t.state);
    const inbox = await ctx.db
      .select({ key: messages.eventKey })
      .from(messageInbox)
      .innerJoin(messages, eq(messages.id, messageInbox.messageId))
      .where(eq(messageInbox.memberId, m!.id));
    expect(inbox.filter((r) => r.key?.startsWith('feedback.reply:'))).toHaveLength(
      posts.filter((p) => p.author === 'staff').length,
    );

    await env.closeAll();
    const again = await ctxOf(true);
    expect(await again.db.$count(feedbackTickets, eq(feedbackTickets.memberId, m!.id))).toBe(3);
    await env.closeAll();
  });

  it('gives the demo member six months of answers: every month charted, every reason flagged, a good level — once', async () => {
    const ctx = await ctxOf(true);
    const [m] = await ctx.db.select().from(members).where(eq(members.mobile, DEMO_MEMBER.mobile));
    const o = await qualityOverview(ctx.db, m!.id, ctx.now());
    expect(o.months.every((x) => x.counted > 0)).toBe(true);
    expect(o.level).toBeGreaterThanOrEqual(2);
    expect(o.flagged).toBeGreaterThan(0);
    const flaggedEver = await ctx.db
      .select({ r: participations.lowQualityReasons })
      .from(participations)
      .where(eq(participations.memberId, m!.id));
    expect(new Set(flaggedEver.flatMap((x) => x.r))).toEqual(new Set(LowQualityReason.list));
    expect(o.reversed).toBe(1);
    const n = await ctx.db.$count(participations, eq(participations.memberId, m!.id));
    await env.closeAll();
    const again = await ctxOf(true);
    expect(await again.db.$count(participations, eq(participations.memberId, m!.id))).toBe(n);
    await env.closeAll();
  });
});
