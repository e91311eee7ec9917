/** Notices: the caller's unread ones, marking them read, one notice (read when a member opens it). */
import { getNotice, listUnreadNotices, readNotices } from '../../../openapi/operations/notices';
import { handle } from '../../http/handle';
import { markNoticesRead, noticeDetail, unreadNotices } from './service';

export const routes = [
  handle(listUnreadNotices, async ({ ctx, member }) => unreadNotices(ctx, member.id)),
  handle(readNotices, async ({ ctx, member, body }) => {
    await markNoticesRead(ctx, member.id, body.ids);
    return { ok: true as const };
  }),
  handle(getNotice, async ({ ctx, params, viewer }) => noticeDetail(ctx, params.id, viewer?.id ?? null)),
];
