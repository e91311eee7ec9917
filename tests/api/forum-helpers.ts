/** Shared by the forum*.test.ts files: a discussion-group task with its board, staff and respondents. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { addStaff, createBoard } from '../../server/modules/forum/admin';
import { newMember, newTask, type TasksHarness } from './tasks-helpers';

export const DAY = 86_400_000;

export interface ForumFixture {
  hashId: string;
  taskId: number;
  points: number;
  sections: number[];
  moderator: number;
  observer: number;
}

/** A type-4 task open now and closing in 3 days, its board with two sections, a moderator and an observer. */
export async function forumFixture(h: TasksHarness, points = 300): Promise<ForumFixture> {
  const ctx = h.ctx;
  const task = await newTask(ctx, { type: 4, module: 0, points, closeAt: new Date(ctx.now() + 3 * DAY) });
  const { sections } = await createBoard(ctx, task.hashId, { sections: ['第一天', '第二天'] });
  const moderator = await newMember(ctx);
  const observer = await newMember(ctx);
  await addStaff(ctx, task.hashId, String(moderator), 1);
  await addStaff(ctx, task.hashId, String(observer), 2);
  return { hashId: task.hashId, taskId: task.id, points, sections: sections.map((s) => s.id), moderator, observer };
}

/** A member who started the task (a respondent), through the API. */
export async function respondent(h: TasksHarness, f: ForumFixture, i = 0): Promise<number> {
  const m = await newMember(h.ctx);
  const r = await h.call<{ kind: string; entryUrl: string }>('POST', `/api/v1/process/tasks/${f.hashId}/start`, {
    member: m,
    ip: `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  });
  if (r.code !== 200 || r.data.kind !== 'forum') throw new Error(`start failed: ${r.code} ${r.msg}`);
  return m;
}

export async function topic(
  h: TasksHarness,
  f: ForumFixture,
  opts: { title?: string; required?: boolean; seeAfterPosting?: boolean; section?: number } = {},
): Promise<number> {
  const r = await h.call<{ id: number }>('POST', '/api/v1/forum/topics', {
    member: f.moderator,
    body: {
      taskHashId: f.hashId,
      sectionId: opts.section ?? f.sections[0],
      title: opts.title ?? '说说你的用车感受',
      body: '<p>请谈谈你最近一次充电的经历。</p>',
      required: opts.required ?? false,
      seeAfterPosting: opts.seeAfterPosting ?? false,
    },
  });
  if (r.code !== 200) throw new Error(`topic failed: ${r.code} ${r.msg}`);
  return r.data.id;
}

export const reply = (h: TasksHarness, member: number, topicId: number, body: string, extra: object = {}) =>
  h.call<{ reply: { id: number; floor: number; body: string }; progress: { completed: boolean } | null }>(
    'POST',
    `/api/v1/forum/topics/${topicId}/replies`,
    { member, body: { requestKey: randomUUID(), body, ...extra } },
  );

/** A member's ledger sum and stored balance (they must agree). */
export async function pointsOf(h: TasksHarness, memberId: number) {
  const [sum] = await h.ctx.db
    .select({ s: sql<string>`coalesce(sum(${pointLedger.amount}), 0)` })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  const [bal] = await h.ctx.db
    .select({ b: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.memberId, memberId));
  const rows = await h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId));
  return { sum: Number(sum?.s ?? 0), balance: bal?.b ?? 0, rows: rows.length };
}
