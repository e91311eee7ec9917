import { useSearchParams } from 'react-router-dom';
import { usePollAnswer } from '../../flows/polls';
import { prizeIdOf, prizeReportMachine, type PrizeReportInfo, type PrizeReportOutcome } from '../../flows/prize';
import { PrizeReportView } from './PrizeReportView';
import { PRIZE_PATH, prizeResultPath } from '../../routing/paths';

/**
 * Container of `/prize/report?id=` 试用报告 (members): a winner whose product was sent answers the
 * trial's report questionnaire (machines/pollAnswer.ts with the prize actors, src/flows/prize.ts);
 * the server credits its 微豆 once. A trial id that is not one shows the refusal, not a form.
 */
export default function PrizeReportPage() {
  const [search] = useSearchParams();
  const id = prizeIdOf(search.get('id'));
  return <PrizeReport key={id ?? 'none'} id={id ?? 0} />;
}

function PrizeReport({ id }: { id: number }) {
  const { view, form } = usePollAnswer<PrizeReportInfo, PrizeReportOutcome>(prizeReportMachine, { request: id });
  return (
    <PrizeReportView
      status={view.status}
      info={view.meta}
      {...form}
      canRetry={view.canRetry}
      outcome={view.result}
      resultPath={id > 0 ? prizeResultPath(id) : PRIZE_PATH}
    />
  );
}
