/**
 * Benefits (权益): the catalogue, claiming with credit, operator/campaign grants, and using a
 * holding (GLOSSARY "Currencies and perks").
 *
 * - Claim (`POST /v1/benefits/{id}`): in ONE transaction under the member's credit-row lock (one
 *   member's claims queue up, so the per-member limit is read consistently): the rules in order
 *   (on sale, level, per-member limit, stock, credit), the holding, one unit of stock (conditional
 *   update) and the credit debit (`benefit-claim:<holdingId>`, conditional: never negative).
 *   `allowBenefit` answers the same rules without changing anything.
 * - Use (`POST /v1/benefits/use`): the holding row is locked; it must be the caller's, unused and
 *   not expired, and fit the target (`checkUse`, the same rules `/v1/benefits/check/{id}` answers).
 *   The use is a conditional update `status = 'unused'`, so of many concurrent uses one wins.
 *   Effects by kind:
 *   - boost card (1): armed on a task; when that task's complete is credited, +value % of it is
 *     credited as its own ledger row (`boost:<holdingId>`), see taskHooks.ts. If the participation
 *     ends without a complete, the card comes back unused.
 *   - exchange coupon (2): used only inside redeem (RedeemBody.memberBenefitId): `couponForRedeem`
 *     + `markCouponUsed` in the redeem transaction; `returnCoupon` when the exchange is refunded.
 *   - lottery spins (3): adds spins to the lucky wheel (lottery id 1), read by `benefitSpins`.
 *   - snap early access (4): lets the member start that snap task value minutes before it opens,
 *     read by `earlyAccessMinutes`.
 * - `applyWithCredit` claims and uses in one transaction (credit spent directly).
 *
 * "Expired" is not stored: an unused holding past `expires_at` shows as status 2 and cannot be used.
 */
import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CodeName } from '../../../openapi/codes';
import { BenefitKind, BenefitStatus, CreditSource, TaskModule } from '../../../openapi/enums';
import type {
  Benefit,
  BenefitCheck,
  BenefitDetail,
  BenefitEffect,
  BenefitOverview,
  BenefitTarget,
  BenefitUsed,
  MemberBenefit,
} from '../../../openapi/schemas/rewards';
import type { AppContext } from '../../context';
import { rewards } from '../../db/schema-exchange';
import { benefits, memberBenefits } from '../../db/schema-rewards';
import { participations, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import { creditOf, levelOf, lockCredit, spend } from '../credits/ledger';
import { isUniqueViolation, type Executor, type Tx } from '../../kernel/db';
import { DAY_MS } from '../../kernel/time';

export type BenefitRow = typeof benefits.$inferSelect;
export type HoldingRow = typeof memberBenefits.$inferSelect;
export type BenefitData = z.output<typeof Benefit>;
export type MemberBenefitData = z.output<typeof MemberBenefit>;
export type BenefitEffectData = z.output<typeof BenefitEffect>;
export type BenefitTargetData = z.output<typeof BenefitTarget>;
type Ctx = Pick<AppContext, 'db' | 'now'>;

const K = BenefitKind.values;
const kindLabel = (kind: number) => BenefitKind.labels[kind as keyof typeof BenefitKind.labels] ?? '权益';
/** The site's one lucky wheel (GLOSSARY "Lottery"). */
export const LUCKY_WHEEL_ID = 1;
/** How many holdings the overview lists. */
const OWNED_LIMIT = 100;

export interface Refusal {
  codeName: CodeName;
  msg: string;
}

const refuse = (r: Refusal): never => {
  throw new AppError(r.codeName, r.msg);
};

/* ---- shapes ---- */

export function statusOf(h: Pick<HoldingRow, 'status' | 'expiresAt'>, now: number): 0 | 1 | 2 {
  if (h.status === 'used') return BenefitStatus.values.USED;
  if (h.expiresAt && h.expiresAt.getTime() <= now) return BenefitStatus.values.EXPIRED;
  return BenefitStatus.values.UNUSED;
}

export const emptyEffect = (): BenefitEffectData => ({
  extraPoints: null,
  discount: null,
  discountPoints: null,
  spins: null,
  earlyMinutes: null,
});

export function toMemberBenefit(h: HoldingRow, b: BenefitRow, now: number): MemberBenefitData {
  return {
    id: h.id,
    benefitId: b.id,
    kind: b.kind as MemberBenefitData['kind'],
    name: b.name,
    value: b.value,
    couponUnit: (b.couponUnit as MemberBenefitData['couponUnit']) ?? null,
    minSpend: b.minSpend,
    source: h.source as MemberBenefitData['source'],
    status: statusOf(h, now),
    obtainedAt: h.obtainedAt.getTime(),
    expiresAt: h.expiresAt?.getTime() ?? null,
    usedAt: h.usedAt?.getTime() ?? null,
    usedOn:
      h.status === 'used' && h.targetType && h.targetId !== null
        ? { type: h.targetType as BenefitTargetData['type'], id: h.targetId }
        : null,
    appliedAt: h.appliedAt?.getTime() ?? null,
    effect: h.appliedAt ? { ...emptyEffect(), ...(h.effect as Partial<BenefitEffectData> | null) } : null,
  };
}

/* ---- claim rules ---- */

interface MemberState {
  credit: number;
  level: number;
  claimed: number;
}

async function memberState(db: Executor, memberId: number, benefitId: number): Promise<MemberState> {
  const { balance, totalEarned } = await creditOf(db, memberId);
  const [claimed] = await db
    .select({ n: count() })
    .from(memberBenefits)
    .where(
      and(
        eq(memberBenefits.memberId, memberId),
        eq(memberBenefits.benefitId, benefitId),
        // Operator grants do not count against what a member may claim.
        sql`${memberBenefits.source} <> 'grant'`,
      ),
    );
  return { credit: balance, level: levelOf(totalEarned).current.level, claimed: Number(claimed?.n ?? 0) };
}

/** The first rule that stops this member claiming, or null. */
export function claimRefusal(b: BenefitRow, s: MemberState): Refusal | null {
  if (!b.active) return { codeName: 'BENEFIT_UNAVAILABLE', msg: `「${b.name}」已下架` };
  if (s.level < b.minLevel)
    return {
      codeName: 'BENEFIT_LEVEL_REQUIRED',
      msg: `领取「${b.name}」需要权益等级达到 ${b.minLevel} 级，你当前为 ${s.level} 级`,
    };
  if (b.limitPerMember !== null && s.claimed >= b.limitPerMember)
    return {
      codeName: 'BENEFIT_LIMIT_REACHED',
      msg: `「${b.name}」每人限领 ${b.limitPerMember} 份，你已领取 ${s.claimed} 份`,
    };
  if (b.stock !== null && b.stock <= 0) return { codeName: 'BENEFIT_OUT_OF_STOCK', msg: `「${b.name}」已被领完` };
  if (s.credit < b.creditCost)
    return {
      codeName: 'INSUFFICIENT_CREDIT',
      msg: `权益值不足：领取需要 ${b.creditCost} 权益值，你当前有 ${s.credit} 权益值`,
    };
  return null;
}

async function benefitById(db: Executor, id: number, lock = false): Promise<BenefitRow> {
  const q = db.select().from(benefits).where(eq(benefits.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND', '权益不存在');
  return row;
}

function toBenefit(b: BenefitRow, s: MemberState, ownedCount: number): BenefitData {
  const refusal = claimRefusal(b, s);
  return {
    id: b.id,
    kind: b.kind as BenefitData['kind'],
    name: b.name,
    description: b.description,
    icon: b.icon,
    value: b.value,
    couponUnit: (b.couponUnit as BenefitData['couponUnit']) ?? null,
    minSpend: b.minSpend,
    creditCost: b.creditCost,
    minLevel: b.minLevel,
    validDays: b.validDays,
    stock: b.stock,
    limitPerMember: b.limitPerMember,
    claimable: refusal === null,
    claimBlocker: refusal?.msg ?? null,
    ownedCount,
  };
}

/* ---- reading ---- */

async function holdingsOf(db: Executor, memberId: number, where?: SQL) {
  return db
    .select({ h: memberBenefits, b: benefits })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(and(eq(memberBenefits.memberId, memberId), where))
    .orderBy(desc(memberBenefits.obtainedAt), desc(memberBenefits.id));
}

function statusFilter(status: number | undefined, now: Date): SQL | undefined {
  const live = or(isNull(memberBenefits.expiresAt), gt(memberBenefits.expiresAt, now));
  if (status === BenefitStatus.values.UNUSED) return and(eq(memberBenefits.status, 'unused'), live);
  if (status === BenefitStatus.values.USED) return eq(memberBenefits.status, 'used');
  if (status === BenefitStatus.values.EXPIRED)
    return and(eq(memberBenefits.status, 'unused'), sql`${memberBenefits.expiresAt} <= ${now}`);
  return undefined;
}

export async function overview(
  ctx: Ctx,
  memberId: number,
  q: { status?: number },
): Promise<z.output<typeof BenefitOverview>> {
  const now = ctx.now();
  const { balance, totalEarned } = await creditOf(ctx.db, memberId);
  const level = levelOf(totalEarned).current.level;
  const catalogue = await ctx.db
    .select()
    .from(benefits)
    .where(eq(benefits.active, true))
    .orderBy(asc(benefits.sort), asc(benefits.id));
  const owned = (await holdingsOf(ctx.db, memberId, statusFilter(q.status, new Date(now)))).slice(0, OWNED_LIMIT);
  const all = await holdingsOf(ctx.db, memberId);
  const list: BenefitData[] = [];
  for (const b of catalogue) {
    const mine = all.filter((r) => r.b.id === b.id);
    const claimed = mine.filter((r) => r.h.source !== 'grant').length;
    const unused = mine.filter((r) => statusOf(r.h, now) === BenefitStatus.values.UNUSED).length;
    list.push(toBenefit(b, { credit: balance, level, claimed }, unused));
  }
  return {
    credit: balance,
    level,
    catalogue: list,
    owned: owned.map((r) => toMemberBenefit(r.h, r.b, now)),
  };
}

export async function detail(ctx: Ctx, memberId: number, id: number): Promise<z.output<typeof BenefitDetail>> {
  const now = ctx.now();
  const b = await benefitById(ctx.db, id);
  const mine = await holdingsOf(ctx.db, memberId, eq(memberBenefits.benefitId, id));
  // A withdrawn benefit stays visible to members who hold it.
  if (!b.active && mine.length === 0) throw new AppError('NOT_FOUND', '权益不存在');
  const s = await memberState(ctx.db, memberId, id);
  const owned = mine
    .map((r) => toMemberBenefit(r.h, r.b, now))
    .sort((x, y) => x.status - y.status || y.obtainedAt - x.obtainedAt);
  return {
    ...toBenefit(b, s, owned.filter((o) => o.status === BenefitStatus.values.UNUSED).length),
    rules: rulesHtml(b),
    owned,
  };
}

const escapeHtml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The rules as sanitised HTML: the stored plain text, one paragraph per line. */
function rulesHtml(b: BenefitRow): string {
  const lines = b.rules
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

export async function allow(
  ctx: Ctx,
  memberId: number,
  id: number,
): Promise<{ allowed: boolean; reason: string | null; creditCost: number; credit: number }> {
  const b = await benefitById(ctx.db, id);
  if (!b.active) throw new AppError('NOT_FOUND', '权益不存在');
  const s = await memberState(ctx.db, memberId, id);
  const refusal = claimRefusal(b, s);
  return { allowed: refusal === null, reason: refusal?.msg ?? null, creditCost: b.creditCost, credit: s.credit };
}

/* ---- claim and grant ---- */

async function insertHolding(
  tx: Executor,
  memberId: number,
  b: BenefitRow,
  source: 'claim' | 'grant' | 'value',
  at: Date,
  extra: { grantedBy?: string; grantKey?: string } = {},
): Promise<HoldingRow> {
  const [row] = await tx
    .insert(memberBenefits)
    .values({
      memberId,
      benefitId: b.id,
      kind: b.kind,
      source,
      grantedBy: extra.grantedBy ?? null,
      grantKey: extra.grantKey ?? null,
      obtainedAt: at,
      expiresAt: b.validDays ? new Date(at.getTime() + b.validDays * DAY_MS) : null,
    })
    .returning();
  return row!;
}

/** Claim inside an open transaction; the caller holds nothing yet. */
async function claimIn(tx: Tx, memberId: number, benefitId: number, source: 'claim' | 'value', at: Date) {
  await lockCredit(tx, memberId, at);
  const b = await benefitById(tx, benefitId);
  const refusal = claimRefusal(b, await memberState(tx, memberId, benefitId));
  if (refusal) refuse(refusal);
  if (b.stock !== null) {
    const taken = await tx
      .update(benefits)
      .set({ stock: sql`${benefits.stock} - 1`, updatedAt: at })
      .where(and(eq(benefits.id, b.id), gt(benefits.stock, 0)))
      .returning({ id: benefits.id });
    if (!taken[0]) refuse({ codeName: 'BENEFIT_OUT_OF_STOCK', msg: `「${b.name}」已被领完` });
  }
  let h = await insertHolding(tx, memberId, b, source, at);
  if (b.creditCost > 0) {
    const entry = await spend(tx, {
      memberId,
      amount: b.creditCost,
      source: CreditSource.values.BENEFIT,
      reason: `领取「${b.name}」`,
      idempotencyKey: `benefit-claim:${h.id}`,
      at: at.getTime(),
    });
    [h] = (await tx
      .update(memberBenefits)
      .set({ claimLedgerId: entry.ledgerId })
      .where(eq(memberBenefits.id, h.id))
      .returning()) as [HoldingRow];
  }
  return { h, b };
}

export async function claim(ctx: Ctx, memberId: number, benefitId: number): Promise<MemberBenefitData> {
  const at = new Date(ctx.now());
  const { h, b } = await ctx.db.transaction((tx: Tx) => claimIn(tx, memberId, benefitId, 'claim', at));
  return toMemberBenefit(h, b, at.getTime());
}

/**
 * Grant a benefit without cost, level or stock (campaigns, operators). With `key`, repeating the
 * grant returns the first holding and grants nothing more.
 */
export async function grant(
  ctx: Ctx,
  memberId: number,
  benefitId: number,
  opts: { by: string; key?: string },
): Promise<{ holding: MemberBenefitData; replayed: boolean }> {
  const now = ctx.now();
  const at = new Date(now);
  const b = await benefitById(ctx.db, benefitId);
  if (!b.active) refuse({ codeName: 'BENEFIT_UNAVAILABLE', msg: `「${b.name}」已下架，不能发放` });
  const replay = async () => {
    const [first] = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.grantKey, opts.key!)).limit(1);
    if (!first) return null;
    if (first.memberId !== memberId || first.benefitId !== benefitId)
      throw new Error(`grant key ${opts.key} was used for another member or benefit`);
    return { holding: toMemberBenefit(first, b, now), replayed: true };
  };
  if (opts.key) {
    const seen = await replay();
    if (seen) return seen;
  }
  try {
    const h = await insertHolding(ctx.db, memberId, b, 'grant', at, { grantedBy: opts.by, grantKey: opts.key });
    return { holding: toMemberBenefit(h, b, now), replayed: false };
  } catch (err) {
    if (opts.key && isUniqueViolation(err, 'member_benefits_grant_key_unique')) {
      const seen = await replay();
      if (seen) return seen;
    }
    throw err;
  }
}

/* ---- use ---- */

type UseRule = { ok: true; effect: BenefitEffectData } | { ok: false; refusal: Refusal };
const no = (codeName: CodeName, msg: string): UseRule => ({ ok: false, refusal: { codeName, msg } });

/** Coupon arithmetic: points off a cost; never below 1 point to pay. */
export function couponDiscount(b: Pick<BenefitRow, 'value' | 'couponUnit'>, cost: number): number {
  const off = b.couponUnit === 'percent' ? Math.floor((cost * b.value) / 100) : b.value;
  return Math.max(0, Math.min(off, cost - 1));
}

export function boostExtra(percent: number, points: number): number {
  return Math.max(1, Math.floor((points * percent) / 100));
}

/** May this holding (already the caller's) be used on this target now? */
async function usability(db: Executor, h: HoldingRow, b: BenefitRow, target: BenefitTargetData, now: number) {
  const st = statusOf(h, now);
  if (st === BenefitStatus.values.USED) return no('BENEFIT_USED', `这张「${b.name}」已经使用过了`);
  if (st === BenefitStatus.values.EXPIRED) return no('BENEFIT_EXPIRED', `这张「${b.name}」已过期`);
  const effect = emptyEffect();
  if (b.kind === K.BOOST || b.kind === K.EARLY_ACCESS) {
    if (target.type !== 'task') return no('BENEFIT_TARGET_INVALID', `「${b.name}」只能用于任务`);
    const [t] = await db.select().from(tasks).where(eq(tasks.id, target.id)).limit(1);
    if (!t) return no('BENEFIT_TARGET_INVALID', '任务不存在');
    if (t.status !== 'active' || (t.closeAt && t.closeAt.getTime() <= now))
      return no('BENEFIT_TARGET_INVALID', '该任务已结束，不能使用');
    const [done] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(
        and(
          eq(participations.taskId, t.id),
          eq(participations.memberId, h.memberId),
          eq(participations.status, 'finished'),
        ),
      )
      .limit(1);
    if (done) return no('BENEFIT_TARGET_INVALID', '你已参与过该任务，不能再使用');
    const [same] = await db
      .select({ id: memberBenefits.id })
      .from(memberBenefits)
      .where(
        and(
          eq(memberBenefits.memberId, h.memberId),
          eq(memberBenefits.kind, b.kind),
          eq(memberBenefits.status, 'used'),
          eq(memberBenefits.targetType, 'task'),
          eq(memberBenefits.targetId, t.id),
        ),
      )
      .limit(1);
    if (same) return no('BENEFIT_TARGET_INVALID', `该任务已使用过${kindLabel(b.kind)}`);
    if (b.kind === K.BOOST) {
      if (t.points <= 0) return no('BENEFIT_TARGET_INVALID', '该任务没有微豆奖励，不能使用加成卡');
      effect.extraPoints = boostExtra(b.value, t.points);
    } else {
      if (t.module !== TaskModule.values.SNAP) return no('BENEFIT_TARGET_INVALID', '抢答优先只能用于抢答任务');
      if (t.openAt.getTime() <= now) return no('BENEFIT_TARGET_INVALID', '该抢答任务已开始，无需提前');
      effect.earlyMinutes = b.value;
    }
    return { ok: true, effect } as UseRule;
  }
  if (b.kind === K.COUPON) {
    if (target.type !== 'exchange') return no('BENEFIT_TARGET_INVALID', '折扣券只能在兑换商品时使用');
    const [r] = await db.select().from(rewards).where(eq(rewards.id, target.id)).limit(1);
    if (!r || !r.active) return no('BENEFIT_TARGET_INVALID', '兑换商品不存在或已下架');
    if (b.minSpend !== null && r.pointsCost < b.minSpend)
      return no('COUPON_MIN_SPEND', `该券需商品满 ${b.minSpend} 微豆可用，「${r.title}」为 ${r.pointsCost} 微豆`);
    const off = couponDiscount(b, r.pointsCost);
    if (off <= 0) return no('BENEFIT_TARGET_INVALID', '该商品价格太低，无法再抵扣');
    effect.discount = off;
    effect.discountPoints = off;
    return { ok: true, effect } as UseRule;
  }
  // Lottery spins.
  if (target.type !== 'lottery' || target.id !== LUCKY_WHEEL_ID)
    return no('BENEFIT_TARGET_INVALID', '抽奖次数只能用于幸运大转盘');
  effect.spins = b.value;
  return { ok: true, effect } as UseRule;
}

async function holdingFor(db: Executor, memberId: number, id: number, lock: boolean) {
  const q = db
    .select({ h: memberBenefits, b: benefits })
    .from(memberBenefits)
    .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
    .where(eq(memberBenefits.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: memberBenefits }) : await q;
  // Another member's holding answers exactly like a missing one.
  if (!row || row.h.memberId !== memberId) throw new AppError('NOT_FOUND', '你没有这份权益');
  return row;
}

export async function check(
  ctx: Ctx,
  memberId: number,
  holdingId: number,
  target: BenefitTargetData,
): Promise<z.output<typeof BenefitCheck>> {
  const { h, b } = await holdingFor(ctx.db, memberId, holdingId, false);
  const rule = await usability(ctx.db, h, b, target, ctx.now());
  return rule.ok
    ? { usable: true, reason: null, effect: rule.effect }
    : { usable: false, reason: rule.refusal.msg, effect: null };
}

/** Mark a locked, checked holding used on a target. Boosts stay unapplied until their task credit. */
async function markUsed(
  tx: Executor,
  h: HoldingRow,
  b: BenefitRow,
  target: BenefitTargetData,
  effect: BenefitEffectData,
  now: number,
): Promise<HoldingRow> {
  const at = new Date(now);
  const applied = b.kind !== K.BOOST;
  try {
    const [row] = await tx
      .update(memberBenefits)
      .set({
        status: 'used',
        usedAt: at,
        targetType: target.type,
        targetId: target.id,
        appliedAt: applied ? at : null,
        effect: applied ? effect : null,
      })
      .where(
        and(
          eq(memberBenefits.id, h.id),
          eq(memberBenefits.status, 'unused'),
          or(isNull(memberBenefits.expiresAt), gt(memberBenefits.expiresAt, at)),
        ),
      )
      .returning();
    if (!row) return refuse({ codeName: 'BENEFIT_USED', msg: `这张「${b.name}」已经使用过了` });
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'member_benefits_one_per_target'))
      refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: `该对象已使用过${kindLabel(b.kind)}` });
    throw err;
  }
}

async function applyIn(tx: Tx, memberId: number, holdingId: number, target: BenefitTargetData, now: number) {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  if (b.kind === K.COUPON && statusOf(h, now) === BenefitStatus.values.UNUSED)
    refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: '折扣券请在兑换商品时选择使用' });
  const rule = await usability(tx, h, b, target, now);
  if (!rule.ok) return refuse(rule.refusal);
  const row = await markUsed(tx, h, b, target, rule.effect, now);
  return { h: row, b, effect: rule.effect };
}

export async function applyHolding(
  ctx: Ctx,
  memberId: number,
  body: { memberBenefitId: number; target: BenefitTargetData },
): Promise<z.output<typeof BenefitUsed>> {
  const now = ctx.now();
  const { h, b, effect } = await ctx.db.transaction((tx: Tx) =>
    applyIn(tx, memberId, body.memberBenefitId, body.target, now),
  );
  return { memberBenefit: toMemberBenefit(h, b, now), effect, credit: (await creditOf(ctx.db, memberId)).balance };
}

/** Spend credit on a benefit and use it at once (one transaction: nothing is spent if the use is refused). */
export async function applyWithCredit(
  ctx: Ctx,
  memberId: number,
  body: { benefitId: number; target: BenefitTargetData },
): Promise<z.output<typeof BenefitUsed>> {
  const now = ctx.now();
  const at = new Date(now);
  const done = await ctx.db.transaction(async (tx: Tx) => {
    const b = await benefitById(tx, body.benefitId);
    if (b.kind === K.COUPON)
      refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: '折扣券请先领取，再在兑换商品时选择使用' });
    const { h } = await claimIn(tx, memberId, body.benefitId, 'value', at);
    return applyIn(tx, memberId, h.id, body.target, now);
  });
  return {
    memberBenefit: toMemberBenefit(done.h, done.b, now),
    effect: done.effect,
    credit: (await creditOf(ctx.db, memberId)).balance,
  };
}

/* ---- coupons in redeem ---- */

/**
 * Inside the redeem transaction: lock the coupon, check it against the reward, and say how many
 * points it takes off. Refusals are AppErrors (the redeem rolls back).
 */
export async function couponForRedeem(
  tx: Executor,
  memberId: number,
  holdingId: number,
  rewardId: number,
  now: number,
): Promise<{ holdingId: number; discountPoints: number; effect: BenefitEffectData }> {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  if (b.kind !== K.COUPON) refuse({ codeName: 'BENEFIT_TARGET_INVALID', msg: `「${b.name}」不是兑换折扣券` });
  const rule = await usability(tx, h, b, { type: 'exchange', id: rewardId }, now);
  if (!rule.ok) return refuse(rule.refusal);
  return { holdingId: h.id, discountPoints: rule.effect.discountPoints!, effect: rule.effect };
}

/** Inside the redeem transaction, once the exchange exists: the coupon is used on it. */
export async function markCouponUsed(
  tx: Executor,
  memberId: number,
  holdingId: number,
  exchangeId: number,
  effect: BenefitEffectData,
  now: number,
): Promise<void> {
  const { h, b } = await holdingFor(tx, memberId, holdingId, true);
  await markUsed(tx, h, b, { type: 'exchange', id: exchangeId }, effect, now);
}

/** Inside a refunding exchange transition: the coupon used on it comes back (unused, same expiry). */
export async function returnCoupon(tx: Executor, exchangeId: number): Promise<number | null> {
  const [row] = await tx
    .update(memberBenefits)
    .set({ status: 'unused', usedAt: null, targetType: null, targetId: null, appliedAt: null, effect: null })
    .where(
      and(
        eq(memberBenefits.kind, K.COUPON),
        eq(memberBenefits.status, 'used'),
        eq(memberBenefits.targetType, 'exchange'),
        eq(memberBenefits.targetId, exchangeId),
      ),
    )
    .returning({ id: memberBenefits.id });
  return row?.id ?? null;
}

/* ---- effects read by other modules ---- */

/** Extra lucky-wheel spins the member got from benefits (the lottery subtracts what it has used). */
export async function benefitSpins(db: Executor, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum((${memberBenefits.effect} ->> 'spins')::int), 0)`.mapWith(Number) })
    .from(memberBenefits)
    .where(
      and(
        eq(memberBenefits.memberId, memberId),
        eq(memberBenefits.kind, K.LOTTERY_SPIN),
        eq(memberBenefits.status, 'used'),
        eq(memberBenefits.targetType, 'lottery'),
        eq(memberBenefits.targetId, LUCKY_WHEEL_ID),
      ),
    );
  return row?.n ?? 0;
}

/** Minutes before its opening this member may start a snap task (0 without an early-access card). */
export async function earlyAccessMinutes(db: Executor, memberId: number, taskId: number): Promise<number> {
  const [row] = await db
    .select({ effect: memberBenefits.effect })
    .from(memberBenefits)
    .where(
      and(
        eq(memberBenefits.memberId, memberId),
        eq(memberBenefits.kind, K.EARLY_ACCESS),
        eq(memberBenefits.status, 'used'),
        eq(memberBenefits.targetType, 'task'),
        eq(memberBenefits.targetId, taskId),
      ),
    )
    .limit(1);
  return (row?.effect as Partial<BenefitEffectData> | null)?.earlyMinutes ?? 0;
}
