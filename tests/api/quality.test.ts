/**
 * Answer quality (GET /v1/quality, /v1/quality/flagged, /v1/quality/levels) over participations
 * settled the real way (settleParticipation, reverseParticipation): random histories per seed,
 * compared with a direct count — rate = valid / counted, each reason counted, a partner's reversal
 * of a complete counted as invalid, screen-outs and the rest not counted — and only the caller's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { JoinResult } from '../../openapi/enums';
import { QUALITY_LEVELS, qualityLevelOf } from '../../openapi/rules/quality';
import type { FlaggedAnswers, QualityLevels, QualityOverview } from '../../openapi/schemas/quality';
import type { AppContext } from '../../server/context';
import { DAY_MS } from '../../server/kernel/time';
import { reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { freshMobile, harness, T0, type Harness } from './accounts-helpers';
import { prng } from './support/fuzz-cases';
import { newParticipation, newTask } from './tasks-helpers';
import { runOpsIn } from './ops-helpers';

let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;
const R = JoinResult.values;

async function member() {
  const login = await h.register(freshMobile());
  return { id: login.member.id, token: login.token };
}

interface Planned {
  joinResult: number;
  reasons: number[];
  reverse: boolean;
  daysAgo: number;
}

/** Settle one participation `daysAgo` days before T0 the way the modules do. */
async function settleOne(memberId: number, p: Planned) {
  const c = ctx();
  h.clock.set(T0 - p.daysAgo * DAY_MS);
  const task = await newTask(c, { kind: 'poll' });
  const part = await newParticipation(c, task.id, memberId);
  await settleParticipation(c, {
    respondentId: part.respondentId,
    joinResult: p.joinResult,
    lowQualityReasons: p.reasons,
    settledBy: 'postback',
  });
  if (p.reverse) await reverseParticipation(c, part.respondentId);
  h.clock.set(T0);
  return { ...part, title: task.title };
}

function randomHistory(seed: number): Planned[] {
  const rng = prng(seed);
  const results = [
    R.COMPLETE,
    R.COMPLETE,
    R.COMPLETE,
    R.TOO_SHORT,
    R.SCREENED_OUT,
    R.QUOTA_FULL,
    R.TIMED_OUT,
    R.IP_BLOCKED,
  ];
  return Array.from({ length: 4 + rng.int(14) }, () => {
    const joinResult = rng.pick(results);
    const reasons =
      joinResult === R.COMPLETE && rng.next() < 0.35 ? [1, 2, 3, 4, 5].filter(() => rng.next() < 0.4) : [];
    return { joinResult, reasons, reverse: joinResult === R.COMPLETE && rng.next() < 0.2, daysAgo: rng.int(120) };
  });
}

/** The direct count the server must agree with. */
function expected(history: Planned[]) {
  const inWindow = history.filter(
    (p) => p.daysAgo <= 90 && (p.joinResult === R.COMPLETE || p.joinResult === R.TOO_SHORT),
  );
  const valid = inWindow.filter((p) => p.joinResult === R.COMPLETE && p.reasons.length === 0 && !p.reverse).length;
  const reasons = [1, 2, 3, 4, 5].map((reason) => ({
    reason,
    count: inWindow.filter((p) => p.reasons.includes(reason)).length,
  }));
  return {
    counted: inWindow.length,
    valid,
    reasons,
    reversed: inWindow.filter((p) => p.reverse).length,
    tooFast: inWindow.filter((p) => p.joinResult === R.TOO_SHORT).length,
  };
}

beforeAll(async () => {
  h = await harness('quality');
});
afterAll(() => h.env.cleanup());

describe('answer quality', () => {
  it('needs a login', async () => {
    for (const url of ['/api/v1/quality', '/api/v1/quality/flagged', '/api/v1/quality/monthly'])
      expect((await h.call('GET', url)).status).toBe(401);
  });

  it('a visitor gets the level rules and no member figures', async () => {
    const r = await h.call('GET', '/api/v1/quality/levels');
    expect(r.status).toBe(200);
    const d = r.data as z.output<typeof QualityLevels>;
    expect(d.levels.map((l) => l.name)).toEqual(QUALITY_LEVELS.map((l) => l.name));
    expect(d.levels[2]).toMatchObject({ minCounted: 5, minRate: 0.7 });
    expect(d).toMatchObject({ windowDays: 90, level: null, rate: null, counted: null });
    // A broken token is not a visitor with someone's figures either: it is refused or answered as a visitor.
    const bad = await h.call('GET', '/api/v1/quality/levels', { token: 'not-a-token' });
    if (bad.status === 200) expect(bad.data).toMatchObject({ level: null, counted: null });
  });

  it('a member with no history has no rate and the lowest level', async () => {
    const m = await member();
    const r = await h.call('GET', '/api/v1/quality', { token: m.token });
    const d = r.data as z.output<typeof QualityOverview>;
    expect(d).toMatchObject({ counted: 0, valid: 0, flagged: 0, rate: null, level: 0, windowDays: 90 });
    expect(d.months).toHaveLength(6);
    expect(d.months.every((x) => x.rate === null && x.counted === 0)).toBe(true);
    const list = (await h.call('GET', '/api/v1/quality/flagged', { token: m.token })).data as z.output<
      typeof FlaggedAnswers
    >;
    expect(list).toMatchObject({ list: [], total: 0 });
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`random history ${seed}: rate = valid / counted, reasons and reversals counted`, async () => {
      const m = await member();
      const history = randomHistory(seed);
      const rows = [];
      for (const p of history) rows.push({ plan: p, row: await settleOne(m.id, p) });
      const want = expected(history);

      const d = (await h.call('GET', '/api/v1/quality', { token: m.token })).data as z.output<typeof QualityOverview>;
      expect(d.counted).toBe(want.counted);
      expect(d.valid).toBe(want.valid);
      expect(d.flagged).toBe(want.counted - want.valid);
      expect(d.rate).toBe(want.counted === 0 ? null : want.valid / want.counted);
      expect(d.level).toBe(qualityLevelOf(want.counted, want.valid));
      expect(d.reasons).toEqual(want.reasons);
      expect(d.reversed).toBe(want.reversed);
      expect(d.tooFast).toBe(want.tooFast);
      // Months: the chart never counts what is not counted, and the month of T0 is last.
      expect(d.months.at(-1)!.month).toBe('2030-01');
      for (const mo of d.months) expect(mo.rate).toBe(mo.counted === 0 ? null : mo.valid / mo.counted);

      // The flagged list is exactly the counted, invalid answers of the window, newest first.
      const all = (await h.call('GET', '/api/v1/quality/flagged?pageSize=100', { token: m.token })).data as z.output<
        typeof FlaggedAnswers
      >;
      expect(all.total).toBe(want.counted - want.valid);
      const flaggedRids = rows
        .filter(
          ({ plan }) =>
            plan.daysAgo <= 90 &&
            (plan.joinResult === R.TOO_SHORT ||
              (plan.joinResult === R.COMPLETE && (plan.reasons.length > 0 || plan.reverse))),
        )
        .map(({ row }) => row.respondentId)
        .sort();
      expect(all.list.map((x) => x.respondentId).sort()).toEqual(flaggedRids);
      const times = all.list.map((x) => x.finishedAt);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const x of all.list) {
        const { plan, row } = rows.find((r) => r.row.respondentId === x.respondentId)!;
        expect(x).toMatchObject({
          taskTitle: row.title,
          reasons: plan.reasons,
          tooFast: plan.joinResult === R.TOO_SHORT,
          reversed: plan.reverse,
        });
      }
    });
  }

  it('a partner reversal turns a valid complete into a flagged one', async () => {
    const m = await member();
    const done = [];
    for (let i = 0; i < 5; i++)
      done.push(await settleOne(m.id, { joinResult: R.COMPLETE, reasons: [], reverse: false, daysAgo: 1 }));
    const before = (await h.call('GET', '/api/v1/quality', { token: m.token })).data as z.output<
      typeof QualityOverview
    >;
    expect(before).toMatchObject({ counted: 5, valid: 5, rate: 1, level: 2 });
    h.clock.set(T0);
    await reverseParticipation(ctx(), done[0]!.respondentId);
    const after = (await h.call('GET', '/api/v1/quality', { token: m.token })).data as z.output<typeof QualityOverview>;
    expect(after).toMatchObject({ counted: 5, valid: 4, flagged: 1, rate: 0.8, reversed: 1 });
    const list = (await h.call('GET', '/api/v1/quality/flagged', { token: m.token })).data as z.output<
      typeof FlaggedAnswers
    >;
    expect(list.list).toEqual([
      expect.objectContaining({ respondentId: done[0]!.respondentId, reversed: true, reasons: [] }),
    ]);
  });

  it('pages the flagged list and shows only the caller’s answers', async () => {
    const a = await member();
    const b = await member();
    for (let i = 0; i < 3; i++)
      await settleOne(a.id, { joinResult: R.COMPLETE, reasons: [4], reverse: false, daysAgo: i + 1 });
    const p1 = (await h.call('GET', '/api/v1/quality/flagged?page=1&pageSize=2', { token: a.token })).data as z.output<
      typeof FlaggedAnswers
    >;
    const p2 = (await h.call('GET', '/api/v1/quality/flagged?page=2&pageSize=2', { token: a.token })).data as z.output<
      typeof FlaggedAnswers
    >;
    expect([p1.total, p1.list.length, p2.list.length]).toEqual([3, 2, 1]);
    const other = (await h.call('GET', '/api/v1/quality/flagged', { token: b.token })).data as z.output<
      typeof FlaggedAnswers
    >;
    expect(other.total).toBe(0);
    expect((await h.call('GET', '/api/v1/quality/flagged?pageSize=0', { token: a.token })).status).toBe(400);
  });

  it('the level rules are the shared table, with the member’s place', async () => {
    const m = await member();
    for (let i = 0; i < 10; i++)
      await settleOne(m.id, { joinResult: R.COMPLETE, reasons: [], reverse: false, daysAgo: i });
    const d = (await h.call('GET', '/api/v1/quality/levels', { token: m.token })).data as z.output<
      typeof QualityLevels
    >;
    expect(d.levels.map((l) => l.level)).toEqual(QUALITY_LEVELS.map((l) => l.level));
    expect(d).toMatchObject({ level: 3, rate: 1, counted: 10, windowDays: 90 });
  });
});

describe('level minimums set by the operator (npm run ops -- quality levels)', () => {
  const ops = (...argv: string[]) => runOpsIn(ctx(), argv, { user: '运营小李' });
  const overview = async (token: string) =>
    (await h.call('GET', '/api/v1/quality', { token })).data as z.output<typeof QualityOverview>;

  it('moves the level every page reads, refuses a set that does not rise, and resets', async () => {
    const m = await member();
    for (let i = 0; i < 10; i++)
      await settleOne(m.id, { joinResult: R.COMPLETE, reasons: i === 0 ? [4] : [], reverse: false, daysAgo: 3 });
    expect(await overview(m.token)).toMatchObject({ counted: 10, valid: 9, level: 3 });

    const set = await ops('quality', 'levels', 'set', '--level', '3', '--min-rate', '95');
    expect(set.code, set.err).toBe(0);
    expect(set.out).toContain('已修改「优秀」的门槛');
    const after = await overview(m.token);
    expect(after.level).toBe(2);
    expect(after.levelSummary).toBe('近 90 天至少 5 份答卷且有效率 70% 及以上');
    const rules = (await h.call('GET', '/api/v1/quality/levels', { token: m.token })).data as z.output<
      typeof QualityLevels
    >;
    expect(rules.level).toBe(2);
    expect(rules.levels[3]).toMatchObject({
      minCounted: 10,
      minRate: 0.95,
      summary: '近 90 天至少 10 份答卷且有效率 95% 及以上',
    });

    const bad = await ops('quality', 'levels', 'set', '--level', '2', '--min-rate', '96');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('优秀的门槛要高于良好');
    expect((await overview(m.token)).level).toBe(2);

    expect((await ops('quality', 'levels', 'reset')).out).toContain('已恢复默认门槛');
    expect((await overview(m.token)).level).toBe(3);
    expect((await ops('quality', 'levels')).out).toMatch(/优秀\s+10\s+90%/);
  });
});
