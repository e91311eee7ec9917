/**
 * The shared open-task snapshot behind recommend and the lists (server/modules/tasks/open.ts): the
 * answers equal a direct read of the database (the single join query the service ran before the
 * snapshot) after every kind of change; a change made in this process shows at once; one made by
 * another process (a direct SQL update here) shows once the snapshot is OPEN_SNAPSHOT_MS old.
 */
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinResult, POINTS_RANGES } from '../../openapi/enums';
import { memberProperties, participations, tasks } from '../../server/db/schema-tasks';
import { setTaskMinQualityLevel } from '../../server/modules/tasks/admin';
import { hiddenFromList } from '../../server/modules/tasks/eligibility';
import { OPEN_SNAPSHOT_MS, tasksChanged } from '../../server/modules/tasks/open';
import { toCard, viewerOf } from '../../server/modules/tasks/service';
import { settleParticipation } from '../../server/modules/tasks/settle';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

const R = JoinResult.values;
const HOUR = 3_600_000;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('tasks-open-snapshot');
});
afterAll(() => h.env.cleanup());
beforeEach(async () => {
  await h.ctx.db.update(tasks).set({ status: 'paused' }).where(eq(tasks.status, 'active'));
  tasksChanged();
});
afterEach(() => {
  vi.useRealTimers();
});

type Card = ReturnType<typeof toCard>;

/** The recommendations as the service read them before the snapshot: one join per request. */
async function direct(
  member: number | null,
  deviceType: number | null,
  limit: number,
  module?: number,
  range?: number,
) {
  const now = h.clock.now();
  const at = new Date(now);
  const points = POINTS_RANGES.find((r) => r.id === range);
  const rows = await h.ctx.db
    .select({ task: tasks, mine: participations })
    .from(tasks)
    .leftJoin(participations, and(eq(participations.taskId, tasks.id), eq(participations.memberId, member ?? 0)))
    .where(
      and(
        eq(tasks.status, 'active'),
        lte(tasks.openAt, at),
        or(isNull(tasks.closeAt), gt(tasks.closeAt, at)),
        or(isNull(tasks.quota), lt(tasks.completes, tasks.quota)),
        module === undefined ? undefined : eq(tasks.module, module),
        points ? sql`${tasks.points} between ${points.min} and ${points.max ?? 2_147_483_647}` : undefined,
      ),
    )
    .orderBy(desc(tasks.sort), desc(tasks.id));
  if (member === null)
    return rows
      .filter((r) => deviceType === null || r.task.devices.includes(deviceType))
      .slice(0, limit)
      .map((r) => toCard(r.task, undefined));
  const viewer = await viewerOf(h.ctx.db, member, deviceType, now, []);
  return rows
    .filter((r) => !hiddenFromList(r.task, r.mine ?? undefined, viewer, now))
    .slice(0, limit)
    .map((r) => toCard(r.task, r.mine ?? undefined));
}

const recommend = async (member: number | null, deviceType: number | null, limit: number) =>
  (
    await h.call<Card[]>('GET', `/api/v1/tasks/recommend?limit=${limit}`, {
      ...(member === null ? {} : { member }),
      ...(deviceType === null ? {} : { deviceType }),
    })
  ).data;

const listed = async (member: number, query: string) =>
  (await h.call<{ list: Card[]; total: number }>('GET', `/api/v1/tasks?pageSize=100${query}`, { member })).data;

/** Every viewer's recommendations, and a member's filtered lists, equal the direct read. */
async function sameAsDirect(members: number[]) {
  for (const member of [null, ...members])
    for (const deviceType of [null, 1, 2])
      for (const limit of [6, 20])
        expect(await recommend(member, deviceType, limit)).toEqual(await direct(member, deviceType, limit));
  for (const member of members) {
    expect((await listed(member, '')).list).toEqual(await direct(member, null, 100));
    expect((await listed(member, '&module=1')).list).toEqual(await direct(member, null, 100, 1));
    expect((await listed(member, '&pointsRange=3')).list).toEqual(await direct(member, null, 100, undefined, 3));
  }
}

const hashIds = (cards: Card[]) => cards.map((c) => c.hashId);

describe('open-task snapshot', () => {
  it('answers as a direct read across new, closed, full and edited tasks and the member’s own rows', async () => {
    const now = h.clock.now();
    const woman = await newMember(h.ctx);
    await h.ctx.db.insert(memberProperties).values({ memberId: woman, gender: 2 });
    const other = await newMember(h.ctx);
    const best = await newTask(h.ctx, { sort: 9, module: 1, points: 120 });
    const limited = await newTask(h.ctx, { sort: 8, quota: 1, points: 200 });
    const desktop = await newTask(h.ctx, { sort: 7, devices: [2], module: 1 });
    await newTask(h.ctx, { sort: 6, targeting: { genders: [2] }, points: 90 });
    const closing = await newTask(h.ctx, { sort: 5, closeAt: new Date(now + HOUR) });
    const opening = await newTask(h.ctx, { sort: 4, openAt: new Date(now + HOUR / 2), module: 1 });
    for (let i = 0; i < 8; i++) await newTask(h.ctx, { sort: 0, points: 50 + i * 40 });
    await sameAsDirect([woman, other]);

    // A new task shows at once.
    const fresh = await newTask(h.ctx, { sort: 10 });
    expect(hashIds(await recommend(null, null, 1))).toEqual([fresh.hashId]);
    await sameAsDirect([woman, other]);

    // The member starts a task: their card says so at once (their own rows are never kept).
    const started = await newParticipation(h.ctx, best.id, woman);
    expect((await recommend(woman, null, 20)).find((c) => c.hashId === best.hashId)?.mine?.status).toBe('started');
    await sameAsDirect([woman, other]);
    // ...and finishes it (screened out): gone from their recommendations, still there for the rest.
    await settleParticipation(h.ctx, {
      respondentId: started.respondentId,
      joinResult: R.SCREENED_OUT,
      settledBy: 'return',
    });
    expect(hashIds(await recommend(woman, null, 20))).not.toContain(best.hashId);
    expect(hashIds(await recommend(other, null, 20))).toContain(best.hashId);
    await sameAsDirect([woman, other]);

    // A complete fills the quota (settle, in this process): gone for everyone at once.
    const filling = await newParticipation(h.ctx, limited.id, other);
    expect(hashIds(await recommend(null, null, 20))).toContain(limited.hashId);
    await settleParticipation(h.ctx, {
      respondentId: filling.respondentId,
      joinResult: R.COMPLETE,
      settledBy: 'return',
    });
    expect(hashIds(await recommend(null, null, 20))).not.toContain(limited.hashId);
    await sameAsDirect([woman, other]);

    // An operator's edit (ops: the minimum answer-quality level) shows at once.
    await setTaskMinQualityLevel(h.ctx.db, desktop.hashId, 2);
    expect((await recommend(null, 2, 20)).find((c) => c.hashId === desktop.hashId)?.minQualityLevel).toBe(2);
    await sameAsDirect([woman, other]);

    // The clock opens one task and closes another.
    h.clock.advance(HOUR / 2);
    expect(hashIds(await recommend(null, null, 20))).toContain(opening.hashId);
    await sameAsDirect([woman, other]);
    h.clock.advance(HOUR / 2);
    expect(hashIds(await recommend(null, null, 20))).not.toContain(closing.hashId);
    await sameAsDirect([woman, other]);

    // A task closed (paused) by a writer of this process.
    await h.ctx.db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, fresh.id));
    tasksChanged();
    expect(hashIds(await recommend(null, null, 20))).not.toContain(fresh.hashId);
    await sameAsDirect([woman, other]);
  });

  it('shows a change made by another process once the snapshot is OPEN_SNAPSHOT_MS old', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const start = Date.now();
    const member = await newMember(h.ctx);
    const paused = await newTask(h.ctx, { sort: 3 });
    const full = await newTask(h.ctx, { sort: 2, quota: 5, completes: 4 });
    const kept = await newTask(h.ctx, { sort: 1 });
    expect(hashIds(await recommend(member, null, 20))).toEqual([paused.hashId, full.hashId, kept.hashId]);

    // Another process pauses one task, fills another's quota and adds a task: no writer here saw it.
    await h.ctx.db.execute(sql`update tasks set status = 'paused' where id = ${paused.id}`);
    await h.ctx.db.execute(sql`update tasks set completes = quota where id = ${full.id}`);
    const [added] = await h.ctx.db
      .insert(tasks)
      .values({ ...kept, id: undefined, hashId: `${kept.hashId}x`, sort: 4 })
      .returning();
    vi.setSystemTime(start + OPEN_SNAPSHOT_MS - 1);
    expect(hashIds(await recommend(member, null, 20))).toEqual([paused.hashId, full.hashId, kept.hashId]);
    vi.setSystemTime(start + OPEN_SNAPSHOT_MS);
    expect(hashIds(await recommend(member, null, 20))).toEqual([added!.hashId, kept.hashId]);
    expect(hashIds(await recommend(null, null, 20))).toEqual([added!.hashId, kept.hashId]);
    await sameAsDirect([member]);
  });

  it('never keeps a member’s own participation: a row written by another process shows on the next read', async () => {
    const member = await newMember(h.ctx);
    const t = await newTask(h.ctx);
    expect((await recommend(member, null, 6))[0]!.mine).toBeNull();
    const p = await newParticipation(h.ctx, t.id, member);
    expect((await recommend(member, null, 6))[0]!.mine?.respondentId).toBe(p.respondentId);
    await h.ctx.db.execute(sql`update participations set status = 'finished', join_result = 2 where id = ${p.id}`);
    expect(await recommend(member, null, 6)).toEqual([]);
  });
});
