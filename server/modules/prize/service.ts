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
 *   HMAC(seed, applicant key) (the wheel's `drawDigest`), the first `units` by digest win, and
 *   each winner gets a message in the same transaction.
 * - A winner confirms their existing consignee address as the delivery address (snapshot).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { meetsQualityLevel, minQualityLabel, qualityLevelRefusal } from '../../../openapi/rules/quality';
import { PRIZE_VERIFY_STEPS, prizePhase, prizeWinners, type PrizeEntry as Entry } from '../../../openapi/rules/prize';
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
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { maskNickname } from '../../kernel/mask';
import { startPeriodic } from '../../kernel/periodic';
import { consigneeRow } from '../consignee/service';
import { regionById, regionPath } from '../consignee/regions';
import { drawDigest, newServerSeed, seedHash } from '../lottery/draw';
import { prizeWonMessage } from '../messages/events';
import { postEventMessage } from '../messages/send';
import { qualityStanding } from '../quality/standing';

type Ctx = Pick<AppContext, 'db' | 'now'>;
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
}

export async function addTrial(ctx: Ctx, t: NewTrial): Promise<TrialRow> {
  if (!t.title.trim()) throw new AppError('INVALID_PARAMS', '试用名称不能为空');
  if (!Number.isInteger(t.units) || t.units < 1) throw new AppError('INVALID_PARAMS', '份数至少为 1');
  if (!(t.closesAt > t.opensAt)) throw new AppError('INVALID_PARAMS', '截止时间必须晚于开始时间');
  if (t.provinceId != null && !regionById(t.provinceId)) throw new AppError('REGION_INVALID');
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
      seed,
      seedHash: seedHash(seed),
      createdAt: new Date(ctx.now()),
    })
    .returning();
  return row!;
}

async function trialRow(db: Executor, id: number): Promise<TrialRow> {
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

function toTrial(row: TrialRow, applicants: number, now: number): z.output<typeof PrizeTrial> {
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
  return { items: rows.map((r) => toTrial(r, counts.get(r.id) ?? 0, ctx.now())) };
}

/** Why the member may not apply (zh-CN), or null. */
async function refusal(ctx: Ctx, row: TrialRow, memberId: number): Promise<string | null> {
  const { level } = await qualityStanding(ctx.db, memberId, ctx.now());
  if (!meetsQualityLevel(level, row.minQualityLevel)) {
    return qualityLevelRefusal('任务', row.minQualityLevel, level).replace('该任务', '这个试用');
  }
  if (row.provinceId !== null) {
    const c = await consigneeRow(ctx.db, memberId);
    const name = regionById(row.provinceId)?.name ?? '指定地区';
    if (!c) return `这个试用只寄往${name}，请先填写收货地址`;
    if (c.provinceId !== row.provinceId) return `这个试用只寄往${name}，你的收货地址不在该地区`;
  }
  return null;
}

async function applicationOf(db: Executor, trialId: number, memberId: number): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(prizeApplications)
    .where(and(eq(prizeApplications.trialId, trialId), eq(prizeApplications.memberId, memberId)));
  return row;
}

async function mineOf(ctx: Ctx, row: TrialRow, memberId: number | null): Promise<Mine | null> {
  if (memberId === null) return null;
  const app = await applicationOf(ctx.db, row.id, memberId);
  const reason = app ? null : await refusal(ctx, row, memberId);
  return {
    applied: !!app,
    eligible: reason === null,
    reason,
    applicationId: app?.id ?? null,
    won: app?.won ?? null,
    shipTo: app?.shipTo ?? null,
  };
}

export async function trialDetail(
  ctx: Ctx,
  id: number,
  memberId: number | null,
): Promise<z.output<typeof PrizeTrialDetail>> {
  const row = await trialRow(ctx.db, id);
  const counts = await applicantCounts(ctx.db, [id]);
  return { trial: toTrial(row, counts.get(id) ?? 0, ctx.now()), mine: await mineOf(ctx, row, memberId) };
}

export async function apply(ctx: Ctx, id: number, memberId: number): Promise<z.output<typeof PrizeApplyResult>> {
  const row = await trialRow(ctx.db, id);
  const count_ = async () => (await applicantCounts(ctx.db, [id])).get(id) ?? 0;
  const existing = await applicationOf(ctx.db, id, memberId);
  if (existing) return { applicationId: existing.id, replayed: true, applicants: await count_() };
  if (phaseOf(row, ctx.now()) !== 'open') throw new AppError('PRIZE_NOT_OPEN');
  const reason = await refusal(ctx, row, memberId);
  if (reason) throw new AppError('PRIZE_NOT_ELIGIBLE', reason);
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
    const entries: Entry[] = apps.map((a) => ({ applicationId: a.id, digest: drawDigest(row.seed, String(id), a.id) }));
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
    trial: toTrial(row, apps.length, ctx.now()),
    drawnAt: row.drawnAt?.getTime() ?? null,
    seed: drawn ? row.seed : null,
    winners,
    entries,
    verifySteps: [...PRIZE_VERIFY_STEPS],
    mine: await mineOf(ctx, row, memberId),
  };
}

/** A winner's delivery address: their consignee now, copied onto the application. */
export async function confirmShipTo(ctx: Ctx, id: number, memberId: number): Promise<{ shipTo: string }> {
  await trialRow(ctx.db, id);
  const app = await applicationOf(ctx.db, id, memberId);
  if (!app?.won) throw new AppError('PRIZE_NOT_WON');
  const c = await consigneeRow(ctx.db, memberId);
  if (!c) throw new AppError('PRIZE_NO_CONSIGNEE');
  const region = regionPath(c.provinceId, c.cityId, c.countyId) ?? '';
  const shipTo = `${c.name} ${c.mobile} ${region} ${c.address}`.replace(/\s+/g, ' ').trim();
  await ctx.db
    .update(prizeApplications)
    .set({ shipTo, shipToAt: new Date(ctx.now()) })
    .where(eq(prizeApplications.id, app.id));
  return { shipTo };
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

/** Operators: a drawn trial's winners with member ids and their delivery address. */
export async function winnersOf(db: Executor, id: number) {
  return db
    .select({
      applicationId: prizeApplications.id,
      memberId: prizeApplications.memberId,
      nickname: members.nickname,
      shipTo: prizeApplications.shipTo,
    })
    .from(prizeApplications)
    .innerJoin(members, eq(members.id, prizeApplications.memberId))
    .where(and(eq(prizeApplications.trialId, id), eq(prizeApplications.won, true)))
    .orderBy(asc(prizeApplications.digest));
}
