/**
 * Over HTTP: GET /v1/points, GET/POST /v1/users/checkin and the account balance. The clock is
 * injected (harness), so days, streaks and the Asia/Shanghai day boundary are exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { credit } from '../../server/modules/points/ledger';
import { CHECKIN_REWARDS } from '../../server/modules/checkin/service';
import { freshMobile, harness, type Harness } from './accounts-helpers';

let h: Harness;
const DAY = 86_400_000;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

beforeAll(async () => {
  h = await harness('points-checkin');
});
afterAll(() => h.env.cleanup());

interface M {
  mobile: string;
  id: number;
  token: string;
}

async function member(): Promise<M> {
  const mobile = freshMobile();
  const login = await h.register(mobile);
  return { mobile, token: login.token, id: login.member.id };
}

/**
 * Move the clock to `ms` with fresh tokens for `ms` (access tokens live 30 minutes): log in two
 * minutes earlier (a login moves the clock 61 s), then set the clock.
 */
async function moveTo(ms: number, ...ms_: M[]) {
  h.clock.set(ms - 120_000);
  for (const m of ms_) m.token = (await h.smsLogin(m.mobile)).token;
  h.clock.set(ms);
}

describe('check-in', () => {
  it('needs a login', async () => {
    expect((await h.call('GET', '/api/v1/users/checkin')).status).toBe(401);
    expect((await h.call('POST', '/api/v1/users/checkin')).status).toBe(401);
    expect((await h.call('GET', '/api/v1/points')).status).toBe(401);
  });

  it('once per day: the second answers 5629 with the same data and credits nothing', async () => {
    h.clock.set(Date.parse('2030-03-10T09:00:00+08:00'));
    const m = await member();
    const { token } = m;
    const before = await h.call('GET', '/api/v1/users/checkin', { token });
    expect(before).toMatchObject({ code: 200 });
    expect(before.data).toEqual({
      checkedToday: false,
      today: '2030-03-10',
      streak: 0,
      todayReward: 5,
      checkedDays: [],
      rewards: CHECKIN_REWARDS,
    });
    const first = await h.call('POST', '/api/v1/users/checkin', { token });
    expect(first).toMatchObject({ status: 200, code: 200, data: { points: 5, streak: 1, balance: 5 } });
    await moveTo(Date.parse('2030-03-10T22:00:00+08:00'), m);
    const second = await h.call('POST', '/api/v1/users/checkin', { token: m.token });
    expect(second).toMatchObject({ status: 200, code: 5629, msg: '今天已经签到过了', data: first.data });
    const after = await h.call('GET', '/api/v1/users/checkin', { token: m.token });
    expect(after.data).toMatchObject({ checkedToday: true, streak: 1, todayReward: 5, checkedDays: ['2030-03-10'] });
    const points = await h.call('GET', '/api/v1/points', { token: m.token });
    expect(points.data).toMatchObject({
      balance: 5,
      todayIncome: 5,
      monthIncome: 5,
      totalIncome: 5,
      pointsPerYuan: 100,
    });
    const account = await h.call('GET', '/api/v1/users/account', { token: m.token });
    expect(account.data).toMatchObject({ points: 5 });
  });

  it('the streak continues day after day with the reward table, and resets after a gap', async () => {
    const start = Date.parse('2030-04-01T08:00:00+08:00');
    h.clock.set(start);
    const m = await member();
    const got: [number, number][] = [];
    for (let i = 0; i < 8; i++) {
      if (i > 0) await moveTo(start + i * DAY, m);
      const r = await h.call('POST', '/api/v1/users/checkin', { token: m.token });
      expect(r.code).toBe(200);
      const d = r.data as { points: number; streak: number };
      got.push([d.streak, d.points]);
    }
    expect(got).toEqual([
      [1, 5],
      [2, 5],
      [3, 10],
      [4, 10],
      [5, 15],
      [6, 15],
      [7, 20],
      [8, 20],
    ]);
    const total = got.reduce((s, [, p]) => s + p, 0);
    // 2030-04-09: nothing yet today; yesterday was day 8.
    await moveTo(start + 8 * DAY, m);
    const status = await h.call('GET', '/api/v1/users/checkin', { token: m.token });
    expect(status.data).toMatchObject({ checkedToday: false, today: '2030-04-09', streak: 8, todayReward: 20 });
    expect((status.data as { checkedDays: string[] }).checkedDays).toHaveLength(8);
    // Skip 04-09: on 04-10 the streak starts again.
    await moveTo(start + 9 * DAY, m);
    const gapStatus = await h.call('GET', '/api/v1/users/checkin', { token: m.token });
    expect(gapStatus.data).toMatchObject({ streak: 0, todayReward: 5 });
    const again = await h.call('POST', '/api/v1/users/checkin', { token: m.token });
    expect(again.data).toEqual({ points: 5, streak: 1, balance: total + 5 });
  });

  it('the day boundary is Beijing midnight: 23:59 and 00:01 +08:00 are two days', async () => {
    h.clock.set(Date.parse('2030-05-31T20:00:00+08:00'));
    const m = await member();
    await moveTo(Date.parse('2030-05-31T23:59:00+08:00'), m);
    const { token } = m;
    const a = await h.call('POST', '/api/v1/users/checkin', { token });
    expect(a).toMatchObject({ code: 200, data: { streak: 1, points: 5 } });
    h.clock.set(Date.parse('2030-06-01T00:01:00+08:00'));
    const b = await h.call('POST', '/api/v1/users/checkin', { token });
    expect(b).toMatchObject({ code: 200, data: { streak: 2, points: 5, balance: 10 } });
    const status = await h.call('GET', '/api/v1/users/checkin', { token });
    // A new month: only June's day in the calendar, the streak carries over.
    expect(status.data).toMatchObject({
      today: '2030-06-01',
      checkedToday: true,
      streak: 2,
      checkedDays: ['2030-06-01'],
    });
    expect((await h.call('GET', '/api/v1/points', { token })).data).toMatchObject({
      todayIncome: 5,
      monthIncome: 5,
      balance: 10,
    });
    // 16:01 UTC on 05-31 is already 06-01 in Beijing: same day, 5629.
    await moveTo(Date.parse('2030-05-31T16:30:00Z'), m);
    expect((await h.call('POST', '/api/v1/users/checkin', { token: m.token })).code).toBe(5629);
  });
});

describe('GET /v1/points', () => {
  it("shows today's income and never another member's points", async () => {
    h.clock.set(Date.parse('2030-07-15T12:00:00+08:00'));
    const alice = await member();
    const bob = await member();
    const empty = await h.call('GET', '/api/v1/points', { token: alice.token });
    expect(empty.data).toEqual({
      balance: 0,
      pending: 0,
      todayIncome: 0,
      monthIncome: 0,
      totalIncome: 0,
      totalSpent: 0,
      pointsPerYuan: 100,
    });
    await credit(ctx(), {
      memberId: alice.id,
      amount: 300,
      reason: 'task',
      source: 'task:1',
      idempotencyKey: `t:${alice.id}:1`,
    });
    await h.call('POST', '/api/v1/users/checkin', { token: bob.token });
    expect((await h.call('GET', '/api/v1/points', { token: alice.token })).data).toMatchObject({
      balance: 300,
      todayIncome: 300,
    });
    expect((await h.call('GET', '/api/v1/points', { token: bob.token })).data).toMatchObject({
      balance: 5,
      todayIncome: 5,
    });
    expect((await h.call('GET', '/api/v1/users/account', { token: bob.token })).data).toMatchObject({ points: 5 });
    expect((await h.call('GET', '/api/v1/users/checkin', { token: alice.token })).data).toMatchObject({
      checkedToday: false,
      checkedDays: [],
    });
    // Tomorrow: today's income starts from zero, the month keeps it.
    await moveTo(Date.parse('2030-07-16T12:00:00+08:00'), alice);
    expect((await h.call('GET', '/api/v1/points', { token: alice.token })).data).toMatchObject({
      todayIncome: 0,
      monthIncome: 300,
    });
  });
});
