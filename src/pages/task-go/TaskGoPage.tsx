import { useLocation, useSearchParams } from 'react-router-dom';
import { HandoffFlow } from '../../flows/useHandoffFlow';

/**
 * The hand-off screens `/task/go`, `/task/agent/go`, `/task/mp/go`, `/cloud/gmo/go`,
 * `/cloud/agent/go` (`?id=<task hash id>`): start the task (POST /v1/process/tasks/{id}/start),
 * show 正在前往问卷… with the task's points and consolation points, then leave for the partner
 * (or the in-house poll / watch page). Flow: machines/surveyHandoff.ts.
 */
export default function TaskGoPage() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const here = pathname + search;
  return <HandoffFlow key={here} input={{ mode: 'handoff', here, taskHashId: params.get('id') }} />;
}
