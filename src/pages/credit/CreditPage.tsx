import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { selectClaimView } from '../../../machines/benefitClaim';
import { quietApi } from '../../api';
import { appBenefitClaimMachine } from '../../flows/benefits';
import { useBenefitRules } from '../../flows/useBenefitRules';
import { useLoad } from '../../flows/useLoad';
import { shallowEqual } from '../../flows/shallowEqual';
import { feedbackAsk } from '../../routing/feedback';
import { CreditView, type OwnedFilter } from './CreditView';

/**
 * Container of `/home/credit` 我的权益: getCredit (value, level, next level), listBenefits
 * (catalogue + my benefits), the claim flow (machines/benefitClaim.ts with the actors of
 * src/flows/benefits.ts: allowBenefit with the detail's rules → confirm → claimBenefit; a claim
 * refreshes both loads), and the use rules of a held benefit (getBenefit). A used benefit offers
 * 反馈问题 once the feedback form is built.
 */
export default function CreditPage() {
  const summary = useLoad((signal) => quietApi.call('getCredit', { signal }));
  const benefits = useLoad((signal) => quietApi.call('listBenefits', { query: {}, signal }));
  const [ownedFilter, setOwnedFilter] = useState<OwnedFilter>(0);
  const rules = useBenefitRules();

  const machine = useMemo(
    () =>
      appBenefitClaimMachine.provide({
        actions: {
          claimed: () => {
            summary.reload();
            benefits.reload();
            setOwnedFilter(0);
          },
        },
      }),
    // reload functions are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine);
  const claim = useSelector(actor, selectClaimView, shallowEqual);
  const ask = feedbackAsk();

  return (
    <CreditView
      summary={{ status: summary.status, data: summary.data, error: summary.error }}
      benefits={{
        status: benefits.status,
        catalogue: benefits.data?.catalogue ?? [],
        owned: benefits.data?.owned ?? [],
        error: benefits.error,
      }}
      ownedFilter={ownedFilter}
      onOwnedFilter={setOwnedFilter}
      onRetrySummary={summary.reload}
      onRetryBenefits={benefits.reload}
      onClaim={(b) => {
        if (actor.getSnapshot().can({ type: 'user.claim', benefit: b })) {
          actor.send({ type: 'user.claim', benefit: { id: b.id, name: b.name, creditCost: b.creditCost } });
        }
      }}
      onRules={rules.open}
      rules={rules.dialog}
      feedbackPath={ask && ((benefitId) => ask({ benefitId }))}
      claim={{
        ...claim,
        onConfirm: () => actor.send({ type: 'user.confirm' }),
        onCancel: () => actor.send({ type: 'user.cancel' }),
        onRetry: () => actor.send({ type: 'user.retry' }),
        onClose: () => actor.send({ type: 'user.close' }),
      }}
    />
  );
}
