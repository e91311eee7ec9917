/**
 * 月度答题之星 for a fresh `npm start` (SEED_DEMO): the ranking's demo earners (demoRanking.ts) get
 * last month's answer history — most answer carefully, some are flagged now and then, a few answer
 * too little — each answer settled as the poll module settles a real one (all at once: `bulk.ts`,
 * backdated to its time), and last month is then run by the monthly run itself (server/modules/appraise),
 * so its winners and their awards are stored and paid through the ledger as for any month.
 *
 * Seeded once: the history's tasks have fixed hash ids and the first one is the claim — a second
 * start (or a second server) inserts none and seeds nothing; the run is idempotent by itself.
 */
import { inArray } from 'drizzle-orm';
import { JoinResult, LowQualityReason, TaskType } from '../../openapi/enums';
import type { AppContext } from '../context';
import { members } from '../db/schema';
import type { Tx } from '../kernel/db';
import { DAY_MS } from '../kernel/time';
import { monthRange, previousMonth, runMonth, type RunResult } from '../modules/appraise/run';
import { tasksChanged } from '../modules/tasks/open';
import { insertHistoryTasks, settleHistory, type HistoryAnswer } from './bulk';
import { DEMO_EARNERS, demoEarnerCode } from './demoRanking';

const R = JoinResult.values;
const Q = LowQualityReason.values;

const TITLES = [
  '家庭清洁用品购买习惯调查',
  '周末休闲方式调查',
  '手机充电配件使用调查',
  '早餐外卖消费调查',
  '线上买菜体验调查',
  '家用空调使用习惯调查',
  '电动自行车出行调查',
  '护眼台灯选购调查',
  '宠物用品网购调查',
  '视频会员订阅调查',
  '运动手环使用体验调查',
  '小区快递柜满意度调查',
  '冬季护肤习惯调查',
  '家庭药箱常备药调查',
  '网络直播购物体验调查',
  '咖啡外卖偏好调查',
  '地铁出行体验调查',
  '家用路由器使用调查',
  '儿童零食选购调查',
  '年货采购计划调查',
];

/** How many of the demo earners (the first ones) get a history: enough for every place and some left out. */
const HISTORY_EARNERS = 15;

/** Per demo earner: answers last month, and which of them (1-based) were flagged or too fast. */
function planFor(i: number): { answers: number; flagged: number[]; fast: number[] } {
  if (i % 6 === 5) return { answers: 6, flagged: [], fast: [] }; // too few to be considered
  if (i % 5 === 4) return { answers: 12, flagged: [3, 8], fast: [10] }; // rate below the minimum
  const answers = 10 + ((i * 7) % 5);
  return { answers, flagged: i % 3 === 1 ? [answers - 1] : [], fast: [] };
}

/** Seed last month's history and run the month; null when seeded before (or no demo earners). */
export async function seedDemoAppraise(ctx: AppContext): Promise<RunResult | null> {
  const now = ctx.now();
  const month = previousMonth(now);
  const { start, end } = monthRange(month);
  const earners = await ctx.db
    .select({ id: members.id, code: members.memberCode })
    .from(members)
    .where(
      inArray(
        members.memberCode,
        DEMO_EARNERS.slice(0, HISTORY_EARNERS).map((_, i) => demoEarnerCode(i)),
      ),
    );
  if (!earners.length) return null;
  const planned = TITLES.map((title, n) => {
    const at = start + Math.floor(((n + 0.5) * (end - start)) / TITLES.length);
    return {
      hashId: `demo-appraise-${n + 1}`,
      title,
      description: '一份已结束的问卷。',
      type: TaskType.values.QUESTIONNAIRE,
      kind: 'poll' as const,
      points: 60 + ((n * 17) % 90),
      screenOutPoints: 10,
      quotaFullPoints: 5,
      minutes: 8,
      minSeconds: 90,
      openAt: new Date(at - 3 * DAY_MS),
      closeAt: new Date(Math.min(end, at + 3 * DAY_MS)),
      status: 'paused' as const,
    };
  });
  // One transaction for the tasks and the history, settled a few statements at a time (bulk.ts).
  const seeded = await ctx.db.transaction(async (tx: Tx) => {
    const byHash = await insertHistoryTasks(tx, planned);
    if (byHash.size < planned.length) return false; // seeded before
    const taskOf = (n: number) => byHash.get(planned[n]!.hashId)!;
    const answers: HistoryAnswer[] = [];
    for (const e of earners) {
      const i = DEMO_EARNERS.findIndex((_, k) => demoEarnerCode(k) === e.code);
      const plan = planFor(i);
      for (let n = 0; n < plan.answers; n++) {
        // Spread over the month, a few hours apart per member, all before it ends.
        const at = Math.min(
          end - 60_000,
          start + Math.floor(((n + 0.3) * (end - start)) / (plan.answers + 1)) + i * 3_600_000,
        );
        const startedAt = at - 10 * 60_000;
        const flagged = plan.flagged.includes(n + 1);
        answers.push({
          task: taskOf((n + i) % planned.length),
          memberId: e.id,
          startedAt,
          expiresAt: startedAt + 120 * 60_000,
          at,
          joinResult: plan.fast.includes(n + 1) ? R.TOO_SHORT : R.COMPLETE,
          lowQualityReasons: flagged ? [[Q.RANDOM_OPEN_ANSWERS, Q.TRAP_FAILED, Q.LOGIC_ERRORS][n % 3]!] : [],
        });
      }
    }
    await settleHistory(tx, answers);
    return true;
  });
  if (!seeded) return null;
  tasksChanged();
  return runMonth(ctx, month, 'seed');
}
