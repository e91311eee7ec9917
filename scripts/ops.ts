/**
 * `npm run ops -- <command>`: the operator's console for exchanges (benefits in ops-benefits.ts;
 * site messages in ops-messages.ts; notices, banners, events and app releases in ops-content.ts;
 * feedback tickets in ops-feedback.ts; the help centre's articles in ops-help.ts; the ranking and
 * its answering tips in ops-ranking.ts; the newcomer course and its quiz bank in ops-course.ts; the
 * monthly best in ops-appraise.ts),
 * against the same database as the server (DATA_DIR's embedded PGlite, or DATABASE_URL). Every
 * command goes through the server's own services (server/modules/exchange, …), so the state machine, the ledger and stock rules hold
 * for operators exactly as for the API; every transition is recorded with the operator's name.
 *
 * Exit codes: 0 done; 1 refused (the reason is printed); 2 wrong usage; 3 could not run (database).
 * `runOps(argv, deps)` is the whole CLI without the process around it (tests call it in-process).
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ExchangeState, ExchangeType, SnsPlatform } from '../openapi/enums';
import { ConfigError, loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { createDatabase } from '../server/db';
import { createUploadTarget } from '../server/providers/oss';
import { isAppError } from '../server/http/errors';
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
import { BENEFIT_HELP, runBenefitOps } from './ops-benefits';
import { MESSAGE_HELP, runMessageOps } from './ops-messages';
import { CONTENT_HELP, runContentOps } from './ops-content';
import { HELP_CENTRE_HELP, runHelpOps } from './ops-help';
import { FEEDBACK_HELP, runFeedbackOps } from './ops-feedback';
import { RANKING_HELP, runRankingOps } from './ops-ranking';
import { COURSE_HELP, runCourseOps } from './ops-course';
import { APPRAISE_HELP, runAppraiseOps } from './ops-appraise';
import { QUALITY_HELP, runQualityOps } from './ops-quality';
import { runSiteOps, SITE_HELP } from './ops-site';
import { minQualityLabel } from '../openapi/rules/quality';
import { parseQualityLevel, runTaskOps, TASK_HELP } from './ops-tasks';
import { RECRUIT_HELP, runRecruitOps } from './ops-recruit';
import { LOTTERY_HELP, runLotteryOps } from './ops-lottery';
import { PRIZE_HELP, runPrizeOps } from './ops-prize';
import { CAMPAIGN_HELP, runCampaignOps } from './ops-campaign';
import { FORUM_HELP, runForumOps } from './ops-forum';

export interface OpsDeps {
  /** The database and clock; with the upload target and config, `feedback show` signs screenshot links. */
  ctx: ExchangeContext & Partial<Pick<AppContext, 'uploads' | 'config'>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** For $USER. */
  env: Record<string, string | undefined>;
  readFile?: (file: string) => string;
}

export const EXIT = { OK: 0, REFUSED: 1, USAGE: 2, FAILED: 3 } as const;

class UsageError extends Error {}

const usage = (msg: string): never => {
  throw new UsageError(msg);
};

const HELP = `微豆调研运营工具 / weidou operator console

用法 / usage: npm run ops -- <command> [options]

兑换单 / exchanges
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
  ledger <mobile|memberId> [--limit N]       会员的微豆余额与最近流水

${BENEFIT_HELP}

${MESSAGE_HELP}
${CONTENT_HELP}

${HELP_CENTRE_HELP}

${RANKING_HELP}

${FEEDBACK_HELP}

${COURSE_HELP}

${APPRAISE_HELP}

${QUALITY_HELP}

${SITE_HELP}

${TASK_HELP}

${RECRUIT_HELP}

${LOTTERY_HELP}

${PRIZE_HELP}

${CAMPAIGN_HELP}

${FORUM_HELP}

通用 / common
  --operator NAME   记录在状态历史中的操作人（默认 $USER）

数据库与服务器相同：DATA_DIR（内置 PGlite）或 DATABASE_URL。内置数据库同时只能被一个进程打开，
使用内置数据库时请先停止服务器；或设置 DATABASE_URL 使用 PostgreSQL，可与服务器同时运行。
The CLI uses the server's database. The embedded PGlite allows one process: stop the server first,
or use PostgreSQL (DATABASE_URL), which both can share.`;

/* ---- output ---- */

/** Terminal columns of a string: CJK and full-width characters take two. */
function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x20000 && c <= 0x3fffd);
    w += wide ? 2 : 1;
  }
  return w;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

export function table(headers: string[], rows: (string | number | null)[][]): string[] {
  const cells = rows.map((r) => r.map((c) => (c === null ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => pad(c, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)];
}

/** Beijing time, minutes. */
export function shanghaiTime(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const typeLabel = (t: number) => ExchangeType.labels[t as 1 | 2 | 3] ?? String(t);

/* ---- arguments ---- */

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

function int(name: string, text: string | undefined, opts: { min?: number } = {}): number {
  if (text === undefined) throw new UsageError(`缺少 ${name} / missing ${name}`);
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${name} 必须是整数 / must be an integer: ${text}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || (opts.min !== undefined && n < opts.min))
    throw new UsageError(`${name} 必须是不小于 ${opts.min} 的整数 / must be an integer ≥ ${opts.min}: ${text}`);
  return n;
}

const optInt = (name: string, text: string | undefined, min = 0) =>
  text === undefined ? undefined : int(name, text, { min });

/** `9.9` yuan → 990 fen. */
function yuanToFen(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim()))
    throw new UsageError(`--face 是元，最多两位小数 / yuan, e.g. 9.90: ${text}`);
  const [whole, frac = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const OPTIONS = {
  state: { type: 'string' },
  limit: { type: 'string' },
  reason: { type: 'string' },
  ref: { type: 'string' },
  tracking: { type: 'string' },
  operator: { type: 'string' },
  type: { type: 'string' },
  title: { type: 'string' },
  points: { type: 'string' },
  face: { type: 'string' },
  stock: { type: 'string' },
  'limit-total': { type: 'string' },
  'limit-daily': { type: 'string' },
  'min-level': { type: 'string' },
  'min-quality': { type: 'string' },
  identity: { type: 'boolean' },
  image: { type: 'string', multiple: true },
  description: { type: 'string' },
  sort: { type: 'string' },
  inactive: { type: 'boolean' },
  // benefits (scripts/ops-benefits.ts)
  kind: { type: 'string' },
  name: { type: 'string' },
  value: { type: 'string' },
  unit: { type: 'string' },
  'min-spend': { type: 'string' },
  cost: { type: 'string' },
  'valid-days': { type: 'string' },
  'per-member': { type: 'string' },
  rules: { type: 'string' },
  key: { type: 'string' },
  // messages (scripts/ops-messages.ts) and content (scripts/ops-content.ts)
  member: { type: 'string' },
  members: { type: 'string' },
  all: { type: 'boolean' },
  content: { type: 'string' },
  link: { type: 'string' },
  button: { type: 'string' },
  start: { type: 'string' },
  slug: { type: 'string' },
  end: { type: 'string' },
  file: { type: 'string' },
  summary: { type: 'string' },
  pin: { type: 'boolean' },
  placement: { type: 'string' },
  platform: { type: 'string' },
  'mobile-image': { type: 'string' },
  order: { type: 'string' },
  version: { type: 'string' },
  url: { type: 'string' },
  size: { type: 'string' },
  notes: { type: 'string' },
  // help centre (scripts/ops-help.ts)
  category: { type: 'string' },
  hot: { type: 'boolean' },
  // feedback (scripts/ops-feedback.ts)
  as: { type: 'string' },
  note: { type: 'string' },
  // campus recruitment (scripts/ops-recruit.ts)
  message: { type: 'string' },
  ask: { type: 'string' },
  answer: { type: 'string' },
  // newcomer course and quiz (scripts/ops-course.ts)
  minutes: { type: 'string' },
  lesson: { type: 'string' },
  stem: { type: 'string' },
  option: { type: 'string', multiple: true },
  correct: { type: 'string' },
  explanation: { type: 'string' },
  pass: { type: 'string' },
  reward: { type: 'string' },
  // monthly best (scripts/ops-appraise.ts)
  month: { type: 'string' },
  // answer-quality levels (scripts/ops-quality.ts)
  level: { type: 'string' },
  'min-answers': { type: 'string' },
  'min-rate': { type: 'string' },
  // the lucky wheel (scripts/ops-lottery.ts)
  weight: { type: 'string' },
  benefit: { type: 'string' },
  day: { type: 'string' },
  // prize trials (scripts/ops-prize.ts)
  units: { type: 'string' },
  province: { type: 'string' },
  screener: { type: 'string' },
  report: { type: 'string' },
  'report-points': { type: 'string' },
  // who runs the site (scripts/ops-site.ts)
  company: { type: 'string' },
  icp: { type: 'string' },
  psb: { type: 'string' },
  'support-email': { type: 'string' },
  'business-email': { type: 'string' },
  'privacy-email': { type: 'string' },
  // seasonal campaigns (scripts/ops-campaign.ts)
  theme: { type: 'string' },
  'per-task': { type: 'string' },
  'per-checkin': { type: 'string' },
  // the discussion-group forum (scripts/ops-forum.ts)
  task: { type: 'string' },
  section: { type: 'string', multiple: true },
  moderator: { type: 'string' },
  intro: { type: 'string' },
  required: { type: 'boolean' },
  'see-after-posting': { type: 'boolean' },
  'required-topics': { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/* ---- commands ---- */

function printOutcome(deps: OpsDeps, id: number, outcome: ActionOutcome) {
  const e = outcome.exchange;
  for (const a of outcome.applied) {
    deps.out(`✓ 兑换单 ${id} ${TRANSITIONS[a].label} → ${stateLabel(TRANSITIONS[a].to)}  (${a})`);
  }
  if (outcome.refundLedgerId !== null)
    deps.out(`  已退还 ${e.points} 微豆（流水 #${outcome.refundLedgerId}），库存 +1 / refunded, stock returned`);
  if (outcome.waitingForCode)
    deps.out(`  卡密已发完：兑换单保持「待发放」。导入卡密后运行 issue ${id} / no code left; load codes, then issue`);
  if (e.transferRef) deps.out(`  打款流水号 / transfer ref: ${e.transferRef}`);
  if (e.trackingNo) deps.out(`  快递单号 / tracking no: ${e.trackingNo}`);
}

async function showExchange(deps: OpsDeps, id: number) {
  const x = await exchangeForOperator(deps.ctx.db, id);
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
  for (const [k, v] of kv) deps.out(`${pad(k, w)}  ${v}`);
  deps.out('');
  deps.out('状态历史 / history');
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
    deps.out(line);
}

async function transition(
  deps: OpsDeps,
  action: ExchangeAction,
  idText: string | undefined,
  values: { reason?: string; ref?: string; tracking?: string },
  operator: string,
) {
  const id = int('兑换单 id / exchange id', idText, { min: 1 });
  if (TRANSITIONS[action].reasonRequired && !values.reason?.trim())
    throw new UsageError(`${action} 需要 --reason（会展示给会员）/ ${action} needs --reason (shown to the member)`);
  const outcome = await applyAction(deps.ctx, id, action, {
    actor: { type: 'operator', name: operator },
    reason: values.reason,
    transferRef: values.ref,
    trackingNo: values.tracking,
  });
  printOutcome(deps, id, outcome);
}

export async function runOps(argv: string[], deps: OpsDeps): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...args] = positionals;
    // `help` alone is this usage; `help list|publish|unpublish` are the help centre's commands.
    if (!command || values.help || (command === 'help' && args.length === 0)) {
      deps.out(HELP);
      return command || values.help ? EXIT.OK : EXIT.USAGE;
    }
    const operator = (values.operator ?? deps.env.USER ?? '').trim();
    const needOperator = () => {
      if (!operator) throw new UsageError('请用 --operator 给出操作人 / give --operator (or set $USER)');
      if (operator.length > 64) throw new UsageError('--operator 最多 64 个字符 / at most 64 characters');
      return operator;
    };
    const limit = optInt('--limit', values.limit, 1) ?? 50;

    switch (command) {
      case 'exchanges': {
        if (args[0] !== 'list') throw new UsageError('用法 / usage: exchanges list [--state S] [--limit N]');
        const state = values.state === undefined ? undefined : parseState(values.state);
        const { rows, total } = await listExchangesForOperator(deps.ctx.db, { state, limit });
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
          deps.out(line);
        deps.out(`共 ${total} 条，显示 ${rows.length} 条 / ${total} in all, ${rows.length} shown`);
        return EXIT.OK;
      }
      case 'exchange': {
        if (args[0] !== 'show') throw new UsageError('用法 / usage: exchange show <id>');
        await showExchange(deps, int('兑换单 id / exchange id', args[1], { min: 1 }));
        return EXIT.OK;
      }
      case 'approve':
      case 'reject':
      case 'issue':
      case 'fail':
      case 'revoke':
        await transition(deps, command, args[0], values, needOperator());
        return EXIT.OK;
      case 'rewards': {
        if (args[0] !== undefined && args[0] !== 'list') throw new UsageError('用法 / usage: rewards list');
        printRewards(deps, await listAllRewards(deps.ctx.db));
        return EXIT.OK;
      }
      case 'reward': {
        if (args[0] === 'add') {
          needOperator();
          const type = values.type === undefined ? undefined : TYPE_NAMES[values.type];
          if (!type)
            throw new UsageError('--type 必须是 cash、virtual 或 physical / must be cash, virtual or physical');
          if (!values.title) throw new UsageError('缺少 --title / missing --title');
          const pointsCost = int('--points', values.points, { min: 1 });
          const faceValue =
            values.face !== undefined ? yuanToFen(values.face) : type === ExchangeType.values.CASH ? pointsCost : 0;
          const row = await addReward(deps.ctx, {
            type,
            title: values.title,
            pointsCost,
            faceValue,
            stock: optInt('--stock', values.stock) ?? 0,
            limitTotal: optInt('--limit-total', values['limit-total'], 1) ?? null,
            limitDaily: optInt('--limit-daily', values['limit-daily'], 1) ?? null,
            minLevel: optInt('--min-level', values['min-level']) ?? 0,
            minQualityLevel: values['min-quality'] === undefined ? 0 : parseQualityLevel(values['min-quality'], usage),
            requireIdentity: values.identity ?? false,
            images: values.image ?? [],
            description: values.description ?? '',
            sort: optInt('--sort', values.sort, -1_000_000) ?? 0,
            active: !values.inactive,
          });
          deps.out(
            `✓ 已新增商品 #${row.id} ${row.title}（${typeLabel(row.type)}，${row.pointsCost} 微豆，库存 ${row.stock}）`,
          );
          if (row.type === ExchangeType.values.VIRTUAL)
            deps.out(`  虚拟商品的库存来自卡密：npm run ops -- codes load ${row.id} <file>`);
          return EXIT.OK;
        }
        if (args[0] === 'stock') {
          const id = int('商品 id / reward id', args[1], { min: 1 });
          const n = int('库存 / stock', args[2], { min: 0 });
          const row = await setStock(deps.ctx, id, n);
          deps.out(`✓ 商品 #${row.id} ${row.title} 库存 → ${row.stock}`);
          return EXIT.OK;
        }
        if (args[0] === 'quality') {
          const id = int('商品 id / reward id', args[1], { min: 1 });
          if (args[2] === undefined) throw new UsageError('用法 / usage: reward quality <id> <等级 0–3>');
          const row = await setRewardMinQualityLevel(deps.ctx, id, parseQualityLevel(args[2], usage));
          deps.out(`✓ 商品 #${row.id} ${row.title} 答题质量要求 → ${minQualityLabel(row.minQualityLevel)}`);
          return EXIT.OK;
        }
        throw new UsageError('用法 / usage: reward add … | reward stock <id> <n> | reward quality <id> <等级>');
      }
      case 'codes': {
        if (args[0] !== 'load' || args.length !== 3) throw new UsageError('用法 / usage: codes load <rewardId> <file>');
        const rewardId = int('商品 id / reward id', args[1], { min: 1 });
        const read = deps.readFile ?? ((f: string) => readFileSync(f, 'utf8'));
        let text: string;
        try {
          text = read(args[2]!);
        } catch (err) {
          throw new UsageError(`读不到文件 / cannot read ${args[2]}: ${(err as Error).message}`);
        }
        const r = await loadCodes(deps.ctx, rewardId, parseCodes(text), needOperator());
        deps.out(`✓ 导入卡密 ${r.loaded} 张，重复跳过 ${r.duplicates} 张；商品 #${rewardId} 库存 → ${r.stock}`);
        if (r.waitingToIssue.length)
          deps.out(`  待发放的兑换单 / waiting for a code: ${r.waitingToIssue.join(', ')}（运行 issue <id> 发放）`);
        return EXIT.OK;
      }
      case 'ledger': {
        if (!args[0]) throw new UsageError('用法 / usage: ledger <mobile|memberId> [--limit N]');
        const { member, balance, history } = await memberLedger(deps.ctx.db, args[0], limit);
        deps.out(`会员 #${member.id} ${member.nickname} ${member.mobile ?? ''}  余额 / balance: ${balance} 微豆`);
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
          deps.out(line);
        deps.out(`共 ${history.total} 条，显示 ${history.list.length} 条 / ${history.total} in all`);
        return EXIT.OK;
      }
      default: {
        const tools = {
          ctx: deps.ctx,
          out: deps.out,
          usage: (msg: string): never => {
            throw new UsageError(msg);
          },
          optInt,
          table,
          time: shanghaiTime,
          operator: needOperator,
          readFile: deps.readFile ?? ((f: string) => readFileSync(f, 'utf8')),
          limit,
        };
        if (await runBenefitOps(command, args, values, tools)) return EXIT.OK;
        if (await runMessageOps(command, args, values, tools)) return EXIT.OK;
        if (await runContentOps(command, args, values, tools)) return EXIT.OK;
        if (await runHelpOps(command, args, values, tools)) return EXIT.OK;
        if (await runFeedbackOps(command, args, values, tools)) return EXIT.OK;
        if (await runRankingOps(command, args, values, tools)) return EXIT.OK;
        if (await runCourseOps(command, args, values, tools)) return EXIT.OK;
        if (await runAppraiseOps(command, args, values, tools)) return EXIT.OK;
        if (await runQualityOps(command, args, values, tools)) return EXIT.OK;
        if (await runSiteOps(command, args, values, tools)) return EXIT.OK;
        if (await runTaskOps(command, args, values, tools)) return EXIT.OK;
        if (await runRecruitOps(command, args, values, tools)) return EXIT.OK;
        if (await runLotteryOps(command, args, values, tools)) return EXIT.OK;
        if (await runPrizeOps(command, args, values, tools)) return EXIT.OK;
        if (await runCampaignOps(command, args, values, tools)) return EXIT.OK;
        if (await runForumOps(command, args, values, tools)) return EXIT.OK;
        throw new UsageError(`未知命令 / unknown command: ${command}（npm run ops -- help）`);
      }
    }
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      deps.err(`用法错误 / usage: ${err.message}`);
      return EXIT.USAGE;
    }
    if (isAppError(err)) {
      deps.err(`✗ 拒绝 / refused (${err.code} ${err.codeName}): ${err.message}`);
      return EXIT.REFUSED;
    }
    throw err;
  }
}

function printRewards(deps: OpsDeps, rows: Awaited<ReturnType<typeof listAllRewards>>) {
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
    deps.out(line);
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return EXIT.FAILED;
    }
    throw err;
  }
  let handle;
  try {
    handle = await createDatabase(config);
  } catch (err) {
    console.error(`无法打开数据库 / cannot open the database: ${(err as Error).message}`);
    if (!config.databaseUrl)
      console.error('使用内置数据库时请先停止服务器，或设置 DATABASE_URL / stop the server first, or set DATABASE_URL');
    return EXIT.FAILED;
  }
  try {
    return await runOps(process.argv.slice(2), {
      ctx: { db: handle.db, now: Date.now, config, uploads: await createUploadTarget(config, handle.db) },
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      env: process.env,
    });
  } catch (err) {
    console.error(`出错了 / failed: ${(err as Error).stack ?? String(err)}`);
    return EXIT.FAILED;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(EXIT.FAILED);
    },
  );
}
