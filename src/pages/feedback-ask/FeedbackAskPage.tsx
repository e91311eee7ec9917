import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FeedbackCategoryValue, FeedbackPrefill } from '../../../machines/feedback';
import { FeedbackCategory } from '../../../openapi/enums';
import { useFeedback } from '../../flows/useFeedback';
import { routedPath, FEEDBACK_HUB_PATH } from '../../routing/paths';
import { FeedbackAskView } from './FeedbackAskView';
import { feedbackTicketPath } from '../../routing/feedback';

/**
 * Container of `/home/feedback/ask` 提交反馈: the feedback machine entered with `{ ask: { prefill } }`
 * (src/flows/useFeedback.ts). The URL may name one record — `?rid=` (a task's answer id, from the
 * task records and the hand-off result), `?exchangeId=` or `?benefitId=` — and `?category=N`
 * preselects the category. A ticket made → its page `/home/feedback/{id}` (replacing the form, so
 * going back does not offer to send it again).
 */

const positiveId = (v: string | null) => (v !== null && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : undefined);

export function prefillOf(params: URLSearchParams): FeedbackPrefill {
  const rid = params.get('rid')?.trim();
  const category = Number(params.get('category'));
  const exchangeId = positiveId(params.get('exchangeId'));
  const benefitId = positiveId(params.get('benefitId'));
  const ref =
    rid && rid.length <= 64
      ? { rid }
      : exchangeId !== undefined
        ? { exchangeId }
        : benefitId !== undefined
          ? { benefitId }
          : {};
  return {
    ...ref,
    ...((FeedbackCategory.list as readonly number[]).includes(category)
      ? { category: category as FeedbackCategoryValue }
      : {}),
  };
}

export default function FeedbackAskPage() {
  const [params] = useSearchParams();
  const prefill = prefillOf(params);
  return <Ask key={JSON.stringify(prefill)} prefill={prefill} />;
}

function Ask({ prefill }: { prefill: FeedbackPrefill }) {
  const navigate = useNavigate();
  const feedback = useFeedback({ ask: { prefill } });
  const madeId = feedback.ticket?.id ?? null;
  useEffect(() => {
    if (madeId !== null) navigate(feedbackTicketPath(madeId), { replace: true });
  }, [madeId, navigate]);
  return <FeedbackAskView {...feedback} listPath={routedPath(FEEDBACK_HUB_PATH) ?? null} />;
}
