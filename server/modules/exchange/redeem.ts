/**
 * Redeem (`POST /v1/exchange/redeem`): in ONE transaction, under a lock on the member's balance
 * row (which serialises one member's redemptions, so limits and balance are read consistently):
 * check every rule (eligibility.ts), take one unit of stock with a conditional update, debit the
 * ledger (idempotency key `exchange:<memberId>:<requestKey>`), write the exchange in state 0
 * (pending review) and its first event. Any refusal rolls all of it back. A discount coupon
 * (`memberBenefitId`) is checked and marked used in the same transaction and lowers the debit.
 *
 * Round trips (the hot path: redemptions under load): under the lock, one read and one write, both named
 * prepared statements; the reward row — shared by every member redeeming it — is locked only by the
 * write, right before COMMIT. The answer is built from what was written (no read after COMMIT).
 *
 * Idempotency: the request key is UNIQUE per member. A replay of a key answers with the exchange
 * the first request made (as it stands now) and changes nothing; the same key with another reward
 * or payout account is refused (REQUEST_KEY_REUSED). A refused request stored nothing, so its key
 * may be retried once the member has, say, enough points.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RedeemBody, RedeemResult } from '../../../openapi/schemas/exchange';
import { ExchangeState, ExchangeType } from '../../../openapi/enums';
import type { AppContext } from '../../context';
import { exchanges, rewards } from '../../db/schema-exchange';
import { AppError } from '../../http/errors';
import { refuseIfFrozen } from '../auth/frozen';
import { couponForRedeem, markCouponUsed } from '../benefits/service';
import { balanceOf, debitSteps } from '../points/ledger';
import { countsDayStart, evaluate, redeemedCountsSql, type RuleReward } from './eligibility';
import { recordOf, toRecord } from './records';
import { isUniqueViolation, namedStatement, type Executor, type Tx } from '../../kernel/db';

export type RedeemResultData = z.output<typeof RedeemResult>;
export type ExchangeContext = Pick<AppContext, 'db' | 'now'> & Partial<Pick<AppContext, 'config'>>;

/** The redemption's body, as the contract says it (`redeemReward`; a coupon lowers the debit and comes back on a refund). */
export type RedeemInput = z.infer<typeof RedeemBody>;

type RewardRow = typeof rewards.$inferSelect;

/** What an exchange keeps of its reward as it was then (the reward may change later). */
export const rewardSnapshot = (reward: Pick<RewardRow, 'id' | 'type' | 'title' | 'faceValue'>) => ({
  rewardId: reward.id,
  rewardType: reward.type,
  title: reward.title,
  faceValue: reward.faceValue,
});

const redeemLedgerKey = (memberId: number, requestKey: string) => `exchange:${memberId}:${requestKey}`;

async function byRequestKey(db: Executor, memberId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.memberId, memberId), eq(exchanges.requestKey, requestKey)))
    .limit(1);
  return row;
}

async function replay(
  ctx: ExchangeContext,
  first: typeof exchanges.$inferSelect,
  input: RedeemInput,
): Promise<RedeemResultData> {
  const samePayout =
    first.rewardType !== ExchangeType.values.CASH ||
    input.payoutPlatform === undefined ||
    first.payout?.platform === input.payoutPlatform;
  if (first.rewardId !== input.rewardId || !samePayout) throw new AppError('REQUEST_KEY_REUSED');
  const exchange = (await recordOf(ctx.db, first.id))!;
  return { exchange, balance: await balanceOf(ctx.db, first.memberId), replayed: true };
}

class ReplayInside extends Error {
  constructor(readonly row: typeof exchanges.$inferSelect) {
    super('request key already used');
  }
}

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const PENDING = sql.raw(String(ExchangeState.values.PENDING_REVIEW));

/** The member's balance row, locked: serialises one member's redemptions (no row: nothing to spend). */
const lockMember = namedStatement(
  'redeem_lock_member',
  () => sql`
  select member_id from point_balances where member_id = ${param('memberId', 'int')} for update`,
);

interface ReadRow {
  replay_id: number | null;
  balance: number | null;
  total: number;
  today: number;
  id: number | null;
  type: number;
  title: string;
  images: string[];
  points_cost: number;
  face_value: number;
  stock: number;
  limit_total: number | null;
  limit_daily: number | null;
  min_level: number;
  min_quality_level: number;
  require_identity: boolean;
  active: boolean;
}

/**
 * Everything the rules read of the member and the reward, in one statement taken after the lock
 * (so it sees every redemption of this member that committed before): an exchange already made
 * under this request key, the balance, the limits' counts and the reward (null columns: no reward).
 */
const readForRedeem = namedStatement<ReadRow>(
  'redeem_read',
  () => sql`
  select (select id from exchanges
          where member_id = ${param('memberId', 'int')} and request_key = ${param('requestKey', 'text')}) as replay_id,
         (select balance from point_balances where member_id = ${param('memberId', 'int')}) as balance,
         counts.total, counts.today,
         r.id, r.type, r.title, r.images, r.points_cost, r.face_value, r.stock, r.limit_total, r.limit_daily,
         r.min_level, r.min_quality_level, r.require_identity, r.active
  from (${redeemedCountsSql(sql.placeholder('memberId'), sql.placeholder('rewardId'), sql.placeholder('dayStart'))}) counts
  left join rewards r on r.id = ${param('rewardId', 'int')}`,
);

interface WriteRow {
  taken: number;
  balance: number | null;
  ledger_id: string | null;
  exchange_id: number | null;
}

/**
 * The redemption's writes in one statement: take one unit of stock (only while some is left and the
 * reward is on sale), then the debit (points/ledger.ts), the exchange in state 0 and its first event.
 * Each step runs only when the one before it wrote its row; the caller rolls back unless all did.
 */
const writeRedemption = namedStatement<WriteRow>('redeem_write', () => {
  const at = param('at', 'timestamptz');
  return sql`
  with taken as (
    update rewards set stock = stock - 1, updated_at = ${at}
    where id = ${param('rewardId', 'int')} and stock > 0 and active
    returning id
  ), ${debitSteps('taken')}, exchange as (
    insert into exchanges (member_id, reward_id, reward_type, title, face_value, points, state, request_key,
                           debit_ledger_id, payout, shipping, created_at, updated_at)
    select ${param('memberId', 'int')}, ${param('rewardId', 'int')}, ${param('rewardType', 'smallint')},
           ${param('title', 'text')}, ${param('faceValue', 'int')}, ${param('amount', 'int')}, ${PENDING},
           ${param('requestKey', 'text')}, id, ${param('payout', 'jsonb')}, ${param('shipping', 'jsonb')}, ${at}, ${at}
    from debit_row
    returning id
  ), event as (
    insert into exchange_events (exchange_id, from_state, to_state, actor_type, actor_name, created_at)
    select id, null, ${PENDING}, 'member', ${param('memberId', 'int')}::text, ${at} from exchange
  )
  select (select count(*) from taken)::int as taken, (select balance from debited) as balance,
         (select id from debit_row)::text as ledger_id, (select id from exchange) as exchange_id`;
});

const OUT_OF_STOCK = '该商品已兑完，请看看其他商品';

export async function redeem(ctx: ExchangeContext, memberId: number, input: RedeemInput): Promise<RedeemResultData> {
  const now = ctx.now();
  const at = new Date(now);
  try {
    const made = await ctx.db.transaction(async (tx: Tx) => {
      await lockMember(tx, { memberId });
      // In the transaction, under a share lock on the member row: a freeze that committed a moment
      // ago is seen even while another worker still trusts the member's token (up to 2 s).
      await refuseIfFrozen(ctx, tx, memberId, { lock: true });
      const [row] = await readForRedeem(tx, {
        memberId,
        requestKey: input.requestKey,
        rewardId: input.rewardId,
        dayStart: countsDayStart(now),
      });
      const read = row!;
      // A request with this key committed before (a replay, or a twin that held the lock first).
      if (read.replay_id !== null) throw new ReplayInside((await byRequestKey(tx, memberId, input.requestKey))!);
      if (read.id === null) throw new AppError('NOT_FOUND', '兑换商品不存在');
      const reward: RuleReward & Pick<RewardRow, 'title' | 'faceValue' | 'images'> = {
        id: read.id,
        type: read.type,
        title: read.title,
        images: read.images,
        pointsCost: read.points_cost,
        faceValue: read.face_value,
        stock: read.stock,
        limitTotal: read.limit_total,
        limitDaily: read.limit_daily,
        minLevel: read.min_level,
        minQualityLevel: read.min_quality_level,
        requireIdentity: read.require_identity,
        active: read.active,
      };
      const coupon = input.memberBenefitId
        ? await couponForRedeem(tx, memberId, input.memberBenefitId, reward.id, now)
        : null;
      const cost = reward.pointsCost - (coupon?.discountPoints ?? 0);
      const check = await evaluate(tx, memberId, reward, now, input.payoutPlatform, cost, {
        balance: read.balance ?? 0,
        total: read.total,
        today: read.today,
      });
      const refusal = check.blockers[0];
      if (refusal) throw new AppError(refusal.codeName, refusal.msg);

      const payout = reward.type === ExchangeType.values.CASH ? check.payout : null;
      const shipping = reward.type === ExchangeType.values.PHYSICAL ? check.shipping : null;
      const ledgerKey = redeemLedgerKey(memberId, input.requestKey);
      const [out] = await writeRedemption(tx, {
        memberId,
        rewardId: reward.id,
        rewardType: reward.type,
        title: reward.title,
        faceValue: reward.faceValue,
        amount: cost,
        source: reward.title,
        key: ledgerKey,
        requestKey: input.requestKey,
        payout: payout && JSON.stringify(payout),
        shipping: shipping && JSON.stringify(shipping),
        at: at.toISOString(),
      });
      const written = out!;
      if (!written.taken) throw new AppError('OUT_OF_STOCK', OUT_OF_STOCK);
      if (written.balance === null) throw new AppError('INSUFFICIENT_POINTS');
      // The debit and the exchange commit together, so a used ledger key without an exchange is a bug.
      if (written.ledger_id === null || written.exchange_id === null)
        throw new Error(`ledger key ${ledgerKey} without exchange`);
      const exchangeId = written.exchange_id;
      if (coupon) await markCouponUsed(tx, memberId, coupon.holdingId, exchangeId, coupon.effect, now);
      const exchange: typeof exchanges.$inferSelect = {
        id: exchangeId,
        memberId,
        ...rewardSnapshot(reward),
        points: cost,
        state: ExchangeState.values.PENDING_REVIEW,
        requestKey: input.requestKey,
        debitLedgerId: Number(written.ledger_id),
        refundLedgerId: null,
        payout,
        shipping,
        codeId: null,
        transferRef: null,
        trackingNo: null,
        reason: null,
        createdAt: at,
        updatedAt: at,
      };
      return { exchange, images: reward.images, balance: written.balance };
    });
    // The exchange as written (no code is issued yet; a physical one carries its address), built
    // after COMMIT: nothing waits on the reward's row lock for it.
    const { exchange, images, balance } = made;
    const record = toRecord({ exchange, images, code: null, hasAddress: exchange.shipping !== null });
    return { exchange: record, balance, replayed: false };
  } catch (err) {
    if (err instanceof ReplayInside) return replay(ctx, err.row, input);
    if (
      isUniqueViolation(err, 'exchanges_member_request_key_unique') ||
      isUniqueViolation(err, 'point_ledger_idempotency_key_unique')
    ) {
      const first = await byRequestKey(ctx.db, memberId, input.requestKey);
      if (first) return replay(ctx, first, input);
    }
    throw err;
  }
}
