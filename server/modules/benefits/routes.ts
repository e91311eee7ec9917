import {
  allowBenefit,
  checkBenefit,
  claimBenefit,
  getBenefit,
  listBenefits,
  useBenefit,
  useBenefitValue,
} from '../../../openapi/operations/benefits';
import { handle } from '../../http/handle';
import { allow, applyHolding, applyWithCredit, check, claim, detail, overview } from './service';

export const routes = [
  handle(listBenefits, async ({ member, ctx, query }) => overview(ctx, member.id, query)),
  handle(getBenefit, async ({ member, ctx, params }) => detail(ctx, member.id, params.id)),
  handle(claimBenefit, async ({ member, ctx, params }) => claim(ctx, member.id, params.id)),
  handle(allowBenefit, async ({ member, ctx, params }) => allow(ctx, member.id, params.id)),
  handle(checkBenefit, async ({ member, ctx, params, body }) => check(ctx, member.id, params.id, body.target)),
  handle(useBenefit, async ({ member, ctx, body }) => applyHolding(ctx, member.id, body)),
  handle(useBenefitValue, async ({ member, ctx, body }) => applyWithCredit(ctx, member.id, body)),
];
