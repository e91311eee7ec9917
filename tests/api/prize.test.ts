/**
 * Prize trials (server/modules/prize): apply once in the window (a repeat answers the first
 * application), eligibility (answer-quality minimum, a province-limited trial), the draw after the
 * deadline recomputed from the revealed seed by the published rule (its SHA-256 equal to the hash
 * shown before), winners count = units, a second draw changes nothing, winners get one message,
 * the result page masks nicknames, and a winner confirms their existing address.
 */
import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { prizeApplicantKey } from '../../openapi/rules/prize';
import type { PrizeResult, PrizeTrialDetail } from '../../openapi/schemas/prize';
import type { z } from 'zod';
import type { AppContext } from '../../server/context';
import { messages } from '../../server/db/schema-content';
import { DAY_MS } from '../../server/kernel/time';
import { addTrial, drawDue, drawTrial } from '../../server/modules/prize/service';
import { saveAddress } from './exchange-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
beforeAll(async () => {
  h = await tasksHarness('prize');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const trial = (o: Partial<Parameters<typeof addTrial>[1]> = {}) =>
  addTrial(ctx, {
    title: '保湿面霜试用装',
    summary: '50ml 正装',
    images: ['https://example.com/a.jpg'],
    units: 2,
    opensAt: ctx.now() - 1000,
    closesAt: ctx.now() + DAY_MS,
    ...o,
  });
const applyVia = (member: number, id: number) =>
  h.call<{ applicationId: number; replayed: boolean; applicants: number }>('POST', `/api/v1/prizes/${id}/apply`, {
    member,
  });
const resultOf = (id: number, member?: number) =>
  h.call<z.output<typeof PrizeResult>>('GET', `/api/v1/prizes/${id}/result`, { member });

describe('prize trials', () => {
  it('a member applies once; the repeat answers the first application', async () => {
    const t = await trial();
    const m = await newMember(ctx);
    const a = await applyVia(m, t.id);
    expect(a.code).toBe(200);
    expect(a.data).toMatchObject({ replayed: false, applicants: 1 });
    const b = await applyVia(m, t.id);
    expect(b.data).toEqual({ applicationId: a.data.applicationId, replayed: true, applicants: 1 });
    const d = await h.call<z.output<typeof PrizeTrialDetail>>('GET', `/api/v1/prizes/${t.id}`, { member: m });
    expect(d.data.mine).toMatchObject({ applied: true, applicationId: a.data.applicationId, won: null });
    expect(d.data.trial).toMatchObject({ phase: 'open', applicants: 1, seedHash: t.seedHash });
    const visitor = await h.call<z.output<typeof PrizeTrialDetail>>('GET', `/api/v1/prizes/${t.id}`);
    expect(visitor.data.mine).toBeNull();
    expect((await h.call('POST', `/api/v1/prizes/${t.id}/apply`)).status).toBe(401);
  });

  it('eligibility: the quality minimum and the province are checked; outside the window is refused', async () => {
    const m = await newMember(ctx);
    const top = await trial({ minQualityLevel: 3 });
    const d = await h.call<z.output<typeof PrizeTrialDetail>>('GET', `/api/v1/prizes/${top.id}`, { member: m });
    expect(d.data.mine).toMatchObject({ eligible: false, applied: false });
    expect(d.data.mine?.reason).toContain('优秀');
    expect((await applyVia(m, top.id)).code).toBe(Code.PRIZE_NOT_ELIGIBLE);

    const gd = await trial({ provinceId: 440000 });
    const bj = await trial({ provinceId: 110000 });
    expect((await applyVia(m, gd.id)).code).toBe(Code.PRIZE_NOT_ELIGIBLE);
    await saveAddress(ctx, m);
    expect((await applyVia(m, gd.id)).code).toBe(200);
    const refused = await applyVia(m, bj.id);
    expect(refused.code).toBe(Code.PRIZE_NOT_ELIGIBLE);
    expect(refused.msg).toContain('北京');

    const later = await trial({ opensAt: ctx.now() + DAY_MS, closesAt: ctx.now() + 2 * DAY_MS });
    expect((await applyVia(m, later.id)).code).toBe(Code.PRIZE_NOT_OPEN);
  });

  it('the draw: after the deadline only, units winners, recomputed from the revealed seed, once', async () => {
    const t = await trial({ units: 3 });
    const ms: number[] = [];
    for (let i = 0; i < 8; i++) ms.push(await newMember(ctx));
    for (const m of ms) expect((await applyVia(m, t.id)).code).toBe(200);

    const before = await resultOf(t.id, ms[0]);
    expect(before.data).toMatchObject({ seed: null, winners: [], entries: [], drawnAt: null });
    expect(before.data.trial.phase).toBe('open');
    await expect(drawTrial(ctx, t.id)).rejects.toMatchObject({ code: Code.PRIZE_NOT_CLOSED });

    h.clock.advance(DAY_MS + 1000);
    expect((await resultOf(t.id)).data.trial.phase).toBe('closed');
    expect((await applyVia(await newMember(ctx), t.id)).code).toBe(Code.PRIZE_NOT_OPEN);
    expect(await drawDue(ctx)).toBeGreaterThanOrEqual(1);

    const r = (await resultOf(t.id, ms[0])).data;
    expect(r.trial.phase).toBe('drawn');
    expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(r.seed!, 'utf8').digest('hex')).toBe(t.seedHash);
    expect(r.entries).toHaveLength(8);
    expect(r.trial.drawRule).toBe(2);
    // Anyone's recomputation, from the published rule only.
    const mine = r.entries.map((e) => ({
      id: e.applicationId,
      digest: createHmac('sha256', Buffer.from(r.seed!, 'utf8'))
        .update(prizeApplicantKey(r.trial.drawRule, t.id, e.applicationId), 'utf8')
        .digest('hex'),
    }));
    for (const e of r.entries) expect(mine.find((x) => x.id === e.applicationId)!.digest).toBe(e.digest);
    const expected = [...mine]
      .sort((a, b) => a.id - b.id)
      .sort((a, b) => a.digest.localeCompare(b.digest))
      .slice(0, 3)
      .map((x) => x.id);
    expect(r.winners.map((w) => w.applicationId)).toEqual(expected);
    expect(
      r.entries
        .filter((e) => e.won)
        .map((e) => e.applicationId)
        .sort(),
    ).toEqual([...expected].sort());
    expect(r.winners).toHaveLength(t.units);
    for (const w of r.winners) expect(w.nickname).toContain('*');

    const again = await drawTrial(ctx, t.id);
    expect(again.drawn).toBe(false);
    expect(again.winners.sort()).toEqual([...expected].sort());
    expect(await drawDue(ctx)).toBe(0);
    const after = (await resultOf(t.id)).data;
    expect(after.drawnAt).toBe(r.drawnAt);
    expect(after.winners).toEqual(r.winners);

    const sent = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.link, `/prize/result?id=${t.id}`));
    expect(sent).toHaveLength(3);
  });

  it('a winner confirms the existing address; others cannot', async () => {
    const t = await trial({ units: 1 });
    const w = await newMember(ctx);
    await applyVia(w, t.id);
    h.clock.advance(DAY_MS + 1000);
    await drawTrial(ctx, t.id);
    const loser = await newMember(ctx);
    expect((await h.call('POST', `/api/v1/prizes/${t.id}/ship-to`, { member: loser })).code).toBe(Code.PRIZE_NOT_WON);
    expect((await h.call('POST', `/api/v1/prizes/${t.id}/ship-to`, { member: w })).code).toBe(Code.PRIZE_NO_CONSIGNEE);
    await saveAddress(ctx, w);
    const ok = await h.call<{ shipTo: string }>('POST', `/api/v1/prizes/${t.id}/ship-to`, { member: w });
    expect(ok.code).toBe(200);
    expect(ok.data.shipTo).toContain('科技园南区');
    expect((await resultOf(t.id, w)).data.mine).toMatchObject({ won: true, shipTo: ok.data.shipTo });
  });
});
