/**
 * Replays (Stripe-style: a replay answers like the first, and changes nothing): the same return
 * link again and again, a postback and a return link in either order, a postback repeated. One
 * credit (ledger key `task:<rid>`) whatever arrives first or how often.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { pointLedger } from '../../server/db/schema-points';
import { participations, surveyPartners, tasks } from '../../server/db/schema-tasks';
import { balanceOf } from '../../server/modules/points/ledger';
import { FRESH_PAST_SECONDS } from '../../server/modules/tasks/signature';
import { newMember, newPartner, newTask, signedLinks, tasksHarness, type TasksHarness } from './tasks-helpers';

const R = JoinResult.values;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('tasks-replay');
});
afterAll(() => h.env.cleanup());

/** A partner task and a member who started it through the API. */
async function started(points = 100) {
  const partner = await newPartner(h.ctx);
  const task = await newTask(h.ctx, { partnerId: partner.id, points, screenOutPoints: 10 });
  const member = await newMember(h.ctx);
  const s = await h.call<{ respondentId: string; entryUrl: string; resumed: boolean }>(
    'POST',
    `/api/v1/process/tasks/${task.hashId}/start`,
    { member },
  );
  expect(s.code).toBe(200);
  expect(s.data.entryUrl).toBe(partner.entryUrl.replace('{rid}', encodeURIComponent(s.data.respondentId)));
  return { partner, task, member, rid: s.data.respondentId };
}

const { returnLink, postbackLink } = signedLinks(() => h);

const submit = (member: number, url: string) =>
  h.call<Record<string, unknown>>('POST', '/api/v1/process/tasks/callback', { member, body: { url } });
const postback = (url: string) => h.call<{ accepted: boolean; duplicate: boolean }>('GET', url);

const ledgerOf = (memberId: number) => h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));

async function expectOneCredit(member: number, rid: string, amount: number) {
  const rows = await ledgerOf(member);
  expect(rows.map((r) => [r.amount, r.idempotencyKey])).toEqual([[amount, `task:${rid}`]]);
  expect(await balanceOf(h.ctx.db, member)).toBe(amount);
}

describe('replays', () => {
  it('the same return link 5× answers the same outcome 5× and credits once', async () => {
    const { partner, member, rid, task } = await started(100);
    const url = returnLink(partner.secret, rid, '10');
    const replies = [];
    for (let i = 0; i < 5; i++) {
      replies.push(await submit(member, url));
      h.clock.advance(1000);
    }
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0]!.data).toMatchObject({ respondentId: rid, joinResult: R.COMPLETE, points: 100 });
    await expectOneCredit(member, rid, 100);
    const [t] = await h.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(t!.completes).toBe(1);
  });

  it('a replayed return link long after its freshness window still answers the first outcome', async () => {
    const { partner, member, rid } = await started(100);
    const url = returnLink(partner.secret, rid, '20');
    const first = await submit(member, url);
    h.clock.advance((FRESH_PAST_SECONDS + 3600) * 1000);
    expect(await submit(member, url)).toEqual(first);
    expect(first.data).toMatchObject({ joinResult: R.SCREENED_OUT, points: 10 });
    await expectOneCredit(member, rid, 10);
  });

  it('the first result wins: a later link with another status answers the first outcome', async () => {
    const { partner, member, rid } = await started(100);
    const first = await submit(member, returnLink(partner.secret, rid, '20'));
    const second = await submit(member, returnLink(partner.secret, rid, '10'));
    expect(second).toEqual(first);
    await expectOneCredit(member, rid, 10);
  });

  it('postback then return: the return link shows the postback’s outcome, one credit', async () => {
    const { partner, member, rid } = await started(80);
    expect((await postback(postbackLink(partner.code, partner.secret, rid, '10'))).data).toEqual({
      accepted: true,
      duplicate: false,
    });
    const back = await submit(member, returnLink(partner.secret, rid, '10'));
    expect(back.data).toMatchObject({ joinResult: R.COMPLETE, points: 80, pointsStatus: 'posted' });
    expect(await submit(member, returnLink(partner.secret, rid, '10'))).toEqual(back);
    await expectOneCredit(member, rid, 80);
    const [p] = await h.ctx.db.select().from(participations).where(eq(participations.respondentId, rid));
    expect(p!.settledBy).toBe('postback');
  });

  it('return then postback: the postback is acknowledged as a duplicate, one credit', async () => {
    const { partner, member, rid } = await started(60);
    const back = await submit(member, returnLink(partner.secret, rid, '10'));
    expect(back.data).toMatchObject({ joinResult: R.COMPLETE, points: 60 });
    for (let i = 0; i < 2; i++)
      expect((await postback(postbackLink(partner.code, partner.secret, rid, '10'))).data).toEqual({
        accepted: true,
        duplicate: true,
      });
    await expectOneCredit(member, rid, 60);
  });

  it('postback 3× (the same URL): accepted each time, the first settles, one credit', async () => {
    const { partner, member, rid } = await started(50);
    const url = postbackLink(partner.code, partner.secret, rid, '10');
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await postback(url));
    expect(replies.map((r) => [r.status, r.code])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
    ]);
    expect(replies.map((r) => r.data)).toEqual([
      { accepted: true, duplicate: false },
      { accepted: true, duplicate: true },
      { accepted: true, duplicate: true },
    ]);
    await expectOneCredit(member, rid, 50);
  });

  it('starting again after the result answers ALREADY_JOINED with the result page, crediting nothing', async () => {
    const { partner, member, rid, task } = await started(40);
    await submit(member, returnLink(partner.secret, rid, '10'));
    const again = await h.call<{ respondentId: string; entryUrl: string }>(
      'POST',
      `/api/v1/process/tasks/${task.hashId}/start`,
      { member },
    );
    expect(again.code).toBe(Code.ALREADY_JOINED);
    expect(again.data).toMatchObject({ respondentId: rid, entryUrl: `/survey/end?rid=${encodeURIComponent(rid)}` });
    await expectOneCredit(member, rid, 40);
  });

  it('a second start before the result resumes the same participation (same rid)', async () => {
    const { member, rid, task } = await started(40);
    const again = await h.call<{ respondentId: string; resumed: boolean }>(
      'POST',
      `/api/v1/process/tasks/${task.hashId}/start`,
      { member },
    );
    expect([again.code, again.data.respondentId, again.data.resumed]).toEqual([200, rid, true]);
    const rows = await h.ctx.db.select().from(participations).where(eq(participations.taskId, task.id));
    expect(rows).toHaveLength(1);
  });

  it('a start refused while the partner is paused writes nothing: the member can start once it resumes', async () => {
    const partner = await newPartner(h.ctx, { active: false });
    const task = await newTask(h.ctx, { partnerId: partner.id });
    const member = await newMember(h.ctx);
    const url = `/api/v1/process/tasks/${task.hashId}/start`;
    expect((await h.call('POST', url, { member })).code).toBe(Code.TASK_CLOSED);
    expect(await h.ctx.db.select().from(participations).where(eq(participations.taskId, task.id))).toHaveLength(0);
    await h.ctx.db.update(surveyPartners).set({ active: true }).where(eq(surveyPartners.id, partner.id));
    const ok = await h.call<{ resumed: boolean }>('POST', url, { member });
    expect([ok.code, ok.data.resumed]).toEqual([200, false]);
  });
});
