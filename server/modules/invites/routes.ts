import { originOf } from '../../http/origin';
import { getInviteInfo, listInvitees } from '../../../openapi/operations/invites';
import { handle } from '../../http/handle';
import { inviteInfo, listInvitees as inviteePage } from './service';

export const routes = [
  handle(getInviteInfo, async ({ member, ctx, request }) => inviteInfo(ctx, member.id, originOf(ctx.config, request))),
  handle(listInvitees, async ({ member, ctx, query }) => inviteePage(ctx, member.id, query)),
];
