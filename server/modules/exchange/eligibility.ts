/**
 * May this member redeem this reward now? One list of rules, in the order a member meets them,
 * used by the reward detail (all blockers, for the page) and by redeem (the first one refuses,
 * re-read inside the redeem transaction under the member's lock).
 */
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ExchangeType, SnsPlatform } from '../../../openapi/enums';
import { meetsQualityLevel, qualityLevelRefusal } from '../../../openapi/rules/quality';
import type { CodeName } from '../../../openapi/codes';
import type { rewards } from '../../db/schema-exchange';
import { snsBindings } from '../../db/schema-social';
import { shippingSnapshot } from '../consignee/service';
import { memberCreditLevel } from '../credits/ledger';
import { isVerified } from '../identity/service';
import { qualityStanding } from '../quality/standing';
import { balanceOf } from '../points/ledger';
import { LIVE_STATES } from './states';
import { namedStatement, type Executor } from '../../kernel/db';
import { shanghaiDay, shanghaiDayStart } from '../../kernel/time';

export type RewardRow = typeof rewards.$inferSelect;
/** What the rules read of a reward. */
export type RuleReward = Pick<
  RewardRow,
  | 'id'
  | 'type'
  | 'pointsCost'
  | 'stock'
  | 'limitTotal'
  | 'limitDaily'
  | 'minLevel'
  | 'minQualityLevel'
  | 'requireIdentity'
  | 'active'
>;
export type PayoutPlatformValue = 1 | 4;

export interface Blocker {
  codeName: CodeName;
  msg: string;
}

export interface Eligibility {
  balance: number;
  redeemedTotal: number;
  redeemedToday: number;
  blockers: Blocker[];
  /** The account a cash exchange would pay to. */
  payout: { platform: PayoutPlatformValue; openId: string; nickname: string | null } | null;
  /** The address a physical exchange would ship to. */
  shipping: Awaited<ReturnType<typeof shippingSnapshot>>;
}

const PLATFORM_NAME: Record<PayoutPlatformValue, string> = { 1: '微信', 4: '支付宝' };

/** The member's benefit level, from credit (权益值) earned (server/modules/credits/ledger.ts). */
export async function memberLevel(db: Executor, memberId: number): Promise<number> {
  return memberCreditLevel(db, memberId);
}

/** Bound accounts that can receive cash, Alipay first. */
export async function payoutAccounts(db: Executor, memberId: number) {
  const rows = await db
    .select({ platform: snsBindings.platform, openId: snsBindings.openId, nickname: snsBindings.nickname })
    .from(snsBindings)
    .where(
      and(
        eq(snsBindings.memberId, memberId),
        inArray(snsBindings.platform, [SnsPlatform.values.ALIPAY, SnsPlatform.values.WECHAT]),
      ),
    );
  return rows
    .map((r) => ({ platform: r.platform as PayoutPlatformValue, openId: r.openId, nickname: r.nickname }))
    .sort((a, b) => b.platform - a.platform);
}

/**
 * The member's live exchanges of a reward, in all and since `dayStart` (ISO text of a Beijing day's
 * start): what the limits count. SQL, so redeem can read it in the same statement as the rest.
 */
export const redeemedCountsSql = (memberId: SQLWrapper, rewardId: SQLWrapper, dayStart: SQLWrapper) => sql`
  select count(*)::int as total, (count(*) filter (where created_at >= ${dayStart}::timestamptz))::int as today
  from exchanges where member_id = ${memberId}::int and reward_id = ${rewardId}::int and state in ${[...LIVE_STATES]}`;

const countsStatement = namedStatement<Counts>('exchange_redeemed_counts', () =>
  redeemedCountsSql(sql.placeholder('memberId'), sql.placeholder('rewardId'), sql.placeholder('dayStart')),
);

/** The Beijing day's start `redeemedCountsSql` takes. */
export const countsDayStart = (now: number) => new Date(shanghaiDayStart(shanghaiDay(now))).toISOString();

async function redeemedCounts(db: Executor, memberId: number, rewardId: number, now: number): Promise<Counts> {
  const [row] = await countsStatement(db, { memberId, rewardId, dayStart: countsDayStart(now) });
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}

interface Counts {
  total: number;
  today: number;
}

/** What redeem has already read under the member's lock, so evaluate does not read it again. */
export interface MemberReads extends Counts {
  balance: number;
}

export function requiresIdentity(reward: Pick<RewardRow, 'type' | 'requireIdentity'>): boolean {
  return reward.type === ExchangeType.values.CASH || reward.requireIdentity;
}

export async function evaluate(
  db: Executor,
  memberId: number,
  reward: RuleReward,
  now: number,
  wantPlatform?: PayoutPlatformValue,
  /** The points this redemption would debit (a discount coupon lowers it); default the reward's cost. */
  cost: number = reward.pointsCost,
  read?: MemberReads,
): Promise<Eligibility> {
  // Sequential on purpose: inside a transaction the queries share one connection.
  const balance = read ? read.balance : await balanceOf(db, memberId);
  const counts = read ?? (await redeemedCounts(db, memberId, reward.id, now));
  const blockers: Blocker[] = [];
  let payout: Eligibility['payout'] = null;
  let shipping: Eligibility['shipping'] = null;

  if (!reward.active) blockers.push({ codeName: 'REWARD_UNAVAILABLE', msg: '该商品已下架，请看看其他商品' });
  if (reward.minLevel > 0) {
    const level = await memberLevel(db, memberId);
    if (level < reward.minLevel)
      blockers.push({
        codeName: 'LEVEL_REQUIRED',
        msg: `该商品需要权益等级达到 ${reward.minLevel} 级，你当前为 ${level} 级`,
      });
  }
  if (reward.minQualityLevel > 0) {
    // The same standing GET /v1/quality shows.
    const { level } = await qualityStanding(db, memberId, now);
    if (!meetsQualityLevel(level, reward.minQualityLevel))
      blockers.push({
        codeName: 'QUALITY_LEVEL_REQUIRED',
        msg: qualityLevelRefusal('商品', reward.minQualityLevel, level),
      });
  }
  if (requiresIdentity(reward) && !(await isVerified(db, memberId))) {
    blockers.push({
      codeName: 'IDENTITY_REQUIRED',
      msg: reward.type === ExchangeType.values.CASH ? '现金兑换需要先完成实名认证' : '兑换该商品需要先完成实名认证',
    });
  }
  if (reward.type === ExchangeType.values.CASH) {
    const accounts = await payoutAccounts(db, memberId);
    payout = wantPlatform ? (accounts.find((a) => a.platform === wantPlatform) ?? null) : (accounts[0] ?? null);
    if (!payout)
      blockers.push({
        codeName: 'ACCOUNT_BINDING_REQUIRED',
        msg: wantPlatform
          ? `你还没有绑定${PLATFORM_NAME[wantPlatform]}，请先绑定或选择其他收款账号`
          : '请先绑定支付宝或微信，用于接收现金',
      });
  }
  if (reward.type === ExchangeType.values.PHYSICAL) {
    shipping = await shippingSnapshot(db, memberId);
    if (!shipping) blockers.push({ codeName: 'ADDRESS_REQUIRED', msg: '请先填写收货地址，实物奖品将寄到这里' });
  }
  if (reward.limitTotal !== null && counts.total >= reward.limitTotal) {
    blockers.push({
      codeName: 'LIMIT_REACHED',
      msg: `该商品每人限兑 ${reward.limitTotal} 次，你已兑换 ${counts.total} 次`,
    });
  } else if (reward.limitDaily !== null && counts.today >= reward.limitDaily) {
    blockers.push({
      codeName: 'LIMIT_REACHED',
      msg: `该商品每人每天限兑 ${reward.limitDaily} 次，今天已兑换 ${counts.today} 次，明天再来吧`,
    });
  }
  if (reward.stock <= 0) blockers.push({ codeName: 'OUT_OF_STOCK', msg: '该商品已兑完，请看看其他商品' });
  if (balance < cost) {
    blockers.push({
      codeName: 'INSUFFICIENT_POINTS',
      msg: `微豆不足：兑换需要 ${cost} 微豆，你当前有 ${balance} 微豆`,
    });
  }
  return { balance, redeemedTotal: counts.total, redeemedToday: counts.today, blockers, payout, shipping };
}
