/**
 * The operators' side of the forum (scripts/ops-forum.ts, the demo seed): make a discussion-group
 * task's board with its sections, add sections, moderators and observers, and export a board's
 * replies as CSV for the client. Topics are posted as a moderator through service `createTopic`.
 */
import { and, asc, eq, max } from 'drizzle-orm';
import { BbsRole, TaskType } from '../../../openapi/enums';
import { members } from '../../db/schema';
import { forumBoards, forumMembers, forumReplies, forumSections, forumTopics } from '../../db/schema-forum';
import { tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { tasksChanged } from '../tasks/open';
import { isUniqueViolation, type Executor, type WriteContext } from '../../kernel/db';
import { beijingWallClock } from '../../kernel/time';
import { boardByHashId, respondentParticipation } from './access';

const ROLE = BbsRole.values;

/** A task by hash id or numeric id. */
export async function taskByRef(db: Executor, ref: string) {
  const byId = /^\d+$/.test(ref) ? eq(tasks.id, Number(ref)) : eq(tasks.hashId, ref);
  const [t] = await db.select().from(tasks).where(byId).limit(1);
  if (!t) throw new AppError('INVALID_PARAMS', `没有这个任务：${ref}`);
  return t;
}

/** A member by id or mobile. */
export async function memberByRef(db: Executor, ref: string) {
  const where = /^1\d{10}$/.test(ref)
    ? eq(members.mobile, ref)
    : /^\d+$/.test(ref)
      ? eq(members.id, Number(ref))
      : null;
  if (!where) throw new AppError('INVALID_PARAMS', `会员请用 id 或手机号：${ref}`);
  const [m] = await db.select({ id: members.id, nickname: members.nickname }).from(members).where(where).limit(1);
  if (!m) throw new AppError('INVALID_PARAMS', `没有这个会员：${ref}`);
  return m;
}

export interface NewBoard {
  title?: string;
  intro?: string | null;
  startAt?: number;
  endAt?: number;
  /** Required topics planned over the whole discussion (see forum_boards.required_topics). */
  requiredTopics?: number | null;
  sections: string[];
}

/**
 * Make the board of a discussion-group task (type 4): from then on the task's start opens the
 * board (kind forum). The deadline is the task's close time unless given.
 */
export async function createBoard(ctx: WriteContext, taskRef: string, input: NewBoard) {
  const t = await taskByRef(ctx.db, taskRef);
  if (t.type !== TaskType.values.DISCUSSION_GROUP)
    throw new AppError('INVALID_PARAMS', `任务 #${t.id} 不是座谈会任务（类型 4）`);
  const startAt = input.startAt ?? t.openAt.getTime();
  const endAt = input.endAt ?? t.closeAt?.getTime();
  if (endAt === undefined) throw new AppError('INVALID_PARAMS', '任务没有截止时间，请用 --end 指定座谈会的截止时间');
  if (endAt <= startAt) throw new AppError('INVALID_PARAMS', '截止时间须晚于开始时间');
  const made = await ctx.db.transaction(async (tx) => {
    const [board] = await tx
      .insert(forumBoards)
      .values({
        taskId: t.id,
        title: input.title ?? t.title,
        intro: input.intro ?? (t.description || null),
        startAt: new Date(startAt),
        endAt: new Date(endAt),
        requiredTopics: input.requiredTopics ?? null,
        createdAt: new Date(ctx.now()),
      })
      .onConflictDoNothing()
      .returning();
    if (!board) throw new AppError('INVALID_PARAMS', `任务 #${t.id} 已有座谈会`);
    await tx.update(tasks).set({ kind: 'forum' }).where(eq(tasks.id, t.id));
    const sections = [];
    for (const [i, name] of input.sections.entries())
      sections.push(
        (
          await tx
            .insert(forumSections)
            .values({ boardId: board.id, name, sort: i + 1 })
            .returning()
        )[0]!,
      );
    return { board, task: t, sections };
  });
  tasksChanged(); // the task's kind is now forum
  return made;
}

export async function addSection(ctx: WriteContext, taskHashId: string, name: string, intro: string | null = null) {
  const b = await boardByHashId(ctx.db, taskHashId);
  const [last] = await ctx.db
    .select({ sort: max(forumSections.sort) })
    .from(forumSections)
    .where(eq(forumSections.boardId, b.board.id));
  const [row] = await ctx.db
    .insert(forumSections)
    .values({ boardId: b.board.id, name, intro, sort: (last?.sort ?? 0) + 1 })
    .returning();
  return row!;
}

/** Make a member a moderator (1) or observer (2) of a board; a respondent cannot be one. */
export async function addStaff(ctx: WriteContext, taskHashId: string, memberRef: string, role: 1 | 2, name?: string) {
  const b = await boardByHashId(ctx.db, taskHashId);
  const m = await memberByRef(ctx.db, memberRef);
  if (await respondentParticipation(ctx.db, b.task.id, m.id))
    throw new AppError('INVALID_PARAMS', `会员 #${m.id} 已是这个座谈会的受访者，不能再做主持人或观察员`);
  const label = role === ROLE.MODERATOR ? '主持人' : '观察员';
  const taken = await ctx.db
    .select({ name: forumMembers.name })
    .from(forumMembers)
    .where(eq(forumMembers.boardId, b.board.id));
  const used = new Set(taken.map((r) => r.name));
  let shown = name ?? label;
  for (let n = 2; !name && used.has(shown); n++) shown = `${label} ${n}`;
  try {
    const [row] = await ctx.db
      .insert(forumMembers)
      .values({ boardId: b.board.id, memberId: m.id, role, name: shown })
      .onConflictDoUpdate({ target: [forumMembers.boardId, forumMembers.memberId], set: { role, name: shown } })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'forum_members_board_name_uq'))
      throw new AppError('INVALID_PARAMS', `显示名“${shown}”已有人使用，请用 --name 换一个`);
    throw err;
  }
}

/** One CSV field: quoted when needed; a leading = + - @ is neutralised so spreadsheets do not run it. */
export function csvField(value: string | number | boolean | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const ROLE_LABEL: Record<number, string> = { 0: '受访者', 1: '主持人', 2: '观察员' };

/** Every reply of a board (hidden ones marked), by section, topic and floor: CSV with a BOM for Excel. */
export async function exportReplies(db: Executor, taskHashId: string): Promise<{ csv: string; rows: number }> {
  const b = await boardByHashId(db, taskHashId);
  const rows = await db
    .select({
      section: forumSections.name,
      topicId: forumTopics.id,
      topic: forumTopics.title,
      required: forumTopics.required,
      floor: forumReplies.floor,
      replyId: forumReplies.id,
      name: forumMembers.name,
      role: forumMembers.role,
      text: forumReplies.plain,
      images: forumReplies.images,
      quoteId: forumReplies.quoteId,
      hidden: forumReplies.hidden,
      highlighted: forumReplies.highlighted,
      at: forumReplies.createdAt,
    })
    .from(forumReplies)
    .innerJoin(forumTopics, eq(forumTopics.id, forumReplies.topicId))
    .innerJoin(forumSections, eq(forumSections.id, forumTopics.sectionId))
    .leftJoin(
      forumMembers,
      and(eq(forumMembers.boardId, forumReplies.boardId), eq(forumMembers.memberId, forumReplies.memberId)),
    )
    .where(eq(forumReplies.boardId, b.board.id))
    .orderBy(asc(forumSections.sort), asc(forumTopics.id), asc(forumReplies.floor));
  const header = [
    '版块',
    '话题编号',
    '话题',
    '必答',
    '楼层',
    '回复编号',
    '显示名',
    '角色',
    '内容',
    '图片',
    '引用回复编号',
    '已隐藏',
    '加精',
    '发布时间（北京时间）',
  ];
  const lines = [header.map(csvField).join(',')];
  for (const r of rows)
    lines.push(
      [
        r.section,
        r.topicId,
        r.topic,
        r.required ? '是' : '否',
        r.floor,
        r.replyId,
        r.name ?? '',
        ROLE_LABEL[r.role ?? 0] ?? '',
        r.text,
        r.images.join(' '),
        r.quoteId,
        r.hidden ? '是' : '否',
        r.highlighted ? '是' : '否',
        beijingWallClock(r.at.getTime()).toISOString().slice(0, 19).replace('T', ' '),
      ]
        .map(csvField)
        .join(','),
    );
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows: rows.length };
}
