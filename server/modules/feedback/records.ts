/**
 * The member's record a ticket is about: a task participation (by its respondent id), an exchange
 * or a benefit held. A reference is resolved against the caller's OWN records only; another
 * member's record and one that does not exist answer the same (FEEDBACK_RECORD_INVALID). The
 * summary (`FeedbackRecord`) prefills the form and shows on the ticket: the record's name, one
 * line of what happened to it, and the page where the member sees it.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BenefitStatus, JoinResult } from '../../../openapi/enums';
import type { FeedbackRecord } from '../../../openapi/schemas/feedback';
import { exchanges } from '../../db/schema-exchange';
import { benefits, memberBenefits } from '../../db/schema-benefits';
import { participations, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { statusOf } from '../benefits/shapes';
import { stateLabel as exchangeStateLabel } from '../exchange/states';
import { beijingDateTime } from '../messages/events';

export type FeedbackRecordData = z.output<typeof FeedbackRecord>;
export type RecordKind = FeedbackRecordData['kind'];

/** A reference as the member sends it: at most one of these. */
export interface RecordRef {
  rid?: string | undefined;
  exchangeId?: number | undefined;
  benefitId?: number | undefined;
}

/** The pages where a member sees each kind of record. */
const RECORD_LINKS = {
  task: '/home/task',
  exchange: (id: number) => `/home/exchange?id=${id}`,
  benefit: '/home/credit',
} as const;

/** `R8K2xQ7m…`: enough of a respondent id to recognise it. */
const shortRid = (rid: string) => (rid.length > 8 ? `${rid.slice(0, 8)}…` : rid);

function taskDetail(p: typeof participations.$inferSelect): string {
  const outcome =
    p.status === 'started' ? '进行中' : (JoinResult.labels[p.joinResult as keyof typeof JoinResult.labels] ?? '已结束');
  const points =
    p.pointsStatus === 'reversed'
      ? '奖励已撤回'
      : p.pointsStatus === 'posted' && p.points > 0
        ? `+${p.points} 微豆`
        : '';
  return [`答题编号 ${shortRid(p.respondentId)}`, outcome, points].filter(Boolean).join(' · ');
}

async function taskRecord(db: Executor, memberId: number, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ p: participations, title: tasks.title })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .where(and(where, eq(participations.memberId, memberId)))
    .limit(1);
  if (!row) return null;
  return {
    kind: 'task',
    id: row.p.id,
    title: row.title,
    detail: taskDetail(row.p),
    rid: row.p.respondentId,
    link: RECORD_LINKS.task,
    at: row.p.startedAt.getTime(),
  } satisfies FeedbackRecordData;
}

async function exchangeRecord(db: Executor, memberId: number, id: number) {
  const [e] = await db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.id, id), eq(exchanges.memberId, memberId)))
    .limit(1);
  if (!e) return null;
  return {
    kind: 'exchange',
    id: e.id,
    title: e.title,
    detail: `${exchangeStateLabel(e.state)} · ${e.points} 微豆`,
    rid: null,
    link: RECORD_LINKS.exchange(e.id),
    at: e.createdAt.getTime(),
  } satisfies FeedbackRecordData;
}

async function benefitRecord(db: Executor, memberId: number, id: number, now: number) {
  const [row] = await db
    .select({ h: memberBenefits, name: benefits.name })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(and(eq(memberBenefits.id, id), eq(memberBenefits.memberId, memberId)))
    .limit(1);
  if (!row) return null;
  const status = statusOf(row.h, now);
  const validity =
    status === BenefitStatus.values.UNUSED && row.h.expiresAt
      ? `有效期至 ${beijingDateTime(row.h.expiresAt.getTime())}`
      : '';
  return {
    kind: 'benefit',
    id: row.h.id,
    title: row.name,
    detail: [BenefitStatus.labels[status], validity].filter(Boolean).join(' · '),
    rid: null,
    link: RECORD_LINKS.benefit,
    at: row.h.obtainedAt.getTime(),
  } satisfies FeedbackRecordData;
}

/** The member's record a reference names, or FEEDBACK_RECORD_INVALID; null when it names none. */
export async function resolveRecord(
  db: Executor,
  memberId: number,
  ref: RecordRef,
  now: number,
): Promise<FeedbackRecordData | null> {
  const found =
    ref.rid !== undefined
      ? await taskRecord(db, memberId, eq(participations.respondentId, ref.rid))
      : ref.exchangeId !== undefined
        ? await exchangeRecord(db, memberId, ref.exchangeId)
        : ref.benefitId !== undefined
          ? await benefitRecord(db, memberId, ref.benefitId, now)
          : undefined;
  if (found === null) throw new AppError('FEEDBACK_RECORD_INVALID');
  if (found) return found;
  return null;
}

/** The summary of a ticket's stored record (`record_kind`, `record_id`), as it stands now. */
export async function storedRecord(
  db: Executor,
  memberId: number,
  kind: string | null,
  id: number | null,
  now: number,
): Promise<FeedbackRecordData | null> {
  if (kind === null || id === null) return null;
  if (kind === 'task') return taskRecord(db, memberId, eq(participations.id, id));
  if (kind === 'exchange') return exchangeRecord(db, memberId, id);
  if (kind === 'benefit') return benefitRecord(db, memberId, id, now);
  return null;
}
