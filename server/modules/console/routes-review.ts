/** The console's exchange review, feedback desk and home queues. */
import { getConsoleHome } from '../../../openapi/operations/admin';
import {
  approveExchange,
  bulkApproveExchanges,
  getReviewItem,
  listReviewQueue,
  rejectExchange,
} from '../../../openapi/operations/adminExchange';
import {
  closeTicket,
  deleteSavedReply,
  getTicket,
  listSavedReplies,
  listTickets,
  processTicket,
  replyTicket,
  saveReply,
  takeTicket,
} from '../../../openapi/operations/adminFeedback';
import { handle } from '../../http/handle';
import * as desk from './desk';
import { consoleHome } from './home';
import { bulkApprove, decide, reviewItem, reviewQueue } from './review';

export const routes = [
  handle(getConsoleHome, async ({ ctx, staff }) => consoleHome(ctx.db, staff.roles)),

  handle(listReviewQueue, async ({ ctx, query }) => reviewQueue(ctx.db, query, ctx.now())),
  handle(getReviewItem, async ({ ctx, params }) => reviewItem(ctx.db, params.id, ctx.now())),
  handle(approveExchange, async ({ ctx, staff, params, audit }) => decide(ctx, staff, params.id, 'approve', audit)),
  handle(rejectExchange, async ({ ctx, staff, params, body, audit }) =>
    decide(ctx, staff, params.id, 'reject', audit, body.reason),
  ),
  handle(bulkApproveExchanges, async ({ ctx, staff, body, audit }) => bulkApprove(ctx, staff, body.ids, audit)),

  handle(listTickets, async ({ ctx, query }) => desk.ticketQueue(ctx.db, query, ctx.now())),
  handle(getTicket, async ({ ctx, params }) => desk.ticketDetail(ctx, params.id)),
  handle(takeTicket, async ({ ctx, staff, params, audit }) => desk.moveAsStaff(ctx, staff, params.id, 'take', audit)),
  handle(processTicket, async ({ ctx, staff, params, body, audit }) =>
    desk.moveAsStaff(ctx, staff, params.id, 'process', audit, body.note),
  ),
  handle(replyTicket, async ({ ctx, staff, params, body, audit }) =>
    desk.moveAsStaff(ctx, staff, params.id, body.kind, audit, body.content),
  ),
  handle(closeTicket, async ({ ctx, staff, params, body, audit }) =>
    desk.moveAsStaff(ctx, staff, params.id, 'close', audit, body.reason),
  ),
  handle(listSavedReplies, async ({ ctx }) => desk.listSaved(ctx.db)),
  handle(saveReply, async ({ ctx, staff, body, audit }) => desk.saveReply(ctx, staff, body, audit)),
  handle(deleteSavedReply, async ({ ctx, params, audit }) => {
    await desk.deleteSaved(ctx, params.id, audit);
    return { ok: true as const };
  }),
];
