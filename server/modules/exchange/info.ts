/**
 * `/v1/users/exchange-info`: what the member has and still needs before redeeming — balance,
 * real-name state, payout accounts (cash), delivery address (physical) — per exchange type.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { IdVerifyState } from '../../../openapi/enums';
import type { ExchangeInfo } from '../../../openapi/schemas/exchange';
import { members } from '../../db/schema';
import { maskMobile } from '../../kernel/mask';
import { consigneeRow } from '../consignee/service';
import { maskName } from '../identity/idcard';
import { identityOf } from '../identity/service';
import { balanceOf, POINTS_PER_YUAN } from '../points/ledger';
import { memberLevel, payoutAccounts } from './eligibility';
import type { ExchangeContext } from './redeem';

export type ExchangeInfoData = z.output<typeof ExchangeInfo>;

export async function exchangeInfo(ctx: ExchangeContext, memberId: number): Promise<ExchangeInfoData> {
  const db = ctx.db;
  const [member] = await db.select({ mobile: members.mobile }).from(members).where(eq(members.id, memberId)).limit(1);
  const balance = await balanceOf(db, memberId);
  const identity = await identityOf(db, memberId);
  const accounts = await payoutAccounts(db, memberId);
  const consignee = await consigneeRow(db, memberId);
  const level = await memberLevel(db, memberId);
  const verified = identity?.state === IdVerifyState.values.VERIFIED;
  const needIdentity = verified ? [] : (['identity'] as const);
  return {
    balance,
    pointsPerYuan: POINTS_PER_YUAN,
    mobile: maskMobile(member?.mobile ?? null),
    idVerifyState: (identity?.state ?? IdVerifyState.values.NONE) as ExchangeInfoData['idVerifyState'],
    realName: identity ? maskName(identity.realName) : null,
    alipayBound: accounts.some((a) => a.platform === 4),
    wechatBound: accounts.some((a) => a.platform === 1),
    payoutAccounts: accounts.map((a) => ({ platform: a.platform, nickname: a.nickname })),
    hasConsignee: Boolean(consignee),
    level,
    missing: {
      cash: [...needIdentity, ...(accounts.length ? [] : (['payout_account'] as const))],
      physical: consignee ? [] : ['address'],
    },
  };
}
