import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectCheckinView } from '../../../machines/checkin';
import { readLogin } from '../../services/storage';
import { appCheckinMachine } from '../../flows/checkin';
import { isNewcomer } from '../../flows/newcomer';
import { loadRecommended } from '../../flows/tasks';
import { useLoad } from '../../flows/useLoad';
import { HomeView } from './HomeView';
import { shallowEqual } from '../../flows/shallowEqual';

/**
 * Container of `/home`: the cached nickname and avatar of the login state, the check-in machine
 * with the app's actors (src/flows/checkin.ts) and the recommended tasks.
 */
/** How many recommended tasks /home shows. */
const RECOMMEND_LIMIT = 3;

export default function HomePage() {
  const user = useMemo(() => readLogin()?.user ?? null, []);
  const actor = useActorRef(appCheckinMachine);
  const view = useSelector(actor, selectCheckinView, shallowEqual);
  const recommended = useLoad((signal) => loadRecommended(RECOMMEND_LIMIT, signal));
  return (
    <HomeView
      nickname={user?.nickname}
      avatar={user?.avatar}
      newcomer={isNewcomer(user?.registeredAt)}
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
