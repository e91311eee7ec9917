/**
 * Exchanges, rewards, card codes and a member's ledger in `npm run ops` (scripts/ops.ts hands these
 * commands over): every move goes through the exchange module's own services
 * (server/modules/exchange), so the state machine, the ledger and stock rules hold for operators
 * exactly as for the API; every transition is recorded with the operator's name.
 */
import { ExchangeState, ExchangeType, SnsPlatform } from '../openapi/enums';
import { minQualityLabel } from '../openapi/rules/quality';
import {
  addReward,
  exchangeForOperator,
  listAllRewards,
  listExchangesForOperator,
  loadCodes,
  memberLedger,
  parseCodes,
  setRewardMinQualityLevel,
  setStock,
} from '../server/modules/exchange/admin';
import { applyAction, type ActionOutcome } from '../server/modules/exchange/lifecycle';
import type { ExchangeContext } from '../server/modules/exchange/redeem';
import { actionsFrom, stateLabel, TRANSITIONS, type ExchangeAction } from '../server/modules/exchange/states';
import { displayWidth, int, optInt, pad, shanghaiTime, table, usage, UsageError } from './ops-cli';
import type { ContentOpsValues } from './ops-content';
import { parseQualityLevel } from './ops-tasks';

export const EXCHANGE_HELP = `兑换单 / exchanges
  exchanges list [--state S] [--limit N]     兑换单列表（S: pending|to-issue|issued|revoked|rejected|failed 或 0–5）
  exchange show <id>                         一个兑换单的全部信息与状态历史
  approve <id> [--reason R]                  审核通过 → 待发放（虚拟商品随即自动发放卡密）
  reject <id> --reason R                     驳回（退还微豆、恢复库存；原因会展示给会员）
  issue <id> [--ref R | --tracking T]        发放：现金填打款流水号 --ref，实物填快递单号 --tracking，虚拟自动取卡密
  fail <id> --reason R                       标记发放失败（退还微豆、恢复库存）
  revoke <id> --reason R                     撤销待审核或待发放的兑换单（退还微豆、恢复库存）

商品 / rewards
  rewards list                               全部商品（含已下架）
  reward add --type cash|virtual|physical --title T --points N [--face 元] [--stock N]
             [--limit-total N] [--limit-daily N] [--min-level N] [--min-quality 等级] [--identity]
             [--image URL]... [--description D] [--sort N] [--inactive]
                                             --min-level 是权益等级；--min-quality 是答题质量等级
                                             （0 不限；1 待提升；2 良好；3 优秀，也可写名称）
  reward stock <id> <n>                      设置库存（虚拟商品不能超过可用卡密）
  reward quality <id> <等级>                 设置兑换所需的最低答题质量等级（0–3 或名称）
  codes load <rewardId> <file>               导入卡密（每行一个；# 开头为注释；重复的跳过），库存随之增加

会员 / members
  ledger <mobile|memberId> [--limit N]       会员的微豆余额与最近流水`;

/** What the exchange commands use of the CLI. */
export interface ExchangeOpsTools {
  ctx: ExchangeContext;
  out: (line: string) => void;
  operator: () => string;
  readFile: (file: string) => string;
  limit: number;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const typeLabel = (t: number) => ExchangeType.labels[t as 1 | 2 | 3] ?? String(t);

const STATE_NAMES: Record<string, number> = {
  pending: ExchangeState.values.PENDING_REVIEW,
  issued: ExchangeState.values.ISSUED,
  'to-issue': ExchangeState.values.TO_BE_ISSUED,
  revoked: ExchangeState.values.REVOKED,
  rejected: ExchangeState.values.REJECTED,
  failed: ExchangeState.values.ISSUING_FAILED,
};

function parseState(text: string): number {
  const t = text.trim();
  if (/^[0-5]$/.test(t)) return Number(t);
  if (t in STATE_NAMES) return STATE_NAMES[t]!;
  const byLabel = ExchangeState.list.find((v) => ExchangeState.labels[v] === t);
  if (byLabel !== undefined) return byLabel;
  throw new UsageError(`未知的状态 / unknown state: ${text}（pending|to-issue|issued|revoked|rejected|failed 或 0–5）`);
}

const TYPE_NAMES: Record<string, 1 | 2 | 3> = { cash: 1, virtual: 2, physical: 3, '1': 1, '2': 2, '3': 3 };

/** `9.9` yuan → 990 fen. */
function yuanToFen(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim()))
    throw new UsageError(`--face 是元，最多两位小数 / yuan, e.g. 9.90: ${text}`);
  const [whole, frac = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function printOutcome(t: ExchangeOpsTools, id: number, outcome: ActionOutcome) {
  const e = outcome.exchange;
  for (const a of outcome.applied) {
    t.out(`✓ 兑换单 ${id} ${TRANSITIONS[a].label} → ${stateLabel(TRANSITIONS[a].to)}  (${a})`);
  }
  if (outcome.refundLedgerId !== null)
    t.out(`  已退还 ${e.points} 微豆（流水 #${outcome.refundLedgerId}），库存 +1 / refunded, stock returned`);
  if (outcome.waitingForCode)
    t.out(`  卡密已发完：兑换单保持「待发放」。导入卡密后运行 issue ${id} / no code left; load codes, then issue`);
  if (e.transferRef) t.out(`  打款流水号 / transfer ref: ${e.transferRef}`);
  if (e.trackingNo) t.out(`  快递单号 / tracking no: ${e.trackingNo}`);
}

async function showExchange(t: ExchangeOpsTools, id: number) {
  const x = await exchangeForOperator(t.ctx.db, id);
  const r = x.record;
  const e = x.raw;
  const kv: [string, string][] = [
    ['兑换单 Exchange', `#${r.id}  ${r.stateLabel} (${r.state})`],
    ['会员 Member', `#${x.member.id} ${x.member.nickname} ${x.member.mobile ?? '(无手机)'}  余额 ${x.balance} 微豆`],
    ['实名 Identity', x.identity ? `${x.identity.realName} ${x.identity.idNumberMasked}` : '未实名 / not verified'],
    ['商品 Reward', `#${r.rewardId} ${r.title}（${typeLabel(r.type)}，面值 ${yuan(r.faceValue)}）`],
    [
      '微豆 Points',
      // A lucky-wheel prize's order (0 微豆) has no debit.
      e.debitLedgerId === null
        ? `0（幸运大转盘奖品，无扣款）`
        : `${r.points}（扣款流水 #${e.debitLedgerId}${e.refundLedgerId ? `，退款流水 #${e.refundLedgerId}` : ''}）`,
    ],
    ['请求编号 Key', e.requestKey],
    ['兑换时间 Created', shanghaiTime(e.createdAt)],
  ];
  if (e.payout)
    kv.push([
      '收款账号 Payout',
      `${SnsPlatform.labels[e.payout.platform]} ${e.payout.nickname ?? ''} openid=${e.payout.openId}`,
    ]);
  if (e.shipping)
    kv.push([
      '收货地址 Ship to',
      `${e.shipping.name} ${e.shipping.mobile} ${e.shipping.regionName} ${e.shipping.address}`,
    ]);
  if (x.code) kv.push(['卡密 Code', x.code]);
  if (e.transferRef) kv.push(['打款流水号 Ref', e.transferRef]);
  if (e.trackingNo) kv.push(['快递单号 Tracking', e.trackingNo]);
  if (e.reason) kv.push(['原因 Reason', e.reason]);
  const next = actionsFrom(e.state);
  kv.push(['可执行 Next', next.length ? next.join(', ') : '无（终态）/ none (final)']);
  const w = Math.max(...kv.map(([k]) => displayWidth(k)));
  for (const [k, v] of kv) t.out(`${pad(k, w)}  ${v}`);
  t.out('');
  t.out('状态历史 / history');
  for (const line of table(
    ['时间 At', '从 From', '到 To', '操作方 Actor', '说明 Reason'],
    x.events.map((ev) => [
      shanghaiTime(ev.createdAt),
      ev.fromState === null ? '（提交）' : stateLabel(ev.fromState),
      stateLabel(ev.toState),
      ev.actorType === 'member' ? `会员 #${ev.actorName}` : ev.actorType === 'system' ? '系统' : ev.actorName,
      ev.reason,
    ]),
  ))
    t.out(line);
}

async function transition(
  t: ExchangeOpsTools,
  action: ExchangeAction,
  idText: string | undefined,
  values: { reason?: string; ref?: string; tracking?: string },
  operator: string,
) {
  const id = int('兑换单 id / exchange id', idText, { min: 1 });
  if (TRANSITIONS[action].reasonRequired && !values.reason?.trim())
    throw new UsageError(`${action} 需要 --reason（会展示给会员）/ ${action} needs --reason (shown to the member)`);
  const outcome = await applyAction(t.ctx, id, action, {
    actor: { type: 'operator', name: operator },
    reason: values.reason,
    transferRef: values.ref,
    trackingNo: values.tracking,
  });
  printOutcome(t, id, outcome);
}

/** Runs an exchange, reward, codes or ledger command; false when `command` is none of them. */
export async function runExchangeOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ExchangeOpsTools,
): Promise<boolean> {
  const v = values as {
    state?: string;
    reason?: string;
    ref?: string;
    tracking?: string;
    type?: string;
    title?: string;
    points?: string;
    face?: string;
    stock?: string;
    'limit-total'?: string;
    'limit-daily'?: string;
    'min-level'?: string;
    'min-quality'?: string;
    identity?: boolean;
    image?: string[];
    description?: string;
    sort?: string;
    inactive?: boolean;
  };
  switch (command) {
    case 'exchanges': {
      if (args[0] !== 'list') throw new UsageError('用法 / usage: exchanges list [--state S] [--limit N]');
      const state = v.state === undefined ? undefined : parseState(v.state);
      const { rows, total } = await listExchangesForOperator(t.ctx.db, { state, limit: t.limit });
      for (const line of table(
        [
          '编号 ID',
          '会员 Member',
          '手机 Mobile',
          '类型 Type',
          '商品 Reward',
          '微豆 Points',
          '状态 State',
          '兑换时间 Created',
        ],
        rows.map((r) => [
          r.id,
          `#${r.memberId} ${r.nickname}`,
          r.mobile,
          typeLabel(r.type),
          r.title,
          r.points,
          stateLabel(r.state),
          shanghaiTime(r.createdAt),
        ]),
      ))
        t.out(line);
      t.out(`共 ${total} 条，显示 ${rows.length} 条 / ${total} in all, ${rows.length} shown`);
      return true;
    }
    case 'exchange': {
      if (args[0] !== 'show') throw new UsageError('用法 / usage: exchange show <id>');
      await showExchange(t, int('兑换单 id / exchange id', args[1], { min: 1 }));
      return true;
    }
    case 'approve':
    case 'reject':
    case 'issue':
    case 'fail':
    case 'revoke':
      await transition(t, command, args[0], v, t.operator());
      return true;
    case 'rewards': {
      if (args[0] !== undefined && args[0] !== 'list') throw new UsageError('用法 / usage: rewards list');
      printRewards(t, await listAllRewards(t.ctx.db));
      return true;
    }
    case 'reward': {
      if (args[0] === 'add') {
        t.operator();
        const type = v.type === undefined ? undefined : TYPE_NAMES[v.type];
        if (!type) throw new UsageError('--type 必须是 cash、virtual 或 physical / must be cash, virtual or physical');
        if (!v.title) throw new UsageError('缺少 --title / missing --title');
        const pointsCost = int('--points', v.points, { min: 1 });
        const faceValue = v.face !== undefined ? yuanToFen(v.face) : type === ExchangeType.values.CASH ? pointsCost : 0;
        const row = await addReward(t.ctx, {
          type,
          title: v.title,
          pointsCost,
          faceValue,
          stock: optInt('--stock', v.stock) ?? 0,
          limitTotal: optInt('--limit-total', v['limit-total'], 1) ?? null,
          limitDaily: optInt('--limit-daily', v['limit-daily'], 1) ?? null,
          minLevel: optInt('--min-level', v['min-level']) ?? 0,
          minQualityLevel: v['min-quality'] === undefined ? 0 : parseQualityLevel(v['min-quality'], usage),
          requireIdentity: v.identity ?? false,
          images: v.image ?? [],
          description: v.description ?? '',
          sort: optInt('--sort', v.sort, -1_000_000) ?? 0,
          active: !v.inactive,
        });
        t.out(
          `✓ 已新增商品 #${row.id} ${row.title}（${typeLabel(row.type)}，${row.pointsCost} 微豆，库存 ${row.stock}）`,
        );
        if (row.type === ExchangeType.values.VIRTUAL)
          t.out(`  虚拟商品的库存来自卡密：npm run ops -- codes load ${row.id} <file>`);
        return true;
      }
      if (args[0] === 'stock') {
        const id = int('商品 id / reward id', args[1], { min: 1 });
        const n = int('库存 / stock', args[2], { min: 0 });
        const row = await setStock(t.ctx, id, n);
        t.out(`✓ 商品 #${row.id} ${row.title} 库存 → ${row.stock}`);
        return true;
      }
      if (args[0] === 'quality') {
        const id = int('商品 id / reward id', args[1], { min: 1 });
        if (args[2] === undefined) throw new UsageError('用法 / usage: reward quality <id> <等级 0–3>');
        const row = await setRewardMinQualityLevel(t.ctx, id, parseQualityLevel(args[2], usage));
        t.out(`✓ 商品 #${row.id} ${row.title} 答题质量要求 → ${minQualityLabel(row.minQualityLevel)}`);
        return true;
      }
      throw new UsageError('用法 / usage: reward add … | reward stock <id> <n> | reward quality <id> <等级>');
    }
    case 'codes': {
      if (args[0] !== 'load' || args.length !== 3) throw new UsageError('用法 / usage: codes load <rewardId> <file>');
      const rewardId = int('商品 id / reward id', args[1], { min: 1 });
      const read = t.readFile;
      let text: string;
      try {
        text = read(args[2]!);
      } catch (err) {
        throw new UsageError(`读不到文件 / cannot read ${args[2]}: ${(err as Error).message}`);
      }
      const r = await loadCodes(t.ctx, rewardId, parseCodes(text), t.operator());
      t.out(`✓ 导入卡密 ${r.loaded} 张，重复跳过 ${r.duplicates} 张；商品 #${rewardId} 库存 → ${r.stock}`);
      if (r.waitingToIssue.length)
        t.out(`  待发放的兑换单 / waiting for a code: ${r.waitingToIssue.join(', ')}（运行 issue <id> 发放）`);
      return true;
    }
    case 'ledger': {
      if (!args[0]) throw new UsageError('用法 / usage: ledger <mobile|memberId> [--limit N]');
      const { member, balance, history } = await memberLedger(t.ctx.db, args[0], t.limit);
      t.out(`会员 #${member.id} ${member.nickname} ${member.mobile ?? ''}  余额 / balance: ${balance} 微豆`);
      for (const line of table(
        ['流水 ID', '时间 At', '变动 Amount', '余额 After', '原因 Reason', '说明 Description', '状态 Status'],
        history.list.map((h) => [
          h.id,
          shanghaiTime(h.createdAt),
          h.amount > 0 ? `+${h.amount}` : h.amount,
          h.balanceAfter,
          h.reasonLabel,
          h.description,
          h.status === 'posted' ? '已入账' : '待入账',
        ]),
      ))
        t.out(line);
      t.out(`共 ${history.total} 条，显示 ${history.list.length} 条 / ${history.total} in all`);
      return true;
    }
    default:
      return false;
  }
}

function printRewards(t: ExchangeOpsTools, rows: Awaited<ReturnType<typeof listAllRewards>>) {
  for (const line of table(
    ['编号 ID', '类型 Type', '商品 Reward', '微豆 Points', '面值 Face', '库存 Stock', '限兑 Limits', '状态 Active'],
    rows.map((r) => [
      r.id,
      typeLabel(r.type),
      r.title,
      r.pointsCost,
      yuan(r.faceValue),
      r.stock,
      [
        r.limitTotal ? `共${r.limitTotal}` : '',
        r.limitDaily ? `日${r.limitDaily}` : '',
        r.minLevel ? `Lv${r.minLevel}` : '',
        r.minQualityLevel ? `答题质量${minQualityLabel(r.minQualityLevel)}` : '',
      ]
        .filter(Boolean)
        .join(' ') || '不限',
      r.active ? '上架' : '下架',
    ]),
  ))
    t.out(line);
}
