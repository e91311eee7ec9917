/**
 * Benefits (权益): the catalogue, claiming with credit, operator/campaign grants, and using a
 * holding (GLOSSARY "Currencies and perks"). This file is the module's public surface; the work is
 * split by job: `shapes.ts` (rows, contract shapes, shared lookups), `catalogue.ts` (reading),
 * `claim.ts` (claim and grant), `use.ts` (use rules and use), `coupons.ts` (coupons in redeem),
 * `effects.ts` (what other modules read), `taskHooks.ts` (boosts and credit on task results).
 *
 * - Claim (`POST /v1/benefits/{id}`): in ONE transaction under the member's credit-row lock (one
 *   member's claims queue up, so the per-member limit is read consistently): the rules in order
 *   (on sale, level, per-member limit, stock, credit), the holding, one unit of stock (conditional
 *   update) and the credit debit (`benefit-claim:<holdingId>`, conditional: never negative).
 *   `allowBenefit` answers the same rules without changing anything.
 * - Use (`POST /v1/benefits/use`): the holding row is locked; it must be the caller's, unused and
 *   not expired, and fit the target (`checkUse`, the same rules `/v1/benefits/check/{id}` answers).
 *   The use is a conditional update `status = 'unused'`, so of many concurrent uses one wins.
 *   Effects by kind:
 *   - boost card (1): armed on a task; when that task's complete is credited, +value % of it is
 *     credited as its own ledger row (`boost:<holdingId>`), see taskHooks.ts. If the participation
 *     ends without a complete, the card comes back unused.
 *   - exchange coupon (2): used only inside redeem (RedeemBody.memberBenefitId): `couponForRedeem`
 *     + `markCouponUsed` in the redeem transaction; `returnCoupon` when the exchange is refunded.
 *   - lottery spins (3): adds spins to the lucky wheel (lottery id 1), read by `benefitSpins`; the
 *     wheel also counts unused holdings (`unusedSpinHoldings`) and uses one itself when needed.
 *   - snap early access (4): lets the member start that snap task value minutes before it opens,
 *     read by `earlyAccessMinutes`.
 * - `applyWithCredit` claims and uses in one transaction (credit spent directly).
 *
 * "Expired" is not stored: an unused holding past `expires_at` shows as status 2 and cannot be used.
 */
export { allow, detail, overview } from './catalogue';
export { claim, grant } from './claim';
export { couponForRedeem, markCouponUsed, returnCoupon } from './coupons';
export { benefitSpins, earlyAccessMinutes, unusedSpinHoldings } from './effects';
export { applyHolding, applyWithCredit, check } from './use';
export { LUCKY_WHEEL_ID } from './shapes';
