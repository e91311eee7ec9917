import { useSearchParams } from 'react-router-dom';
import { MONTH_PATTERN } from '../../../openapi/rules/appraise';
import { loadAppraise } from '../../flows/appraise';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { APPRAISE_PATH, loginFor, routedPath, EFFICIENT_PATH, RANKING_PATH, TASKS_PATH } from '../../routing/paths';
import { AppraiseView } from './AppraiseView';

/**
 * Container of `/appraise` 月度答题之星 (public): the month in the address (`?month=2026-10`; the
 * latest month with results otherwise), read again when the member logs in or out (their own line).
 */
export default function AppraisePage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month');
  const month = asked && MONTH_PATTERN.test(asked) ? asked : null;
  const { loggedIn } = useSessionView();
  const q = useLoad((signal) => loadAppraise(month, signal), [month, loggedIn]);
  const here = month ? `${APPRAISE_PATH}?month=${month}` : APPRAISE_PATH;
  return (
    <AppraiseView
      status={q.status}
      data={q.data}
      error={q.error}
      onRetry={q.reload}
      onMonth={(m) => setSearch({ month: m }, { replace: true })}
      loginHref={loginFor(here)}
      tasksTo={routedPath(TASKS_PATH) ?? null}
      links={{ ranking: routedPath(RANKING_PATH) ?? null, efficient: routedPath(EFFICIENT_PATH) ?? null }}
    />
  );
}
