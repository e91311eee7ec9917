/**
 * The audit state of a complete (spec §3: 0 待审核, 1 有效, 2 无效), as members see it in 任务记录
 * and on the task's outcome: a complete the partner may still reject (within the task's review
 * days) is 待审核, one rejected by the partner or flagged by our quality checks is 无效 with the
 * reason, the rest 有效. Results other than a complete have none.
 */
import { AuditState, JoinResult, LowQualityReason } from '../enums';

const DAY_MS = 86_400_000;

export interface AuditInputs {
  status: 'started' | 'finished';
  joinResult: number;
  pointsStatus: 'none' | 'posted' | 'reversed';
  lowQualityReasons: readonly number[];
  finishedAt: number | null;
  /** The task's review days (0: nothing to wait for). */
  reviewDays: number;
}

export interface Audit {
  state: (typeof AuditState.list)[number];
  /** Why 无效, in words members read; null otherwise. */
  reason: string | null;
  /** Until when the partner may still reject a 待审核 complete; null otherwise. */
  reviewUntil: number | null;
}

export function auditOf(p: AuditInputs, now: number): Audit | null {
  if (p.status !== 'finished' || p.joinResult !== JoinResult.values.COMPLETE) return null;
  if (p.pointsStatus === 'reversed')
    return { state: AuditState.values.INVALID, reason: '合作方复核未通过', reviewUntil: null };
  if (p.lowQualityReasons.length > 0)
    return {
      state: AuditState.values.INVALID,
      reason: p.lowQualityReasons
        .map((r) => LowQualityReason.labels[r as keyof typeof LowQualityReason.labels] ?? '其他原因')
        .join('、'),
      reviewUntil: null,
    };
  const until = p.finishedAt !== null && p.reviewDays > 0 ? p.finishedAt + p.reviewDays * DAY_MS : null;
  if (until !== null && until > now) return { state: AuditState.values.PENDING, reason: null, reviewUntil: until };
  return { state: AuditState.values.VALID, reason: null, reviewUntil: null };
}
