import { useState } from 'react';
import type { MemberBenefit } from '../components/benefits/format';
import type { RulesDialogProps } from '../components/benefits/RulesDialog';
import { api } from '../api';
import { useLoad } from './useLoad';

/**
 * The use rules of one held benefit (getBenefit), read when the member opens them: `open` picks
 * the benefit, `dialog` is the RulesDialog's props while one is open (null when closed).
 */
export function useBenefitRules(): { open: (benefit: MemberBenefit) => void; dialog: RulesDialogProps | null } {
  const [rulesOf, setRulesOf] = useState<MemberBenefit | null>(null);
  const rulesId = rulesOf?.benefitId ?? null;
  const rules = useLoad(
    (signal) =>
      rulesId === null ? Promise.resolve(null) : api.call('getBenefit', { params: { id: rulesId }, signal }),
    [rulesId],
  );
  const dialog = rulesOf && {
    status: rules.status,
    name: rulesOf.name,
    rules: rules.data?.rules ?? null,
    description: rules.data?.description ?? null,
    error: rules.error,
    onRetry: rules.reload,
    onClose: () => setRulesOf(null),
  };
  return { open: setRulesOf, dialog };
}
