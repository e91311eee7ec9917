import { useSearchParams } from 'react-router-dom';
import { loadRanking, loadRankingTips } from '../../flows/ranking';
import { useLoad } from '../../flows/useLoad';
import { APPRAISE_PATH, loginFor, rankingArticlePath, routedPath, RANKING_PATH, TASKS_PATH } from '../../routing/paths';
import { RankingView, type RankPeriod } from './RankingView';

/**
 * Container of `/ranking` (public): the board of the tab in the address (`?period=month`; 本周
 * otherwise) — with the member's own rank when logged in — and the answering tips.
 */
export default function RankingPage() {
  const [search, setSearch] = useSearchParams();
  const period: RankPeriod = search.get('period') === 'month' ? 'month' : 'week';
  const board = useLoad((signal) => loadRanking(period, signal), [period]);
  const tips = useLoad((signal) => loadRankingTips(signal), []);
  return (
    <RankingView
      period={period}
      onPeriod={(p) => setSearch(p === 'week' ? {} : { period: p }, { replace: true })}
      status={board.status}
      board={board.data}
      error={board.error}
      onRetry={board.reload}
      tips={{ status: tips.status, list: tips.data ?? [], error: tips.error, onRetry: tips.reload }}
      tipPath={rankingArticlePath}
      loginHref={loginFor(period === 'week' ? RANKING_PATH : `${RANKING_PATH}?period=month`)}
      tasksTo={TASKS_PATH}
      appraiseTo={routedPath(APPRAISE_PATH) ?? null}
    />
  );
}
