import { useMachine } from '@xstate/react';
import { selectExchangeReview } from '../../../../machines/exchangeReview';
import { consoleReviewMachine } from '../../flows/review';
import { ReviewView } from './ReviewView';

/** /admin/review (exchange.review): 兑换审核. */
export default function ReviewPage() {
  const [snapshot, send] = useMachine(consoleReviewMachine);
  return (
    <ReviewView
      {...selectExchangeReview(snapshot)}
      onPage={(page) => send({ type: 'user.page', page })}
      onRetry={() => send({ type: 'user.retry' })}
      onSelect={(id) => send({ type: 'user.select', id })}
      onClose={() => send({ type: 'user.close' })}
      onCheck={(id, checked) => send({ type: 'user.check', id, checked })}
      onCheckAllLow={() => send({ type: 'user.checkAllLow' })}
      onClearChecks={() => send({ type: 'user.clearChecks' })}
      onApprove={() => send({ type: 'user.approve' })}
      onReject={() => send({ type: 'user.reject' })}
      onBulk={() => send({ type: 'user.bulk' })}
      onReason={(value) => send({ type: 'user.input', field: 'reason', value })}
      onCode={(value) => send({ type: 'user.input', field: 'code', value })}
      onSubmit={() => send({ type: 'user.submit' })}
      onCancel={() => send({ type: 'user.cancel' })}
      onDismiss={() => send({ type: 'user.dismiss' })}
    />
  );
}
