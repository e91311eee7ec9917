import { getCredit, listCredits, listInviteCredits } from '../../../openapi/operations/credits';
import { handle } from '../../http/handle';
import { creditSummary, listCredits as creditPage, listInviteCredits as inviteCreditPage } from './service';

export const routes = [
  handle(getCredit, async ({ member, ctx }) => creditSummary(ctx, member.id)),
  handle(listCredits, async ({ member, ctx, query }) => creditPage(ctx, member.id, query)),
  handle(listInviteCredits, async ({ member, ctx, query }) => inviteCreditPage(ctx, member.id, query)),
];
