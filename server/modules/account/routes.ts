/** The header's calls: the caller's own account and the new-message flag. Only the caller's rows. */
import { checkNewMessages } from '../../../openapi/operations/messages';
import { getAccount } from '../../../openapi/operations/account';
import { handle } from '../../http/handle';
import { accountOf, unreadMessages } from './service';

export const routes = [
  handle(getAccount, async ({ ctx, member }) => accountOf(ctx, member.id)),
  handle(checkNewMessages, async ({ ctx, member }) => {
    const unread = await unreadMessages(ctx, member.id);
    return { hasNew: unread > 0, unread };
  }),
];
