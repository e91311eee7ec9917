/**
 * The lucky wheel's commands of `npm run ops` (scripts/ops.ts hands `lottery …` over): its prizes
 * (weight and stock; every weight change is a new prize-table version, which spins record) and the
 * daily seed commitments (server/modules/lottery/seeds.ts): listed, committed ahead, and ended
 * days revealed. A seed is never shown here before its day has ended, so nobody can predict a draw.
 */
import { totalWeight } from '../openapi/rules/lottery';
import { DAY_MS, shanghaiDay } from '../server/kernel/time';
import {
  addPrize,
  allPrizes,
  currentTable,
  setStock,
  setWeight,
  setWeights,
  type PrizeKind,
} from '../server/modules/lottery/prizes';
import { ensureCommitment, isRevealed, listCommitments, revealEnded } from '../server/modules/lottery/seeds';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const LOTTERY_HELP = `幸运大转盘 / lucky wheel
  lottery prizes                             奖品、权重、概率、库存（当前奖品表版本）
  lottery prize add --name N --kind points|benefit|reward|none --weight W [--points N] [--benefit ID]
                    [--reward ID] [--stock N] [--sort N]
                                             添加奖品（微豆奖品给 --points，权益奖品给 --benefit 权益 id，
                                             卡券/实物奖品给 --reward 兑换商品 id：中奖生成 0 微豆的兑换单，
                                             按兑换流程审核发放；商品库存和奖品库存都会扣减）
  lottery prize weight <id> <W>              修改权重（0 = 不再抽中），生成新的奖品表版本
  lottery prize weights <id>=<W> …           一次修改多个奖品的权重，只生成一个奖品表版本
  lottery prize stock <id> <N|unlimited>     设置库存（unlimited 不限量）
  lottery seeds [--limit N]                  每天的服务端种子承诺（哈希、公布时间、是否已公开）
  lottery seeds commit [--day YYYY-MM-DD]    提前生成某天的种子并公布哈希（默认明天；已有则不变）
  lottery seeds reveal                       公开所有已结束日期的种子（服务每 10 分钟也会做）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const KINDS: readonly PrizeKind[] = ['points', 'benefit', 'reward', 'none'];
const kindLabel: Record<string, string> = { points: '微豆', benefit: '权益', reward: '兑换商品', none: '谢谢参与' };
const rewardOf = (p: { kind: string; points: number | null; benefitId: number | null; rewardId: number | null }) =>
  p.kind === 'points'
    ? `${p.points} 微豆`
    : p.kind === 'benefit'
      ? `权益 #${p.benefitId}`
      : p.kind === 'reward'
        ? `商品 #${p.rewardId}`
        : '—';

async function printPrizes(t: ContentOpsTools) {
  const [prizes, table] = await Promise.all([allPrizes(t.ctx.db), currentTable(t.ctx.db)]);
  const total = totalWeight(table?.entries ?? []);
  for (const line of t.table(
    ['ID', '名称 Name', '类型 Kind', '奖励 Reward', '权重 Weight', '概率 Chance', '库存 Stock'],
    prizes.map((p) => [
      p.id,
      p.name,
      kindLabel[p.kind] ?? p.kind,
      rewardOf(p),
      p.weight,
      total > 0 ? `${((p.weight / total) * 100).toFixed(2)}%` : '—',
      p.kind === 'none' ? '—' : (p.stock ?? '不限'),
    ]),
  ))
    t.out(line);
  t.out(`奖品表版本 / table version: ${table?.version ?? '（无）'}，总权重 ${total}`);
}

async function prize(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  const [sub, idText, n] = args;
  if (sub === 'add') {
    const kind = str(values.kind) as PrizeKind | undefined;
    if (!kind || !KINDS.includes(kind)) t.usage('--kind 应为 points、benefit、reward 或 none');
    const name = str(values.name) ?? t.usage('请用 --name 给出奖品名称');
    const weight = t.optInt('--weight', str(values.weight), 0) ?? t.usage('请用 --weight 给出权重');
    const { prize: p, table } = await addPrize(t.ctx, {
      name,
      kind: kind!,
      weight,
      points:
        kind === 'points'
          ? (t.optInt('--points', str(values.points), 1) ?? t.usage('微豆奖品请给出 --points'))
          : undefined,
      benefitId:
        kind === 'benefit'
          ? (t.optInt('--benefit', str(values.benefit), 1) ?? t.usage('权益奖品请给出 --benefit'))
          : undefined,
      rewardId:
        kind === 'reward'
          ? (t.optInt('--reward', str(values.reward), 1) ?? t.usage('卡券/实物奖品请给出 --reward 兑换商品 id'))
          : undefined,
      stock: t.optInt('--stock', str(values.stock), 0) ?? null,
      sort: t.optInt('--sort', str(values.sort), 0),
    });
    t.out(`✓ 已添加奖品 #${p.id}「${p.name}」，奖品表版本 ${table.version}`);
    return;
  }
  if (sub === 'weights') {
    const pairs = args.slice(1).map((a) => /^(\d+)=(\d+)$/.exec(a) ?? t.usage(`「${a}」应为 <id>=<权重>`));
    if (!pairs.length) t.usage('用法 / usage: lottery prize weights <id>=<W> …');
    const table = await setWeights(t.ctx, new Map(pairs.map((m) => [Number(m[1]), Number(m[2])])));
    t.out(`✓ 已修改 ${pairs.length} 个奖品的权重，奖品表版本 ${table.version}`);
    return;
  }
  const id = t.optInt('<id>', idText, 1) ?? t.usage('用法 / usage: lottery prize weight|stock <id> <n>');
  if (sub === 'weight') {
    const w = t.optInt('<W>', n, 0) ?? t.usage('请给出权重');
    const { prize: p, table } = await setWeight(t.ctx, id, w);
    t.out(`✓ 「${p.name}」权重 ${p.weight}，奖品表版本 ${table.version}`);
    return;
  }
  if (sub === 'stock') {
    const stock = n === 'unlimited' ? null : (t.optInt('<N>', n, 0) ?? t.usage('请给出库存数或 unlimited'));
    const p = await setStock(t.ctx, id, stock);
    t.out(`✓ 「${p.name}」库存 ${p.stock ?? '不限'}`);
    return;
  }
  t.usage('用法 / usage: lottery prize add|weight|stock …');
}

async function seeds(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  const now = t.ctx.now();
  if (args[0] === 'commit') {
    const day = str(values.day) ?? shanghaiDay(now + DAY_MS);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) t.usage('--day 应为 YYYY-MM-DD');
    if (day < shanghaiDay(now)) t.usage('不能为已过去的日期生成种子');
    const row = await ensureCommitment(t.ctx.db, day, now);
    t.out(`✓ ${day} 的种子哈希 ${row.seedHash}（公布于 ${t.time(row.createdAt)}）`);
    return;
  }
  if (args[0] === 'reveal') {
    t.out(`✓ 已公开 ${await revealEnded(t.ctx.db, now)} 天的种子（只公开已结束的日期）`);
    return;
  }
  if (args[0] !== undefined) t.usage('用法 / usage: lottery seeds [commit [--day D] | reveal]');
  for (const line of t.table(
    ['日期 Day', '哈希 SHA-256', '公布 Committed', '种子 Seed'],
    (await listCommitments(t.ctx.db, t.limit)).map((r) => [
      r.day,
      r.seedHash,
      t.time(r.createdAt),
      isRevealed(r.day, now) ? r.seed : '（当天结束后公开）',
    ]),
  ))
    t.out(line);
}

export async function runLotteryOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'lottery') return false;
  switch (args[0]) {
    case 'prizes':
      await printPrizes(t);
      return true;
    case 'prize':
      await prize(args.slice(1), values, t);
      return true;
    case 'seeds':
      await seeds(args.slice(1), values, t);
      return true;
    default:
      t.usage('用法 / usage: lottery prizes | lottery prize … | lottery seeds …');
  }
  return true;
}
