import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useFeedback } from '../../flows/useFeedback';
import { routedPath, NOT_FOUND_PATH, FEEDBACK_HUB_PATH } from '../../routing/paths';
import { FeedbackDetailView } from './FeedbackDetailView';
import { FEEDBACK_ASK_PATH } from '../../routing/feedback';

/**
 * Container of `/home/feedback/{id}` 反馈详情: the feedback machine following one ticket
 * (`{ ticketId }`, src/flows/useFeedback.ts): getFeedback, then the moves its state allows
 * (reply, confirm, reopen, rate), each landing in the state the server returns.
 */
export default function FeedbackDetailPage() {
  const { id = '' } = useParams();
  const ticketId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0;
  if (ticketId === 0) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <Detail key={ticketId} ticketId={ticketId} />;
}

function Detail({ ticketId }: { ticketId: number }) {
  const feedback = useFeedback({ ticketId });
  const [now] = useState(() => Date.now());
  return (
    <FeedbackDetailView
      {...feedback}
      now={now}
      listPath={routedPath(FEEDBACK_HUB_PATH) ?? null}
      askPath={routedPath(FEEDBACK_ASK_PATH) ?? null}
    />
  );
}
