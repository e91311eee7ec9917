import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PollInfo, PollOutcome } from '../../components/poll/types';
import { taskPollMachine, usePollAnswer, type PollRequest } from '../../flows/polls';
import { TaskPollView } from './TaskPollView';
import { surveyEndPath } from '../../routing/paths';

/**
 * Container of `/task/poll/{id}?rid=…` (the entry URL of an in-house poll task): the
 * questionnaire-answering machine with the app's actors (src/flows/polls.ts). An accepted
 * submission goes on to `/survey/end?rid=…` (the outcome and the weidou); a foreign, unknown or
 * malformed answer id is a clear error page, not a retry loop.
 */

export default function TaskPollPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const rid = (search.get('rid') ?? '').trim();
  // Another questionnaire or answer id is a fresh machine.
  return <TaskPollScreen key={`${params.id}:${rid}`} id={id} rid={rid} />;
}

function TaskPollScreen({ id, rid }: PollRequest) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const [machine] = useState(() =>
    taskPollMachine.provide({
      actions: {
        // Accepted: the outcome page (/survey/end) shows the result and the weidou.
        announceSubmitted: () => navigateRef.current(surveyEndPath(rid), { replace: true }),
      },
    }),
  );
  const { view, form } = usePollAnswer<PollInfo, PollOutcome>(machine, {
    request: { id, rid } satisfies PollRequest,
  });

  return (
    <TaskPollView
      status={view.status}
      poll={view.meta}
      {...form}
      canRetry={view.canRetry}
      outcome={view.result}
      resultPath={rid ? surveyEndPath(rid) : null}
    />
  );
}
