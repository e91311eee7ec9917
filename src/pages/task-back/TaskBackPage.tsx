import { useLocation, useSearchParams } from 'react-router-dom';
import { HandoffFlow } from '../../flows/useHandoffFlow';
import { SURVEY_END_PATH } from '../../routing/paths';

/**
 * Where partners send members back: `/task/back`, `/task/welcome/back`, `/task/back/failure`,
 * `/cloud/agent/back`, `/callback.php` and a signed `/survey/end`. The full path and query go to
 * the server as they are (POST /v1/process/tasks/callback), which checks the partner's signature
 * and freshness and settles exactly once; the result screen explains the join result.
 *
 * `/survey/end?rid=…` without a signature is the result page of one participation
 * (GET /v1/process/participations/{rid}): where in-house polls, watch tasks and
 * ALREADY_JOINED starts end.
 */
export default function TaskBackPage() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const here = pathname + search;
  const signed = params.has('sig');
  const isEnd = pathname.replace(/\/$/, '') === SURVEY_END_PATH;
  const input =
    isEnd && !signed
      ? { mode: 'outcome' as const, here, rid: params.get('rid') }
      : // The link's rid is shown on a rejection, for support (the server decides whose it is).
        { mode: 'return' as const, here, callbackUrl: params.toString() ? here : null, rid: params.get('rid') };
  return <HandoffFlow key={here} input={input} />;
}
