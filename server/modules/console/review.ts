/**
 * The console's exchange review: the queue of exchanges waiting for review, oldest first, each
 * with its member's risk signals (risk.ts); one exchange in full; and the decisions, which go
 * through the exchange module's own lifecycle (applyAction: the state machine, the refund through
 * the ledger once, the stock, the member's message), as `npm run ops` does.
 *
 * Two staff deciding one exchange at once: the lifecycle locks the row and checks its state, so
 * the second finds it decided and is refused; here that refusal becomes ALREADY_DECIDED.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ExchangeState } from '../../../openapi/enums';
import { RISK_LEVEL_LABELS, RISK_RULES } from '../../../openapi/rules/risk';
import type { BulkApproveResult, ReviewDecision, ReviewItem, ReviewRow } from '../../../openapi/schemas/adminExchange';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { exchanges } from '../../db/schema-exchange';
import { AppError, isAppError } from '../../http/errors';
import type { Staff } from '../../http/auth';
import type { AuditNote } from '../../http/handle';
import type { Executor } from '../../kernel/db';
import { maskMobile } from '../../kernel/mask';
import { pageOf, pageOffset, type PageArgs } from '../../kernel/page';
import { exchangeForOperator } from '../exchange/admin';
import { applyAction } from '../exchange/lifecycle';
import { stateLabel } from '../exchange/states';
import { riskOf, risksOf, type Risk } from './risk';

type Row = z.output<typeof ReviewRow>;
type Decision = z.output<typeof ReviewDecision>;
type State = Row['state'];
type RewardType = Row['reward']['type'];

const PENDING = ExchangeState.values.PENDING_REVIEW;

const rowColumns = {
  id: exchanges.id,
  state: exchanges.state,
  rewardId: exchanges.rewardId,
  rewardType: exchanges.rewardType,
  title: exchanges.title,
  faceValue: exchanges.faceValue,
  points: exchanges.points,
  createdAt: exchanges.createdAt,
  memberId: members.id,
  memberCode: members.memberCode,
  mobile: members.mobile,
  nickname: members.nickname,
};

type Selected = {
  id: number;
  state: number;
  rewardId: number;
  rewardType: number;
  title: string;
  faceValue: number;
  points: number;
  createdAt: Date;
  memberId: number;
  memberCode: string;
  mobile: string | null;
  nickname: string;
};

function toRow(r: Selected, risk: Risk, now: number): Row {
  return {
    id: r.id,
    state: r.state as State,
    member: { id: r.memberId, memberCode: r.memberCode, mobile: maskMobile(r.mobile), nickname: r.nickname },
    reward: { id: r.rewardId, title: r.title, type: r.rewardType as RewardType, faceValue: r.faceValue },
    points: r.points,
    createdAt: r.createdAt.getTime(),
    ageMs: Math.max(0, now - r.createdAt.getTime()),
    risk,
  };
}

/**
 * Exchanges waiting for review, oldest first. The page's ids come from the index
 * `exchanges_state_idx (state, created_at, id)` alone, read in order (a deep page skips index
 * entries, not joined rows); only the page's rows are then read with their members.
 */
export async function reviewQueue(db: Executor, q: PageArgs, now: number) {
  const page = db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(eq(exchanges.state, PENDING))
    .orderBy(asc(exchanges.createdAt), asc(exchanges.id))
    .limit(q.pageSize)
    .offset(pageOffset(q))
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(page)
      .innerJoin(exchanges, eq(exchanges.id, page.id))
      .innerJoin(members, eq(members.id, exchanges.memberId))
      .orderBy(asc(exchanges.createdAt), asc(exchanges.id)),
    db.select({ n: count() }).from(exchanges).where(eq(exchanges.state, PENDING)),
  ]);
  // The page's members measured together (one member may have several exchanges on the page).
  const risks = await risksOf(
    db,
    rows.map((r) => r.memberId),
    now,
    RISK_RULES.sampleQueue,
  );
  const list = rows.map((r) => toRow(r, risks.get(r.memberId)!, now));
  return pageOf(q, list, Number(total?.n ?? 0));
}

async function selectOne(db: Executor, id: number): Promise<Selected | undefined> {
  const [r] = await db
    .select(rowColumns)
    .from(exchanges)
    .innerJoin(members, eq(members.id, exchanges.memberId))
    .where(eq(exchanges.id, id));
  return r;
}

/** One exchange (in any state) with the member's signals in full, identity, balance and history. */
export async function reviewItem(db: Executor, id: number, now: number): Promise<z.output<typeof ReviewItem>> {
  const r = await selectOne(db, id);
  if (!r) throw new AppError('NOT_FOUND', `兑换单 ${id} 不存在`);
  const [x, risk] = await Promise.all([
    exchangeForOperator(db, id),
    riskOf(db, r.memberId, now, RISK_RULES.sampleFull),
  ]);
  return {
    ...toRow(r, risk, now),
    identity: x.identity,
    balance: x.balance,
    events: x.events.map((e) => ({
      from: e.fromState as State | null,
      to: e.toState as State,
      actor: e.actorType === 'member' ? '会员' : e.actorType === 'system' ? '系统' : e.actorName,
      reason: e.reason,
      at: e.createdAt.getTime(),
    })),
  };
}

/** The lifecycle's "not in a state for this" is, at the review desk, someone else's decision. */
function alreadyDecided(err: unknown): never {
  if (isAppError(err) && err.codeName === 'EXCHANGE_STATE_CONFLICT')
    throw new AppError('ALREADY_DECIDED', `${err.message}：这一项已被其他同事处理，请刷新后查看`);
  throw err;
}

/**
 * Approve or reject one exchange as `staff` (the display name goes into the exchange's history),
 * filling the audit note. `ctx.db` is the console write's transaction.
 */
export async function decide(
  ctx: Pick<AppContext, 'db' | 'now'>,
  staff: Staff,
  id: number,
  action: 'approve' | 'reject',
  audit: AuditNote,
  reason?: string,
): Promise<Decision> {
  const outcome = await applyAction(ctx, id, action, { actor: { type: 'operator', name: staff.name }, reason }).catch(
    alreadyDecided,
  );
  const e = outcome.exchange;
  const decision: Decision = {
    id: e.id,
    state: e.state as State,
    refunded: outcome.refundLedgerId === null ? 0 : e.points,
    waitingForCode: outcome.waitingForCode,
  };
  audit.targetType = 'exchange';
  audit.targetId = id;
  audit.before = { state: PENDING, stateLabel: stateLabel(PENDING) };
  audit.after = {
    state: e.state,
    stateLabel: stateLabel(e.state),
    refunded: decision.refunded,
    applied: outcome.applied,
  };
  if (reason !== undefined) audit.reason = reason;
  return decision;
}

/**
 * Approve the exchanges among `ids` whose member's risk is low; the others come back with why.
 * Ids are taken in ascending order, so two bulk approvals lock rows in one order (no deadlock).
 */
export async function bulkApprove(
  ctx: Pick<AppContext, 'db' | 'now'>,
  staff: Staff,
  ids: readonly number[],
  audit: AuditNote,
): Promise<z.output<typeof BulkApproveResult>> {
  const now = ctx.now();
  const result: z.output<typeof BulkApproveResult> = { approved: [], skipped: [] };
  const risks = new Map<number, Risk>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const r = await selectOne(ctx.db, id);
    if (!r) {
      result.skipped.push({ id, reason: '兑换单不存在', level: null });
      continue;
    }
    if (r.state !== PENDING) {
      result.skipped.push({ id, reason: `已被处理（当前为「${stateLabel(r.state)}」）`, level: null });
      continue;
    }
    let risk = risks.get(r.memberId);
    if (!risk) risks.set(r.memberId, (risk = await riskOf(ctx.db, r.memberId, now, RISK_RULES.sampleQueue)));
    if (risk.level !== 'low') {
      const why = risk.signals.filter((s) => s.flag !== 'none').map((s) => `${s.label}：${s.summary}`);
      result.skipped.push({
        id,
        reason: `风险等级为${RISK_LEVEL_LABELS[risk.level]}，请逐条审核（${why.join('；')}）`,
        level: risk.level,
      });
      continue;
    }
    try {
      result.approved.push(await decide(ctx, staff, id, 'approve', {}));
    } catch (err) {
      // Decided by someone else between the look and the lock: report it, go on with the rest.
      if (isAppError(err) && err.codeName === 'ALREADY_DECIDED') {
        result.skipped.push({ id, reason: '已被其他同事处理', level: 'low' });
        continue;
      }
      if (isAppError(err)) {
        result.skipped.push({ id, reason: err.message, level: 'low' });
        continue;
      }
      throw err;
    }
  }
  audit.targetType = 'exchange';
  audit.targetId = result.approved.map((a) => a.id).join(',') || null;
  audit.before = { ids: [...ids], state: PENDING };
  audit.after = {
    approved: result.approved.map((a) => ({ id: a.id, state: a.state })),
    skipped: result.skipped.map((s) => ({ id: s.id, reason: s.reason })),
  };
  return result;
}

/** The home queue: how many exchanges wait for review and since when. */
export async function pendingSummary(db: Executor) {
  const [c] = await db.select({ n: count() }).from(exchanges).where(eq(exchanges.state, PENDING));
  const [oldest] = await db
    .select({ at: exchanges.createdAt })
    .from(exchanges)
    .where(eq(exchanges.state, PENDING))
    .orderBy(asc(exchanges.createdAt))
    .limit(1);
  return { count: Number(c?.n ?? 0), oldestAt: oldest ? oldest.at.getTime() : null };
}
