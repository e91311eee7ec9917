/**
 * The demo member's answer history (SEED_DEMO), so a fresh `npm start` shows the answer-quality
 * pages (/efficient) with a full chart: 35 finished questionnaires over the last six months,
 * mostly valid, some flagged by the in-house quality rules (each of the five reasons), one too
 * fast, one reversed by the partner afterwards, and a few screen-outs and full quotas (which do
 * not count). Each is settled as the poll module settles a real answer — a few statements for them
 * all (`bulk.ts`), the reversed one through `settle.ts` itself on a backdated clock — so the weidou
 * it earned is in the ledger like any other.
 *
 * A small panel of other demo members answers in each of the same six months too (`seedDemoPanel`),
 * so the monthly report (/efficient/monthly-report) has a panel median to compare with.
 *
 * The history's tasks are closed (paused, past their close time): they never show in task lists.
 * Seeded once: the tasks' fixed hash ids are the claim — a second start (or a second server)
 * inserts none of them and seeds nothing.
 */
import { randomBytes } from 'node:crypto';
import { JoinResult, LowQualityReason, TaskType } from '../../openapi/enums';
import type { AppContext } from '../context';
import { members } from '../db/schema';
import { participations } from '../db/schema-tasks';
import { DAY_MS } from '../kernel/time';
import { findMemberByMobile } from '../modules/auth/accounts';
import { tasksChanged } from '../modules/tasks/open';
import { reverseParticipation, settleParticipation } from '../modules/tasks/settle';
import type { Tx } from '../kernel/db';
import { insertHistoryTasks, settleHistory, type HistoryAnswer } from './bulk';
import { DEMO_MEMBER } from './demoFeedback';

type Outcome = 'ok' | 'fast' | 'screen' | 'quota' | 'reversed' | readonly number[];
const Q = LowQualityReason.values;

/** [days ago, title, points, outcome], oldest first. */
const HISTORY: readonly (readonly [number, string, number, Outcome])[] = [
  [170, '家用净水器使用情况调查', 120, 'ok'],
  [165, '城市通勤方式与时间调查', 80, [Q.RANDOM_OPEN_ANSWERS]],
  [160, '早餐饮品偏好调查', 60, 'ok'],
  [154, '手机游戏付费习惯调查', 150, 'fast'],
  [149, '宠物食品购买渠道调查', 100, 'ok'],
  [143, '短视频平台使用时长调查', 90, [Q.TRAP_FAILED]],
  [138, '家庭理财产品认知调查', 200, 'ok'],
  [133, '运动鞋品牌偏好调查', 110, 'ok'],
  [128, '新能源汽车购买意向调查', 260, [Q.LOGIC_ERRORS, Q.IMPLAUSIBLE_COGNITION]],
  [122, '外卖平台满意度调查', 70, 'ok'],
  [117, '高端护肤品使用调查', 300, 'screen'],
  [110, '在线教育课程体验调查', 130, 'ok'],
  [104, '智能音箱使用场景调查', 90, 'ok'],
  [99, '社区团购使用习惯调查', 80, [Q.DUPLICATED_DATA]],
  [95, '咖啡消费频率调查', 60, 'ok'],
  [88, '家用扫地机器人口碑调查', 140, 'ok'],
  [83, '电视节目收看习惯调查', 70, [Q.RANDOM_OPEN_ANSWERS]],
  [78, '网购退换货体验调查', 90, 'ok'],
  [72, '儿童读物购买调查', 100, 'ok'],
  [66, '旅游出行计划调查', 180, 'quota'],
  [61, '健身房会员体验调查', 120, 'ok'],
  [55, '零食新品口味测试', 80, 'ok'],
  [49, '手机银行功能使用调查', 150, [Q.TRAP_FAILED]],
  [44, '洗护用品购买渠道调查', 90, 'ok'],
  [38, '共享单车使用满意度调查', 60, 'ok'],
  [33, '家电以旧换新意向调查', 160, 'reversed'],
  [27, '奶茶品牌认知调查', 70, 'ok'],
  [21, '居家办公设备调查', 110, 'ok'],
  [16, '节日礼品选购调查', 90, 'ok'],
  [12, '汽车保养服务调查', 130, [Q.IMPLAUSIBLE_COGNITION]],
  [8, '生鲜电商使用调查', 80, 'ok'],
  [5, '母婴用品品牌调查', 200, 'screen'],
  [3, '睡眠质量与作息调查', 70, 'ok'],
  [1, '手机拍照功能需求调查', 90, 'ok'],
  [0, '本地生活服务使用调查', 80, 'ok'],
];

/** Seed the history once; returns how many participations it settled. */
export async function seedDemoQuality(ctx: AppContext): Promise<number> {
  const member = await findMemberByMobile(ctx, DEMO_MEMBER.mobile);
  if (!member) return 0;
  // One transaction, the answers settled a few statements at a time (bulk.ts): one commit, not hundreds.
  const settled = await ctx.db.transaction((tx: Tx) => seedHistory({ ...ctx, db: tx }, tx, member.id));
  tasksChanged();
  return settled;
}

async function seedHistory(ctx: AppContext, tx: Tx, memberId: number): Promise<number> {
  const now = ctx.now();
  const planned = HISTORY.map(([daysAgo, title, points, outcome], i) => ({
    hashId: `demo-quality-${i + 1}`,
    title,
    points,
    outcome,
    // The last one a minute ago, so the current month is never empty.
    at: daysAgo === 0 ? now - 60_000 : now - daysAgo * DAY_MS - (i % 5) * 3_600_000,
  }));
  const created = await closedTasks(tx, planned);
  let settled = 0;
  let batch: HistoryAnswer[] = [];
  for (const p of planned) {
    const task = created.get(p.hashId);
    if (!task) continue; // seeded before
    if (p.outcome === 'reversed') {
      // The one reversed afterwards goes through the settlement and the reversal themselves, in its turn.
      await settleHistory(tx, batch);
      batch = [];
      await answerReversed(ctx, task.id, memberId, p.at);
    } else batch.push(answerOf(task, memberId, p.at, p.outcome));
    settled++;
  }
  const panel = await demoPanel(tx, now);
  await settleHistory(tx, [...batch, ...panel]);
  return settled + panel.length;
}

type ClosedTask = HistoryAnswer['task'];

/** Closed polls, each answered around its `at`, by hash id (one taken — seeded before — is left out). */
async function closedTasks(
  tx: Tx,
  planned: readonly { hashId: string; title: string; points: number; at: number }[],
): Promise<Map<string, ClosedTask>> {
  return insertHistoryTasks(
    tx,

    planned.map(({ hashId, title, points, at }) => ({
      hashId,
      title,
      description: '一份已结束的问卷。',
      type: TaskType.values.QUESTIONNAIRE,
      kind: 'poll' as const,
      points,
      screenOutPoints: 10,
      quotaFullPoints: 5,
      minutes: 10,
      minSeconds: 120,
      openAt: new Date(at - 7 * DAY_MS),
      closeAt: new Date(at + DAY_MS),
      status: 'paused' as const,
    })),
  );
}

const startOf = (at: number) => at - 12 * 60_000;
const expiryOf = (at: number) => startOf(at) + 120 * 60_000;

/** The member's answer of `task` at `at` with `outcome`, as the poll module settles it. */
function answerOf(
  task: ClosedTask,
  memberId: number,
  at: number,
  outcome: Exclude<Outcome, 'reversed'>,
): HistoryAnswer {
  const R = JoinResult.values;
  const base = { task, memberId, at, startedAt: startOf(at), expiresAt: expiryOf(at) };
  // Flagged by the in-house rules: half pay, as a poll with lowQualityPay 'half' pays.
  if (Array.isArray(outcome))
    return { ...base, joinResult: R.COMPLETE, lowQualityReasons: outcome, points: Math.floor(task.points / 2) };
  const joinResult = { ok: R.COMPLETE, fast: R.TOO_SHORT, screen: R.SCREENED_OUT, quota: R.QUOTA_FULL }[
    outcome as Exclude<Outcome, readonly number[] | 'reversed'>
  ];
  return { ...base, joinResult };
}

/** A complete settled at `at` and reversed by the partner five days later. */
async function answerReversed(ctx: AppContext, taskId: number, memberId: number, at: number) {
  const [p] = await ctx.db
    .insert(participations)
    .values({
      taskId,
      memberId,
      respondentId: randomBytes(16).toString('base64url'),
      startedAt: new Date(startOf(at)),
      expiresAt: new Date(expiryOf(at)),
    })
    .returning({ respondentId: participations.respondentId });
  const rid = p!.respondentId;
  await settleParticipation(
    { ...ctx, now: () => at },
    { respondentId: rid, joinResult: JoinResult.values.COMPLETE, settledBy: 'poll' },
  );
  await reverseParticipation({ ...ctx, now: () => at + 5 * DAY_MS }, rid);
}

/** The demo panel: members who answer a few polls a month, each as carefully as their `care` (share valid). */
const PANEL = [
  { nickname: '认真的小树', care: 0.95 },
  { nickname: '周末答题人', care: 0.85 },
  { nickname: '奶茶不加糖', care: 0.75 },
  { nickname: '夜猫子阿宁', care: 0.6 },
  { nickname: '山海与你', care: 0.9 },
  { nickname: '快手小陈', care: 0.5 },
  { nickname: '柠檬不酸', care: 0.8 },
] as const;
const PANEL_POLLS = ['品牌印象调查', '日常出行调查', '线上购物体验调查', '家庭消费调查'];
const PANEL_REASONS = [
  Q.RANDOM_OPEN_ANSWERS,
  Q.TRAP_FAILED,
  Q.LOGIC_ERRORS,
  Q.IMPLAUSIBLE_COGNITION,
  Q.DUPLICATED_DATA,
];

/** The panel's members and answers (the first panel task's hash id is the claim: none when seeded before). */
async function demoPanel(tx: Tx, now: number): Promise<HistoryAnswer[]> {
  const days = [165, 135, 105, 75, 45, 0]; // one round of polls in each of the six months (the last: today's)
  // The polls of a round: every other day from its day; today's round: every six hours before now.
  const when = (k: number, s: number) =>
    days[k] === 0 ? now - (s + 1) * 6 * 3_600_000 : now - days[k]! * DAY_MS + s * 2 * DAY_MS;
  const planned = days.flatMap((_, k) =>
    PANEL_POLLS.map((title, s) => ({
      hashId: `demo-panel-${k + 1}-${s + 1}`,
      title,
      points: 60 + 30 * s,
      at: when(k, s),
    })),
  );
  const created = await closedTasks(tx, planned);
  if (created.size < planned.length) return [];
  const task = (k: number, s: number) => created.get(`demo-panel-${k + 1}-${s + 1}`)!;
  const codes = PANEL.map((_, j) => `QP${String(j + 1).padStart(6, '0')}`);
  const panel = await tx
    .insert(members)
    .values(
      PANEL.map(({ nickname }, j) => ({
        nickname,
        memberCode: codes[j]!,
        inviteCode: `I${codes[j]!}`,
        createdAt: new Date(now - 200 * DAY_MS),
      })),
    )
    .returning({ id: members.id, code: members.memberCode });
  const idOf = new Map(panel.map((m) => [m.code, m.id]));
  const answers: HistoryAnswer[] = [];
  for (const [j, { care }] of PANEL.entries()) {
    for (const k of days.keys()) {
      const answered = 1 + ((j + k) % PANEL_POLLS.length); // 1–4 polls that month
      for (let s = 0; s < answered; s++) {
        // Deterministic: an answer is valid while the member's running share stays within their care.
        const n = k * PANEL_POLLS.length + s;
        const valid = ((n * 7 + j * 3) % 20) / 20 < care;
        const outcome: Outcome = valid ? 'ok' : [PANEL_REASONS[(j + n) % PANEL_REASONS.length]!];
        answers.push(answerOf(task(k, s), idOf.get(codes[j]!)!, when(k, s) + j * 60_000, outcome));
      }
    }
  }
  return answers;
}
