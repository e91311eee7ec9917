import { getInviteInfo, listInvitees } from '../../../openapi/operations/invites';
import { handle } from '../../http/handle';
import { inviteInfo, listInvitees as inviteePage } from './service';

export const routes = [
  handle(getInviteInfo, async ({ member, ctx }) => inviteInfo(ctx, member.id)),
  handle(listInvitees, async ({ member, ctx, query }) => inviteePage(ctx, member.id, query)),
];
