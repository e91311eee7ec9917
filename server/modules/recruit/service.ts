/**
 * Campus referral-officer recruitment (校园推广官, `/v1/recruit/application`): a member applies
 * once (school, grade, contact mobile RSA-encrypted, motivation; checked by
 * openapi/rules/recruit.ts); a resend with the same request key answers the same application.
 * Operators approve or reject it (`npm run ops -- recruit …`) with a message that reaches the
 * member's inbox in the review's transaction. An approved officer's invites are counted
 * separately: the signups that named them as inviter since the approval.
 */
import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RECRUIT_REVIEW_MESSAGE,
  RECRUIT_STATES,
  recruitFormProblems,
  type RecruitState,
} from '../../../openapi/rules/recruit';
import type { RecruitApplicationBody, RecruitStatus } from '../../../openapi/schemas/recruit';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { recruitApplications, signups } from '../../db/tables';
import { AppError } from '../../http/errors';
import type { Executor, WriteContext } from '../../kernel/db';
import { maskMobile } from '../../kernel/mask';
import { decryptField } from '../auth/accounts';
import { recruitReviewedMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';

type Status = z.output<typeof RecruitStatus>;
type Body = z.output<typeof RecruitApplicationBody>;
export type RecruitRow = typeof recruitApplications.$inferSelect;

async function applicationOf(db: Executor, memberId: number): Promise<RecruitRow | undefined> {
  const [row] = await db.select().from(recruitApplications).where(eq(recruitApplications.memberId, memberId)).limit(1);
  return row;
}

/** The invites an officer made since `since`: registered, and of those active. */
export async function officerInvites(db: Executor, memberId: number, since: Date) {
  const mine = and(eq(signups.inviterId, memberId), gte(signups.createdAt, since));
  const [row] = await db
    .select({ invited: count(), active: count(signups.activatedAt) })
    .from(signups)
    .where(mine);
  return { invitedCount: row?.invited ?? 0, activeCount: row?.active ?? 0 };
}

async function statusOf(db: Executor, row: RecruitRow | undefined): Promise<Status> {
  if (!row) return { application: null, officer: null };
  const officer =
    row.state === 'approved' && row.reviewedAt
      ? { since: row.reviewedAt.getTime(), ...(await officerInvites(db, row.memberId, row.reviewedAt)) }
      : null;
  return {
    application: {
      id: row.id,
      school: row.school,
      grade: row.grade,
      mobile: maskMobile(row.mobile)!,
      motivation: row.motivation,
      state: row.state as RecruitState,
      submittedAt: row.createdAt.getTime(),
      reviewedAt: row.reviewedAt?.getTime() ?? null,
      reviewMessage: row.reviewMessage,
    },
    officer,
  };
}

export async function recruitStatus(ctx: AppContext, memberId: number): Promise<Status> {
  return statusOf(ctx.db, await applicationOf(ctx.db, memberId));
}

export async function submitApplication(ctx: AppContext, memberId: number, body: Body): Promise<Status> {
  const existing = await applicationOf(ctx.db, memberId);
  if (existing) return sameRequestOrRefuse(ctx, existing, body.requestKey);
  // A mobile that does not decrypt is answered like a mistyped one.
  const mobile = decryptField(ctx, body.mobile)?.trim() ?? '';
  const form = { school: body.school.trim(), grade: body.grade, mobile, motivation: body.motivation.trim() };
  const problems = recruitFormProblems(form);
  const first = Object.values(problems)[0];
  if (first) throw new AppError('RECRUIT_FORM_INVALID', first, { problems });
  const [row] = await ctx.db
    .insert(recruitApplications)
    .values({ memberId, requestKey: body.requestKey, ...form, createdAt: new Date(ctx.now()) })
    .onConflictDoNothing({ target: recruitApplications.memberId })
    .returning();
  if (row) return statusOf(ctx.db, row);
  // A concurrent submission of this member won.
  return sameRequestOrRefuse(ctx, (await applicationOf(ctx.db, memberId))!, body.requestKey);
}

async function sameRequestOrRefuse(ctx: AppContext, row: RecruitRow, requestKey: string): Promise<Status> {
  if (row.requestKey !== requestKey) throw new AppError('RECRUIT_ALREADY_APPLIED');
  return statusOf(ctx.db, row);
}

/* ---- operators ---- */

export interface OperatorApplication extends RecruitRow {
  nickname: string;
  memberMobile: string | null;
}

/** Applications for the operator, newest first; `state` filters. */
export async function listApplications(
  db: Executor,
  opts: { state?: RecruitState; limit: number },
): Promise<OperatorApplication[]> {
  const where: SQL | undefined = opts.state ? eq(recruitApplications.state, opts.state) : undefined;
  const rows = await db
    .select({ a: recruitApplications, nickname: members.nickname, memberMobile: members.mobile })
    .from(recruitApplications)
    .innerJoin(members, eq(members.id, recruitApplications.memberId))
    .where(where)
    .orderBy(desc(recruitApplications.createdAt), desc(recruitApplications.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r.a, nickname: r.nickname, memberMobile: r.memberMobile }));
}

export const isRecruitState = (s: string): s is RecruitState => (RECRUIT_STATES as readonly string[]).includes(s);

/**
 * Approve or reject a pending application, with an optional message to the applicant (required
 * for a rejection); the member's inbox message is written in the same transaction.
 */
export async function reviewApplication(
  ctx: WriteContext,
  id: number,
  review: { approve: boolean; message?: string | null; operator: string },
): Promise<RecruitRow> {
  const message = review.message?.trim() || null;
  if (!review.approve && !message) throw new AppError('INVALID_PARAMS', '驳回需要写明原因（会发送给申请人）');
  if (message && [...message].length > RECRUIT_REVIEW_MESSAGE.max)
    throw new AppError('INVALID_PARAMS', `留言最多 ${RECRUIT_REVIEW_MESSAGE.max} 个字`);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(recruitApplications)
      .set({
        state: review.approve ? 'approved' : 'rejected',
        reviewedAt: new Date(now),
        reviewedBy: review.operator,
        reviewMessage: message,
      })
      .where(and(eq(recruitApplications.id, id), eq(recruitApplications.state, 'pending')))
      .returning();
    if (!row) {
      const [current] = await tx.select().from(recruitApplications).where(eq(recruitApplications.id, id));
      if (!current) throw new AppError('NOT_FOUND', `没有编号为 ${id} 的申请`);
      throw new AppError(
        'INVALID_PARAMS',
        `申请 #${id} 已审核（${current.state === 'approved' ? '已通过' : '未通过'}）`,
      );
    }
    await postEventMessage(
      tx,
      row.memberId,
      recruitReviewedMessage({ applicationId: row.id, approved: review.approve, message }),
      now,
    );
    return row;
  });
}

/** An approved officer's invites since approval (for the operator's list). */
export async function officerCounts(db: Executor, row: RecruitRow) {
  return row.state === 'approved' && row.reviewedAt ? officerInvites(db, row.memberId, row.reviewedAt) : null;
}
