import { fromPromise } from 'xstate';
import { benefitClaimMachine, type ClaimCheck, type ClaimedBenefit } from '../../machines/benefitClaim';
import { api } from '../api';

/**
 * The benefit-claim machine's actors over the API: allowBenefit with the detail's rules
 * (getBenefit; its failure only hides the rules), then claimBenefit.
 */
const benefitClaimActors = {
  check: fromPromise<ClaimCheck, { benefitId: number }>(async ({ input, signal }) => {
    const params = { id: input.benefitId };
    const [allow, detail] = await Promise.all([
      api.call('allowBenefit', { params, signal }),
      api.call('getBenefit', { params, signal }).catch(() => null),
    ]);
    return { ...allow, rules: detail?.rules ?? null };
  }),
  claim: fromPromise<ClaimedBenefit, { benefitId: number }>(async ({ input, signal }) => {
    const owned = await api.call('claimBenefit', { params: { id: input.benefitId }, signal });
    return { id: owned.id, benefitId: owned.benefitId, name: owned.name, expiresAt: owned.expiresAt };
  }),
};

/** The benefit-claim machine with the app's actors; the page adds what a claim refreshes (`claimed`). */
export const appBenefitClaimMachine = benefitClaimMachine.provide({ actors: benefitClaimActors });
