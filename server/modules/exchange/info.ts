/**
 * `/v1/users/exchange-info`: what the member has and still needs before redeeming — balance,
 * real-name state, payout accounts (cash), delivery address (physical) — per exchange type.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { IdVerifyState, SnsPlatform } from '../../../openapi/enums';
import type { ExchangeInfo } from '../../../openapi/schemas/exchange';
import { members } from '../../db/schema';
import { maskMobile } from '../../kernel/mask';
import { consigneeRow } from '../consignee/service';
import { maskName } from '../identity/idcard';
import { identityOf } from '../identity/service';
import { balanceOf, POINTS_PER_YUAN } from '../points/ledger';
import { memberLevel, payoutAccounts } from './eligibility';
import type { AppContext } from '../../context';
import { providersFor } from '../../providers/oauth';
import type { ExchangeContext } from './redeem';

export type ExchangeInfoData = z.output<typeof ExchangeInfo>;

/** Whether a member can bind a payout account on this site: Alipay's or WeChat's login is configured. */
function payoutBindable(ctx: Pick<AppContext, 'config'>): boolean {
  const providers = providersFor(ctx.config.oauth);
  return [SnsPlatform.values.ALIPAY, SnsPlatform.values.WECHAT].some((platform) => providers.has(platform));
}

export async function exchangeInfo(
  ctx: ExchangeContext & Pick<AppContext, 'config'>,
  memberId: number,
): Promise<ExchangeInfoData> {
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
      // Without an account: bind one, or — none can be bound here — cash cannot be redeemed yet.
      cash: [
        ...needIdentity,
        ...(accounts.length
          ? []
          : payoutBindable(ctx)
            ? (['payout_account'] as const)
            : (['payout_unavailable'] as const)),
      ],
      physical: consignee ? [] : ['address'],
    },
  };
}
