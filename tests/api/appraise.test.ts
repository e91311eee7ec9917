/**
 * 月度答题之星 (GET /v1/appraise and the monthly run, server/modules/appraise): over random month
 * histories settled the real way, the stored winners equal a direct computation (answer quality's
 * counting, the rules' ranking); answers outside the month do not count; the awards are paid once
 * through the ledger whatever runs again; a month not over is refused; the public read masks
 * nicknames and works logged out; a member sees their place and this month's distance to qualifying.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import {
  APPRAISE_MIN_COUNTED,
  APPRAISE_RULE_LINES,
  APPRAISE_TOP,
  awardOf,
  qualifies,
} from '../../openapi/rules/appraise';
import type { z } from 'zod';
import type { Appraise } from '../../openapi/schemas/appraise';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { messageInbox, messages } from '../../server/db/schema-content';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { AppError } from '../../server/http/errors';
import { maskNickname } from '../../server/kernel/mask';
import { appraiseRound, awardKey, monthRange, previousMonth, runMonth } from '../../server/modules/appraise/run';
import { freshMobile, harness, T0, type Harness } from './accounts-helpers';
import { expectedCandidates, expectedWinners, randomAnswers, settleAnswers } from './appraise-helpers';
import { newMember } from './tasks-helpers';

type Data = z.output<typeof Appraise>;
let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

beforeAll(async () => {
  h = await harness('appraise');
});
afterAll(() => h.env.cleanup());

const DEC = '2029-12';
const { start, end } = monthRange(DEC);

async function read(query = '', token?: string) {
  const res = await h.call('GET', `/api/v1/appraise${query}`, token ? { token } : {});
  expect(res.code).toBe(200);
  return res.data as Data;
}

async function appraiseLedger(month: string) {
  return ctx()
    .db.select()
    .from(pointLedger)
    .where(like(pointLedger.idempotencyKey, `appraise:${month}:%`));
}

let winnerToken = '';
let winnerId = 0;
let winnerNickname = '';

describe('the monthly run', () => {
  it('refuses a month not over and what is not a month', async () => {
    expect(previousMonth(T0)).toBe(DEC);
    for (const m of ['2030-01', '2030-02', '2029-13', '2029-1', 'abc'])
      await expect(runMonth(ctx(), m, 'test')).rejects.toBeInstanceOf(AppError);
    expect((await read('?month=2030-01')).ran).toBe(false);
    const bad = await h.call('GET', '/api/v1/appraise?month=2029-13');
    expect(bad.code).toBe(400);
  });

  it('before the run: no results, the previous month shown, the rules stated', async () => {
    const d = await read();
    expect(d).toMatchObject({ month: DEC, months: [], ran: false, winners: [], mine: null });
    expect(d.rules.lines).toEqual(APPRAISE_RULE_LINES);
    expect(d.rules.minCounted).toBe(APPRAISE_MIN_COUNTED);
  });

  it('winners equal a direct computation over random histories; answers outside the month do not count', async () => {
    const c = ctx();
    // One registered member (to read their own line), the rest plain rows.
    const login = await h.register(freshMobile());
    winnerToken = login.token;
    const ids = [login.member.id, ...(await Promise.all(Array.from({ length: 21 }, () => newMember(c))))];
    const inMonth = randomAnswers(16, ids, start, end);
    // The registered member answers well this month (so they are among the winners)…
    for (let i = 0; i < 25; i++)
      inMonth.push({
        memberId: ids[0]!,
        at: start + (i + 1) * 3_600_000,
        joinResult: JoinResult.values.COMPLETE,
        reasons: [],
        reverse: false,
      });
    // …and others answer well just outside it (the month before, the month after up to now).
    const outside = randomAnswers(17, ids.slice(1, 8), start - 5 * 86_400_000, start).concat(
      randomAnswers(18, ids.slice(1, 8), end, T0 - 60_000),
    );
    await settleAnswers(c, h.clock, [...inMonth, ...outside], T0);

    const expected = expectedWinners([...inMonth, ...outside], start, end);
    const candidates = expectedCandidates([...inMonth, ...outside], start, end);
    const r = await runMonth(c, DEC, 'test');
    expect(r.already).toBe(false);
    expect(r.candidates).toBe(candidates.length);
    expect(r.qualified).toBe(candidates.filter((x) => qualifies(x.counted, x.valid)).length);
    // Enough qualified that the cut at the last awarded place is exercised.
    expect(r.qualified).toBeGreaterThan(APPRAISE_TOP);
    expect(
      r.winners.map((w) => ({
        rank: w.rank,
        memberId: w.memberId,
        valid: w.valid,
        counted: w.counted,
        award: w.award,
      })),
    ).toEqual(expected);
    expect(r.paid).toBe(expected.length);
    for (const w of r.winners) expect(w.award).toBe(awardOf(w.rank));

    const ledger = await appraiseLedger(DEC);
    expect(ledger.map((l) => [l.memberId, l.amount, l.idempotencyKey]).sort()).toEqual(
      expected.map((w) => [w.memberId, w.award, awardKey(DEC, w.memberId)]).sort(),
    );
    const mine = expected.find((w) => w.memberId === ids[0]);
    expect(mine).toBeDefined();
    winnerId = ids[0]!;
    winnerNickname = login.member.nickname;

    // Each winner has one message linking to the page.
    for (const w of expected) {
      const inbox = await c.db
        .select({ link: messages.link, title: messages.title })
        .from(messageInbox)
        .innerJoin(messages, eq(messages.id, messageInbox.messageId))
        .where(and(eq(messageInbox.memberId, w.memberId), like(messages.eventKey, 'appraise.award:%')));
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.link).toBe('/appraise');
      expect(inbox[0]!.title).toContain('2029年12月');
    }
  });

  it('a re-run and the scheduled round pay nothing twice', async () => {
    const c = ctx();
    const before = await c.db.select().from(pointBalances);
    const again = await runMonth(c, DEC, 'test');
    expect(again).toMatchObject({ already: true, paid: 0 });
    expect(await appraiseRound(c)).toBeNull();
    const results = await Promise.all([runMonth(c, DEC, 'a'), runMonth(c, DEC, 'b'), appraiseRound(c)]);
    expect(results.map((x) => x?.paid ?? 0)).toEqual([0, 0, 0]);
    expect(await c.db.select().from(pointBalances)).toEqual(before);
    expect((await appraiseLedger(DEC)).length).toBe(again.winners.length);
    const count = await c.db.$count(messages, like(messages.eventKey, 'appraise.award:%'));
    expect(count).toBe(again.winners.length);
  });
});

describe('GET /v1/appraise', () => {
  it('logged out: the month with results, masked nicknames, no own line', async () => {
    const d = await read();
    expect(d.month).toBe(DEC);
    expect(d.months).toEqual([DEC]);
    expect(d.ran).toBe(true);
    expect(d.mine).toBeNull();
    const names = await ctx().db.select({ id: members.id, nickname: members.nickname }).from(members);
    const stored = (await runMonth(ctx(), DEC, 'test')).winners;
    expect(d.winners.map((w) => w.rank)).toEqual(stored.map((w) => w.rank));
    for (const [i, w] of d.winners.entries()) {
      const raw = names.find((n) => n.id === stored[i]!.memberId)!.nickname;
      expect(w.nickname).toBe(maskNickname(raw));
      expect(w.nickname).not.toBe(raw);
      expect(w.me).toBe(false);
      expect(w.rate).toBeCloseTo(stored[i]!.valid / stored[i]!.counted, 10);
    }
    expect(JSON.stringify(d)).not.toContain(winnerNickname);
  });

  it('a winner sees their place, their line marked, and this month so far', async () => {
    const d = await read(`?month=${DEC}`, winnerToken);
    const line = d.winners.find((w) => w.me);
    expect(line).toBeDefined();
    expect(d.mine?.place).toEqual({ rank: line!.rank, award: line!.award });
    // January so far: nothing yet.
    expect(d.mine?.current).toMatchObject({
      month: '2030-01',
      counted: 0,
      valid: 0,
      rate: null,
      qualified: false,
      moreAnswers: APPRAISE_MIN_COUNTED,
      moreValid: APPRAISE_MIN_COUNTED,
    });
    // Three answers this month, one flagged: 7 more to the count, and more valid ones for the rate.
    const R = JoinResult.values;
    const at = T0 - 3_600_000;
    await settleAnswers(
      ctx(),
      h.clock,
      [
        { memberId: winnerId, at, joinResult: R.COMPLETE, reasons: [], reverse: false },
        { memberId: winnerId, at: at + 1000, joinResult: R.COMPLETE, reasons: [3], reverse: false },
        { memberId: winnerId, at: at + 2000, joinResult: R.SCREENED_OUT, reasons: [], reverse: false },
        { memberId: winnerId, at: at + 3000, joinResult: R.COMPLETE, reasons: [], reverse: false },
      ],
      T0,
    );
    const now = await read(`?month=${DEC}`, winnerToken);
    expect(now.mine?.current).toMatchObject({ counted: 3, valid: 2, qualified: false, moreAnswers: 7 });
    // (2 + n) / (3 + n) ≥ 0.9 → n ≥ 7
    expect(now.mine?.current.moreValid).toBe(7);
    expect(now.mine?.current.rate).toBeCloseTo(2 / 3, 10);
  });

  it('another member sees no place; a month without results answers empty', async () => {
    const other = await h.register(freshMobile());
    const d = await read('', other.token);
    expect(d.mine?.place).toBeNull();
    expect(d.winners.some((w) => w.me)).toBe(false);
    const empty = await read('?month=2029-06', other.token);
    expect(empty).toMatchObject({ month: '2029-06', ran: false, winners: [], months: [DEC] });
  });

  it('a finished month with nobody qualified is a month with results and no winners', async () => {
    const r = await runMonth(ctx(), '2029-10', 'test');
    expect(r).toMatchObject({ already: false, winners: [], paid: 0 });
    const d = await read('?month=2029-10');
    expect(d).toMatchObject({ ran: true, winners: [], months: [DEC, '2029-10'] });
  });
});
