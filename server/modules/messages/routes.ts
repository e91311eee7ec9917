/** Site messages: the bell, the inbox, read marks and the screen message. Only the caller's rows. */
import { Code } from '../../../openapi/codes';
import {
  checkNewMessages,
  getScreenMessage,
  listMessages,
  readFlashMessage,
  readMessages,
} from '../../../openapi/operations/messages';
import { result } from '../../http/errors';
import { handle } from '../../http/handle';
import { listMessages as inbox, readMessages as markRead, unreadMessages } from './inbox';
import { markScreenSeen, pendingScreenMessage } from './screen';

export const routes = [
  handle(checkNewMessages, async ({ ctx, member }) => {
    const unread = await unreadMessages(ctx.db, member.id);
    return { hasNew: unread > 0, unread };
  }),
  handle(listMessages, async ({ ctx, member, query }) => inbox(ctx.db, member.id, query)),
  handle(readMessages, async ({ ctx, member, body }) => ({
    unread: await markRead(ctx.db, member.id, body, ctx.now()),
  })),
  handle(getScreenMessage, async ({ ctx, member }) => {
    const screen = await pendingScreenMessage(ctx.db, member.id, ctx.now());
    return screen ?? result(Code.NOTHING_TO_SHOW);
  }),
  handle(readFlashMessage, async ({ ctx, member, body }) => {
    await markScreenSeen(ctx.db, member.id, body.id, ctx.now());
    return { ok: true as const };
  }),
];
