/**
 * `npm run ops -- <command>`: the operator's console — the harness (arguments, the operator's name,
 * usage, exit codes) handing each command to its domain's file: exchanges, rewards, codes and a
 * member's ledger in ops-exchange.ts, benefits in ops-benefits.ts, site messages in ops-messages.ts,
 * notices, banners, events and app releases in ops-content.ts, and so on (ops-*.ts), against the
 * same database as the server (DATA_DIR's embedded PGlite, or DATABASE_URL). Every command goes
 * through the server's own services, so the rules hold for operators exactly as for the API.
 *
 * Exit codes: 0 done; 1 refused (the reason is printed); 2 wrong usage; 3 could not run (database).
 * `runOps(argv, deps)` is the whole CLI without the process around it (tests call it in-process).
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { createDatabase } from '../server/db';
import { createUploadTarget } from '../server/providers/oss';
import { isAppError } from '../server/http/errors';
import type { ExchangeContext } from '../server/modules/exchange/redeem';
import { BENEFIT_HELP, runBenefitOps } from './ops-benefits';
import { optInt, shanghaiTime, table, UsageError } from './ops-cli';
import { EXCHANGE_HELP, runExchangeOps } from './ops-exchange';
import { MESSAGE_HELP, runMessageOps } from './ops-messages';
import { CONTENT_HELP, runContentOps } from './ops-content';
import { HELP_CENTRE_HELP, runHelpOps } from './ops-help';
import { FEEDBACK_HELP, runFeedbackOps } from './ops-feedback';
import { RANKING_HELP, runRankingOps } from './ops-ranking';
import { COURSE_HELP, runCourseOps } from './ops-course';
import { APPRAISE_HELP, runAppraiseOps } from './ops-appraise';
import { QUALITY_HELP, runQualityOps } from './ops-quality';
import { runSiteOps, SITE_HELP } from './ops-site';
import { runTaskOps, TASK_HELP } from './ops-tasks';
import { RECRUIT_HELP, runRecruitOps } from './ops-recruit';
import { LOTTERY_HELP, runLotteryOps } from './ops-lottery';
import { PRIZE_HELP, runPrizeOps } from './ops-prize';
import { CAMPAIGN_HELP, runCampaignOps } from './ops-campaign';
import { FORUM_HELP, runForumOps } from './ops-forum';
import { runStaffOps, STAFF_HELP } from './ops-staff';
import { sql } from 'drizzle-orm';
import { mayDo, type Permission } from '../openapi/rules/staff';
import type { Database } from '../server/db';
import { AppError } from '../server/http/errors';
import { appendAudit, type AuditActor, type AuditEntry } from '../server/kernel/audit';
import { countStaff, findStaff, rolesOf } from '../server/modules/staff/accounts';
import { loadOrCreateTotpKey } from '../server/modules/staff/totp';

export interface OpsDeps {
  /** The database and clock; with the upload target and config, `feedback show` signs screenshot links. */
  ctx: ExchangeContext & Partial<Pick<AppContext, 'uploads' | 'config' | 'staffTotpKey'>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** For $USER. */
  env: Record<string, string | undefined>;
  readFile?: (file: string) => string;
}

export const EXIT = { OK: 0, REFUSED: 1, USAGE: 2, FAILED: 3 } as const;

const HELP = `微豆调研运营工具 / weidou operator console

用法 / usage: npm run ops -- <command> [options]

${EXCHANGE_HELP}

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

${STAFF_HELP}

通用 / common
  --staff LOGIN     以哪个员工账号操作（或环境变量 OPS_STAFF）：权限与管理后台相同，每次改动写入审计日志
  --operator NAME   记录在状态历史中的操作人（默认该员工的显示名）

数据库与服务器相同：DATA_DIR（内置 PGlite）或 DATABASE_URL。内置数据库同时只能被一个进程打开，
使用内置数据库时请先停止服务器；或设置 DATABASE_URL 使用 PostgreSQL，可与服务器同时运行。
The CLI uses the server's database. The embedded PGlite allows one process: stop the server first,
or use PostgreSQL (DATABASE_URL), which both can share.`;

/* ---- arguments ---- */

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
  // staff (scripts/ops-staff.ts)
  staff: { type: 'string' },
  role: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The permission each command needs (openapi/rules/staff.ts); any command not named: content.publish. */
const COMMAND_PERMISSIONS: Record<string, Permission> = {
  exchange: 'exchange.review',
  exchanges: 'exchange.review',
  approve: 'exchange.review',
  reject: 'exchange.review',
  issue: 'exchange.review',
  fail: 'exchange.review',
  revoke: 'exchange.review',
  ledger: 'member.read',
  holdings: 'member.read',
  'grant-benefit': 'balance.adjust',
  message: 'member.message',
  feedback: 'feedback.desk',
  site: 'site.manage',
  staff: 'staff.manage',
  audit: 'audit.read',
};
export const commandPermission = (command: string): Permission => COMMAND_PERMISSIONS[command] ?? 'content.publish';

/** The staff account a command acts as; the first admin's bootstrap when there is none yet. */
async function actingStaff(
  db: OpsDeps['ctx']['db'],
  login: string,
  command: string,
  args: string[],
): Promise<AuditActor & { name: string }> {
  if (!login) {
    if (command === 'staff' && args[0] === 'add' && (await countStaff(db)) === 0)
      return { staffId: null, login: 'bootstrap', name: '初始化', roles: [], channel: 'cli' };
    throw new UsageError(
      '请用 --staff <登录名>（或环境变量 OPS_STAFF）指定以哪个员工账号操作 / give --staff or OPS_STAFF',
    );
  }
  const row = await findStaff(db, login.toLowerCase());
  if (!row || row.state !== 'active')
    throw new UsageError(`没有启用的员工账号 ${login} / no active staff account ${login}（npm run ops -- staff list）`);
  return { staffId: row.id, login: row.login, name: row.name, roles: rolesOf(row), channel: 'cli' };
}

/** Did this transaction write anything? (PostgreSQL gives a transaction an id at its first write.) */
async function wroteSomething(tx: OpsDeps['ctx']['db']): Promise<boolean> {
  const rows = (await tx.execute(sql`SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS wrote`)) as unknown as
    { rows: { wrote: boolean }[] } | { wrote: boolean }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  return Boolean(list[0]?.wrote);
}

type Values = ReturnType<
  typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>
>['values'];

export async function runOps(argv: string[], deps: OpsDeps): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...args] = positionals;
    // `help` alone is this usage; `help list|publish|unpublish` are the help centre's commands.
    if (!command || values.help || (command === 'help' && args.length === 0)) {
      deps.out(HELP);
      return command || values.help ? EXIT.OK : EXIT.USAGE;
    }
    const actor = await actingStaff(deps.ctx.db, (values.staff ?? deps.env.OPS_STAFF ?? '').trim(), command, args);
    if (actor.staffId !== null && !mayDo(actor.roles as never, commandPermission(command)))
      throw new AppError(
        'STAFF_FORBIDDEN',
        `无权限：${actor.login} 的角色（${actor.roles.join(',') || '无'}）不能执行 ${command}`,
      );
    const staffTotpKey =
      deps.ctx.staffTotpKey ?? (await loadOrCreateTotpKey(deps.ctx.db as Database, deps.ctx.config?.staffTotpKey));
    const operator = (values.operator ?? actor.name).trim();
    const needOperator = () => {
      if (!operator) throw new UsageError('请用 --operator 给出操作人 / give --operator (or set $USER)');
      if (operator.length > 64) throw new UsageError('--operator 最多 64 个字符 / at most 64 characters');
      return operator;
    };
    const limit = optInt('--limit', values.limit, 1) ?? 50;
    // The command and its audit rows commit together, or neither does.
    let broken = false;
    const done = await deps.ctx.db.transaction(async (tx) => {
      const notes: AuditEntry[] = [];
      const tools = {
        ctx: { ...deps.ctx, db: tx, staffTotpKey },
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
        actorId: actor.staffId,
        audit: (e: AuditEntry) => notes.push(e),
        broken: (line: string) => {
          deps.out(line);
          broken = true;
        },
      };
      const ran = await runCommand(command, args, values, tools);
      if (ran && !notes.length && (await wroteSomething(tx)))
        notes.push({
          operation: `ops ${[command, ...args.slice(0, 1)].join(' ')}`,
          targetId: args[1] ?? args[0] ?? null,
          after: { args, options: Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'staff')) },
          reason: typeof values.reason === 'string' ? values.reason : null,
        });
      for (const note of notes) await appendAudit(tx, actor, note, new Date(deps.ctx.now()));
      return ran;
    });
    if (!done) throw new UsageError(`未知命令 / unknown command: ${command}（npm run ops -- help）`);
    return broken ? EXIT.REFUSED : EXIT.OK;
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

type Tools = Parameters<typeof runExchangeOps>[3] & Parameters<typeof runStaffOps>[3];

/** Hand the command to its domain's file (ops-*.ts); false when none knows it. */
async function runCommand(command: string, args: string[], values: Values, tools: Tools): Promise<boolean> {
  const runners = [
    runExchangeOps,
    runBenefitOps,
    runMessageOps,
    runContentOps,
    runHelpOps,
    runFeedbackOps,
    runRankingOps,
    runCourseOps,
    runAppraiseOps,
    runQualityOps,
    runSiteOps,
    runTaskOps,
    runRecruitOps,
    runLotteryOps,
    runPrizeOps,
    runCampaignOps,
    runForumOps,
    runStaffOps,
  ] as ((command: string, args: string[], values: Values, tools: Tools) => Promise<boolean>)[];
  for (const run of runners) if (await run(command, args, values, tools)) return true;
  return false;
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
