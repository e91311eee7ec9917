/**
 * A ticket as its member reads it: the list line (`FeedbackSummary`) and the whole ticket
 * (`FeedbackDetail`) with its thread, history, rating, what the member may do now (derived from
 * FEEDBACK_MOVES, `memberMayAddReply`, REOPEN_DAYS and the rating) and the dates that bound it.
 * Screenshots are private: each comes with an expiring signed URL, never a plain one.
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { FeedbackState, type FeedbackCategory } from '../../../openapi/enums';
import { AUTO_CONFIRM_DAYS, canMove, memberMayAddReply, REOPEN_DAYS } from '../../../openapi/rules/feedback';
import type { FeedbackDetail, FeedbackSummary } from '../../../openapi/schemas/feedback';
import type { AppContext } from '../../context';
import { feedbackMoves, feedbackPosts } from '../../db/schema-support';
import type { Executor } from '../../kernel/db';
import { DAY_MS } from '../../kernel/time';
import { signedGetUrl } from '../../providers/oss';
import type { TicketRow } from './moves';
import { storedRecord } from './records';

export type FeedbackSummaryData = z.output<typeof FeedbackSummary>;
export type FeedbackDetailData = z.output<typeof FeedbackDetail>;
type State = FeedbackSummaryData['state'];
type Category = (typeof FeedbackCategory.list)[number];

export type ViewContext = Pick<AppContext, 'db' | 'now' | 'uploads'>;

/** Characters of a description the list shows. */
export const SUMMARY_MAX = 60;

/** One line of at most `max` characters: whitespace folded, an ellipsis where it was cut. */
export function oneLine(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** The member's turn: an operator asked for more (3) or answered (4). */
export const awaitingMember = (state: number) => canMove('memberReply', state);

export function summaryOf(t: TicketRow): FeedbackSummaryData {
  return {
    id: t.id,
    category: t.category as Category,
    summary: oneLine(t.content, SUMMARY_MAX),
    state: t.state as State,
    awaitingMe: awaitingMember(t.state),
    createdAt: t.createdAt.getTime(),
    updatedAt: t.updatedAt.getTime(),
  };
}

/** The dates that bound the current state: auto-confirmation (4) and the end of the reopen window (5). */
export function deadlinesOf(t: Pick<TicketRow, 'state' | 'stateChangedAt'>) {
  const since = t.stateChangedAt.getTime();
  return {
    autoConfirmAt: canMove('autoConfirm', t.state) ? since + AUTO_CONFIRM_DAYS * DAY_MS : null,
    reopenUntil: canMove('reopen', t.state) ? since + REOPEN_DAYS * DAY_MS : null,
  };
}

/** What the member may do with the ticket now. */
export function memberCan(t: Pick<TicketRow, 'state' | 'stateChangedAt' | 'rating'>, now: number) {
  const { reopenUntil } = deadlinesOf(t);
  return {
    reply: memberMayAddReply(t.state) || canMove('memberReply', t.state),
    confirm: canMove('confirm', t.state),
    reopen: reopenUntil !== null && now < reopenUntil,
    rate: t.state === FeedbackState.values.CONFIRMED && t.rating === null,
  };
}

/** The thread and the history of a ticket, oldest first, as stored. */
export async function threadOf(db: Executor, ticketId: number) {
  const [posts, moves] = await Promise.all([
    db.select().from(feedbackPosts).where(eq(feedbackPosts.ticketId, ticketId)).orderBy(asc(feedbackPosts.id)),
    db.select().from(feedbackMoves).where(eq(feedbackMoves.ticketId, ticketId)).orderBy(asc(feedbackMoves.id)),
  ]);
  return { posts, moves };
}

/** Screenshots with their signed, expiring URLs. */
export const imagesOf = (ctx: Pick<AppContext, 'uploads'>, keys: readonly string[], now: number) =>
  keys.map((key) => ({ key, url: signedGetUrl(ctx.uploads, key, now) }));

export async function detailOf(ctx: ViewContext, t: TicketRow): Promise<FeedbackDetailData> {
  const now = ctx.now();
  const [{ posts, moves }, record] = await Promise.all([
    threadOf(ctx.db, t.id),
    storedRecord(ctx.db, t.memberId, t.recordKind, t.recordId, now),
  ]);
  return {
    ...summaryOf(t),
    content: t.content,
    images: imagesOf(ctx, t.images, now),
    record,
    posts: posts.map((p) => ({
      id: p.id,
      author: p.author === 'staff' ? 'staff' : 'member',
      name: p.author === 'staff' ? p.staffName || '客服' : '我',
      content: p.content,
      images: imagesOf(ctx, p.images, now),
      createdAt: p.createdAt.getTime(),
    })),
    moves: moves.map((m) => ({
      from: m.fromState as State | null,
      to: m.toState as State,
      by: m.actor as FeedbackDetailData['moves'][number]['by'],
      reason: m.reason,
      at: m.createdAt.getTime(),
    })),
    rating: t.rating === null ? null : { stars: t.rating, comment: t.ratingComment ?? '' },
    can: memberCan(t, now),
    ...deadlinesOf(t),
  };
}
