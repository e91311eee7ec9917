/**
 * Prize trials (产品试用, `/prize`; GLOSSARY "Prize"; the draw's rule in openapi/rules/prize.ts).
 *
 * - An operator adds a trial (`npm run ops -- prize add`): its seed is made then (32 random bytes,
 *   the lucky wheel's `newServerSeed`) and its SHA-256 is answered from that moment; the seed only
 *   once drawn.
 * - A member applies once in the window if eligible: answer-quality level (`qualityStanding` and
 *   `meetsQualityLevel`) and, for a trial limited to a province, a consignee address there. The
 *   unique (trial, member) index makes a repeat answer the first application.
 * - The draw (`drawTrial`: the round after the deadline, or ops) runs in one transaction under an
 *   advisory lock per trial: a trial already drawn is left alone; each application's digest is
 *   HMAC(seed, applicant key under the trial's draw rule), the first `units` by digest win, and
 *   each winner gets a message in the same transaction.
 * - After the draw (./winners.ts): a winner confirms their consignee address as the delivery
 *   address (snapshot), operators mark parcels sent, and the winner reports back.
 * - Screener (甄别问卷): a trial may name an in-house poll; a member may apply only once a
 *   participation on a poll task of it settled complete (polls have no screen-out rule of their
 *   own: the task's quota full, too short or timed out count as not qualified). Not answered yet is
 *   PRIZE_SCREENER_NEEDED (the page links to the task); answered but not qualified PRIZE_NOT_ELIGIBLE.
 * - Report-back (试用报告): after an operator marked a winner's parcel sent (`ops prize ship`), the
 *   winner answers the trial's report poll here (not as a task: only winners may); the answers are
 *   checked by the polls' rules and the report points credited through the ledger once, key
 *   `prize-report:<application id>`, under the application's row lock, with a message.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { JoinResult } from '../../../openapi/enums';
import type { z } from 'zod';
import { meetsQualityLevel, minQualityLabel, qualityLevelRefusal } from '../../../openapi/rules/quality';
import {
  prizeApplicantKey,
  prizeVerifySteps,
  prizePhase,
  prizeWinners,
  type PrizeEntry as Entry,
  type PrizeReportState,
  type PrizeScreenerState,
} from '../../../openapi/rules/prize';
import type {
  PrizeApplyResult,
  PrizeMine,
  PrizeResult,
  PrizeTrial,
  PrizeTrialDetail,
} from '../../../openapi/schemas/prize';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { prizeApplications, prizeTrials } from '../../db/schema-prize';
import { participations, polls, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import { startPeriodic } from '../../kernel/periodic';
import { consigneeRow } from '../consignee/service';
import { regionById } from '../consignee/regions';
import { hmacDigest, newServerSeed, seedHash } from '../lottery/draw';
import { DRAW_RULE, type DrawRule } from '../../../openapi/rules/lottery';
import { prizeWonMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { qualityStanding } from '../quality/standing';

export type Ctx = Pick<AppContext, 'db' | 'now'>;
export type TrialRow = typeof prizeTrials.$inferSelect;
type AppRow = typeof prizeApplications.$inferSelect;
type Mine = z.output<typeof PrizeMine>;

/** Arbitrary constant (an int4): the advisory lock class of one trial's draw. */
const DRAW_LOCK = 0x9e12e;
export const DRAW_ROUND_MS = 5 * 60_000;

export interface NewTrial {
  title: string;
  summary: string;
  images: string[];
  units: number;
  opensAt: number;
  closesAt: number;
  minQualityLevel?: number;
  provinceId?: number | null;
  /** In-house poll to complete before applying (answered through a poll task that uses it). */
  screenerPollId?: number | null;
  /** In-house poll winners fill in after the parcel was sent, and what it pays. */
  reportPollId?: number | null;
  reportPoints?: number;
}

/** The first active poll task of a poll (where members answer it), if any. */
async function pollTask(db: Executor, pollId: number) {
  const [row] = await db
    .select({ hashId: tasks.hashId })
    .from(tasks)
    .where(and(eq(tasks.pollId, pollId), eq(tasks.kind, 'poll'), eq(tasks.status, 'active')))
    .orderBy(asc(tasks.id))
    .limit(1);
  return row ?? null;
}

async function pollTitle(db: Executor, pollId: number): Promise<string | null> {
  const [row] = await db.select({ title: polls.title }).from(polls).where(eq(polls.id, pollId));
  return row?.title ?? null;
}

export async function addTrial(ctx: Ctx, t: NewTrial): Promise<TrialRow> {
  if (!t.title.trim()) throw new AppError('INVALID_PARAMS', '试用名称不能为空');
  if (!Number.isInteger(t.units) || t.units < 1) throw new AppError('INVALID_PARAMS', '份数至少为 1');
  if (!(t.closesAt > t.opensAt)) throw new AppError('INVALID_PARAMS', '截止时间必须晚于开始时间');
  if (t.provinceId != null && !regionById(t.provinceId)) throw new AppError('REGION_INVALID');
  if (t.screenerPollId != null) {
    if ((await pollTitle(ctx.db, t.screenerPollId)) === null)
      throw new AppError('INVALID_PARAMS', `甄别问卷 #${t.screenerPollId} 不存在`);
    if (!(await pollTask(ctx.db, t.screenerPollId)))
      throw new AppError('INVALID_PARAMS', `甄别问卷 #${t.screenerPollId} 没有进行中的问卷任务，会员无处作答`);
  }
  const reportPoints = t.reportPoints ?? 0;
  if (!Number.isSafeInteger(reportPoints) || reportPoints < 0)
    throw new AppError('INVALID_PARAMS', '试用报告的微豆须为不小于 0 的整数');
  if (t.reportPollId == null && reportPoints > 0)
    throw new AppError('INVALID_PARAMS', '设置试用报告微豆时须同时指定试用报告问卷');
  if (t.reportPollId != null && (await pollTitle(ctx.db, t.reportPollId)) === null)
    throw new AppError('INVALID_PARAMS', `试用报告问卷 #${t.reportPollId} 不存在`);
  const seed = newServerSeed();
  const [row] = await ctx.db
    .insert(prizeTrials)
    .values({
      title: t.title.trim(),
      summary: t.summary,
      images: t.images,
      units: t.units,
      opensAt: new Date(t.opensAt),
      closesAt: new Date(t.closesAt),
      minQualityLevel: t.minQualityLevel ?? 0,
      provinceId: t.provinceId ?? null,
      screenerPollId: t.screenerPollId ?? null,
      reportPollId: t.reportPollId ?? null,
      reportPoints,
      seed,
      seedHash: seedHash(seed),
      drawRule: DRAW_RULE,
      createdAt: new Date(ctx.now()),
    })
    .returning();
  return row!;
}

export async function trialRow(db: Executor, id: number): Promise<TrialRow> {
  const [row] = await db.select().from(prizeTrials).where(eq(prizeTrials.id, id));
  if (!row) throw new AppError('NOT_FOUND', '这个试用不存在');
  return row;
}

async function applicantCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ trialId: prizeApplications.trialId, n: count() })
    .from(prizeApplications)
    .where(inArray(prizeApplications.trialId, ids))
    .groupBy(prizeApplications.trialId);
  return new Map(rows.map((r) => [r.trialId, r.n]));
}

const phaseOf = (row: TrialRow, now: number) =>
  prizePhase(
    { opensAt: row.opensAt.getTime(), closesAt: row.closesAt.getTime(), drawnAt: row.drawnAt?.getTime() ?? null },
    now,
  );

type ScreenerInfo = z.output<typeof PrizeTrial>['screener'];

/** The screener polls of some trials: title and the task to answer them in. */
async function screenersOf(db: Executor, rows: TrialRow[]): Promise<Map<number, ScreenerInfo>> {
  const ids = [...new Set(rows.map((r) => r.screenerPollId).filter((id): id is number => id !== null))];
  const out = new Map<number, ScreenerInfo>();
  for (const id of ids) {
    const task = await pollTask(db, id);
    out.set(id, { title: (await pollTitle(db, id)) ?? '甄别问卷', taskHashId: task?.hashId ?? null });
  }
  return out;
}

function toTrial(
  row: TrialRow,
  applicants: number,
  now: number,
  screeners: Map<number, ScreenerInfo>,
): z.output<typeof PrizeTrial> {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    images: row.images,
    units: row.units,
    opensAt: row.opensAt.getTime(),
    closesAt: row.closesAt.getTime(),
    minQualityLevel: row.minQualityLevel,
    minQualityLabel: minQualityLabel(row.minQualityLevel),
    region: row.provinceId === null ? null : (regionById(row.provinceId)?.name ?? String(row.provinceId)),
    applicants,
    phase: phaseOf(row, now),
    seedHash: row.seedHash,
    drawRule: row.drawRule as DrawRule,
    screener: row.screenerPollId === null ? null : (screeners.get(row.screenerPollId) ?? null),
    reportPoints: row.reportPollId === null ? null : row.reportPoints,
  };
}

/** Open and upcoming trials first (closing soonest first), then the 20 latest closed or drawn. */
export async function listTrials(ctx: Ctx) {
  const now = new Date(ctx.now());
  const [running, ended] = await Promise.all([
    ctx.db.select().from(prizeTrials).where(gte(prizeTrials.closesAt, now)).orderBy(asc(prizeTrials.closesAt)),
    ctx.db
      .select()
      .from(prizeTrials)
      .where(lte(prizeTrials.closesAt, now))
      .orderBy(desc(prizeTrials.closesAt))
      .limit(20),
  ]);
  const rows = [...running, ...ended.filter((r) => !running.some((x) => x.id === r.id))];
  const counts = await applicantCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const screeners = await screenersOf(ctx.db, rows);
  return { items: rows.map((r) => toTrial(r, counts.get(r.id) ?? 0, ctx.now(), screeners)) };
}

/**
 * Where the member stands with a trial's screener: none needed; todo (not answered, or still
 * answering); passed (a poll task of it settled complete); failed (settled any other way).
 */
async function screenerState(db: Executor, row: TrialRow, memberId: number): Promise<PrizeScreenerState> {
  if (row.screenerPollId === null) return 'none';
  const rows = await db
    .select({ status: participations.status, joinResult: participations.joinResult })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .where(and(eq(participations.memberId, memberId), eq(tasks.pollId, row.screenerPollId)));
  if (rows.some((r) => r.status === 'finished' && r.joinResult === JoinResult.values.COMPLETE)) return 'passed';
  return rows.some((r) => r.status === 'finished') ? 'failed' : 'todo';
}

interface Refusal {
  code: 'PRIZE_NOT_ELIGIBLE' | 'PRIZE_SCREENER_NEEDED';
  reason: string;
}

/** Why the member may not apply (zh-CN, with the result code), or null. */
async function refusal(
  ctx: Ctx,
  row: TrialRow,
  memberId: number,
  screener: PrizeScreenerState,
): Promise<Refusal | null> {
  const notEligible = (reason: string): Refusal => ({ code: 'PRIZE_NOT_ELIGIBLE', reason });
  const { level } = await qualityStanding(ctx.db, memberId, ctx.now());
  if (!meetsQualityLevel(level, row.minQualityLevel)) {
    return notEligible(qualityLevelRefusal('任务', row.minQualityLevel, level).replace('该任务', '这个试用'));
  }
  if (row.provinceId !== null) {
    const c = await consigneeRow(ctx.db, memberId);
    const name = regionById(row.provinceId)?.name ?? '指定地区';
    if (!c) return notEligible(`这个试用只寄往${name}，请先填写收货地址`);
    if (c.provinceId !== row.provinceId) return notEligible(`这个试用只寄往${name}，你的收货地址不在该地区`);
  }
  if (screener === 'todo' || screener === 'failed') {
    const title = (await pollTitle(ctx.db, row.screenerPollId!)) ?? '甄别问卷';
    if (screener === 'failed') return notEligible(`你在甄别问卷「${title}」中的结果不符合这个试用的申请条件`);
    return { code: 'PRIZE_SCREENER_NEEDED', reason: `申请前请先完成甄别问卷「${title}」` };
  }
  return null;
}

/** The winner's report-back: none (not a winner, or no report), waiting (not sent yet), todo, done. */
function reportState(row: TrialRow, app: AppRow | undefined): PrizeReportState {
  if (!app?.won || row.reportPollId === null) return 'none';
  if (app.reportedAt) return 'done';
  return app.shippedAt ? 'todo' : 'waiting';
}

export async function applicationOf(db: Executor, trialId: number, memberId: number): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(prizeApplications)
    .where(and(eq(prizeApplications.trialId, trialId), eq(prizeApplications.memberId, memberId)));
  return row;
}

async function mineOf(ctx: Ctx, row: TrialRow, memberId: number | null): Promise<Mine | null> {
  if (memberId === null) return null;
  const app = await applicationOf(ctx.db, row.id, memberId);
  const screener = await screenerState(ctx.db, row, memberId);
  const refused = app ? null : await refusal(ctx, row, memberId, screener);
  return {
    applied: !!app,
    eligible: refused === null,
    reason: refused?.reason ?? null,
    applicationId: app?.id ?? null,
    won: app?.won ?? null,
    shipTo: app?.shipTo ?? null,
    screener,
    shippedAt: app?.shippedAt?.getTime() ?? null,
    report: reportState(row, app),
  };
}

export async function trialDetail(
  ctx: Ctx,
  id: number,
  memberId: number | null,
): Promise<z.output<typeof PrizeTrialDetail>> {
  const row = await trialRow(ctx.db, id);
  const counts = await applicantCounts(ctx.db, [id]);
  return {
    trial: toTrial(row, counts.get(id) ?? 0, ctx.now(), await screenersOf(ctx.db, [row])),
    mine: await mineOf(ctx, row, memberId),
  };
}

export async function apply(ctx: Ctx, id: number, memberId: number): Promise<z.output<typeof PrizeApplyResult>> {
  const row = await trialRow(ctx.db, id);
  const count_ = async () => (await applicantCounts(ctx.db, [id])).get(id) ?? 0;
  const existing = await applicationOf(ctx.db, id, memberId);
  if (existing) return { applicationId: existing.id, replayed: true, applicants: await count_() };
  if (phaseOf(row, ctx.now()) !== 'open') throw new AppError('PRIZE_NOT_OPEN');
  const refused = await refusal(ctx, row, memberId, await screenerState(ctx.db, row, memberId));
  if (refused) throw new AppError(refused.code, refused.reason);
  const [inserted] = await ctx.db
    .insert(prizeApplications)
    .values({ trialId: id, memberId, createdAt: new Date(ctx.now()) })
    .onConflictDoNothing()
    .returning({ id: prizeApplications.id });
  const applicationId = inserted?.id ?? (await applicationOf(ctx.db, id, memberId))!.id;
  return { applicationId, replayed: !inserted, applicants: await count_() };
}

export interface DrawOutcome {
  drawn: boolean;
  applicants: number;
  winners: number[];
}

/** Draw one trial after its deadline; a trial already drawn is left as it is (drawn: false). */
export async function drawTrial(ctx: Ctx, id: number): Promise<DrawOutcome> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK}, ${id})`);
    const row = await trialRow(tx, id);
    const apps = await tx.select().from(prizeApplications).where(eq(prizeApplications.trialId, id));
    if (row.drawnAt) {
      return { drawn: false, applicants: apps.length, winners: apps.filter((a) => a.won).map((a) => a.id) };
    }
    if (ctx.now() < row.closesAt.getTime()) throw new AppError('PRIZE_NOT_CLOSED');
    const rule = row.drawRule as DrawRule;
    const entries: Entry[] = apps.map((a) => ({
      applicationId: a.id,
      digest: hmacDigest(row.seed, prizeApplicantKey(rule, id, a.id)),
    }));
    const winners = prizeWinners(entries, row.units);
    const won = new Set(winners);
    for (const e of entries) {
      await tx
        .update(prizeApplications)
        .set({ digest: e.digest, won: won.has(e.applicationId) })
        .where(eq(prizeApplications.id, e.applicationId));
    }
    await tx
      .update(prizeTrials)
      .set({ drawnAt: new Date(ctx.now()) })
      .where(eq(prizeTrials.id, id));
    for (const a of apps) {
      if (won.has(a.id)) {
        await postEventMessage(
          tx,
          a.memberId,
          prizeWonMessage({ trialId: id, title: row.title, applicationId: a.id }),
          ctx.now(),
        );
      }
    }
    return { drawn: true, applicants: apps.length, winners };
  });
}

/**
 * Operators: end an open trial's application window now (e.g. the product ran out); the draw
 * follows as after any deadline. Only an open trial.
 */
export async function closeTrial(ctx: Ctx, id: number): Promise<TrialRow> {
  const row = await trialRow(ctx.db, id);
  if (phaseOf(row, ctx.now()) !== 'open') throw new AppError('PRIZE_NOT_OPEN', `试用 #${id} 不在申请中，不能提前截止`);
  const [closed] = await ctx.db
    .update(prizeTrials)
    .set({ closesAt: new Date(ctx.now()) })
    .where(and(eq(prizeTrials.id, id), isNull(prizeTrials.drawnAt)))
    .returning();
  return closed!;
}

/** Every trial past its deadline and not drawn yet, drawn now. */
export async function drawDue(ctx: Ctx): Promise<number> {
  const due = await ctx.db
    .select({ id: prizeTrials.id })
    .from(prizeTrials)
    .where(and(isNull(prizeTrials.drawnAt), lte(prizeTrials.closesAt, new Date(ctx.now()))));
  let n = 0;
  for (const t of due) if ((await drawTrial(ctx, t.id)).drawn) n += 1;
  return n;
}

export function startPrizeDrawRound(ctx: AppContext, intervalMs = DRAW_ROUND_MS): () => Promise<void> {
  return startPeriodic(
    intervalMs,
    async () => {
      await drawDue(ctx);
    },
    (err) => ctx.log.error({ err }, 'prize draw round failed'),
  );
}

export async function result(ctx: Ctx, id: number, memberId: number | null): Promise<z.output<typeof PrizeResult>> {
  const row = await trialRow(ctx.db, id);
  const apps = await ctx.db
    .select({
      id: prizeApplications.id,
      digest: prizeApplications.digest,
      won: prizeApplications.won,
      nickname: members.nickname,
    })
    .from(prizeApplications)
    .innerJoin(members, eq(members.id, prizeApplications.memberId))
    .where(eq(prizeApplications.trialId, id))
    .orderBy(asc(prizeApplications.id));
  const drawn = row.drawnAt !== null;
  const entries = drawn ? apps.map((a) => ({ applicationId: a.id, digest: a.digest ?? '', won: a.won === true })) : [];
  const nick = new Map(apps.map((a) => [a.id, a.nickname]));
  const winners = drawn
    ? prizeWinners(
        entries.filter((e) => e.won),
        row.units,
      ).map((applicationId, i) => ({
        rank: i + 1,
        applicationId,
        nickname: maskNickname(nick.get(applicationId) ?? ''),
      }))
    : [];
  return {
    trial: toTrial(row, apps.length, ctx.now(), await screenersOf(ctx.db, [row])),
    drawnAt: row.drawnAt?.getTime() ?? null,
    seed: drawn ? row.seed : null,
    winners,
    entries,
    verifySteps: [...prizeVerifySteps(row.drawRule as DrawRule)],
    mine: await mineOf(ctx, row, memberId),
  };
}

/** Operators: trials newest first with counts. */
export async function listAllTrials(db: Executor, limit = 50) {
  const rows = await db.select().from(prizeTrials).orderBy(desc(prizeTrials.id)).limit(limit);
  const counts = await applicantCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, applicants: counts.get(r.id) ?? 0 }));
}
