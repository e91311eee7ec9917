/**
 * 月度答题之星's commands of `npm run ops` (scripts/ops.ts hands `appraise …` over): run a finished
 * Beijing month (rank, store, pay each award once through the ledger — server/modules/appraise/run.ts;
 * safe to repeat) and list a month's winners.
 */
import { members } from '../server/db/schema';
import { inArray } from 'drizzle-orm';
import {
  monthLabel,
  previousMonth,
  runMonth,
  runMonths,
  runOf,
  winnersOf,
  type WinnerRow,
} from '../server/modules/appraise/run';
import { MONTH_PATTERN } from '../openapi/rules/appraise';
import type { ContentOpsTools, ContentOpsValues } from './ops-content';

export const APPRAISE_HELP = `月度答题之星 / monthly best
  appraise run [--month YYYY-MM]             评选一个已结束的北京时间月份（默认上个月）并发放奖励；
                                             可重复运行：已评选的月份不会重评，奖励每人每月只发一次
  appraise list [--month YYYY-MM]            一个月的答题之星（默认最近评选的月份）与已评选的月份`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function printWinners(t: ContentOpsTools, month: string, winners: WinnerRow[]) {
  const ids = winners.map((w) => w.memberId);
  const names = new Map(
    ids.length
      ? (
          await t.ctx.db
            .select({ id: members.id, nickname: members.nickname, mobile: members.mobile })
            .from(members)
            .where(inArray(members.id, ids))
        ).map((m) => [m.id, `${m.nickname} ${m.mobile ?? ''}`.trim()])
      : [],
  );
  for (const line of t.table(
    ['名次 Rank', '会员 Member', '有效 Valid', '计入 Counted', '有效率 Rate', '奖励 Award', '发放 Paid'],
    winners.map((w) => [
      w.rank,
      `#${w.memberId} ${names.get(w.memberId) ?? ''}`.trim(),
      w.valid,
      w.counted,
      `${(w.rate * 100).toFixed(1)}%`,
      w.award,
      w.ledgerId === null ? '未发放' : `已发放（流水 ${w.ledgerId}）`,
    ]),
  ))
    t.out(line);
  t.out(`${monthLabel(month)}：共 ${winners.length} 位答题之星 / ${winners.length} winners`);
}

function monthArg(values: ContentOpsValues, t: ContentOpsTools): string | undefined {
  const month = str(values.month);
  if (month !== undefined && !MONTH_PATTERN.test(month)) t.usage(`--month 应为 YYYY-MM，如 2030-01：${month}`);
  return month;
}

/** Runs one appraise command; returns false for anything else. */
export async function runAppraiseOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools & { operator: () => string },
): Promise<boolean> {
  if (command !== 'appraise') return false;
  switch (args[0]) {
    case 'run': {
      const month = monthArg(values, t) ?? previousMonth(t.ctx.now());
      const r = await runMonth(t.ctx, month, `ops:${t.operator()}`);
      t.out(
        r.already
          ? `= ${monthLabel(month)}已经评选过，未重新评选 / already run${r.paid ? `；补发奖励 ${r.paid} 份` : ''}`
          : `✓ 已评选${monthLabel(month)}：参评 ${r.candidates} 人，达标 ${r.qualified} 人，发放奖励 ${r.paid} 份`,
      );
      await printWinners(t, month, r.winners);
      return true;
    }
    case 'list': {
      const months = await runMonths(t.ctx.db, 24);
      const month = monthArg(values, t) ?? months[0];
      t.out(`已评选的月份 / months run: ${months.length ? months.join(', ') : '（还没有）'}`);
      if (!month) return true;
      if (!(await runOf(t.ctx.db, month))) {
        t.out(`${monthLabel(month)}还没有评选结果 / not run yet`);
        return true;
      }
      await printWinners(t, month, await winnersOf(t.ctx.db, month));
      return true;
    }
    default:
      return t.usage('用法 / usage: appraise run [--month YYYY-MM] | appraise list [--month YYYY-MM]');
  }
}
