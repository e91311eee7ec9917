/**
 * Tried as an attacker would: under draw rule 1 every draw was HMAC(day seed,
 * `memberSeed:nonce`), so another member's spin with my seed and nonce showed my roll, throw-away
 * accounts could search for a good seed, and a wheel spin predicted a campaign draw. Rule 2 names
 * the kind and the member in the message: the same seed and nonce give unrelated rolls across
 * members and kinds, and everything still recomputes from published data after the reveal. Spins,
 * draws and trials made under rule 1 keep verifying under rule 1.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawFromDigest, drawMessage, type DrawRule } from '../../openapi/rules/lottery';
import { prizeApplicantKey, prizeWinners } from '../../openapi/rules/prize';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { lotterySpins } from '../../server/db/schema-lottery';
import { prizeTrials } from '../../server/db/schema-prize';
import { addCampaign, addCampaignPrize } from '../../server/modules/campaign/campaigns';
import { addPrize } from '../../server/modules/lottery/prizes';
import { addTrial, drawTrial } from '../../server/modules/prize/service';
import { checkSpin } from '../../src/services/lotteryVerify';
import { DAY } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
/** Weights summing to 2^30 (the column is an int4): two rolls agree by chance about once in 10^9. */
const TOTAL = 2 ** 30;
const PRIZE_WEIGHT = 1024;

beforeAll(async () => {
  h = await tasksHarness('drawfair');
  ctx = h.ctx;
  // The wheel and the campaign: one 谢谢参与 slice and one prize, weights summing to 2^30.
  await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: TOTAL - PRIZE_WEIGHT });
  await addPrize(ctx, { name: '50 微豆', kind: 'points', points: 50, weight: PRIZE_WEIGHT });
  const c = await addCampaign(ctx, {
    slug: 'xmas',
    title: '圣诞狂欢季',
    theme: 'christmas',
    startsAt: ctx.now() - DAY,
    endsAt: ctx.now() + 10 * DAY,
  });
  await addCampaignPrize(ctx, c.id, { name: '谢谢参与', kind: 'none', weight: TOTAL - PRIZE_WEIGHT });
  await addCampaignPrize(ctx, c.id, { name: '100 微豆', kind: 'points', points: 100, weight: PRIZE_WEIGHT });
});
afterAll(() => h.env.cleanup());

interface Proof {
  day: string;
  seedHash: string;
  seed: string | null;
  rule: DrawRule;
  kind: string | null;
  member: string | null;
  memberSeed: string;
  nonce: number;
  roll: number;
}
type Spin = {
  id: number;
  drawnPrizeId: number;
  verification: Proof & { table: { prizeId: number; weight: number }[] };
};
type Draw = Proof & { id: number; drawnPrizeId: number; table: { prizeId: number; weight: number }[] };

const seedHex = () => randomUUID().replaceAll('-', '');
const spinWith = async (member: number, memberSeed: string) => {
  const r = await h.call<{ spin: Spin }>('POST', '/api/v1/lottery/spin', {
    member,
    body: { source: 'free', requestKey: randomUUID(), memberSeed },
  });
  expect(r.code).toBe(200);
  return r.data.spin;
};
const drawWith = async (member: number, memberSeed: string) => {
  const r = await h.call<{ draw: Draw }>('POST', '/api/v1/campaigns/xmas/draw', {
    member,
    body: { requestKey: randomUUID(), memberSeed },
  });
  expect(r.code).toBe(200);
  return r.data.draw;
};
const spinsOf = async (member: number) =>
  (await h.call<{ list: Spin[] }>('GET', '/api/v1/lottery/spins?pageSize=50', { member })).data.list;
const drawsOf = async (member: number) =>
  (await h.call<{ list: Draw[] }>('GET', '/api/v1/campaigns/xmas/draws', { member })).data.list;
const codeOf = async (member: number) =>
  (await ctx.db.select({ c: members.memberCode }).from(members).where(eq(members.id, member)))[0]!.c;

/** An outsider's recomputation from the record alone, once the seed is public. */
const recompute = (p: Proof, table: { prizeId: number; weight: number }[]) =>
  drawFromDigest(
    createHmac('sha256', Buffer.from(p.seed!, 'utf8')).update(drawMessage(p), 'utf8').digest('hex'),
    table,
  );

/** A member with one campaign chance (a complete today). */
async function withChance(member: number) {
  const task = await newTask(ctx, { title: `任务 ${randomUUID().slice(0, 6)}` });
  await newParticipation(ctx, task.id, member, { status: 'finished', joinResult: 1, finishedAt: new Date(ctx.now()) });
}

describe('draw rule 2: who and what are in the message', () => {
  it('another member’s spin with my seed and nonce says nothing about mine', async () => {
    const seed = seedHex();
    const [m1, m2] = [await newMember(ctx), await newMember(ctx)];
    const a = await spinWith(m1, seed);
    const b = await spinWith(m2, seed);
    expect([a.verification.nonce, b.verification.nonce]).toEqual([1, 1]);
    expect(a.verification.member).toBe(await codeOf(m1));
    expect(b.verification.member).toBe(await codeOf(m2));
    // Under rule 1 both would have had one message and one roll.
    expect(drawMessage({ ...a.verification, rule: 1 })).toBe(drawMessage({ ...b.verification, rule: 1 }));
    expect(a.verification.roll).not.toBe(b.verification.roll);
  });

  it('throw-away accounts cannot pick the main account’s roll', async () => {
    const tries: { seed: string; roll: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const seed = seedHex();
      tries.push({ seed, roll: (await spinWith(await newMember(ctx), seed)).verification.roll });
    }
    const best = tries.reduce((x, y) => (y.roll > x.roll ? y : x));
    const main = await newMember(ctx);
    const mine = await spinWith(main, best.seed);
    expect(mine.verification.nonce).toBe(1);
    expect(mine.verification.roll).not.toBe(best.roll);
    // And twelve accounts with one and the same seed get twelve unrelated rolls.
    const shared = seedHex();
    const rolls = new Set<number>();
    for (let i = 0; i < 12; i++) rolls.add((await spinWith(await newMember(ctx), shared)).verification.roll);
    expect(rolls.size).toBe(12);
  });

  it('a wheel spin says nothing about a campaign draw with the same seed and nonce', async () => {
    const seed = seedHex();
    const m = await newMember(ctx);
    await withChance(m);
    const spin = await spinWith(m, seed);
    const draw = await drawWith(m, seed);
    expect([spin.verification.nonce, draw.nonce]).toEqual([1, 1]);
    expect([spin.verification.kind, draw.kind]).toEqual(['wheel', 'campaign:xmas']);
    expect(spin.verification.roll).not.toBe(draw.roll);
  });

  it('after the reveal every spin and draw recomputes from published data, under the rule it was drawn with', async () => {
    const m = await newMember(ctx);
    await withChance(m);
    const now = await spinWith(m, seedHex());
    const draw = await drawWith(m, seedHex());
    // A spin made before rule 2 (as the migration left them): drawn with `memberSeed:nonce`.
    const [today] = await ctx.db.select().from(lotterySpins).where(eq(lotterySpins.id, now.id));
    await ctx.db.update(lotterySpins).set({ drawRule: 1, drawMember: null }).where(eq(lotterySpins.id, now.id));
    h.clock.advance(DAY);
    const [old] = await spinsOf(m);
    expect(old!.verification).toMatchObject({ rule: 1, kind: null, member: null, nonce: today!.nonce });
    // The recorded roll was drawn under rule 2, so re-reading it as rule 1 no longer verifies ...
    expect((await checkSpin(old!.verification, old!.drawnPrizeId))!.ok).toBe(false);
    // ... and a rule-1 roll recorded as such does.
    const v1 = recompute(old!.verification, old!.verification.table);
    await ctx.db
      .update(lotterySpins)
      .set({ roll: v1.roll, drawnPrizeId: v1.prizeId })
      .where(eq(lotterySpins.id, now.id));
    const [fixed] = await spinsOf(m);
    expect(await checkSpin(fixed!.verification, fixed!.drawnPrizeId)).toMatchObject({ ok: true });

    const [d] = await drawsOf(m);
    expect(d!.id).toBe(draw.id);
    expect(d!.rule).toBe(2);
    expect(recompute(d!, d!.table)).toEqual({ roll: d!.roll, prizeId: d!.drawnPrizeId });
    expect(await checkSpin(d!, d!.drawnPrizeId)).toMatchObject({ ok: true });
  });
});

describe('prize trials', () => {
  async function drawnTrial(rule: DrawRule) {
    const t = await addTrial(ctx, {
      title: `试用 ${rule}`,
      summary: '正装',
      images: ['https://example.com/a.jpg'],
      units: 2,
      opensAt: ctx.now() - 1000,
      closesAt: ctx.now() + DAY,
    });
    if (rule === 1) await ctx.db.update(prizeTrials).set({ drawRule: 1 }).where(eq(prizeTrials.id, t.id));
    for (let i = 0; i < 5; i++)
      expect((await h.call('POST', `/api/v1/prizes/${t.id}/apply`, { member: await newMember(ctx) })).code).toBe(200);
    h.clock.advance(DAY + 1000);
    await drawTrial(ctx, t.id);
    return (
      await h.call<{
        trial: { id: number; units: number; drawRule: DrawRule };
        seed: string;
        entries: { applicationId: number; digest: string }[];
        winners: { applicationId: number }[];
        verifySteps: string[];
      }>('GET', `/api/v1/prizes/${t.id}/result`)
    ).data;
  }

  for (const rule of [1, 2] as const)
    it(`a trial drawn under rule ${rule} recomputes from its published seed and rule`, async () => {
      const r = await drawnTrial(rule);
      expect(r.trial.drawRule).toBe(rule);
      expect(r.verifySteps[1]).toContain(rule === 1 ? '“试用编号:申请编号”' : '“prize-trial:试用编号|申请编号”');
      const digests = r.entries.map((e) => ({
        applicationId: e.applicationId,
        digest: createHmac('sha256', Buffer.from(r.seed, 'utf8'))
          .update(prizeApplicantKey(rule, r.trial.id, e.applicationId), 'utf8')
          .digest('hex'),
      }));
      expect(digests).toEqual(r.entries.map((e) => ({ applicationId: e.applicationId, digest: e.digest })));
      expect(prizeWinners(digests, r.trial.units)).toEqual(r.winners.map((w) => w.applicationId));
    });
});
