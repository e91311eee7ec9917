import { useLocation, useSearchParams } from 'react-router-dom';
import { HandoffFlow } from '../../flows/useHandoffFlow';

/**
 * `/browse/redirect?taskId=&rid=`: a video or browse task. Shows the target (GET
 * /v1/browse/redirect; embedded when it is on this site, else opened in a new window), counts
 * down the seconds to stay, then 领取微豆 (POST /v1/process/participations/{rid}/finish; the
 * server checks the time since the start, WATCH_TOO_SHORT lets the member wait and retry).
 */
export default function BrowsePage() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const here = pathname + search;
  const rawTaskId = params.get('taskId');
  const taskId = rawTaskId && /^\d+$/.test(rawTaskId) ? Number(rawTaskId) : null;
  return <HandoffFlow key={here} input={{ mode: 'watch', here, rid: params.get('rid'), taskId }} />;
}
