/**
 * What a settled task means for credit, boost cards and invites. Called by the task settlement
 * (server/modules/tasks/settle.ts) INSIDE its transaction, only by the call that settled the
 * participation, so each effect happens at most once — and each also has its own idempotency key:
 *
 * - a valid complete (complete, points credited, no low-quality flag): +CREDIT_PER_COMPLETE credit
 *   (`credit:task:<respondentId>`); when the answers were checked in-house (poll) and none was
 *   flagged, +CREDIT_GOOD_QUALITY more (`credit:quality:<respondentId>`);
 * - a boost card armed on this task: on a complete with points, +value % of the task credit as its
 *   own points row (`boost:<holdingId>`); on any other result the card comes back unused;
 * - the member's first valid complete: the inviter's first-task reward (invites/service.ts).
 *
 * `onTaskReversed` (partner reconciliation) takes back the boost and the task credit value.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CreditSource, JoinResult } from '../../../openapi/enums';
import { benefits, creditLedger, memberBenefits } from '../../db/schema-benefits';
import { CREDIT_GOOD_QUALITY, CREDIT_PER_COMPLETE, creditOf, earn, spend } from '../credits/ledger';
import { onFirstValidTask } from '../invites/service';
import { credit, reverse } from '../points/ledger';
import { emptyEffect, K, usedOn } from './shapes';
import { boostExtra } from './use';
import type { Executor } from '../../kernel/db';

export interface SettledTask {
  memberId: number;
  taskId: number;
  title: string;
  respondentId: string;
  joinResult: number;
  /** Points credited for the participation (0 when none). */
  points: number;
  lowQualityReasons: number[];
  settledBy: string;
  now: number;
}

const taskCreditValueKey = (respondentId: string) => `credit:task:${respondentId}`;
const qualityCreditValueKey = (respondentId: string) => `credit:quality:${respondentId}`;
const boostKey = (holdingId: number) => `boost:${holdingId}`;

async function armedBoost(tx: Executor, memberId: number, taskId: number) {
  const [row] = await tx
    .select({ h: memberBenefits, b: benefits })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(usedOn(memberId, K.BOOST, { type: 'task', id: taskId }))
    .limit(1)
    .for('update', { of: memberBenefits });
  return row;
}

export async function onTaskSettled(tx: Executor, s: SettledTask): Promise<void> {
  const complete = s.joinResult === JoinResult.values.COMPLETE && s.points > 0;
  const valid = complete && s.lowQualityReasons.length === 0;

  if (valid) {
    await earn(tx, {
      memberId: s.memberId,
      amount: CREDIT_PER_COMPLETE,
      source: CreditSource.values.TASK,
      reason: s.title,
      idempotencyKey: taskCreditValueKey(s.respondentId),
      at: s.now,
    });
    if (s.settledBy === 'poll') {
      await earn(tx, {
        memberId: s.memberId,
        amount: CREDIT_GOOD_QUALITY,
        source: CreditSource.values.QUALITY,
        reason: `答题质量良好：${s.title}`,
        idempotencyKey: qualityCreditValueKey(s.respondentId),
        at: s.now,
      });
    }
  }

  const boost = await armedBoost(tx, s.memberId, s.taskId);
  if (boost && boost.h.appliedAt === null) {
    if (complete) {
      const extra = boostExtra(boost.b.value, s.points);
      const entry = await credit(tx, {
        memberId: s.memberId,
        amount: extra,
        reason: 'boost',
        source: `${boost.b.name}：${s.title}`,
        idempotencyKey: boostKey(boost.h.id),
        at: s.now,
      });
      await tx
        .update(memberBenefits)
        .set({
          appliedAt: new Date(s.now),
          effect: { ...emptyEffect(), extraPoints: extra },
          effectLedgerId: entry.ledgerId,
        })
        .where(and(eq(memberBenefits.id, boost.h.id), isNull(memberBenefits.appliedAt)));
    } else {
      // No complete to boost: the card comes back for another task.
      await tx
        .update(memberBenefits)
        .set({ status: 'unused', usedAt: null, targetType: null, targetId: null })
        .where(and(eq(memberBenefits.id, boost.h.id), isNull(memberBenefits.appliedAt)));
    }
  }

  if (valid) await onFirstValidTask(tx, s.memberId, s.now);
}

/** The participation's credit was reversed: reverse its boost and take back its credit value. */
export async function onTaskReversed(
  tx: Executor,
  r: { memberId: number; taskId: number; title: string; respondentId: string; now: number },
): Promise<void> {
  const boost = await armedBoost(tx, r.memberId, r.taskId);
  if (boost?.h.effectLedgerId) {
    await reverse(tx, boost.h.effectLedgerId, `boost-reversal:${boost.h.id}`, {
      source: `${boost.b.name}撤回：${r.title}`,
      at: r.now,
    });
  }
  // Credit is not money: take back what is left of it, never below zero.
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${creditLedger.amount}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(
      inArray(creditLedger.idempotencyKey, [taskCreditValueKey(r.respondentId), qualityCreditValueKey(r.respondentId)]),
    );
  const earned = row?.n ?? 0;
  const { balance } = await creditOf(tx, r.memberId);
  const back = Math.min(earned, balance);
  if (back > 0) {
    await spend(tx, {
      memberId: r.memberId,
      amount: back,
      source: CreditSource.values.ADJUSTMENT,
      reason: `任务结果被撤销：${r.title}`,
      idempotencyKey: `credit:task-reversal:${r.respondentId}`,
      at: r.now,
    });
  }
}
