/**
 * Who is who on a board. A board is found by its task's hash id; the viewer is
 * - a moderator (1) or client observer (2): a `forum_members` row the operators made;
 * - a respondent (0): a member with a participation on the board's task (startTask), except one
 *   refused by the start checks (settled by 'start'). Their identity row (受访者 N, changeable) is
 *   made on first visit;
 * - anyone else: FORUM_NO_ACCESS.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { BbsRole } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { forumBoards, forumMembers, forumTopics } from '../../db/schema-forum';
import { participations, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';

export type BoardRow = typeof forumBoards.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type IdentityRow = typeof forumMembers.$inferSelect;
export type TopicRow = typeof forumTopics.$inferSelect;
export type ParticipationRow = typeof participations.$inferSelect;

export interface Board {
  board: BoardRow;
  task: TaskRow;
}

export const ROLE = BbsRole.values;

export interface Viewer {
  memberId: number;
  role: number;
  identity: IdentityRow;
  /** The respondent's participation; null for moderators and observers. */
  participation: ParticipationRow | null;
}

/** The board of a task by the task's hash id; FORUM_NOT_FOUND when there is none. */
export async function boardByHashId(db: Executor, taskHashId: string): Promise<Board> {
  const [row] = await db
    .select({ board: forumBoards, task: tasks })
    .from(forumBoards)
    .innerJoin(tasks, eq(tasks.id, forumBoards.taskId))
    .where(eq(tasks.hashId, taskHashId))
    .limit(1);
  if (!row) throw new AppError('FORUM_NOT_FOUND');
  return row;
}

export async function boardById(db: Executor, boardId: number): Promise<Board> {
  const [row] = await db
    .select({ board: forumBoards, task: tasks })
    .from(forumBoards)
    .innerJoin(tasks, eq(tasks.id, forumBoards.taskId))
    .where(eq(forumBoards.id, boardId))
    .limit(1);
  if (!row) throw new AppError('FORUM_NOT_FOUND');
  return row;
}

/** The member's participation that makes them a respondent of the task (not one refused at the start). */
export async function respondentParticipation(db: Executor, taskId: number, memberId: number) {
  const [p] = await db
    .select()
    .from(participations)
    .where(
      and(
        eq(participations.taskId, taskId),
        eq(participations.memberId, memberId),
        or(isNull(participations.settledBy), ne(participations.settledBy, 'start')),
      ),
    )
    .limit(1);
  return p ?? null;
}

async function identityOf(db: Executor, boardId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(forumMembers)
    .where(and(eq(forumMembers.boardId, boardId), eq(forumMembers.memberId, memberId)))
    .limit(1);
  return row ?? null;
}

/**
 * A respondent's identity row, made on first visit with the next free 受访者 N (never the account
 * nickname). A name someone already chose is skipped; two first visits at once make one row.
 */
async function respondentIdentity(ctx: Pick<AppContext, 'db'>, boardId: number, memberId: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const row = await ctx.db.transaction(async (tx) => {
      const [seq] = await tx
        .update(forumBoards)
        .set({ respondentSeq: sql`${forumBoards.respondentSeq} + 1` })
        .where(eq(forumBoards.id, boardId))
        .returning({ n: forumBoards.respondentSeq });
      await tx
        .insert(forumMembers)
        .values({ boardId, memberId, role: ROLE.RESPONDENT, name: `受访者 ${seq!.n}` })
        .onConflictDoNothing();
      return identityOf(tx, boardId, memberId);
    });
    if (row) return row;
  }
  throw new Error(`no free respondent name on board ${boardId}`);
}

/** The viewer of a board, or FORUM_NO_ACCESS: identity and participation in one query (every call asks). */
export async function viewerOf(ctx: Pick<AppContext, 'db'>, b: Board, memberId: number): Promise<Viewer> {
  const [row] = await ctx.db
    .select({ identity: forumMembers, participation: participations })
    .from(forumBoards)
    .leftJoin(forumMembers, and(eq(forumMembers.boardId, forumBoards.id), eq(forumMembers.memberId, memberId)))
    .leftJoin(
      participations,
      and(
        eq(participations.taskId, forumBoards.taskId),
        eq(participations.memberId, memberId),
        or(isNull(participations.settledBy), ne(participations.settledBy, 'start')),
      ),
    )
    .where(eq(forumBoards.id, b.board.id))
    .limit(1);
  const identity = row?.identity ?? null;
  if (identity && identity.role !== ROLE.RESPONDENT)
    return { memberId, role: identity.role, identity, participation: null };
  const participation = row?.participation ?? null;
  if (!participation) throw new AppError('FORUM_NO_ACCESS');
  return {
    memberId,
    role: ROLE.RESPONDENT,
    identity: identity ?? (await respondentIdentity(ctx, b.board.id, memberId)),
    participation,
  };
}

/** A topic with its board, for a viewer of that board; hidden topics are gone for respondents. */
export async function topicFor(ctx: Pick<AppContext, 'db'>, topicId: number, memberId: number) {
  const [row] = await ctx.db
    .select({ topic: forumTopics, board: forumBoards, task: tasks })
    .from(forumTopics)
    .innerJoin(forumBoards, eq(forumBoards.id, forumTopics.boardId))
    .innerJoin(tasks, eq(tasks.id, forumBoards.taskId))
    .where(eq(forumTopics.id, topicId))
    .limit(1);
  if (!row) throw new AppError('FORUM_POST_NOT_FOUND');
  const { topic, ...b } = row;
  const viewer = await viewerOf(ctx, b, memberId);
  if (topic.hidden && viewer.role === ROLE.RESPONDENT) throw new AppError('FORUM_POST_NOT_FOUND');
  return { ...b, topic, viewer };
}

export const isModerator = (v: Viewer) => v.role === ROLE.MODERATOR;
export const isRespondent = (v: Viewer) => v.role === ROLE.RESPONDENT;

export function requireModerator(v: Viewer) {
  if (!isModerator(v)) throw new AppError('FORUM_MODERATOR_ONLY');
}
