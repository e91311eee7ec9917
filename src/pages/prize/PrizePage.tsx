import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { loginFor, PRIZE_PATH, prizeDetailPath, prizeResultPath, taskDetailPath } from '../../routing/paths';
import { isMissingPrize, loadPrize, loadPrizes, prizeIdOf, usePrizeApply } from '../../flows/prize';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { PrizeDetailView } from './PrizeDetailView';
import { PrizeListView } from './PrizeListView';

/**
 * Container of `/prize` 产品试用 (public): without `?id=` the trials (listPrizes); with it one
 * trial (getPrize, reloaded when I log in or out) and, for a member who may apply, the apply flow
 * (machines/prizeApply.ts via src/flows/prize.ts), after which the trial is loaded again. A trial
 * with a screener questionnaire links a member who has not answered it to its task's page.
 */
export default function PrizePage() {
  const [search] = useSearchParams();
  const id = prizeIdOf(search.get('id'));
  return id === null ? <PrizeList /> : <PrizeDetail key={id} id={id} />;
}

function PrizeList() {
  const list = useLoad(loadPrizes);
  return (
    <PrizeListView
      status={list.status}
      items={list.data?.items ?? []}
      error={list.error}
      onRetry={list.reload}
      detailPath={prizeDetailPath}
    />
  );
}

function PrizeDetail({ id }: { id: number }) {
  const { loggedIn } = useSessionView();
  const location = useLocation();
  const trial = useLoad((signal) => loadPrize(id, signal), [id, loggedIn], isMissingPrize);
  const reload = trial.reload;
  const onDone = useCallback(() => reload(), [reload]);
  const { apply, onApply, onRetryApply } = usePrizeApply(id, onDone);
  const mine = trial.data?.mine;
  const canApply = trial.data?.trial.phase === 'open' && mine?.eligible === true && !mine.applied;
  return (
    <PrizeDetailView
      status={trial.status}
      data={trial.data}
      error={trial.error}
      onRetry={trial.reload}
      apply={canApply ? apply : null}
      onApply={onApply}
      onRetryApply={onRetryApply}
      loginHref={loginFor(`${location.pathname}${location.search}`)}
      listPath={PRIZE_PATH}
      resultPath={prizeResultPath(id)}
      screenerPath={
        trial.data?.trial.screener?.taskHashId ? taskDetailPath(trial.data.trial.screener.taskHashId) : null
      }
    />
  );
}
