/**
 * The console's feedback desk: tickets waiting on staff (oldest waiting first), one ticket with its
 * thread (screenshots as signed, expiring links, as `npm run ops -- feedback show` gives them) and
 * the member's context, the moves, and the desk's saved replies.
 *
 * Every move goes through the feedback module's own services (feedback/staff.ts → moves.ts) with
 * the signed-in staff's display name: that is the name members read on replies and in the history.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { canMove, type FeedbackMove } from '../../../openapi/rules/feedback';
import type { SavedReply, TicketDetail, TicketMoved, TicketRow } from '../../../openapi/schemas/adminFeedback';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { savedReplies } from '../../db/schema-desk';
import { exchanges } from '../../db/schema-exchange';
import { staff as staffTable } from '../../db/schema-staff';
import { feedbackTickets } from '../../db/schema-support';
import { participations, tasks } from '../../db/schema-tasks';
import type { Staff } from '../../http/auth';
import { AppError, isAppError } from '../../http/errors';
import type { AuditNote } from '../../http/handle';
import type { Executor } from '../../kernel/db';
import { maskMobile } from '../../kernel/mask';
import { pageOf, pageOffset, type PageArgs } from '../../kernel/page';
import { memberCreditLevel } from '../credits/ledger';
import type { Moved } from '../feedback/moves';
import { stateLabel } from '../feedback/moves';
import { closeTicket, OPEN_STATES, processTicket, staffReply, takeTicket, ticketForOperator } from '../feedback/staff';
import { imagesOf, oneLine, SUMMARY_MAX } from '../feedback/view';
import { qualityStanding } from '../quality/standing';

type Row = z.output<typeof TicketRow>;
type Detail = z.output<typeof TicketDetail>;
type State = Row['state'];
type Category = Row['category'];

/** The states where the ticket waits on staff (not on the member): the desk's default queue. */
export const WAITING_ON_STAFF = OPEN_STATES.filter((s) =>
  (['accept', 'process', 'ask', 'answer'] as const).some((m) => canMove(m, s)),
);

/** The most recent participations and exchanges shown with a ticket. */
const RECENT = 5;

const rowColumns = {
  id: feedbackTickets.id,
  state: feedbackTickets.state,
  category: feedbackTickets.category,
  content: feedbackTickets.content,
  operator: feedbackTickets.operator,
  createdAt: feedbackTickets.createdAt,
  stateChangedAt: feedbackTickets.stateChangedAt,
  memberId: members.id,
  memberCode: members.memberCode,
  mobile: members.mobile,
  nickname: members.nickname,
};

function toRow(
  r: {
    id: number;
    state: number;
    category: number;
    content: string;
    operator: string | null;
    createdAt: Date;
    stateChangedAt: Date;
    memberId: number;
    memberCode: string;
    mobile: string | null;
    nickname: string;
  },
  now: number,
): Row {
  return {
    id: r.id,
    state: r.state as State,
    category: r.category as Category,
    summary: oneLine(r.content, SUMMARY_MAX),
    member: { id: r.memberId, memberCode: r.memberCode, mobile: maskMobile(r.mobile), nickname: r.nickname },
    operator: r.operator,
    createdAt: r.createdAt.getTime(),
    stateChangedAt: r.stateChangedAt.getTime(),
    waitingMs: Math.max(0, now - r.stateChangedAt.getTime()),
  };
}

/** Tickets of one state, or all waiting on staff, the longest waiting first (index `feedback_tickets_state_idx`). */
export async function ticketQueue(db: Executor, q: PageArgs & { state?: number }, now: number) {
  const where =
    q.state === undefined ? inArray(feedbackTickets.state, WAITING_ON_STAFF) : eq(feedbackTickets.state, q.state);
  const rows = await db
    .select(rowColumns)
    .from(feedbackTickets)
    .innerJoin(members, eq(members.id, feedbackTickets.memberId))
    .where(where)
    .orderBy(asc(feedbackTickets.stateChangedAt), asc(feedbackTickets.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const [total] = await db.select({ n: count() }).from(feedbackTickets).where(where);
  return pageOf(
    q,
    rows.map((r) => toRow(r, now)),
    Number(total?.n ?? 0),
  );
}

const STAFF_MOVES: FeedbackMove[] = ['accept', 'process', 'ask', 'answer', 'close'];

/** One ticket whole, with the member's context. */
export async function ticketDetail(ctx: Pick<AppContext, 'db' | 'now' | 'uploads'>, id: number): Promise<Detail> {
  const now = ctx.now();
  const x = await ticketForOperator(ctx.db, id, now);
  const t = x.ticket;
  const [m] = await ctx.db
    .select({ memberCode: members.memberCode, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.id, t.memberId));
  const [level, quality, recentJoins, recentExchanges] = await Promise.all([
    memberCreditLevel(ctx.db, t.memberId),
    qualityStanding(ctx.db, t.memberId, now),
    ctx.db
      .select({
        id: participations.id,
        taskTitle: tasks.title,
        joinResult: participations.joinResult,
        points: participations.points,
        startedAt: participations.startedAt,
      })
      .from(participations)
      .innerJoin(tasks, eq(tasks.id, participations.taskId))
      .where(eq(participations.memberId, t.memberId))
      .orderBy(desc(participations.startedAt), desc(participations.id))
      .limit(RECENT),
    ctx.db
      .select({
        id: exchanges.id,
        title: exchanges.title,
        state: exchanges.state,
        points: exchanges.points,
        createdAt: exchanges.createdAt,
      })
      .from(exchanges)
      .where(eq(exchanges.memberId, t.memberId))
      .orderBy(desc(exchanges.createdAt), desc(exchanges.id))
      .limit(RECENT),
  ]);
  const can = Object.fromEntries(STAFF_MOVES.map((mv) => [mv === 'accept' ? 'take' : mv, canMove(mv, t.state)]));
  type Ctx = Detail['context'];
  return {
    ...toRow(
      {
        ...t,
        memberId: t.memberId,
        memberCode: m?.memberCode ?? '',
        mobile: x.member.mobile,
        nickname: x.member.nickname,
      },
      now,
    ),
    content: t.content,
    images: imagesOf(ctx, t.images, now),
    record: x.record,
    posts: x.posts.map((p) => ({
      id: p.id,
      author: p.author === 'staff' ? 'staff' : 'member',
      name: p.author === 'staff' ? p.staffName || '客服' : x.member.nickname,
      content: p.content,
      images: imagesOf(ctx, p.images, now),
      createdAt: p.createdAt.getTime(),
    })),
    moves: x.moves.map((mv) => ({
      from: mv.fromState as State | null,
      to: mv.toState as State,
      by: mv.actor as Detail['moves'][number]['by'],
      actorName: mv.actorName,
      reason: mv.reason,
      at: mv.createdAt.getTime(),
    })),
    context: {
      level,
      qualityLevel: quality.level,
      registeredAt: (m?.createdAt ?? t.createdAt).getTime(),
      participations: recentJoins.map((p) => ({
        ...p,
        joinResult: p.joinResult as Ctx['participations'][number]['joinResult'],
        startedAt: p.startedAt.getTime(),
      })),
      exchanges: recentExchanges.map((e) => ({
        ...e,
        state: e.state as Ctx['exchanges'][number]['state'],
        createdAt: e.createdAt.getTime(),
      })),
    },
    can: can as Detail['can'],
  };
}

/* ---- the moves ---- */

type Ctx = Pick<AppContext, 'db' | 'now'>;
export type DeskMove = 'take' | 'process' | 'ask' | 'answer' | 'close';

function noteMoved(audit: AuditNote, moved: Moved, reason?: string): z.output<typeof TicketMoved> {
  audit.targetType = 'ticket';
  audit.targetId = moved.ticket.id;
  audit.before = { state: moved.from, stateLabel: stateLabel(moved.from) };
  audit.after = {
    state: moved.ticket.state,
    stateLabel: stateLabel(moved.ticket.state),
    operator: moved.ticket.operator,
  };
  if (reason !== undefined) audit.reason = reason;
  return { id: moved.ticket.id, state: moved.ticket.state as State, operator: moved.ticket.operator };
}

/** Taking a ticket someone else took a moment ago is their decision, not a state puzzle. */
function takenAlready(err: unknown): never {
  if (isAppError(err) && err.codeName === 'FEEDBACK_STATE_CONFLICT')
    throw new AppError('ALREADY_DECIDED', `${err.message}：这条反馈已被其他同事受理，请刷新后查看`);
  throw err;
}

export async function moveAsStaff(
  ctx: Ctx,
  staff: Staff,
  id: number,
  move: DeskMove,
  audit: AuditNote,
  text?: string,
): Promise<z.output<typeof TicketMoved>> {
  switch (move) {
    case 'take':
      return noteMoved(audit, await takeTicket(ctx, id, staff.name).catch(takenAlready));
    case 'process':
      return noteMoved(audit, await processTicket(ctx, id, staff.name, text), text);
    case 'ask':
    case 'answer': {
      const moved = await staffReply(ctx, id, staff.name, move, text ?? '');
      const out = noteMoved(audit, moved);
      audit.after = { ...(audit.after as object), kind: move, postId: moved.postId, content: text };
      return out;
    }
    case 'close':
      return noteMoved(audit, await closeTicket(ctx, id, staff.name, text ?? ''), text);
  }
}

/* ---- saved replies ---- */

type Saved = z.output<typeof SavedReply>;

export async function listSaved(db: Executor): Promise<{ list: Saved[] }> {
  const rows = await db
    .select({
      id: savedReplies.id,
      title: savedReplies.title,
      content: savedReplies.content,
      createdBy: staffTable.name,
      createdAt: savedReplies.createdAt,
    })
    .from(savedReplies)
    .innerJoin(staffTable, eq(staffTable.id, savedReplies.staffId))
    .orderBy(asc(savedReplies.title), asc(savedReplies.id));
  return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })) };
}

export async function saveReply(
  ctx: Ctx,
  staff: Staff,
  body: { title: string; content: string },
  audit: AuditNote,
): Promise<Saved> {
  const [row] = await ctx.db
    .insert(savedReplies)
    .values({ title: body.title, content: body.content, staffId: staff.id, createdAt: new Date(ctx.now()) })
    .returning();
  audit.targetType = 'savedReply';
  audit.targetId = row!.id;
  audit.after = { title: row!.title, content: row!.content };
  return {
    id: row!.id,
    title: row!.title,
    content: row!.content,
    createdBy: staff.name,
    createdAt: row!.createdAt.getTime(),
  };
}

export async function deleteSaved(ctx: Ctx, id: number, audit: AuditNote): Promise<null> {
  const [row] = await ctx.db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', '这条常用回复不存在');
  audit.targetType = 'savedReply';
  audit.targetId = id;
  audit.before = { title: row.title, content: row.content };
  audit.after = null;
  return null;
}

/** The home queue: tickets waiting on staff and since when. */
export async function waitingSummary(db: Executor) {
  const where = inArray(feedbackTickets.state, WAITING_ON_STAFF);
  const [c] = await db.select({ n: count() }).from(feedbackTickets).where(where);
  const [oldest] = await db
    .select({ at: feedbackTickets.stateChangedAt })
    .from(feedbackTickets)
    .where(where)
    .orderBy(asc(feedbackTickets.stateChangedAt))
    .limit(1);
  return { count: Number(c?.n ?? 0), oldestAt: oldest ? oldest.at.getTime() : null };
}
