/**
 * Demo content for a fresh `npm start` (SEED_DEMO, default on): the local demo partner (its secret
 * generated once and kept in `survey_partners`), the demo polls and the demo tasks. Tasks are
 * seeded only while the tasks table is empty, under an advisory lock so two servers starting on
 * one PostgreSQL seed once; a restart seeds nothing more. The partner's entry URL follows the
 * current PUBLIC_ORIGIN on every start.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { polls, surveyPartners, tasks } from '../db/schema-tasks';
import { DAY_MS } from '../kernel/time';
import { DEMO_POLLS } from '../modules/polls/demoPolls';
import { tasksChanged } from '../modules/tasks/open';
import { DEFAULT_POLL_TASK, DEMO_POLL_TASKS, DEMO_TASKS, POLL_RULES } from './demoTasks';

export const DEMO_PARTNER_CODE = 'demo';

/** Arbitrary constant: the advisory lock that serialises demo seeding across processes. */
const SEED_LOCK = 7_201_143_412;

/** Public task id: 9 random bytes, base64url (12 characters). */
const newTaskHashId = () => randomBytes(9).toString('base64url');

/** On this site: the start builds it on the address the member opened (tasks/start.ts). */
const DEMO_PARTNER_ENTRY = '/demo-partner/survey?rid={rid}';

/** Create or refresh the demo partner; returns it. */
async function ensureDemoPartner(ctx: AppContext, tx: Pick<AppContext['db'], 'insert' | 'update' | 'select'>) {
  const entryUrl = DEMO_PARTNER_ENTRY;
  await tx
    .insert(surveyPartners)
    .values({
      code: DEMO_PARTNER_CODE,
      name: '演示调研平台（本地）',
      secret: randomBytes(32).toString('hex'),
      entryUrl,
    })
    .onConflictDoUpdate({ target: surveyPartners.code, set: { entryUrl } });
  const [partner] = await tx.select().from(surveyPartners).where(eq(surveyPartners.code, DEMO_PARTNER_CODE));
  return partner!;
}

/** Days the demo partner may still reject a complete (reconciliation). */
const DEMO_REVIEW_DAYS = 3;

/** Seed when there are no tasks yet. Returns how many tasks it created (0 = nothing to do). */
export async function seedDemo(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const minSeconds = (seeded: number) => Math.min(seeded, ctx.config.demoMinSecondsCap ?? seeded);
  const seeded = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const partner = await ensureDemoPartner(ctx, tx);
    const [existing] = await tx.select({ n: count() }).from(tasks);
    if (Number(existing?.n ?? 0) > 0) return 0;

    const openAt = new Date(now - 60_000);
    const rows: (typeof tasks.$inferInsert)[] = DEMO_TASKS.map((d) => ({
      hashId: newTaskHashId(),
      title: d.title,
      description: d.description,
      rules: d.rules,
      type: d.type,
      module: d.module,
      kind: d.kind,
      points: d.points,
      screenOutPoints: d.screenOutPoints ?? 0,
      quotaFullPoints: d.quotaFullPoints ?? 0,
      minutes: d.minutes,
      minSeconds: minSeconds(d.minSeconds ?? 0),
      timeoutMinutes: d.timeoutMinutes ?? 120,
      quota: d.quota ?? null,
      openAt,
      closeAt: d.closeInDays === undefined ? null : new Date(now + d.closeInDays * DAY_MS),
      devices: d.devices ?? [1, 2, 3],
      targeting: d.targeting ?? {},
      requiresBasicSurvey: d.requiresBasicSurvey ?? false,
      minQualityLevel: d.minQualityLevel ?? 0,
      partnerId: d.kind === 'survey' ? partner.id : null,
      // The demo partner may reject a complete for 3 days (its completes show 待审核 until then).
      reviewDays: d.kind === 'survey' ? DEMO_REVIEW_DAYS : 0,
      targetUrl: d.targetUrl ?? null,
      watchSeconds: d.watchSeconds ?? 0,
      sort: d.sort,
    }));
    for (const poll of DEMO_POLLS) {
      const [created] = await tx
        .insert(polls)
        .values({
          title: poll.title,
          intro: poll.intro,
          questions: poll.questions,
          logic: poll.logic,
          lowQualityPay: poll.lowQualityPay,
        })
        .returning({ id: polls.id });
      const meta = DEMO_POLL_TASKS[poll.key] ?? DEFAULT_POLL_TASK;
      rows.push({
        hashId: newTaskHashId(),
        title: poll.title,
        description: meta.description,
        rules: ['每位会员限参加一次。', '请认真作答，系统会检查答卷质量。', POLL_RULES[poll.lowQualityPay]],
        type: meta.type,
        module: meta.module,
        kind: 'poll',
        points: meta.points,
        minutes: meta.minutes,
        minSeconds: minSeconds(meta.minSeconds),
        openAt,
        pollId: created!.id,
        sort: meta.sort,
      });
    }
    await tx.insert(tasks).values(rows);
    return rows.length;
  });
  if (seeded > 0) tasksChanged();
  return seeded;
}
