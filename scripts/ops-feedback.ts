/**
 * The feedback commands of `npm run ops` (scripts/ops.ts hands them over): the operators' queue,
 * one ticket whole, and the staff moves — take, process, reply (ask / answer), close — plus one
 * auto-confirmation round now. Everything goes through server/modules/feedback, so every move is
 * one row of FEEDBACK_MOVES, recorded with the staff name given by `--as` (members see that name
 * on replies), and a reply or a closing writes the member's message in the same transaction.
 */
import { FeedbackCategory, FeedbackState } from '../openapi/enums';
import { canMove, FEEDBACK_MOVES, type FeedbackMove } from '../openapi/rules/feedback';
import type { AppContext } from '../server/context';
import { MOVE_WORDS, stateLabel, type Moved } from '../server/modules/feedback/moves';
import {
  autoConfirmDue,
  closeTicket,
  listForOperator,
  processTicket,
  staffReply,
  takeTicket,
  ticketForOperator,
} from '../server/modules/feedback/staff';
import { deadlinesOf, oneLine } from '../server/modules/feedback/view';
import { signedGetUrl } from '../server/providers/oss';
import type { BenefitOpsTools, BenefitOpsValues } from './ops-benefits';

export const FEEDBACK_HELP = `反馈 / feedback tickets
  feedback list [--state N] [--limit N]      待处理的反馈（N: 0–5 或 待受理、待处理…；默认 0–4 未结束的），按状态、等待时长排列
  feedback show <id>                         一条反馈：会员、关联记录、截图、对话与状态历史
  feedback take <id> --as 客服名             受理：待受理 → 待处理
  feedback process <id> --as 客服名 --note 说明
                                             开始处理：待处理 → 处理中（说明会展示给会员）
  feedback reply <id> --as 客服名 (--ask 文字 | --answer 文字)
                                             回复会员：--ask 请会员补充 → 待反馈；--answer 答复 → 待确认；会员收到站内消息
  feedback close <id> --as 客服名 --reason 原因
                                             关闭 → 已确认（如重复反馈）；原因展示给会员并发站内消息
  feedback auto-confirm                      立即执行一轮自动确认：待确认超过 7 天的 → 已确认
  --as 是展示给会员的客服名（如「客服小林」），记录在状态历史中`;

/** What the feedback commands need beyond the other tools: the upload target, to sign screenshot links. */
export type FeedbackOpsTools = Pick<BenefitOpsTools, 'out' | 'usage' | 'table' | 'time' | 'limit'> & {
  ctx: BenefitOpsTools['ctx'] & Partial<Pick<AppContext, 'uploads' | 'config'>>;
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const categoryLabel = (c: number) => FeedbackCategory.labels[c as keyof typeof FeedbackCategory.labels] ?? String(c);

/** `3 天 2 小时`, `5 小时 10 分`, `12 分钟`. */
export function waited(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} 天 ${hours} 小时`;
  if (hours > 0) return `${hours} 小时 ${minutes % 60} 分`;
  return `${minutes} 分钟`;
}

function parseState(text: string, t: FeedbackOpsTools): number {
  const v = text.trim();
  if (/^[0-5]$/.test(v)) return Number(v);
  const byLabel = FeedbackState.list.find((s) => FeedbackState.labels[s] === v);
  if (byLabel === undefined)
    t.usage(`--state 应为 0–5 或 ${FeedbackState.list.map((s) => FeedbackState.labels[s]).join('、')}：${text}`);
  return byLabel!;
}

/** The ticket id argument, or the usage error. */
function ticketId(t: FeedbackOpsTools, idText: string | undefined, usage: string): number {
  const id = Number(idText);
  if (!idText || !/^\d+$/.test(idText) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    t.usage(`用法 / usage: ${usage}`);
  return id;
}

/** The ticket id and the `--as` name of a staff move, or the usage error. */
function staffArgs(t: FeedbackOpsTools, idText: string | undefined, values: BenefitOpsValues, usage: string) {
  const id = ticketId(t, idText, usage);
  const staff = str(values.as)?.trim();
  if (!staff) t.usage(`请用 --as 给出客服名（会展示给会员，如「客服小林」）/ give --as. 用法 / usage: ${usage}`);
  return { id, staff: staff! };
}

/** Words a staff move needs (`--note`, `--reason`), shown to the member; or the usage error. */
function requiredText(t: FeedbackOpsTools, values: BenefitOpsValues, name: string, what: string, usage: string) {
  const text = str(values[name]);
  if (!text?.trim()) t.usage(`请用 --${name} 写${what}（会展示给会员）。用法 / usage: ${usage}`);
  return text!;
}

const staffMoves = (state: number) =>
  (Object.keys(FEEDBACK_MOVES) as FeedbackMove[]).filter((m) => FEEDBACK_MOVES[m].by === 'staff' && canMove(m, state));

function printMoved(t: FeedbackOpsTools, m: Moved, move: FeedbackMove, extra = '') {
  t.out(
    `✓ 反馈 #${m.ticket.id} ${MOVE_WORDS[move].verb}：${stateLabel(m.from)} → ${stateLabel(m.ticket.state)}${extra}  (${move})`,
  );
}

async function show(t: FeedbackOpsTools, id: number) {
  const now = t.ctx.now();
  const x = await ticketForOperator(t.ctx.db, id, now);
  const tk = x.ticket;
  const { autoConfirmAt, reopenUntil } = deadlinesOf(tk);
  const link = (key: string) => {
    if (!t.ctx.uploads) return key;
    const url = signedGetUrl(t.ctx.uploads, key, now);
    return `${key}\n      ${url.startsWith('/') ? (t.ctx.config?.publicOrigin ?? '') : ''}${url}`;
  };
  const next = staffMoves(tk.state);
  const kv: [string, string][] = [
    ['反馈 Ticket', `#${tk.id}  ${stateLabel(tk.state)} (${tk.state})  ${categoryLabel(tk.category)}`],
    ['会员 Member', `#${x.member.id} ${x.member.nickname} ${x.member.mobile ?? '(无手机)'}`],
    ['客服 Operator', tk.operator ?? '（未受理）'],
    ['关联记录 Record', x.record ? `${x.record.title}：${x.record.detail}（${x.record.kind} #${x.record.id}）` : '无'],
    ['提交 Created', t.time(tk.createdAt)],
    ['状态起始 Since', `${t.time(tk.stateChangedAt)}（已 ${waited(now - tk.stateChangedAt.getTime())}）`],
  ];
  if (autoConfirmAt !== null) kv.push(['自动确认 Auto', t.time(autoConfirmAt)]);
  if (reopenUntil !== null) kv.push(['可重开至 Reopen', t.time(reopenUntil)]);
  if (tk.rating !== null)
    kv.push(['评价 Rating', `${'★'.repeat(tk.rating)}${'☆'.repeat(5 - tk.rating)} ${tk.ratingComment ?? ''}`]);
  kv.push(['可执行 Next', next.length ? next.join(', ') : '无（等待会员或已确认）/ none']);
  for (const line of t.table(['项目 Field', '内容 Value'], kv)) t.out(line);
  t.out('');
  t.out('问题描述 / description');
  for (const line of tk.content.split('\n')) t.out(`  ${line}`);
  for (const key of tk.images) t.out(`  截图 ${link(key)}`);
  t.out('');
  t.out(`对话 / thread（${x.posts.length} 条）`);
  for (const p of x.posts) {
    t.out(`  [${t.time(p.createdAt)}] ${p.author === 'staff' ? (p.staffName ?? '客服') : '会员'}：`);
    for (const line of p.content.split('\n')) t.out(`    ${line}`);
    for (const key of p.images) t.out(`    截图 ${link(key)}`);
  }
  t.out('');
  t.out('状态历史 / history');
  for (const line of t.table(
    ['时间 At', '从 From', '到 To', '操作方 Actor', '说明 Reason'],
    x.moves.map((m) => [
      t.time(m.createdAt),
      m.fromState === null ? '（提交）' : stateLabel(m.fromState),
      stateLabel(m.toState),
      m.actor === 'member' ? '会员' : m.actor === 'system' ? '系统' : (m.actorName ?? '客服'),
      m.reason,
    ]),
  ))
    t.out(line);
}

/** Runs one feedback command; returns false when `command` is not one of them. */
export async function runFeedbackOps(
  command: string,
  args: string[],
  values: BenefitOpsValues,
  t: FeedbackOpsTools,
): Promise<boolean> {
  if (command !== 'feedback') return false;
  const [sub, idText] = args;
  switch (sub) {
    case 'list': {
      const state = str(values.state) === undefined ? undefined : parseState(str(values.state)!, t);
      const now = t.ctx.now();
      const { rows, byState } = await listForOperator(t.ctx.db, { state, limit: t.limit });
      for (const line of t.table(
        [
          '编号 ID',
          '状态 State',
          '等待 Waiting',
          '类型 Category',
          '会员 Member',
          '问题 Summary',
          '客服 Operator',
          '提交 Created',
        ],
        rows.map((r) => [
          r.id,
          stateLabel(r.state),
          waited(now - r.stateChangedAt.getTime()),
          categoryLabel(r.category),
          `#${r.memberId} ${r.nickname}`,
          oneLine(r.content, 24),
          r.operator,
          t.time(r.createdAt),
        ]),
      ))
        t.out(line);
      t.out(FeedbackState.list.map((s) => `${FeedbackState.labels[s]} ${byState[s] ?? 0}`).join(' · '));
      return true;
    }
    case 'show':
      await show(t, ticketId(t, idText, 'feedback show <id>'));
      return true;
    case 'take': {
      const { id, staff } = staffArgs(t, idText, values, 'feedback take <id> --as 客服名');
      printMoved(t, await takeTicket(t.ctx, id, staff), 'accept');
      return true;
    }
    case 'process': {
      const usage = 'feedback process <id> --as 客服名 --note 说明';
      const { id, staff } = staffArgs(t, idText, values, usage);
      const note = requiredText(t, values, 'note', '处理说明', usage);
      printMoved(t, await processTicket(t.ctx, id, staff, note), 'process');
      return true;
    }
    case 'reply': {
      const usage = 'feedback reply <id> --as 客服名 (--ask 文字 | --answer 文字)';
      const { id, staff } = staffArgs(t, idText, values, usage);
      const ask = str(values.ask);
      const answer = str(values.answer);
      if ((ask === undefined) === (answer === undefined))
        t.usage(`请给出 --ask 或 --answer 中的一个 / give exactly one of --ask, --answer. 用法 / usage: ${usage}`);
      const kind = ask !== undefined ? 'ask' : 'answer';
      const r = await staffReply(t.ctx, id, staff, kind, (ask ?? answer)!);
      printMoved(t, r, kind, `；回复 #${r.postId} 已发出，会员收到站内消息`);
      return true;
    }
    case 'close': {
      const usage = 'feedback close <id> --as 客服名 --reason 原因';
      const { id, staff } = staffArgs(t, idText, values, usage);
      const reason = requiredText(t, values, 'reason', '关闭原因', usage);
      printMoved(t, await closeTicket(t.ctx, id, staff, reason), 'close', '；会员收到站内消息');
      return true;
    }
    case 'auto-confirm': {
      const r = await autoConfirmDue(t.ctx);
      t.out(
        r.confirmed.length
          ? `✓ 已自动确认 ${r.confirmed.length} 条反馈：${r.confirmed.map((id) => `#${id}`).join('、')} / auto-confirmed`
          : '= 没有到期的待确认反馈 / nothing due',
      );
      if (r.skipped) t.out(`  ${r.skipped} 条在确认前已被会员或客服处理，已跳过 / skipped`);
      if (r.more) t.out('  还有更多到期的反馈，请再运行一次 / more are due: run it again');
      return true;
    }
    default:
      t.usage(
        '用法 / usage: feedback list | show <id> | take <id> | process <id> | reply <id> | close <id> | auto-confirm',
      );
      return true;
  }
}
