import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectMonthlyView } from '../../../machines/monthlyReport';
import { appMonthlyReportMachine } from '../../flows/quality';
import { MonthlyReportView } from './MonthlyReportView';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Container of `/efficient/monthly-report` 答题月报: the month from `?month=`, the month filter machine, the URL kept in step. */
export default function MonthlyReportPage() {
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
