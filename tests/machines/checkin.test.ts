import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  ALREADY_CHECKED_IN_MSG,
  checkinMachine,
  creditPoints,
  markChecked,
  rewardOf,
  rewardStrip,
  selectCheckinView,
  type CheckinData,
  type CheckinOutcome,
  type CheckinResult,
  type CheckinSnapshot,
  type CheckinStatus,
  type CheckinView,
  type PointsSummary,
} from '../../machines/checkin';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the daily check-in machine (DESIGN §6): every state and transition on
 * some path, the view props checked against an oracle (worked out from the events alone) at the
 * end of each path; then the reward strip and the data helpers.
 */

const REWARDS = [
  { day: 1, points: 5 },
  { day: 2, points: 10 },
  { day: 3, points: 15 },
  { day: 7, points: 30 },
];

const notChecked: CheckinStatus = {
  checkedToday: false,
  today: '2026-11-22',
  streak: 2,
  todayReward: 15,
  checkedDays: ['2026-11-20', '2026-11-21'],
  rewards: REWARDS,
};
const alreadyToday: CheckinStatus = {
  ...notChecked,
  checkedToday: true,
  streak: 3,
  checkedDays: ['2026-11-20', '2026-11-21', '2026-11-22'],
};
const points: PointsSummary = {
  balance: 1280,
  pending: 40,
  todayIncome: 0,
  monthIncome: 350,
  totalIncome: 4200,
  totalSpent: 2920,
  pointsPerYuan: 100,
};
const pointsAfter: PointsSummary = { ...points, balance: 1295, todayIncome: 15, monthIncome: 365, totalIncome: 4215 };
const result: CheckinResult = { points: 15, streak: 3, balance: 1295 };

const fresh: CheckinData = { status: notChecked, points };
const checkedData: CheckinData = { status: alreadyToday, points: pointsAfter };
const networkError = { code: 0, msg: '' };
const serverError = { code: 500, msg: '服务器开小差了，请稍后再试' };

const events: ModelEvent[] = [
  { type: 'user.checkin' },
  { type: 'user.retry' },
  ...answers('load', [fresh, checkedData], [networkError]),
  ...answers(
    'checkin',
    [{ kind: 'checkedIn', result } satisfies CheckinOutcome, { kind: 'alreadyChecked' } satisfies CheckinOutcome],
    [serverError, networkError],
  ),
];

type Expected = CheckinView;

/** What the card must show after a path, from the events alone. */
function oracle(steps: Path['steps']): Expected {
  let state: CheckinView['status'] = 'loading';
  let status: CheckinStatus | null = null;
  let summary: PointsSummary | null = null;
  let earned: number | null = null;
  let error: string | null = null;
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.retry':
        state = 'loading';
        error = null;
        break;
      case 'user.checkin':
        state = 'checkingIn';
        error = null;
        break;
      case 'xstate.done.actor.load': {
        const data = event.output as CheckinData;
        status = data.status;
        summary = data.points;
        if (state === 'alreadyChecked' && !status.checkedToday)
          status = {
            ...status,
            checkedToday: true,
            streak: status.streak + 1,
            checkedDays: [...new Set([...status.checkedDays, status.today])].sort(),
          };
        if (state === 'loading') state = data.status.checkedToday ? 'checkedIn' : 'ready';
        break;
      }
      case 'xstate.error.actor.load': {
        const e = event.error as { msg: string };
        if (state === 'loading') {
          state = 'error';
          error = e.msg || '网络错误，请稍后重试';
        }
        break;
      }
      case 'xstate.done.actor.checkin': {
        const out = event.output as CheckinOutcome;
        if (out.kind === 'checkedIn') {
          state = 'checkedIn';
          earned = out.result.points;
          status = {
            ...status!,
            checkedToday: true,
            streak: out.result.streak,
            todayReward: out.result.points,
            checkedDays: [...new Set([...status!.checkedDays, status!.today])].sort(),
          };
          summary = {
            ...summary!,
            balance: out.result.balance,
            todayIncome: summary!.todayIncome + out.result.points,
            monthIncome: summary!.monthIncome + out.result.points,
            totalIncome: summary!.totalIncome + out.result.points,
          };
        } else {
          state = 'alreadyChecked';
          if (!status!.checkedToday)
            status = {
              ...status!,
              checkedToday: true,
              streak: status!.streak + 1,
              checkedDays: [...new Set([...status!.checkedDays, status!.today])].sort(),
            };
        }
        break;
      }
      case 'xstate.error.actor.checkin': {
        state = 'ready';
        error = (event.error as { msg: string }).msg || '网络错误，请稍后重试';
        break;
      }
    }
  }
  const loaded = state !== 'loading' && state !== 'error';
  return {
    status: state,
    balance: loaded ? summary!.balance : null,
    todayIncome: loaded ? summary!.todayIncome : null,
    monthIncome: loaded ? summary!.monthIncome : null,
    streak: loaded ? status!.streak : null,
    todayReward: loaded ? status!.todayReward : null,
    earned: state === 'checkedIn' ? earned : null,
    monthDays: loaded ? status!.checkedDays.length : null,
    strip: loaded ? rewardStrip(status!) : [],
    canCheckin: state === 'ready',
    canRetry: state === 'error',
    busy: state === 'loading' || state === 'checkingIn',
    error: state === 'error' || state === 'ready' ? error : null,
    notice: state === 'alreadyChecked' ? ALREADY_CHECKED_IN_MSG : null,
  };
}

describePathTests({
  name: 'checkin machine',
  machine: checkinMachine,
  plans: [{ events }],
  label: (event) => {
    if (!('output' in event)) return undefined;
    const o = event.output as { kind?: string; status?: CheckinStatus };
    return o.kind ?? (o.status?.checkedToday ? 'checked' : 'fresh');
  },
  endStates: ['loading', 'ready', 'checkingIn', 'checkedIn', 'alreadyChecked', 'failed'],
  async test({ path, stubs, drive }) {
    const actor = await drive(
      checkinMachine.provide({
        actors: stubs.actors(['load', 'checkin']),
      }),
    );
    const snapshot = actor.getSnapshot() as CheckinSnapshot;
    const view = selectCheckinView(snapshot);
    const want = oracle(path.steps);

    expect(view).toEqual(want);
    expect(snapshot.hasTag('busy')).toBe(view.status === 'loading' || view.status === 'checkingIn');
    // 签到 is offered only while today is unchecked and nothing is in flight.
    if (view.canCheckin) expect(view.strip.find((d) => d.today)?.checked).toBe(false);
    // Checked states show today ticked in the strip and in this month's days.
    if (view.status === 'checkedIn' || view.status === 'alreadyChecked') {
      expect(view.strip.find((d) => d.today)?.checked).toBe(true);
      expect(snapshot.context.status?.checkedDays).toContain(snapshot.context.status?.today);
    }
    // One check-in request per 签到; the 5629 answer refreshes the day's data once.
    const checkins = path.steps.filter((s) => s.event.type === 'user.checkin').length;
    expect(stubs.started.checkin ?? 0).toBe(checkins);
    const loads =
      1 +
      path.steps.filter((s) => s.event.type === 'user.retry').length +
      path.steps.filter(
        (s) =>
          s.event.type === 'xstate.done.actor.checkin' && (s.event.output as CheckinOutcome).kind === 'alreadyChecked',
      ).length;
    expect(stubs.started.load ?? 0).toBe(loads);
  },
});

/** Loads the day with `load`, then taps 签到 and gets 5629 (already checked in today). */
async function checkInAgain(load: () => Promise<CheckinData>) {
  const actor = createActor(
    checkinMachine.provide({
      actors: {
        load: fromPromise(load),
        checkin: fromPromise<CheckinOutcome, void>(async () => ({ kind: 'alreadyChecked' })),
      },
    }),
  ).start();
  await flush();
  actor.send({ type: 'user.checkin' });
  await flush();
  await flush();
  return actor;
}

describe('checkin rules', () => {
  it('a second check-in the same day (5629) is a normal result: no error, today ticked, data refreshed', async () => {
    const loads: CheckinData[] = [fresh, checkedData];
    const actor = await checkInAgain(async () => loads.shift()!);
    const view = selectCheckinView(actor.getSnapshot());
    expect(view).toMatchObject({
      status: 'alreadyChecked',
      notice: '今天已经签到过了',
      error: null,
      canCheckin: false,
      streak: 3,
      balance: pointsAfter.balance,
    });
  });

  it('keeps the marked day when the refresh after 5629 fails', async () => {
    let n = 0;
    const actor = await checkInAgain(async () => {
      if (n++ > 0) throw networkError;
      return fresh;
    });
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectCheckinView(actor.getSnapshot())).toMatchObject({ status: 'alreadyChecked', streak: 3, error: null });
  });

  it('reward tiers: beyond the last tier, the last tier', () => {
    expect(rewardOf(REWARDS, 1)).toBe(5);
    expect(rewardOf(REWARDS, 4)).toBe(15);
    expect(rewardOf(REWARDS, 7)).toBe(30);
    expect(rewardOf(REWARDS, 40)).toBe(30);
    expect(rewardOf([], 3)).toBe(0);
  });

  it('the strip: 第1天…第7天 while the streak is short, then the last seven days', () => {
    expect(rewardStrip(notChecked).map((d) => [d.day, d.points, d.checked, d.today])).toEqual([
      [1, 5, true, false],
      [2, 10, true, false],
      [3, 15, false, true],
      [4, 15, false, false],
      [5, 15, false, false],
      [6, 15, false, false],
      [7, 30, false, false],
    ]);
    const long = rewardStrip({ ...notChecked, checkedToday: true, streak: 10 });
    expect(long.map((d) => d.day)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(long.every((d) => d.checked)).toBe(true);
    expect(long.at(-1)?.today).toBe(true);
    expect(rewardStrip({ ...notChecked, streak: 0 })[0]).toMatchObject({ day: 1, today: true, checked: false });
    expect(rewardStrip({ ...notChecked, rewards: [] })).toEqual([]);
  });

  it('markChecked / creditPoints', () => {
    expect(markChecked(notChecked, result)).toEqual(alreadyToday);
    expect(markChecked(notChecked, null)).toEqual(alreadyToday);
    expect(markChecked(alreadyToday, null)).toBe(alreadyToday);
    expect(creditPoints(points, result)).toEqual(pointsAfter);
  });
});
