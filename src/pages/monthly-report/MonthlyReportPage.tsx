import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { selectMonthlyView } from '../../../machines/monthlyReport';
import { LazyQualityVisitorView } from '../../components/quality/LazyQualityVisitorView';
import { appMonthlyReportMachine } from '../../flows/quality';
import { useLoggedIn } from '../../flows/sessionShell';
import { loginFor, routedPath, APPRAISE_PATH, QUALITY_LEVEL_PATH, MONTHLY_REPORT_PATH } from '../../routing/paths';
import { MonthlyReportView } from './MonthlyReportView';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Container of `/efficient/monthly-report` 答题月报: the month from `?month=`, the month filter
 * machine, the URL kept in step (members); a visitor sees what the report holds and the login
 * prompt coming back to the same address.
 */
export default function MonthlyReportPage() {
  const loggedIn = useLoggedIn();
  const { search } = useLocation();
  if (!loggedIn)
    return (
      <LazyQualityVisitorView
        page="monthly"
        loginHref={loginFor(`${MONTHLY_REPORT_PATH}${search}`)}
        links={{ level: routedPath(QUALITY_LEVEL_PATH) ?? null, appraise: routedPath(APPRAISE_PATH) ?? null }}
      />
    );
  return <MemberMonthly />;
}

function MemberMonthly() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const actor = useActorRef(appMonthlyReportMachine, {
    input: { month: asked && MONTH_RE.test(asked) ? asked : null },
  });
  const view = useSelector(actor, selectMonthlyView);
  const shown = view.report?.month ?? null;
  useEffect(() => {
    if (shown && shown !== params.get('month')) setParams({ month: shown }, { replace: true });
  }, [shown, params, setParams]);
  return (
    <MonthlyReportView
      {...view}
      onPrev={() => actor.send({ type: 'user.prev' })}
      onNext={() => actor.send({ type: 'user.next' })}
      onPick={(month) => actor.send({ type: 'user.pick', month })}
      onRetry={() => actor.send({ type: 'user.retry' })}
    />
  );
}
