import type { z } from 'zod';
import { FeedbackCategory, FeedbackState } from '../../openapi/enums';
import type { FeedbackStateValue } from '../../openapi/rules/feedback';
import type {
  CreateFeedbackBody,
  FeedbackDetail as FeedbackDetailSchema,
  FeedbackRecord as FeedbackRecordSchema,
} from '../../openapi/schemas/feedback';
import type { PickedFile } from '../avatarUpload';
import type { ScreenshotsChanged, Shot } from '../screenshots';
import type { SubmitOnceReport } from '../submitOnce';

/** The feedback machine's types: its input, context and events, and the node of each ticket state. */

export type FeedbackRecord = z.output<typeof FeedbackRecordSchema>;
export type FeedbackDetail = z.output<typeof FeedbackDetailSchema>;
export type FeedbackCategoryValue = (typeof FeedbackCategory.list)[number];

/** The one record a ticket is about (at most one of the three). */
export interface RecordRef {
  rid?: string;
  exchangeId?: number;
  benefitId?: number;
}

/** What the form starts with: a record (from the page's URL) and a category. */
export interface FeedbackPrefill extends RecordRef {
  category?: FeedbackCategoryValue;
}

export type FeedbackInput =
  { ticketId: number; ask?: undefined } | { ask: { prefill: FeedbackPrefill }; ticketId?: undefined };

export type CreateFeedbackRequest = z.input<typeof CreateFeedbackBody>;

/** One member move on a ticket (actor `act`). */
export type MoveRequest =
  | { ticketId: number; kind: 'reply'; body: { content: string; images: string[] } }
  | { ticketId: number; kind: 'confirm' }
  | { ticketId: number; kind: 'reopen'; body: { content: string } }
  | { ticketId: number; kind: 'rate'; body: { stars: number; comment: string } };
export type MoveKind = MoveRequest['kind'];

export type AskField = 'category' | 'content' | 'images';
export type MoveForm = 'reply' | 'reopen' | 'rate';

export interface FeedbackContext {
  ticketId: number | null;
  /** The record the form is about; dropped when the server says it is not the member's. */
  ref: RecordRef | null;
  record: FeedbackRecord | null;
  recordMissing: boolean;
  recordError: string | null;
  category: FeedbackCategoryValue | null;
  content: string;
  /** The `screenshots` child's list, as last told. */
  shots: Shot[];
  images: string[];
  shotsBusy: boolean;
  shotsFailed: boolean;
  shotsNotice: string | null;
  /** The form's errors are shown (after a first submit). */
  showErrors: boolean;
  /** Load failures and definite submit failures. */
  error: string | null;
  ticket: FeedbackDetail | null;
  refreshError: string | null;
  /** Why the ticket was reloaded (the server said it had moved on). */
  notice: string | null;
  reply: string;
  reason: string;
  stars: number;
  comment: string;
  /** Which move's form shows its errors (after a first try). */
  shownForm: MoveForm | null;
  move: MoveRequest | null;
  actionError: string | null;
}

export type FeedbackEvent =
  | { type: 'user.setCategory'; category: FeedbackCategoryValue }
  | { type: 'user.setContent'; value: string }
  | { type: 'user.addScreenshots'; files: PickedFile[] }
  | { type: 'user.removeScreenshot'; id: number }
  | { type: 'user.retryScreenshot'; id: number }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.retryRecord' }
  | { type: 'user.refresh' }
  | { type: 'user.setReply'; value: string }
  | { type: 'user.setReason'; value: string }
  | { type: 'user.setStars'; stars: number }
  | { type: 'user.setComment'; value: string }
  | { type: 'user.reply' }
  | { type: 'user.confirm' }
  | { type: 'user.reopen' }
  | { type: 'user.rate' }
  | ScreenshotsChanged
  | SubmitOnceReport;

const S = FeedbackState.values;

/** The node of each ticket state. */
export const FEEDBACK_STATE_NODES = {
  [S.TO_ACCEPT]: 'toAccept',
  [S.TO_HANDLE]: 'toHandle',
  [S.PROCESSING]: 'processing',
  [S.AWAITING_FEEDBACK]: 'awaitingFeedback',
  [S.AWAITING_CONFIRMATION]: 'awaitingConfirmation',
  [S.CONFIRMED]: 'confirmed',
} as const satisfies Record<FeedbackStateValue, string>;

export type FeedbackStateNode = (typeof FEEDBACK_STATE_NODES)[FeedbackStateValue];
