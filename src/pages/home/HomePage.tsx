import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  checkinMachine,
  selectCheckinView,
  type CheckinData,
  type CheckinOutcome,
  type CheckinView,
} from '../../../machines/checkin';
import { Code } from '../../../openapi/codes';
import { api } from '../../api';
import { readLogin } from '../../services/storage';
import { loadRecommended } from '../../flows/tasks';
import { useLoad } from '../../flows/useLoad';
import { HomeView } from './HomeView';

/**
 * Container of `/home`: the cached nickname and avatar of the login state, and the check-in
 * machine (machines/checkin.ts) with its actors over the API — getCheckin + getPoints load the
 * card; checkin posts the day's check-in, whose result code 5629 (ALREADY_CHECKED_IN) is a normal
 * result (`api.result`), not an error.
 */
const appCheckinMachine = checkinMachine.provide({
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

/** How many recommended tasks /home shows. */
const RECOMMEND_LIMIT = 3;

export default function HomePage() {
  const user = useMemo(() => readLogin()?.user ?? null, []);
  const actor = useActorRef(appCheckinMachine);
  const view = useSelector(actor, selectCheckinView, sameView);
  const recommended = useLoad((signal) => loadRecommended(RECOMMEND_LIMIT, signal));
  return (
    <HomeView
      nickname={user?.nickname}
      avatar={user?.avatar}
      checkin={{
        ...view,
        onCheckin: () => actor.send({ type: 'user.checkin' }),
        onRetry: () => actor.send({ type: 'user.retry' }),
      }}
      recommended={{
        status: recommended.status,
        tasks: recommended.data ?? [],
        error: recommended.error,
        onRetry: recommended.reload,
      }}
    />
  );
}

function sameView(a: CheckinView, b: CheckinView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
