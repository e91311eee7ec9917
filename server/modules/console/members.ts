/**
 * The console's member pages: finding a member, the member 360 view (masked), and what staff may
 * do to a member (reveal the full contact, freeze, end sessions, message). Writes run in the
 * console write's transaction (`ctx.db` is the transaction handle()); they return before/after for
 * the audit row.
 */
import { and, count, desc, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_ID } from '../../../openapi/schemas/common';
import type {
  Member360,
  MemberLedgerPage,
  MemberSearchPage,
  MemberSearchRow,
} from '../../../openapi/schemas/adminMembers';
import type { AppContext } from '../../context';
import { members, tokenFamilies } from '../../db/schema';
import { exchanges, idVerifications } from '../../db/schema-exchange';
import { pointBalances } from '../../db/schema-points';
import { benefits, creditBalances, memberBenefits } from '../../db/schema-benefits';
import { snsBindings } from '../../db/schema-social';
import { feedbackTickets } from '../../db/schema-support';
import { participations, tasks } from '../../db/schema-tasks';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { maskEmail, maskMobile, maskNickname } from '../../kernel/mask';
import { pageOf, pageOffset, type PageArgs } from '../../kernel/page';
import { revokeAllSessions } from '../auth/tokens';
import { sendMessage } from '../messages/send';
import { memberLedgerRow, pointsHistory } from '../points/history';
import { pendingAdjustmentsOf } from './adjustments';

type MemberRow = typeof members.$inferSelect;

export async function memberById(db: Executor, id: number): Promise<MemberRow> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '会员不存在');
  return row;
}

const frozenOf = (m: Pick<MemberRow, 'frozenAt' | 'frozenReason'>) =>
  m.frozenAt ? { at: m.frozenAt.getTime(), reason: m.frozenReason ?? '' } : null;

/* ---- search ---- */

type MatchedBy = z.output<typeof MemberSearchRow>['matchedBy'];

/**
 * Find members by any of the keys staff have at hand: a mobile (exact, 11 digits), a member code
 * or invite code (8 characters, any case), a numeric id, or the start of a nickname.
 */
export async function searchMembers(
  db: Executor,
  q: PageArgs & { q: string },
): Promise<z.output<typeof MemberSearchPage>> {
  const text = q.q.trim();
  const code = text.toUpperCase();
  const keys: { by: MatchedBy; where: SQL; test: (m: MemberRow) => boolean }[] = [];
  if (/^1\d{10}$/.test(text))
    keys.push({ by: 'mobile', where: eq(members.mobile, text), test: (m) => m.mobile === text });
  if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ID && Number(text) > 0) {
    const id = Number(text);
    keys.push({ by: 'id', where: eq(members.id, id), test: (m) => m.id === id });
  }
  if (/^[A-Za-z0-9]{4,16}$/.test(text)) {
    keys.push({ by: 'memberCode', where: eq(members.memberCode, code), test: (m) => m.memberCode === code });
    keys.push({ by: 'inviteCode', where: eq(members.inviteCode, code), test: (m) => m.inviteCode === code });
  }
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The `members_nickname_idx` index (text_pattern_ops) serves the prefix under any collation.
  const nickname = sql`${members.nickname} like ${prefix}`;
  const exact = keys.map((k) => k.where);
  keys.push({ by: 'nickname', where: nickname, test: (m) => m.nickname.startsWith(text) });
  const where = or(...keys.map((k) => k.where));
  const [rows, byNickname, otherwise] = await Promise.all([
    db
      .select({ m: members, balance: pointBalances.balance })
      .from(members)
      .leftJoin(pointBalances, eq(pointBalances.memberId, members.id))
      .where(where)
      .orderBy(desc(members.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    // The total in two parts, so a common prefix (微豆用户, every default nickname) is counted from
    // the index alone: the nickname matches, and the few exact matches whose nickname does not.
    db.$count(members, nickname),
    exact.length ? db.$count(members, and(or(...exact), not(nickname))) : 0,
  ]);
  const total = byNickname + otherwise;
  return pageOf(
    q,
    rows.map(({ m, balance }) => ({
      id: m.id,
      memberCode: m.memberCode,
      nickname: m.nickname,
      mobile: maskMobile(m.mobile),
      registeredAt: m.createdAt.getTime(),
      balance: balance ?? 0,
      frozen: frozenOf(m),
      matchedBy: keys.find((k) => k.test(m))?.by ?? 'nickname',
    })),
    total,
  );
}

/* ---- ledger ---- */

/** The member's ledger as staff read it: the member's rows with each one's idempotency key. */
export const memberLedger = (db: Executor, memberId: number, q: PageArgs): Promise<z.output<typeof MemberLedgerPage>> =>
  pointsHistory(db, memberId, q, (r) => ({ ...memberLedgerRow(r), idempotencyKey: r.idempotencyKey }));

/* ---- member 360 ---- */

const RECENT = 20;
const ms = (d: Date | null) => (d ? d.getTime() : null);

/** What the schema records about the member, masked; each part a bounded query. */
export async function member360(ctx: Pick<AppContext, 'db' | 'now'>, id: number): Promise<z.output<typeof Member360>> {
  const db = ctx.db;
  const m = await memberById(db, id);
  const now = ctx.now();
  const [
    [points],
    [credit],
    [idv],
    ledger,
    parts,
    exch,
    held,
    inviter,
    [invitedCount],
    invitees,
    tickets,
    sessions,
    social,
    pending,
  ] = await Promise.all([
    db.select().from(pointBalances).where(eq(pointBalances.memberId, id)),
    db.select().from(creditBalances).where(eq(creditBalances.memberId, id)),
    db.select().from(idVerifications).where(eq(idVerifications.memberId, id)),
    memberLedger(db, id, { page: 1, pageSize: RECENT }),
    db
      .select({ p: participations, title: tasks.title })
      .from(participations)
      .innerJoin(tasks, eq(tasks.id, participations.taskId))
      .where(eq(participations.memberId, id))
      .orderBy(desc(participations.startedAt), desc(participations.id))
      .limit(RECENT),
    db
      .select()
      .from(exchanges)
      .where(eq(exchanges.memberId, id))
      .orderBy(desc(exchanges.createdAt), desc(exchanges.id))
      .limit(RECENT),
    db
      .select({ mb: memberBenefits, name: benefits.name })
      .from(memberBenefits)
      .innerJoin(benefits, eq(benefits.id, memberBenefits.benefitId))
      .where(eq(memberBenefits.memberId, id))
      .orderBy(desc(memberBenefits.obtainedAt), desc(memberBenefits.id))
      .limit(RECENT),
    m.inviterId
      ? db
          .select({ id: members.id, memberCode: members.memberCode, nickname: members.nickname })
          .from(members)
          .where(eq(members.id, m.inviterId))
      : Promise.resolve([]),
    db.select({ n: count() }).from(members).where(eq(members.inviterId, id)),
    db
      .select()
      .from(members)
      .where(eq(members.inviterId, id))
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(10),
    db
      .select()
      .from(feedbackTickets)
      .where(eq(feedbackTickets.memberId, id))
      .orderBy(desc(feedbackTickets.updatedAt), desc(feedbackTickets.id))
      .limit(RECENT),
    db
      .select()
      .from(tokenFamilies)
      .where(eq(tokenFamilies.memberId, id))
      .orderBy(desc(tokenFamilies.createdAt))
      .limit(RECENT),
    db.select().from(snsBindings).where(eq(snsBindings.memberId, id)).orderBy(snsBindings.platform),
    pendingAdjustmentsOf(db, id),
  ]);

  // IPs and devices: registration, the recent logins, the recent task starts (all the schema keeps).
  const ips = new Map<string, { ip: string; seen: number; lastAt: number; from: Set<'register' | 'login' | 'task'> }>();
  const seeIp = (ip: string | null, at: number, from: 'register' | 'login' | 'task') => {
    if (!ip) return;
    const e = ips.get(ip) ?? { ip, seen: 0, lastAt: 0, from: new Set() };
    e.seen += 1;
    e.lastAt = Math.max(e.lastAt, at);
    e.from.add(from);
    ips.set(ip, e);
  };
  seeIp(m.registerIp, m.createdAt.getTime(), 'register');
  for (const s of sessions) seeIp(s.ip, s.createdAt.getTime(), 'login');
  for (const { p } of parts) seeIp(p.ip, p.startedAt.getTime(), 'task');
  const devices = new Map<string, { deviceId: string; seen: number; lastAt: number }>();
  for (const { p } of parts) {
    if (!p.deviceId) continue;
    const e = devices.get(p.deviceId) ?? { deviceId: p.deviceId, seen: 0, lastAt: 0 };
    e.seen += 1;
    e.lastAt = Math.max(e.lastAt, p.startedAt.getTime());
    devices.set(p.deviceId, e);
  }

  return {
    profile: {
      id: m.id,
      memberCode: m.memberCode,
      nickname: m.nickname,
      avatar: m.avatar,
      mobile: maskMobile(m.mobile),
      email: maskEmail(m.email),
      inviteCode: m.inviteCode,
      registeredAt: m.createdAt.getTime(),
      registerIp: m.registerIp,
      hasPassword: m.passwordHash !== null,
      passwordChangedAt: ms(m.passwordChangedAt),
      realName: idv
        ? {
            verified: idv.state === 2,
            name: maskNickname(idv.realName),
            idNumber: idv.idNumberMasked,
            verifiedAt: ms(idv.verifiedAt),
          }
        : null,
    },
    frozen: frozenOf(m),
    balances: {
      points: points?.balance ?? 0,
      pointsPending: points?.pending ?? 0,
      pointsIncome: points?.totalIncome ?? 0,
      pointsSpent: points?.totalSpent ?? 0,
      credit: credit?.balance ?? 0,
      creditEarned: credit?.totalEarned ?? 0,
    },
    ledger,
    participations: parts.map(({ p, title }) => ({
      id: p.id,
      taskId: p.taskId,
      taskTitle: title,
      status: p.status,
      joinResult: p.joinResult,
      points: p.points,
      pointsStatus: p.pointsStatus,
      ip: p.ip,
      deviceId: p.deviceId,
      startedAt: p.startedAt.getTime(),
      finishedAt: ms(p.finishedAt),
    })),
    exchanges: exch.map((e) => ({
      id: e.id,
      title: e.title,
      rewardType: e.rewardType,
      points: e.points,
      state: e.state,
      reason: e.reason,
      createdAt: e.createdAt.getTime(),
    })),
    benefits: held.map(({ mb, name }) => ({
      id: mb.id,
      name,
      kind: mb.kind,
      source: mb.source,
      status:
        mb.status === 'used'
          ? ('used' as const)
          : mb.expiresAt && mb.expiresAt.getTime() <= now
            ? ('expired' as const)
            : ('unused' as const),
      obtainedAt: mb.obtainedAt.getTime(),
      expiresAt: ms(mb.expiresAt),
    })),
    invites: {
      inviter: inviter[0] ?? null,
      inviteeCount: Number(invitedCount?.n ?? 0),
      invitees: invitees.map((i) => ({
        id: i.id,
        memberCode: i.memberCode,
        nickname: i.nickname,
        registeredAt: i.createdAt.getTime(),
        registerIp: i.registerIp,
      })),
    },
    feedback: tickets.map((t) => ({
      id: t.id,
      category: t.category,
      state: t.state,
      excerpt: [...t.content].slice(0, 60).join(''),
      createdAt: t.createdAt.getTime(),
      updatedAt: t.updatedAt.getTime(),
    })),
    sessions: sessions.map((s) => ({
      id: s.id.slice(0, 8),
      method: s.method,
      ip: s.ip,
      userAgent: s.userAgent,
      startedAt: s.createdAt.getTime(),
      expiresAt: s.expiresAt.getTime(),
      active: s.revokedAt === null && s.expiresAt.getTime() > now,
      revokedReason: s.revokedReason,
    })),
    devicesAndIps: {
      ips: [...ips.values()].sort((a, b) => b.lastAt - a.lastAt).map((e) => ({ ...e, from: [...e.from] })),
      devices: [...devices.values()].sort((a, b) => b.lastAt - a.lastAt),
    },
    socialBindings: social.map((s) => ({ platform: s.platform, nickname: s.nickname, boundAt: s.createdAt.getTime() })),
    pendingAdjustments: pending,
  };
}

/* ---- writes (in the console write's transaction) ---- */

/** The full contact data; which fields were actually there (for the audit row, never the values). */
export async function revealContact(db: Executor, id: number) {
  const m = await memberById(db, id);
  const [idv] = await db.select().from(idVerifications).where(eq(idVerifications.memberId, id));
  const contact = {
    mobile: m.mobile,
    realName: idv?.realName ?? null,
    // Only the masked number and a hash are stored (schema-exchange.ts): there is no full number to show.
    idNumber: idv?.idNumberMasked ?? null,
    idNumberComplete: false,
  };
  const revealed = [...(m.mobile ? ['mobile'] : []), ...(idv ? ['realName'] : [])];
  return { contact, revealed };
}

async function liveSessionCount(db: Executor, memberId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tokenFamilies)
    .where(
      and(
        eq(tokenFamilies.memberId, memberId),
        isNull(tokenFamilies.revokedAt),
        sql`${tokenFamilies.expiresAt} > ${new Date(now).toISOString()}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** End every session of the member (as a password reset does): refresh and access tokens stop. */
export async function endSessions(ctx: AppContext, id: number, why: string) {
  const m = await memberById(ctx.db, id);
  const ended = await liveSessionCount(ctx.db, id, ctx.now());
  await revokeAllSessions(ctx, id, why);
  return { id, frozen: frozenOf(m), sessionsEnded: ended };
}

/** Freeze: no login, redeeming or tasks from now on; every session ends at once. */
export async function freeze(ctx: AppContext, id: number, reason: string) {
  const before = await memberById(ctx.db, id);
  const at = new Date(ctx.now());
  await ctx.db
    .update(members)
    .set({ frozenAt: before.frozenAt ?? at, frozenReason: reason, updatedAt: at })
    .where(eq(members.id, id));
  const ended = await liveSessionCount(ctx.db, id, ctx.now());
  await revokeAllSessions(ctx, id, 'frozen');
  const frozen = { at: (before.frozenAt ?? at).getTime(), reason };
  return { before: { frozen: frozenOf(before) }, after: { frozen }, state: { id, frozen, sessionsEnded: ended } };
}

export async function unfreeze(ctx: AppContext, id: number) {
  const before = await memberById(ctx.db, id);
  await ctx.db
    .update(members)
    .set({ frozenAt: null, frozenReason: null, updatedAt: new Date(ctx.now()) })
    .where(and(eq(members.id, id), isNotNull(members.frozenAt)));
  return {
    before: { frozen: frozenOf(before) },
    after: { frozen: null },
    state: { id, frozen: null, sessionsEnded: 0 },
  };
}

/** A site message to one member, through the messages module (its checks and sanitising). */
export async function messageOne(ctx: AppContext, id: number, m: { title: string; content: string }) {
  await memberById(ctx.db, id);
  const sent = await sendMessage(ctx, { kind: 'member', memberId: id }, { title: m.title, content: m.content });
  return sent.id;
}
