import { fromPromise } from 'xstate';
import { checkinMachine, type CheckinData, type CheckinOutcome } from '../../machines/checkin';
import { Code } from '../../openapi/codes';
import { api } from '../api';

/**
 * The check-in machine (machines/checkin.ts) with its actors over the API: getCheckin + getPoints
 * load the card; checkin posts the day's check-in, whose result code 5629 (ALREADY_CHECKED_IN) is
 * a normal result (`api.result`), not an error.
 */
export const appCheckinMachine = checkinMachine.provide({
  actors: {
    load: fromPromise<CheckinData, void>(async ({ signal }) => {
      const [status, points] = await Promise.all([
        api.call('getCheckin', { signal }),
        api.call('getPoints', { signal }),
      ]);
      return { status, points };
    }),
    checkin: fromPromise<CheckinOutcome, void>(async ({ signal }) => {
      const outcome = await api.result('checkin', { signal });
      if (outcome.kind === 'normal' && outcome.code === Code.ALREADY_CHECKED_IN) return { kind: 'alreadyChecked' };
      if (outcome.kind === 'success' || outcome.kind === 'raw') return { kind: 'checkedIn', result: outcome.data };
      throw { code: outcome.code, msg: outcome.msg };
    }),
  },
});
