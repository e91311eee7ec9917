/**
 * Settling from outside: the member's return link (submitTaskCallback), the partner's
 * server-to-server postback (partnerPostback, including status 90 reversals) and the end of a
 * video/browse task (finishWatchTask). Every path ends in `settle`, so whichever arrives first
 * decides and the rest change nothing.
 *
 * Order of checks on a link: well-formed → known rid and partner → signature → owner (return
 * only) → already settled (a replay answers the settled outcome, fresh or not) → freshness →
 * status.
 */
import { eq } from 'drizzle-orm';
import { JoinResult } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { participations, surveyPartners, tasks } from '../../db/schema-tasks';
import { AppError, isAppError } from '../../http/errors';
import type { ParticipationRow, TaskRow } from './eligibility';
import { outcomeOf, participationByRid, reverseParticipation, settle, toOutcome, type TaskOutcomeData } from './settle';
import { isFresh, parseSignedUrl, signatureValid, type SignedUrl } from './signature';

const R = JoinResult.values;

/** Where partners send members back (all handled alike). */
export const RETURN_PATHS = [
  '/task/back',
  '/task/welcome/back',
  '/task/back/failure',
  '/cloud/agent/back',
  '/callback.php',
  '/survey/end',
] as const;

/** Partner status 90: reconciliation rejected an earlier complete. */
export const STATUS_REVERSAL = '90';

/** Reasons a partner gives with status 30, and the join result each means. */
const SECURITY_REASONS: Record<string, number> = {
  ip: R.IP_BLOCKED,
  dup: R.COOKIE_BLOCKED,
  geo: R.CITY_BLOCKED,
  speed: R.TOO_SHORT,
};

/**
 * A partner status → the join result (and points when they differ from the task's defaults);
 * null for a status we do not know.
 */
export function mapStatus(
  status: string,
  reason: string | null,
  elapsedMs: number,
  task: Pick<TaskRow, 'minSeconds'>,
): { joinResult: number; points?: number } | null {
  switch (status) {
    case '10':
      return { joinResult: task.minSeconds > 0 && elapsedMs < task.minSeconds * 1000 ? R.TOO_SHORT : R.COMPLETE };
    case '20':
      return { joinResult: R.SCREENED_OUT };
    case '40':
      return { joinResult: R.QUOTA_FULL };
    case '30': {
      const mapped = reason === null ? undefined : SECURITY_REASONS[reason];
      // Other quality/security terminations count as screened out without the consolation.
      return mapped === undefined ? { joinResult: R.SCREENED_OUT, points: 0 } : { joinResult: mapped };
    }
    default:
      return null;
  }
}

async function linkTarget(ctx: AppContext, rid: string) {
  const [row] = await ctx.db
    .select({ p: participations, t: tasks, partner: surveyPartners })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .innerJoin(surveyPartners, eq(surveyPartners.id, tasks.partnerId))
    .where(eq(participations.respondentId, rid))
    .limit(1);
  return row;
}

const invalid = () => new AppError('CALLBACK_INVALID');

async function settleFromLink(
  ctx: AppContext,
  link: SignedUrl,
  p: ParticipationRow,
  t: TaskRow,
  settledBy: 'return' | 'postback',
) {
  if (!isFresh(link.ts, ctx.now())) throw new AppError('CALLBACK_EXPIRED');
  // The duration ends when the partner signed the result (ts), not when the link reaches us: a
  // member who speeds through and holds the return link until the minimum has passed is still
  // too short. (Never later than now: ts may run up to FRESH_FUTURE_SECONDS ahead.)
  // Whole seconds on both ends, as ts has no finer grain.
  const endedAt = Math.min(Math.floor(ctx.now() / 1000), link.ts);
  const elapsedMs = (endedAt - Math.floor(p.startedAt.getTime() / 1000)) * 1000;
  const mapped = mapStatus(link.status, link.reason, elapsedMs, t);
  if (!mapped) throw invalid();
  return settle(ctx, { respondentId: p.respondentId, settledBy, ...mapped });
}

/** The member's browser came back with a signed link (`location.pathname + location.search`). */
export async function submitTaskCallback(ctx: AppContext, memberId: number, url: string): Promise<TaskOutcomeData> {
  const link = parseSignedUrl(url);
  if (!link || !(RETURN_PATHS as readonly string[]).includes(link.path)) throw invalid();
  const row = await linkTarget(ctx, link.rid);
  if (!row || !signatureValid(row.partner.secret, link)) throw invalid();
  if (row.p.memberId !== memberId) throw new AppError('PARTICIPATION_FOREIGN');
  if (row.p.status === 'finished') return toOutcome(row.p, row.t, ctx.now());
  return (await settleFromLink(ctx, link, row.p, row.t, 'return')).outcome;
}

export interface PostbackAckData {
  accepted: boolean;
  duplicate: boolean;
}

/**
 * `GET /api/v1/partners/{code}/postback?rid&status[&reason]&ts&sig`, signed over the path and
 * query as received (`rawUrl`, with the /api prefix). Duplicates answer accepted + duplicate.
 */
export async function partnerPostback(ctx: AppContext, partnerCode: string, rawUrl: string): Promise<PostbackAckData> {
  const link = parseSignedUrl(rawUrl);
  if (!link) throw invalid();
  const row = await linkTarget(ctx, link.rid);
  if (!row || row.partner.code !== partnerCode || !signatureValid(row.partner.secret, link)) throw invalid();
  const { p, t } = row;

  if (link.status === STATUS_REVERSAL) {
    if (p.pointsStatus === 'reversed') return { accepted: true, duplicate: true };
    if (!isFresh(link.ts, ctx.now())) throw new AppError('CALLBACK_EXPIRED');
    try {
      const r = await reverseParticipation(ctx, p.respondentId);
      if (r.changed) return { accepted: true, duplicate: false };
      // Reversed meanwhile by a concurrent copy of this postback, or nothing was ever credited.
      return r.outcome.pointsStatus === 'reversed'
        ? { accepted: true, duplicate: true }
        : { accepted: false, duplicate: false };
    } catch (err) {
      // The member has already spent the points: the ledger never goes negative, so an operator decides.
      if (isAppError(err) && err.codeName === 'INSUFFICIENT_POINTS') {
        ctx.log.warn({ rid: p.respondentId, partner: partnerCode }, 'reversal refused: points already spent');
        return { accepted: false, duplicate: false };
      }
      throw err;
    }
  }

  if (p.status === 'finished') return { accepted: true, duplicate: true };
  const r = await settleFromLink(ctx, link, p, t, 'postback');
  return { accepted: true, duplicate: !r.settled };
}

/** A video/browse task: settle as complete once the member stayed `watchSeconds` since the start. */
export async function finishWatchTask(ctx: AppContext, memberId: number, rid: string): Promise<TaskOutcomeData> {
  const current = await outcomeOf(ctx, rid, memberId);
  const row = await participationByRid(ctx.db, rid);
  if (row.t.kind !== 'video' && row.t.kind !== 'browse')
    throw new AppError('NOT_FOUND', '这条答题记录不是观看或浏览任务');
  if (row.p.status === 'finished') return current;
  const stayedMs = ctx.now() - row.p.startedAt.getTime();
  const needMs = row.t.watchSeconds * 1000;
  if (stayedMs < needMs) {
    const left = Math.ceil((needMs - stayedMs) / 1000);
    throw new AppError('WATCH_TOO_SHORT', `还需停留 ${left} 秒，请看完后再领取`, { remainingSeconds: left });
  }
  return (await settle(ctx, { respondentId: rid, joinResult: R.COMPLETE, settledBy: 'watch' })).outcome;
}
