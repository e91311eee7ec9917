/**
 * Exchange records as members see them (`/v1/exchange/records`, `/home/exchange`): only their own
 * (every query is scoped by member id; another member's id answers "not found"), newest first.
 * Members never see operator names, payout account ids or another member's data; the issued
 * code is shown once the exchange is issued.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExchangeDetail, ExchangePage, ExchangeRecord } from '../../../openapi/schemas/exchange';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import { consignees, exchangeEvents, exchanges, rewardCodes, rewards } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { maskMobile } from '../../kernel/mask';
import { LIVE_STATES, REFUNDED_STATES, stateLabel } from './states';
import type { Executor } from '../../kernel/db';
import { pageOf, pageOffset } from '../../kernel/page';

export type ExchangeRecordData = z.output<typeof ExchangeRecord>;
export type ExchangeDetailData = z.output<typeof ExchangeDetail>;
export type ExchangePageData = z.output<typeof ExchangePage>;
type State = ExchangeRecordData['state'];

const recordColumns = {
  exchange: exchanges,
  images: rewards.images,
  code: rewardCodes.code,
  hasAddress: sql<boolean>`${consignees.memberId} is not null`.mapWith(Boolean),
};

/** exchanges ⟕ rewards (cover) ⟕ reward_codes (issued code) ⟕ consignees (has the member an address now). */
export function selectRecords(db: Executor) {
  return db
    .select(recordColumns)
    .from(exchanges)
    .leftJoin(rewards, eq(rewards.id, exchanges.rewardId))
    .leftJoin(rewardCodes, eq(rewardCodes.id, exchanges.codeId))
    .leftJoin(consignees, eq(consignees.memberId, exchanges.memberId));
}

export type RecordRow = {
  exchange: typeof exchanges.$inferSelect;
  images: string[] | null;
  code: string | null;
  hasAddress: boolean;
};

export function toRecord(r: RecordRow): ExchangeRecordData {
  const e = r.exchange;
  const refunded = (REFUNDED_STATES as readonly number[]).includes(e.state);
  return {
    id: e.id,
    rewardId: e.rewardId,
    type: e.rewardType as ExchangeRecordData['type'],
    title: e.title,
    cover: r.images?.[0] ?? null,
    points: e.points,
    faceValue: e.faceValue,
    state: e.state as State,
    stateLabel: stateLabel(e.state),
    reason: refunded ? e.reason : null,
    refunded: e.refundLedgerId !== null,
    payout: e.payout ? { platform: e.payout.platform, nickname: e.payout.nickname } : null,
    shipping: e.shipping
      ? {
          name: e.shipping.name,
          mobile: maskMobile(e.shipping.mobile) ?? '',
          regionName: e.shipping.regionName,
          address: e.shipping.address,
        }
      : null,
    code: e.state === ExchangeState.values.ISSUED ? r.code : null,
    transferRef: e.transferRef,
    trackingNo: e.trackingNo,
    // Only a lucky-wheel prize is an exchange without a debit (schema-exchange.ts).
    won: e.debitLedgerId === null,
    // A physical prize won without an address takes one at approval (lifecycle.ts).
    awaitingAddress:
      e.rewardType === ExchangeType.values.PHYSICAL &&
      e.shipping === null &&
      !r.hasAddress &&
      (LIVE_STATES as readonly number[]).includes(e.state),
    createdAt: e.createdAt.getTime(),
    updatedAt: e.updatedAt.getTime(),
  };
}

export async function recordOf(db: Executor, exchangeId: number): Promise<ExchangeRecordData | undefined> {
  const [row] = await selectRecords(db).where(eq(exchanges.id, exchangeId)).limit(1);
  return row ? toRecord(row) : undefined;
}

export async function listMemberExchanges(
  db: Executor,
  memberId: number,
  q: { page: number; pageSize: number; state?: State },
): Promise<ExchangePageData> {
  const conds: SQL[] = [eq(exchanges.memberId, memberId)];
  if (q.state !== undefined) conds.push(eq(exchanges.state, q.state));
  const where = and(...conds);
  const rows = await selectRecords(db)
    .where(where)
    .orderBy(desc(exchanges.createdAt), desc(exchanges.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return pageOf(q, rows.map(toRecord), await db.$count(exchanges, where));
}

async function eventsOf(db: Executor, exchangeId: number) {
  return db
    .select()
    .from(exchangeEvents)
    .where(eq(exchangeEvents.exchangeId, exchangeId))
    .orderBy(asc(exchangeEvents.id));
}

export async function memberExchange(db: Executor, memberId: number, exchangeId: number): Promise<ExchangeDetailData> {
  const [row] = await selectRecords(db)
    .where(and(eq(exchanges.id, exchangeId), eq(exchanges.memberId, memberId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '兑换记录不存在');
  const events = await eventsOf(db, exchangeId);
  return {
    ...toRecord(row),
    history: events.map((ev) => ({
      from: ev.fromState === null ? null : (ev.fromState as State),
      to: ev.toState as State,
      toLabel: stateLabel(ev.toState),
      actor: ev.actorType as 'member' | 'operator' | 'system',
      reason: ev.reason,
      at: ev.createdAt.getTime(),
    })),
  };
}
