/**
 * Reading tasks (server/modules/tasks/service.ts + eligibility.ts) through the API: the list by
 * module shows only tasks the member may take (targeting on properties, device type, open/close
 * time, quota, paused), paging, detail with its block reason, summary counts, task records with
 * join results and points, recommendations for visitors and members, and BOLA: member A never
 * sees member B's records or outcomes.
 *
 * Every test starts from a clean slate of open tasks (all earlier tasks paused).
 */
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { basicSurveyCompletions, memberProperties, tasks } from '../../server/db/schema-tasks';
import { tasksChanged } from '../../server/modules/tasks/open';
import { settleParticipation } from '../../server/modules/tasks/settle';
import { withSignature } from '../../server/modules/tasks/signature';
import { newMember, newParticipation, newPartner, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

const R = JoinResult.values;
const HOUR = 3_600_000;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('tasks-list');
});
afterAll(() => h.env.cleanup());
beforeEach(async () => {
  await h.ctx.db.update(tasks).set({ status: 'paused' }).where(ne(tasks.status, 'paused'));
  tasksChanged(); // a writer of tasks, as the ops commands are
});

interface Card {
  id: number;
  hashId: string;
  title: string;
  module: number;
  remaining: number | null;
  mine: { respondentId: string; status: string; joinResult: number; points: number } | null;
}
interface CardPage {
  list: Card[];
  total: number;
  page: number;
  pageSize: number;
}
interface Detail extends Card {
  canStart: boolean;
  block: string | null;
  blockMessage: string | null;
}

const list = (member: number, query = '', deviceType?: number) =>
  h.call<CardPage>('GET', `/api/v1/tasks${query}`, { member, ...(deviceType ? { deviceType } : {}) });
const ids = (cards: Card[]) => cards.map((c) => c.hashId).sort();

async function withProps(props: Partial<typeof memberProperties.$inferInsert>) {
  const m = await newMember(h.ctx);
  await h.ctx.db.insert(memberProperties).values({ memberId: m, ...props });
  return m;
}

describe('task list', () => {
  it('shows only the open tasks this member may take, filtered by module', async () => {
    const now = h.clock.now();
    const open = await newTask(h.ctx, { module: 2, title: '开放' });
    const other = await newTask(h.ctx, { module: 1, title: '新手' });
    const women = await newTask(h.ctx, { module: 2, targeting: { genders: [2] } });
    const men = await newTask(h.ctx, { module: 2, targeting: { genders: [1] } });
    const young = await newTask(h.ctx, { module: 2, targeting: { ageMin: 18, ageMax: 25 } });
    const adults = await newTask(h.ctx, { module: 2, targeting: { ageMin: 26, ageMax: 50 } });
    const gd = await newTask(h.ctx, { module: 2, targeting: { provinceIds: [440000] } });
    const bj = await newTask(h.ctx, { module: 2, targeting: { provinceIds: [110000] } });
    const edu = await newTask(h.ctx, { module: 2, targeting: { educations: [9] } });
    const desktop = await newTask(h.ctx, { module: 2, devices: [2] });
    await newTask(h.ctx, { module: 2, openAt: new Date(now + HOUR) });
    await newTask(h.ctx, { module: 2, closeAt: new Date(now - 1) });
    const closesLater = await newTask(h.ctx, { module: 2, closeAt: new Date(now + HOUR) });
    await newTask(h.ctx, { module: 2, quota: 2, completes: 2 });
    const quotaLeft = await newTask(h.ctx, { module: 2, quota: 2, completes: 1 });
    await newTask(h.ctx, { module: 2, status: 'paused' });
    const basic = await newTask(h.ctx, { module: 2, requiresBasicSurvey: true });

    // A woman of 30 (on 2030-01-01) in Guangdong, on a phone.
    const m = await withProps({ gender: 2, birthday: '1999-06-15', provinceId: 440000, education: 3 });
    const r = await list(m, '?module=2', 1);
    expect(r.code).toBe(200);
    expect(ids(r.data.list)).toEqual(
      ids([open, women, adults, gd, closesLater, quotaLeft, basic].map((t) => ({ hashId: t.hashId }) as Card)),
    );
    expect(r.data.total).toBe(7);
    expect(r.data.list.find((c) => c.hashId === quotaLeft.hashId)!.remaining).toBe(1);
    // Without a module: the other module's task too. Without a device header: the desktop task too.
    expect(ids((await list(m, '', 1)).data.list)).toContain(other.hashId);
    expect(ids((await list(m, '?module=2')).data.list)).toContain(desktop.hashId);
    // A man of 24 in Beijing sees the men-only, young and Beijing tasks, not the women-only or Guangdong ones.
    const man = await withProps({ gender: 1, birthday: '2006-01-01', provinceId: 110000 });
    const forMan = ids((await list(man, '?module=2', 1)).data.list);
    expect(forMan).toContain(men.hashId);
    expect(forMan).toContain(young.hashId);
    expect(forMan).toContain(bj.hashId);
    expect(forMan).not.toContain(women.hashId);
    expect(forMan).not.toContain(gd.hashId);
    // No properties at all: only untargeted tasks.
    const bare = await newMember(h.ctx);
    const forBare = ids((await list(bare, '?module=2', 1)).data.list);
    for (const t of [women, men, young, adults, gd, bj, edu]) expect(forBare).not.toContain(t.hashId);
    expect(forBare).toContain(open.hashId);
  });

  it('a time window opens and closes on the clock', async () => {
    const now = h.clock.now();
    const t = await newTask(h.ctx, { module: 3, openAt: new Date(now + HOUR), closeAt: new Date(now + 2 * HOUR) });
    const m = await newMember(h.ctx);
    expect((await list(m, '?module=3')).data.total).toBe(0);
    h.clock.advance(HOUR);
    expect(ids((await list(m, '?module=3')).data.list)).toEqual([t.hashId]);
    h.clock.advance(HOUR);
    expect((await list(m, '?module=3')).data.total).toBe(0);
  });

  it('pages: page, pageSize and total; best (sort) first; a points range filter', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await newTask(h.ctx, { module: 4, sort: i, points: 10 + i * 100 }));
    const m = await newMember(h.ctx);
    const p1 = await list(m, '?module=4&page=1&pageSize=3');
    const p3 = await list(m, '?module=4&page=3&pageSize=3');
    const p4 = await list(m, '?module=4&page=4&pageSize=3');
    expect([p1.data.total, p1.data.page, p1.data.pageSize]).toEqual([7, 1, 3]);
    expect(p1.data.list.map((c) => c.hashId)).toEqual([made[6], made[5], made[4]].map((t) => t!.hashId));
    expect(p3.data.list.map((c) => c.hashId)).toEqual([made[0]!.hashId]);
    expect(p4.data.list).toEqual([]);
    // Range 3 is 85–299 points: only the 110 and 210 tasks.
    const ranged = await list(m, '?module=4&pointsRange=3');
    expect(ids(ranged.data.list)).toEqual(ids([made[1]!, made[2]!] as unknown as Card[]));
    expect((await list(m, '?pageSize=101')).status).toBe(400);
    expect((await list(m, '?module=9')).status).toBe(400);
  });

  it('needs a member', async () => {
    expect((await h.call('GET', '/api/v1/tasks')).status).toBe(401);
  });
});

describe('task detail', () => {
  it('says why a member cannot start, for every block', async () => {
    const now = h.clock.now();
    const m = await withProps({ gender: 1 });
    const detail = (hashId: string, deviceType = 1) =>
      h.call<Detail>('GET', `/api/v1/tasks/${hashId}`, { member: m, deviceType });
    const cases: [Parameters<typeof newTask>[1], string | null][] = [
      [{}, null],
      [{ closeAt: new Date(now - 1) }, 'closed'],
      [{ status: 'paused' }, 'closed'],
      [{ openAt: new Date(now + HOUR) }, 'not_open'],
      [{ quota: 1, completes: 1 }, 'quota_full'],
      [{ devices: [2] }, 'device'],
      [{ targeting: { genders: [2] } }, 'not_eligible'],
      [{ requiresBasicSurvey: true }, 'basic_survey'],
    ];
    for (const [overrides, block] of cases) {
      const t = await newTask(h.ctx, overrides);
      const d = await detail(t.hashId);
      expect([d.code, d.data.canStart, d.data.block], JSON.stringify(overrides)).toEqual([200, block === null, block]);
      expect(d.data.blockMessage === null).toBe(block === null);
    }
    // The basic questionnaire done: the task can start.
    const basic = await newTask(h.ctx, { requiresBasicSurvey: true });
    await h.ctx.db.insert(basicSurveyCompletions).values({ memberId: m });
    expect((await detail(basic.hashId)).data.canStart).toBe(true);
    // Finished: joined; started: may resume even after the window closed.
    const done = await newTask(h.ctx);
    const p = await newParticipation(h.ctx, done.id, m);
    await settleParticipation(h.ctx, { respondentId: p.respondentId, joinResult: R.COMPLETE, settledBy: 'return' });
    const joined = await detail(done.hashId);
    expect(joined.data).toMatchObject({
      canStart: false,
      block: 'joined',
      blockMessage: '你已完成过该任务，每个任务只能参加一次',
    });
    expect(joined.data.mine).toMatchObject({
      respondentId: p.respondentId,
      status: 'finished',
      joinResult: 1,
      points: 100,
    });
    const resumable = await newTask(h.ctx, { closeAt: new Date(now + 1000) });
    await newParticipation(h.ctx, resumable.id, m);
    h.clock.advance(2000);
    expect((await detail(resumable.hashId)).data).toMatchObject({ canStart: true, block: null });
    // An unknown task.
    expect((await detail('t-no-such-task')).code).toBe(Code.NOT_FOUND);
  });
});

describe('summary and records', () => {
  it('counts per module and per result; records list join results and points, newest first', async () => {
    const partner = await newPartner(h.ctx);
    const m = await newMember(h.ctx);
    const tDone = await newTask(h.ctx, { module: 2, partnerId: partner.id, points: 100, title: '完成的' });
    const tOut = await newTask(h.ctx, { module: 2, partnerId: partner.id, screenOutPoints: 10, title: '甄别的' });
    const tBusy = await newTask(h.ctx, { module: 2, partnerId: partner.id, title: '进行中' });
    await newTask(h.ctx, { module: 1, partnerId: partner.id, title: '新手' });
    await newTask(h.ctx, { module: 1, targeting: { genders: [2] } });
    const start = async (hashId: string) =>
      (await h.call<{ respondentId: string }>('POST', `/api/v1/process/tasks/${hashId}/start`, { member: m })).data
        .respondentId;
    const back = (rid: string, status: string) =>
      h.call('POST', '/api/v1/process/tasks/callback', {
        member: m,
        body: {
          url: withSignature(
            partner.secret,
            `/task/back?rid=${rid}&status=${status}&ts=${Math.floor(h.clock.now() / 1000)}`,
          ),
        },
      });
    const rDone = await start(tDone.hashId);
    h.clock.advance(1000);
    const rOut = await start(tOut.hashId);
    h.clock.advance(1000);
    const rBusy = await start(tBusy.hashId);
    await back(rDone, '10');
    await back(rOut, '20');

    const s = await h.call<{
      modules: { module: number; available: number }[];
      joined: number;
      completed: number;
      screenedOut: number;
      inProgress: number;
      pointsEarned: number;
      todayPoints: number;
    }>('GET', '/api/v1/tasks/summary', { member: m });
    expect(s.data).toMatchObject({
      joined: 3,
      completed: 1,
      screenedOut: 1,
      inProgress: 1,
      pointsEarned: 110,
      todayPoints: 110,
    });
    // Available: module 2 keeps the started task (resumable), not the finished ones; module 1 the fresh one.
    const avail = Object.fromEntries(s.data.modules.map((x) => [x.module, x.available]));
    expect(avail).toMatchObject({ 1: 1, 2: 1, 0: 0, 3: 0, 4: 0 });

    type Rec = { respondentId: string; title: string; joinResult: number; points: number; status: string };
    const recs = await h.call<{ list: Rec[]; total: number }>('GET', '/api/v1/users/tasks', { member: m });
    expect(recs.data.total).toBe(3);
    expect(recs.data.list.map((r) => [r.respondentId, r.status, r.joinResult, r.points])).toEqual([
      [rBusy, 'started', 0, 0],
      [rOut, 'finished', R.SCREENED_OUT, 10],
      [rDone, 'finished', R.COMPLETE, 100],
    ]);
    const onlyDone = await h.call<{ list: Rec[]; total: number }>('GET', `/api/v1/users/tasks?result=${R.COMPLETE}`, {
      member: m,
    });
    expect(onlyDone.data.list.map((r) => r.respondentId)).toEqual([rDone]);
    const paged = await h.call<{ list: Rec[]; total: number }>('GET', '/api/v1/users/tasks?page=2&pageSize=2', {
      member: m,
    });
    expect([paged.data.total, paged.data.list.map((r) => r.respondentId)]).toEqual([3, [rDone]]);

    // BOLA: another member sees none of it, cannot read the outcome nor settle with the link.
    const b = await newMember(h.ctx);
    const theirs = await h.call<{ list: Rec[]; total: number }>('GET', '/api/v1/users/tasks', { member: b });
    expect(theirs.data).toMatchObject({ list: [], total: 0 });
    const sb = await h.call<{ joined: number; pointsEarned: number }>('GET', '/api/v1/tasks/summary', { member: b });
    expect(sb.data).toMatchObject({ joined: 0, pointsEarned: 0 });
    for (const rid of [rDone, rBusy]) {
      expect((await h.call('GET', `/api/v1/process/participations/${rid}`, { member: b })).code).toBe(
        Code.PARTICIPATION_FOREIGN,
      );
      expect((await h.call('POST', `/api/v1/process/participations/${rid}/finish`, { member: b })).code).toBe(
        Code.PARTICIPATION_FOREIGN,
      );
    }
    const cards = await list(b, '?module=2');
    expect(cards.data.list.every((c) => c.mine === null)).toBe(true);
    const d = await h.call<Detail>('GET', `/api/v1/tasks/${tDone.hashId}`, { member: b });
    expect(d.data).toMatchObject({ mine: null, canStart: true });
    expect((await h.call('GET', '/api/v1/users/tasks')).status).toBe(401);
  });
});

describe('recommend', () => {
  it('a visitor gets the best open tasks for the device; a member only what they may take, with mine', async () => {
    const now = h.clock.now();
    const best = await newTask(h.ctx, { sort: 9, title: '最佳' });
    const women = await newTask(h.ctx, { sort: 8, targeting: { genders: [2] } });
    const desktop = await newTask(h.ctx, { sort: 7, devices: [2] });
    const plain = await newTask(h.ctx, { sort: 6 });
    await newTask(h.ctx, { sort: 10, closeAt: new Date(now - 1) });
    await newTask(h.ctx, { sort: 10, openAt: new Date(now + HOUR) });
    await newTask(h.ctx, { sort: 10, quota: 1, completes: 1 });
    await newTask(h.ctx, { sort: 10, status: 'paused' });

    const visitor = await h.call<Card[]>('GET', '/api/v1/tasks/recommend', { deviceType: 1 });
    expect(visitor.data.map((c) => c.hashId)).toEqual([best.hashId, women.hashId, plain.hashId]);
    expect(visitor.data.every((c) => c.mine === null)).toBe(true);
    const anyDevice = await h.call<Card[]>('GET', '/api/v1/tasks/recommend?limit=2');
    expect(anyDevice.data.map((c) => c.hashId)).toEqual([best.hashId, women.hashId]);

    const man = await withProps({ gender: 1 });
    const p = await newParticipation(h.ctx, plain.id, man);
    const mine = await h.call<Card[]>('GET', '/api/v1/tasks/recommend', { member: man, deviceType: 2 });
    expect(mine.data.map((c) => c.hashId)).toEqual([best.hashId, desktop.hashId, plain.hashId]);
    expect(mine.data[2]!.mine).toMatchObject({ respondentId: p.respondentId, status: 'started' });
    // A finished task leaves the member's recommendations.
    await settleParticipation(h.ctx, { respondentId: p.respondentId, joinResult: R.SCREENED_OUT, settledBy: 'return' });
    const after = await h.call<Card[]>('GET', '/api/v1/tasks/recommend', { member: man, deviceType: 2 });
    expect(after.data.map((c) => c.hashId)).toEqual([best.hashId, desktop.hashId]);
    expect((await h.call('GET', '/api/v1/tasks/recommend?limit=21')).status).toBe(400);
    const [row] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, best.id));
    expect(row!.status).toBe('active');
  });
});
