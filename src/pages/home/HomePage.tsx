import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { selectCheckinView } from '../../../machines/checkin';
import { readLogin } from '../../services/storage';
import { appCheckinMachine } from '../../flows/checkin';
import { isNewcomer } from '../../flows/newcomer';
import { loadRecommended } from '../../flows/tasks';
import { useLoad } from '../../flows/useLoad';
import { HomeView } from './HomeView';
import { shallowEqual } from '../../flows/shallowEqual';
import { loadHomePrompts, readNotices, useBannersLoad, useEventsLoad } from '../../flows/content';
import {
  RANKING_PATH,
  routedPath,
  USER_CENTRE_PATH,
  COURSE_PATH,
  EFFICIENT_PATH,
  USER_SURVEY_PATH,
} from '../../routing/paths';

/**
 * Container of `/home`: the cached nickname and avatar of the login state, the check-in machine
 * with the app's actors (src/flows/checkin.ts), the prompts (homeCheck, unread notices), the
 * banners and campaigns of /home, and the recommended tasks.
 */
/** How many recommended tasks /home shows. */
const RECOMMEND_LIMIT = 3;
/** Where the prompts lead, when those pages are built. */
const MOBILE_PATH = USER_CENTRE_PATH;

export default function HomePage() {
  const user = useMemo(() => readLogin()?.user ?? null, []);
  const actor = useActorRef(appCheckinMachine);
  const view = useSelector(actor, selectCheckinView, shallowEqual);
  const recommended = useLoad((signal) => loadRecommended(RECOMMEND_LIMIT, signal));
  const prompts = useLoad(loadHomePrompts);
  const banners = useBannersLoad('home');
  const events = useEventsLoad('home');
  const [readingAll, setReadingAll] = useState(false);
  // Until every part has answered once, the page holds its place (HomeView `holding`): each part
  // arriving on its own would push the ones below it down (layout shift). Later reloads do not hold.
  const [holding, setHolding] = useState(true);
  const settled =
    view.status !== 'loading' &&
    recommended.status !== 'loading' &&
    prompts.status !== 'loading' &&
    banners.status !== 'loading' &&
    events.status !== 'loading';
  if (holding && settled) setHolding(false);
  const readAll = async () => {
    setReadingAll(true);
    try {
      await readNotices(prompts.data?.notices.map((n) => n.id) ?? []);
      prompts.reload();
    } catch {
      // The refusal was the toast's; the notices stay listed.
    } finally {
      setReadingAll(false);
    }
  };
  return (
    <HomeView
      nickname={user?.nickname}
      avatar={user?.avatar}
      newcomer={isNewcomer(user?.registeredAt)}
      courseHref={routedPath(COURSE_PATH) ?? null}
      qualityHref={routedPath(EFFICIENT_PATH) ?? null}
      checkin={{
        ...view,
        rankingTo: routedPath(RANKING_PATH),
        onCheckin: () => actor.send({ type: 'user.checkin' }),
        onRetry: () => actor.send({ type: 'user.retry' }),
      }}
      recommended={{
        status: recommended.status,
        tasks: recommended.data ?? [],
        error: recommended.error,
        onRetry: recommended.reload,
      }}
      prompts={
        prompts.data
          ? {
              surveyDone: prompts.data.check.basicSurveyDone,
              mobileBound: prompts.data.check.mobileBound,
              notices: prompts.data.notices,
              surveyPath: routedPath(USER_SURVEY_PATH),
              mobilePath: routedPath(MOBILE_PATH),
              onReadAll: () => void readAll(),
              readingAll,
            }
          : undefined
      }
      banners={banners.data ?? []}
      events={events.data ?? []}
      holding={holding}
    />
  );
}
