import type { z } from 'zod';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PointsSummary as PointsSummarySchema } from '../openapi/schemas/points';
import type {
  CheckinResult as CheckinResultSchema,
  CheckinStatus as CheckinStatusSchema,
} from '../openapi/schemas/checkin';
import { errorMessage, notProvided } from './shared';

/**
 * The member's daily check-in and points summary on `/home` (我的主页).
 *
 * States
 * - `loading`        actor `load` (GET /v1/users/checkin + GET /v1/points): done → `checkedIn` when
 *                    the status says today is already checked, else `ready`; error → `failed`.
 * - `ready`          today not checked yet: `user.checkin` → `checkingIn`. `error` holds the
 *                    message of a failed check-in attempt (cleared by the next attempt).
 * - `checkingIn`     actor `checkin` (POST /v1/users/checkin). Done with `{ kind: 'checkedIn',
 *                    result }` → `checkedIn` (streak, today's reward and the new balance applied);
 *                    done with `{ kind: 'alreadyChecked' }` (result code 5629, a NORMAL result, not
 *                    an error) → `alreadyChecked`; error → `ready` with `error`.
 * - `checkedIn`      today is checked (now, or already when the page loaded): today's reward and
 *                    the streak; nothing more to do today.
 * - `alreadyChecked` the server said 今天已经签到过了 (checked elsewhere since the page loaded): today is
 *                    marked checked at once and actor `load` refreshes the day's data in the
 *                    background (done: status and points replaced; error: the marked data stays).
 * - `failed`         the load failed: `error`; `user.retry` → `loading`.
 *
 * Events: `user.checkin`, `user.retry`; API answers arrive as the invoked actors' done / error events.
 *
 * Tags: `busy` (loading, checkingIn). Views ask `state.can({ type: 'user.checkin' })` and
 * `state.can({ type: 'user.retry' })`; `selectCheckinView(snapshot)` gives plain props.
 *
 * Context: `status` (CheckinStatus, null until loaded), `points` (PointsSummary, null until
 * loaded), `earned` (points credited by a check-in of this visit, else null), `error` (zh-CN
 * message of the last failure).
 *
 * Actors (the app provides them): `load` → `{ status, points }`; `checkin` → `CheckinOutcome`.
 */

export type CheckinStatus = z.output<typeof CheckinStatusSchema>;
export type CheckinResult = z.output<typeof CheckinResultSchema>;
export type PointsSummary = z.output<typeof PointsSummarySchema>;

/** What `load` resolves. */
export interface CheckinData {
  status: CheckinStatus;
  points: PointsSummary;
}

/** What `checkin` resolves: a credited check-in, or the normal result 5629 (already checked today). */
export type CheckinOutcome = { kind: 'checkedIn'; result: CheckinResult } | { kind: 'alreadyChecked' };

export interface CheckinContext {
  status: CheckinStatus | null;
  points: PointsSummary | null;
  earned: number | null;
  error: string | null;
}

export type CheckinEvent = { type: 'user.checkin' } | { type: 'user.retry' };

/** The copy of result code 5629 (openapi/codes.ts ALREADY_CHECKED_IN). */
export const ALREADY_CHECKED_IN_MSG = '今天已经签到过了';

const withDay = (days: string[], day: string) => (days.includes(day) ? days : [...days, day].sort());

/** Today marked checked, with what a check-in answered (or, for 5629, the streak grown by today). */
export function markChecked(status: CheckinStatus, result: CheckinResult | null): CheckinStatus {
  if (status.checkedToday && !result) return status;
  return {
    ...status,
    checkedToday: true,
    streak: result ? result.streak : status.streak + 1,
    todayReward: result ? result.points : status.todayReward,
    checkedDays: withDay(status.checkedDays, status.today),
  };
}

/** The summary after a credited check-in: the server's new balance; today's and this month's income grow. */
export function creditPoints(points: PointsSummary, result: CheckinResult): PointsSummary {
  return {
    ...points,
    balance: result.balance,
    todayIncome: points.todayIncome + result.points,
    monthIncome: points.monthIncome + result.points,
    totalIncome: points.totalIncome + result.points,
  };
}

export const checkinMachine = setup({
  types: {} as { context: CheckinContext; events: CheckinEvent; tags: 'busy' },
  actors: {
    load: fromPromise<CheckinData, void>(notProvided('checkinMachine', 'load')),
    checkin: fromPromise<CheckinOutcome, void>(notProvided('checkinMachine', 'checkin')),
  },
  guards: {
    checkedToday: ({ event }) => (event as { output?: CheckinData }).output?.status.checkedToday === true,
    outcomeIs: ({ event }, params: { kind: CheckinOutcome['kind'] }) =>
      (event as { output?: CheckinOutcome }).output?.kind === params.kind,
  },
  actions: {
    applyData: assign(({ event }) => {
      const { status, points } = (event as unknown as { output: CheckinData }).output;
      return { status, points };
    }),
    rememberError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'checkin',
  context: { status: null, points: null, earned: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: 'checkedToday', target: 'checkedIn', actions: 'applyData' },
          { target: 'ready', actions: 'applyData' },
        ],
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {
      on: { 'user.checkin': { target: 'checkingIn' } },
    },
    checkingIn: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'checkin',
        src: 'checkin',
        onDone: [
          {
            guard: { type: 'outcomeIs', params: { kind: 'checkedIn' } },
            target: 'checkedIn',
            actions: assign(({ context, event }) => {
              const { result } = event.output as Extract<CheckinOutcome, { kind: 'checkedIn' }>;
              return {
                status: context.status && markChecked(context.status, result),
                points: context.points && creditPoints(context.points, result),
                earned: result.points,
              };
            }),
          },
          {
            target: 'alreadyChecked',
            actions: assign({ status: ({ context }) => context.status && markChecked(context.status, null) }),
          },
        ],
        onError: { target: 'ready', actions: 'rememberError' },
      },
    },
    checkedIn: {},
    alreadyChecked: {
      invoke: {
        id: 'load',
        src: 'load',
        // 5629 said today is checked: a refresh that does not know it yet still shows it checked.
        onDone: {
          actions: assign(({ event }) => ({
            status: markChecked(event.output.status, null),
            points: event.output.points,
          })),
        },
        // A failed refresh keeps the marked day (the client already toasted the failure).
        onError: {},
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
  },
});

export type CheckinSnapshot = SnapshotFrom<typeof checkinMachine>;
export type CheckinActor = ActorRefFrom<typeof checkinMachine>;

export type CheckinViewStatus = 'loading' | 'error' | 'ready' | 'checkingIn' | 'checkedIn' | 'alreadyChecked';

/** One day of the 7-day reward strip. */
export interface CheckinStripDay {
  /** 连续签到第几天. */
  day: number;
  points: number;
  /** Checked in (a day of the current streak, or today once checked). */
  checked: boolean;
  /** Today's place in the streak. */
  today: boolean;
}

/** Plain props of the check-in card. */
export interface CheckinView {
  status: CheckinViewStatus;
  /** 微豆余额 and incomes; null until loaded. */
  balance: number | null;
  todayIncome: number | null;
  monthIncome: number | null;
  /** 已连续签到 N 天; null until loaded. */
  streak: number | null;
  /** What today's check-in gives (or gave). */
  todayReward: number | null;
  /** Points credited by a check-in of this visit. */
  earned: number | null;
  /** Days checked this month. */
  monthDays: number | null;
  strip: CheckinStripDay[];
  /** The 签到 button is enabled: `state.can({ type: 'user.checkin' })`. */
  canCheckin: boolean;
  /** A reload is offered: `state.can({ type: 'user.retry' })`. */
  canRetry: boolean;
  busy: boolean;
  /** Load failure (status `error`) or failed check-in (status `ready`). */
  error: string | null;
  /** 今天已经签到过了 in `alreadyChecked`. */
  notice: string | null;
}

/** The reward of streak day `day` (beyond the last tier, the last tier's). */
export function rewardOf(rewards: CheckinStatus['rewards'], day: number): number {
  const sorted = [...rewards].sort((a, b) => a.day - b.day);
  let points = 0;
  for (const r of sorted) if (r.day <= day) points = r.points;
  return points;
}

/** Seven streak days around today: 第1天…第7天 while the streak is short, then the last seven. */
export function rewardStrip(status: CheckinStatus): CheckinStripDay[] {
  if (status.rewards.length === 0) return [];
  const todayDay = status.checkedToday ? Math.max(1, status.streak) : status.streak + 1;
  const first = todayDay <= 7 ? 1 : todayDay - 6;
  return Array.from({ length: 7 }, (_, i) => {
    const day = first + i;
    return {
      day,
      points: rewardOf(status.rewards, day),
      checked: day < todayDay || (day === todayDay && status.checkedToday),
      today: day === todayDay,
    };
  });
}

export function checkinStatus(snapshot: CheckinSnapshot): CheckinViewStatus {
  const v = snapshot.value;
  switch (v) {
    case 'failed':
      return 'error';
    default:
      return v;
  }
}

export function selectCheckinView(snapshot: CheckinSnapshot): CheckinView {
  const { status, points, earned, error } = snapshot.context;
  const viewStatus = checkinStatus(snapshot);
  const loaded = viewStatus !== 'loading' && viewStatus !== 'error' && status !== null && points !== null;
  return {
    status: viewStatus,
    balance: loaded ? points.balance : null,
    todayIncome: loaded ? points.todayIncome : null,
    monthIncome: loaded ? points.monthIncome : null,
    streak: loaded ? status.streak : null,
    todayReward: loaded ? status.todayReward : null,
    earned: viewStatus === 'checkedIn' ? earned : null,
    monthDays: loaded ? status.checkedDays.length : null,
    strip: loaded ? rewardStrip(status) : [],
    canCheckin: snapshot.can({ type: 'user.checkin' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
    busy: snapshot.hasTag('busy'),
    error: viewStatus === 'error' || viewStatus === 'ready' ? error : null,
    notice: viewStatus === 'alreadyChecked' ? ALREADY_CHECKED_IN_MSG : null,
  };
}
