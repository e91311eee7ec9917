/**
 * Demo benefits (权益) for a fresh `npm start` (SEED_DEMO): one of each kind, some free, some for
 * credit, one with a level. Seeded once, while the benefits table is empty, under an advisory lock
 * so two servers starting on one PostgreSQL seed once.
 */
import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { benefits } from '../db/schema-benefits';
import type { BenefitInput } from '../modules/benefits/admin';

/** Arbitrary constant: the advisory lock that serialises benefit seeding across processes. */
const SEED_LOCK = 7_201_143_415;

export const DEMO_BENEFITS: (BenefitInput & { description: string; rules: string })[] = [
  {
    kind: 1,
    name: '10% 微豆加成卡',
    description: '用在一个任务上，完成并入账时额外多得 10% 微豆',
    rules:
      '在任务详情页选择使用，绑定到该任务。\n该任务有效完成并入账时，额外发放任务微豆的 10%（至少 1 微豆）。\n被甄别、配额已满或超时，加成卡自动退回。\n每个任务只能使用一张加成卡。',
    value: 10,
    creditCost: 0,
    validDays: 7,
    limitPerMember: 1,
    sort: 10,
  },
  {
    kind: 1,
    name: '30% 微豆加成卡',
    description: '用在一个任务上，完成并入账时额外多得 30% 微豆',
    rules:
      '在任务详情页选择使用，绑定到该任务。\n该任务有效完成并入账时，额外发放任务微豆的 30%（至少 1 微豆）。\n被甄别、配额已满或超时，加成卡自动退回。',
    value: 30,
    creditCost: 50,
    validDays: 14,
    sort: 20,
  },
  {
    kind: 2,
    name: '满 1000 减 100 兑换券',
    description: '兑换满 1000 微豆的商品时少扣 100 微豆',
    rules:
      '兑换商品时选择使用，商品价格满 1000 微豆可用。\n兑换被驳回、撤销或发放失败时，券会退回（有效期不变）。\n每次兑换限用一张。',
    value: 100,
    couponUnit: 'fen',
    minSpend: 1000,
    creditCost: 30,
    validDays: 30,
    stock: 500,
    sort: 30,
  },
  {
    kind: 2,
    name: '兑换九折券',
    description: '兑换任意商品少扣 10% 微豆',
    rules:
      '兑换商品时选择使用，按商品微豆价格的 10% 抵扣（向下取整）。\n需权益等级达到 1 级（青铜会员）。\n兑换被驳回、撤销或发放失败时，券会退回。',
    value: 10,
    couponUnit: 'percent',
    creditCost: 80,
    minLevel: 1,
    validDays: 30,
    sort: 40,
  },
  {
    kind: 3,
    name: '幸运大转盘 +1 次',
    description: '幸运大转盘多抽一次',
    rules: '使用后幸运大转盘的可抽次数加 1。\n领取后 3 天内有效，过期作废。',
    value: 1,
    creditCost: 10,
    validDays: 3,
    sort: 50,
  },
  {
    kind: 4,
    name: '抢答优先 5 分钟',
    description: '用在一个抢答任务上，开放前 5 分钟即可参与',
    rules:
      '在尚未开放的抢答任务详情页选择使用。\n使用后可比其他会员提前 5 分钟参与该任务。\n需权益等级达到 2 级（白银会员）。',
    value: 5,
    creditCost: 60,
    minLevel: 2,
    validDays: 14,
    sort: 60,
  },
];

/** Seed the demo benefits when there are none. Returns how many it created. */
export async function seedDemoBenefits(ctx: AppContext): Promise<number> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(benefits);
    if (Number(existing?.n ?? 0) > 0) return 0;
    const rows = DEMO_BENEFITS.map((d) => ({
      kind: d.kind,
      name: d.name,
      description: d.description,
      rules: d.rules,
      value: d.value,
      couponUnit: d.couponUnit ?? null,
      minSpend: d.minSpend ?? null,
      creditCost: d.creditCost ?? 0,
      minLevel: d.minLevel ?? 0,
      validDays: d.validDays ?? null,
      stock: d.stock ?? null,
      limitPerMember: d.limitPerMember ?? null,
      sort: d.sort ?? 0,
      createdAt: at,
      updatedAt: at,
    }));
    await tx.insert(benefits).values(rows);
    return rows.length;
  });
}
