/**
 * Reading credit (权益值): `/v1/users/credit` (value, level, next level, level rules),
 * `/v1/credits` (the member's ledger rows, newest first, paged, by source and direction) and
 * `/v1/credits/invite` (credit earned from invitees, with the invitee masked).
 * Every query is scoped to the calling member.
 */
import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CreditSource } from '../../../openapi/enums';
import type { CreditPage, CreditSummary, InviteCreditPage } from '../../../openapi/schemas/credits';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { creditLedger } from '../../db/schema-benefits';
import { maskNickname } from '../../kernel/mask';
import { creditOf, LEVELS, levelOf } from './ledger';
import { pageOf, pageOffset } from '../../kernel/page';

export type CreditSummaryData = z.output<typeof CreditSummary>;
export type CreditPageData = z.output<typeof CreditPage>;
export type InviteCreditPageData = z.output<typeof InviteCreditPage>;

export async function creditSummary(ctx: AppContext, memberId: number): Promise<CreditSummaryData> {
  const { balance, totalEarned } = await creditOf(ctx.db, memberId);
  const { current, next } = levelOf(totalEarned);
  return {
    value: balance,
    level: current.level,
    levelName: current.name,
    nextLevelValue: next?.minValue ?? null,
    totalEarned,
    // Credit does not expire in this product (source 7 is kept for a future rule).
    expiringValue: 0,
    expiringAt: null,
    levels: LEVELS.map((l) => ({ ...l })),
  };
}

export interface CreditListArgs {
  page: number;
  pageSize: number;
  source?: number;
  direction?: 'in' | 'out';
}

export async function listCredits(ctx: AppContext, memberId: number, q: CreditListArgs): Promise<CreditPageData> {
  const where: SQL[] = [eq(creditLedger.memberId, memberId)];
  if (q.source !== undefined) where.push(eq(creditLedger.source, q.source));
  if (q.direction === 'in') where.push(gt(creditLedger.amount, 0));
  if (q.direction === 'out') where.push(lt(creditLedger.amount, 0));
  const cond = and(...where);
  const rows = await ctx.db
    .select()
    .from(creditLedger)
    .where(cond)
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const list = rows.map((r) => ({
    id: r.id,
    change: r.amount,
    balance: r.balanceAfter,
    source: r.source as CreditPageData['list'][number]['source'],
    reason: r.reason,
    createdAt: r.createdAt.getTime(),
  }));
  return pageOf(q, list, await ctx.db.$count(creditLedger, cond));
}

export async function listInviteCredits(
  ctx: AppContext,
  memberId: number,
  q: { page: number; pageSize: number },
): Promise<InviteCreditPageData> {
  const cond = and(eq(creditLedger.memberId, memberId), eq(creditLedger.source, CreditSource.values.INVITE));
  const rows = await ctx.db
    .select({ r: creditLedger, nickname: members.nickname, avatar: members.avatar })
    .from(creditLedger)
    .leftJoin(members, eq(members.id, creditLedger.refMemberId))
    .where(cond)
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const list = rows.map(({ r, nickname, avatar }) => ({
    id: r.id,
    invitee: nickname ? maskNickname(nickname) : '好友',
    inviteeAvatar: avatar ?? null,
    change: r.amount,
    reason: r.reason,
    createdAt: r.createdAt.getTime(),
  }));
  return pageOf(q, list, await ctx.db.$count(creditLedger, cond));
}
