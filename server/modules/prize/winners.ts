/**
 * Prize trials after the draw (./service.ts has the trials, applying and the draw): a winner
 * confirms their existing consignee address as the delivery address (a snapshot); operators list
 * the winners and mark parcels sent (each winner told once); a sent winner answers the trial's
 * report poll (试用报告), checked by the polls' rules, and the report points are credited through
 * the ledger once, key `prize-report:<application id>`, under the application's row lock, with a
 * message.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { PrizeReportForm, PrizeReportResult } from '../../../openapi/schemas/prize';
import { members } from '../../db/schema';
import { prizeApplications } from '../../db/schema-prize';
import { polls } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { consigneeRow } from '../consignee/service';
import { regionPath } from '../consignee/regions';
import { prizeReportedMessage, prizeShippedMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { credit } from '../points/ledger';
import { publicQuestion, validateAnswers, type PollAnswerData } from '../polls/answers';
import { applicationOf, trialRow, type Ctx } from './service';

/** A winner's delivery address: their consignee now, copied onto the application. */
export async function confirmShipTo(ctx: Ctx, id: number, memberId: number): Promise<{ shipTo: string }> {
  await trialRow(ctx.db, id);
  const app = await applicationOf(ctx.db, id, memberId);
  if (!app?.won) throw new AppError('PRIZE_NOT_WON');
  const c = await consigneeRow(ctx.db, memberId);
  if (!c) throw new AppError('PRIZE_NO_CONSIGNEE');
  const region = regionPath(c.provinceId, c.cityId, c.countyId) ?? '';
  const shipTo = `${c.name} ${c.mobile} ${region} ${c.address}`.replace(/\s+/g, ' ').trim();
  await ctx.db
    .update(prizeApplications)
    .set({ shipTo, shipToAt: new Date(ctx.now()) })
    .where(eq(prizeApplications.id, app.id));
  return { shipTo };
}

/** Operators: a drawn trial's winners with member ids and their delivery address. */
export async function winnersOf(db: Executor, id: number) {
  return db
    .select({
      applicationId: prizeApplications.id,
      memberId: prizeApplications.memberId,
      nickname: members.nickname,
      shipTo: prizeApplications.shipTo,
      shippedAt: prizeApplications.shippedAt,
      reportedAt: prizeApplications.reportedAt,
    })
    .from(prizeApplications)
    .innerJoin(members, eq(members.id, prizeApplications.memberId))
    .where(and(eq(prizeApplications.trialId, id), eq(prizeApplications.won, true)))
    .orderBy(asc(prizeApplications.digest));
}

export interface ShipOutcome {
  /** Applications marked sent now (each winner told once). */
  shipped: number[];
  /** Winners left alone: no delivery address confirmed yet. */
  noAddress: number[];
}

/**
 * Operators: mark winners' parcels sent — the given applications, or every winner with a confirmed
 * address not marked yet. One already sent is left alone; a winner without an address is skipped.
 */
export async function shipTrial(ctx: Ctx, id: number, applicationIds: number[] = []): Promise<ShipOutcome> {
  return ctx.db.transaction(async (tx) => {
    const row = await trialRow(tx, id);
    if (!row.drawnAt) throw new AppError('INVALID_PARAMS', `试用 #${id} 还没有开奖`);
    const winners = await tx
      .select()
      .from(prizeApplications)
      .where(and(eq(prizeApplications.trialId, id), eq(prizeApplications.won, true)))
      .orderBy(asc(prizeApplications.id))
      .for('update');
    for (const a of applicationIds)
      if (!winners.some((w) => w.id === a))
        throw new AppError('INVALID_PARAMS', `申请 #${a} 不是试用 #${id} 的中签申请`);
    const chosen = applicationIds.length ? winners.filter((w) => applicationIds.includes(w.id)) : winners;
    const out: ShipOutcome = { shipped: [], noAddress: [] };
    for (const w of chosen) {
      if (w.shippedAt) continue;
      if (!w.shipTo) {
        out.noAddress.push(w.id);
        continue;
      }
      await tx
        .update(prizeApplications)
        .set({ shippedAt: new Date(ctx.now()) })
        .where(eq(prizeApplications.id, w.id));
      const reportPoints = row.reportPollId === null ? null : row.reportPoints;
      await postEventMessage(
        tx,
        w.memberId,
        prizeShippedMessage({ trialId: id, title: row.title, applicationId: w.id, reportPoints }),
        ctx.now(),
      );
      out.shipped.push(w.id);
    }
    return out;
  });
}

/** The trial, its report poll and the member's winning application; refused unless a sent winner. */
async function reportTarget(db: Executor, id: number, memberId: number) {
  const row = await trialRow(db, id);
  if (row.reportPollId === null) throw new AppError('NOT_FOUND', '这个试用没有试用报告');
  const app = await applicationOf(db, id, memberId);
  if (!app?.won) throw new AppError('PRIZE_REPORT_NOT_WINNER');
  if (!app.shippedAt) throw new AppError('PRIZE_REPORT_NOT_READY');
  const [poll] = await db.select().from(polls).where(eq(polls.id, row.reportPollId));
  if (!poll) throw new AppError('NOT_FOUND', '试用报告问卷不存在或已下线');
  return { row, app, poll };
}

export async function reportForm(ctx: Ctx, id: number, memberId: number): Promise<z.output<typeof PrizeReportForm>> {
  const { row, app, poll } = await reportTarget(ctx.db, id, memberId);
  return {
    trialId: row.id,
    trialTitle: row.title,
    title: poll.title,
    intro: poll.intro,
    questions: poll.questions.map(publicQuestion),
    points: row.reportPoints,
    submitted: app.reportedAt !== null,
  };
}

/** The ledger key of one winner's report credit. */
export const reportCreditKey = (applicationId: number) => `prize-report:${applicationId}`;

/**
 * A winner's report: answers checked by the polls' rules, then once per application (row lock):
 * stored, the report points credited through the ledger and a message, in one transaction. A
 * repeat answers the first report and changes nothing.
 */
export async function submitReport(
  ctx: Ctx,
  id: number,
  memberId: number,
  answers: PollAnswerData[],
): Promise<z.output<typeof PrizeReportResult>> {
  const first = await reportTarget(ctx.db, id, memberId);
  const replay = (at: Date) => ({ points: first.row.reportPoints, replayed: true, reportedAt: at.getTime() });
  if (first.app.reportedAt) return replay(first.app.reportedAt);
  const clean = validateAnswers(first.poll.questions, answers);
  return ctx.db.transaction(async (tx) => {
    const [app] = await tx.select().from(prizeApplications).where(eq(prizeApplications.id, first.app.id)).for('update');
    if (app!.reportedAt) return replay(app!.reportedAt);
    const now = ctx.now();
    const points = first.row.reportPoints;
    const entry =
      points > 0
        ? await credit(tx, {
            memberId,
            amount: points,
            reason: 'prize',
            source: `试用报告：${first.row.title}`,
            idempotencyKey: reportCreditKey(app!.id),
            at: now,
          })
        : null;
    await tx
      .update(prizeApplications)
      .set({ reportAnswers: clean, reportedAt: new Date(now), reportLedgerId: entry?.ledgerId ?? null })
      .where(and(eq(prizeApplications.id, app!.id), isNull(prizeApplications.reportedAt)));
    await postEventMessage(
      tx,
      memberId,
      prizeReportedMessage({ trialId: id, title: first.row.title, applicationId: app!.id, points }),
      now,
    );
    return { points, replayed: false, reportedAt: now };
  });
}
