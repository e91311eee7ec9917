/** Feedback tickets: `/v1/feedback…` (the member's own tickets only). */
import {
  confirmFeedback as confirmOp,
  createFeedback as createOp,
  getFeedback as getOp,
  getFeedbackRecord,
  listFeedback as listOp,
  rateFeedback as rateOp,
  reopenFeedback as reopenOp,
  replyFeedback as replyOp,
} from '../../../openapi/operations/feedback';
import { handle } from '../../http/handle';
import {
  confirmFeedback,
  createFeedback,
  feedbackRecord,
  getFeedback,
  listFeedback,
  rateFeedback,
  reopenFeedback,
  replyFeedback,
} from './service';

export const routes = [
  handle(getFeedbackRecord, async ({ ctx, member, query }) => feedbackRecord(ctx, member.id, query)),
  handle(createOp, async ({ ctx, member, body }) => createFeedback(ctx, member.id, body)),
  handle(listOp, async ({ ctx, member, query }) => listFeedback(ctx, member.id, query)),
  handle(getOp, async ({ ctx, member, params }) => getFeedback(ctx, member.id, params.id)),
  handle(replyOp, async ({ ctx, member, params, body }) => replyFeedback(ctx, member.id, params.id, body)),
  handle(confirmOp, async ({ ctx, member, params }) => confirmFeedback(ctx, member.id, params.id)),
  handle(reopenOp, async ({ ctx, member, params, body }) => reopenFeedback(ctx, member.id, params.id, body.content)),
  handle(rateOp, async ({ ctx, member, params, body }) => rateFeedback(ctx, member.id, params.id, body)),
];
