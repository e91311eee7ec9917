/**
 * The benefit commands of `npm run ops` (scripts/ops.ts hands them over): list and define benefits,
 * grant one to a member, show a member's holdings and credit. Everything goes through
 * server/modules/benefits and server/modules/credits, so the rules hold for operators too.
 */
import { BenefitKind, BenefitStatus } from '../openapi/enums';
import { addBenefit, listAllBenefits, memberHoldings, type BenefitInput } from '../server/modules/benefits/admin';
import { grant } from '../server/modules/benefits/service';
import { creditOf, levelOf } from '../server/modules/credits/ledger';
import { findMember } from '../server/modules/exchange/admin';
import type { ExchangeContext } from '../server/modules/exchange/redeem';

export const BENEFIT_HELP = `权益 / benefits
  benefits list                              全部权益定义（含已下架）与已发出的份数
  benefit add --kind boost|coupon|spins|early --name N --value V
             [--unit fen|percent] [--min-spend N] [--cost N] [--min-level N] [--valid-days N]
             [--stock N] [--per-member N] [--description D] [--rules R] [--sort N] [--inactive]
                                             新增权益：加成卡 V=百分比；折扣券 V=分或百分比（--unit）；抽奖 V=次数；抢答优先 V=分钟
  grant-benefit <mobile|memberId> <benefitId> [--key K]
                                             发放一份权益（不扣权益值、不占库存）；同一 --key 只发一次
  holdings <mobile|memberId> [--limit N]     会员的权益值、等级与持有的权益`;

const KINDS: Record<string, BenefitInput['kind']> = { boost: 1, coupon: 2, spins: 3, early: 4 };
const STATUS_LABEL: Record<number, string> = BenefitStatus.labels;

export interface BenefitOpsTools {
  ctx: ExchangeContext;
  out: (line: string) => void;
  /** Throws the CLI's usage error. */
  usage: (msg: string) => never;
  optInt: (name: string, text: string | undefined, min?: number) => number | undefined;
  table: (headers: string[], rows: (string | number | null)[][]) => string[];
  time: (at: Date | number) => string;
  operator: () => string;
  limit: number;
}

export type BenefitOpsValues = Partial<Record<string, string | boolean | string[] | undefined>>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function valueText(kind: number, value: number, unit: string | null): string {
  if (kind === 1) return `+${value}%`;
  if (kind === 2) return unit === 'percent' ? `${value}% off` : `减 ${value} 微豆`;
  if (kind === 3) return `${value} 次`;
  return `提前 ${value} 分钟`;
}

/** Runs one benefit command; returns false when `command` is not one of them. */
export async function runBenefitOps(
  command: string,
  args: string[],
  values: BenefitOpsValues,
  t: BenefitOpsTools,
): Promise<boolean> {
  switch (command) {
    case 'benefits': {
      if (args[0] !== 'list') t.usage('用法 / usage: benefits list');
      const rows = await listAllBenefits(t.ctx);
      for (const line of t.table(
        [
          '编号 ID',
          '类型 Kind',
          '名称 Name',
          '效果 Effect',
          '权益值 Cost',
          '等级 Level',
          '库存 Stock',
          '已发 Held',
          '状态',
        ],
        rows.map(({ b, held }) => [
          b.id,
          BenefitKind.labels[b.kind as 1 | 2 | 3 | 4] ?? String(b.kind),
          b.name,
          valueText(b.kind, b.value, b.couponUnit) + (b.minSpend ? `（满 ${b.minSpend}）` : ''),
          b.creditCost,
          b.minLevel ? `Lv${b.minLevel}` : '-',
          b.stock ?? '不限',
          held,
          b.active ? '上架' : '下架',
        ]),
      ))
        t.out(line);
      return true;
    }
    case 'benefit': {
      if (args[0] !== 'add') t.usage('用法 / usage: benefit add --kind K --name N --value V …');
      const kind = KINDS[str(values.kind) ?? ''];
      if (!kind) t.usage('--kind 应为 boost、coupon、spins 或 early');
      const name = str(values.name);
      if (!name) t.usage('请用 --name 给出名称');
      const unit = str(values.unit);
      if (unit !== undefined && unit !== 'fen' && unit !== 'percent') t.usage('--unit 应为 fen 或 percent');
      const row = await addBenefit(t.ctx, {
        kind: kind!,
        name: name!,
        value: t.optInt('--value', str(values.value), 1) ?? t.usage('请用 --value 给出效果数值'),
        couponUnit: (unit as 'fen' | 'percent' | undefined) ?? null,
        minSpend: t.optInt('--min-spend', str(values['min-spend'])) ?? null,
        creditCost: t.optInt('--cost', str(values.cost)) ?? 0,
        minLevel: t.optInt('--min-level', str(values['min-level'])) ?? 0,
        validDays: t.optInt('--valid-days', str(values['valid-days']), 1) ?? null,
        stock: t.optInt('--stock', str(values.stock)) ?? null,
        limitPerMember: t.optInt('--per-member', str(values['per-member']), 1) ?? null,
        description: str(values.description),
        rules: str(values.rules),
        sort: t.optInt('--sort', str(values.sort)) ?? 0,
        active: values.inactive !== true,
      });
      t.out(`✓ 已新增权益 #${row.id}「${row.name}」/ benefit added`);
      return true;
    }
    case 'grant-benefit': {
      const [who, idText] = args;
      if (!who || !idText) t.usage('用法 / usage: grant-benefit <mobile|memberId> <benefitId> [--key K]');
      const benefitId = t.optInt('benefitId', idText, 1)!;
      const member = await findMember(t.ctx.db, who!);
      const by = t.operator();
      const r = await grant(t.ctx, member.id, benefitId, { by, key: str(values.key) });
      const h = r.holding;
      t.out(
        r.replayed
          ? `= 该 --key 已发放过，未重复发放 / already granted with this key: 持有记录 #${h.id}`
          : `✓ 已向会员 #${member.id} ${member.nickname} 发放「${h.name}」，持有记录 #${h.id}` +
              (h.expiresAt ? `，有效期至 ${t.time(h.expiresAt)}` : '，长期有效'),
      );
      return true;
    }
    case 'holdings': {
      if (!args[0]) t.usage('用法 / usage: holdings <mobile|memberId> [--limit N]');
      const member = await findMember(t.ctx.db, args[0]);
      const value = await creditOf(t.ctx.db, member.id);
      const { current } = levelOf(value.totalEarned);
      t.out(
        `会员 #${member.id} ${member.nickname}  权益值 / credit: ${value.balance}（累计 ${value.totalEarned}）  等级 / level: ${current.level} ${current.name}`,
      );
      const { rows, total } = await memberHoldings(t.ctx, member.id, t.limit);
      for (const line of t.table(
        ['持有 ID', '权益 Benefit', '来源 Source', '获得 Obtained', '到期 Expires', '状态 Status', '用于 Used on'],
        rows.map((r) => [
          r.h.id,
          r.name,
          r.h.source === 'grant' ? `发放(${r.h.grantedBy ?? ''})` : r.h.source === 'value' ? '权益值直用' : '领取',
          t.time(r.h.obtainedAt),
          r.h.expiresAt ? t.time(r.h.expiresAt) : '长期',
          STATUS_LABEL[r.status] ?? String(r.status),
          r.h.targetType ? `${r.h.targetType} #${r.h.targetId}` : null,
        ]),
      ))
        t.out(line);
      t.out(`共 ${total} 份，显示 ${rows.length} 份 / ${total} in all`);
      return true;
    }
    default:
      return false;
  }
}
