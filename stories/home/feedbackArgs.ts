import { fn } from 'storybook/test';
import type { FeedbackDetail, FeedbackView } from '../../machines/feedback';
import type { FeedbackProps } from '../../src/flows/useFeedback';
import { NOW } from './feedbackFixtures';

/** The feedback views' props as `useFeedback` gives them: a machine view, previews and handlers. */

const view: FeedbackView = {
  status: 'editing',
  busy: false,
  sending: null,
  recordRef: null,
  record: null,
  recordMissing: false,
  recordError: null,
  category: null,
  content: '',
  shots: [],
  shotsNotice: null,
  errors: {},
  error: null,
  retries: 0,
  canSubmit: true,
  canRetry: false,
  canRetryRecord: false,
  canAddScreenshots: true,
  ticket: null,
  refreshError: null,
  notice: null,
  actionError: null,
  reply: '',
  reason: '',
  stars: 0,
  comment: '',
  replyErrors: {},
  reopenErrors: {},
  rateErrors: {},
  canReply: false,
  canConfirm: false,
  canReopen: false,
  canRate: false,
  canRefresh: false,
};

export function feedbackArgs(over: Partial<FeedbackProps> = {}): FeedbackProps {
  return {
    ...view,
    previews: {},
    onCategory: fn(),
    onContent: fn(),
    onAddScreenshots: fn(),
    onRemoveScreenshot: fn(),
    onRetryScreenshot: fn(),
    onSubmit: fn(),
    onRetry: fn(),
    onRetryRecord: fn(),
    onRefresh: fn(),
    onReplyText: fn(),
    onReply: fn(),
    onConfirm: fn(),
    onReasonText: fn(),
    onReopen: fn(),
    onStars: fn(),
    onCommentText: fn(),
    onRate: fn(),
    ...over,
  };
}

const NODE = ['toAccept', 'toHandle', 'processing', 'awaitingFeedback', 'awaitingConfirmation', 'confirmed'] as const;

/** A ticket shown at rest in its state: what the machine offers there (the server's `can`, by the rules). */
export function ticketArgs(ticket: FeedbackDetail, over: Partial<FeedbackProps> = {}) {
  return {
    ...feedbackArgs({
      status: NODE[ticket.state],
      ticket,
      canRefresh: true,
      canReply: ticket.can.reply,
      canConfirm: ticket.can.confirm,
      canReopen: ticket.can.reopen,
      canRate: ticket.can.rate && ticket.rating === null,
      canAddScreenshots: ticket.can.reply,
      ...over,
    }),
    now: NOW,
    askPath: '/home/feedback/ask',
    listPath: null,
  };
}
