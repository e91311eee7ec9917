/**
 * Measuring a member's risk signals for the exchange review (the judging is openapi/rules/risk.ts).
 * Each signal is read from what the database records; one whose data is missing (no registration
 * IP, for instance) is left out rather than guessed:
 *
 * - account age: `members.created_at`;
 * - shared device: other members whose participations carry one of this member's device ids;
 * - shared IP range: other members registered from the same /24 (`members.register_ip`);
 * - invite cluster: invitees registered from the member's range, and an inviter from it;
 * - answer quality: the quality module's standing (the level members see);
 * - screen-out, too-fast and blocked joins: the member's participations by join result;
 * - mobile change: a change-mobile check used in the last 30 days (written only when a member
 *   who had a mobile changed it; a first mobile added to a social account leaves no trace);
 * - identity: the real-name verification row;
 * - earned vs redeemed: the ledger's running totals (`point_balances`).
 */
import { and, count, eq, gte, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { JoinResult } from '../../../openapi/enums';
import {
  ipRangeOf,
  participationRatio,
  RISK_RULES,
  RISK_SIGNALS,
  riskFlag,
  riskLevelOf,
  type RiskFlag,
  type RiskSignalKey,
} from '../../../openapi/rules/risk';
import type { ReviewRisk, RiskSignal } from '../../../openapi/schemas/adminExchange';
import { members, verifyTickets } from '../../db/schema';
import { idVerifications } from '../../db/schema-exchange';
import { pointBalances } from '../../db/schema-points';
import { participations } from '../../db/schema-tasks';
import type { Executor } from '../../kernel/db';
import { DAY_MS } from '../../kernel/time';
import { qualityStandings } from '../quality/standing';

type Signal = z.output<typeof RiskSignal>;
export type Risk = z.output<typeof ReviewRisk>;
type Ref = { id: number; memberCode: string };

const J = JoinResult.values;
const BLOCKED = [J.IP_BLOCKED, J.COOKIE_BLOCKED, J.CITY_BLOCKED] as number[];

function signal(
  key: RiskSignalKey,
  flag: RiskFlag,
  summary: string,
  extra: { count?: number | null; ratio?: number | null; members?: Ref[] } = {},
): Signal {
  return {
    key,
    label: RISK_SIGNALS[key],
    flag,
    summary,
    count: extra.count ?? null,
    ratio: extra.ratio ?? null,
    members: extra.members ?? [],
  };
}

const percent = (r: number) => `${Math.round(r * 100)}%`;

/** Rows of a query written in SQL, as the driver reads them (cast counts to int). */
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The addresses of `range` (an IPv4 /24 prefix, or one whole address) as bytewise intervals
 * [from, to), for `~>=~` / `~<~`, which the `members_register_ip_idx` index (text_pattern_ops)
 * serves even when the bounds come from another table: a /24 is its prefix and the IPv4-mapped
 * IPv6 form of it (`1.2.3.` … `1.2.3/`, `/` following `.`); a whole address is itself alone
 * (no text holds a byte below 0x01, so nothing else lies between it and it + 0x01).
 */
function rangeBounds(range: string): [from: string, to: string][] {
  const prefix = (p: string): [string, string] => [p, `${p.slice(0, -1)}/`];
  return range.endsWith('.') ? [prefix(range), prefix(`::ffff:${range}`)] : [[range, `${range}\u0001`]];
}

/** Up to `sample` refs, with the count, for each member. */
type Found = Map<number, { n: number; refs: Ref[] }>;
const add = (found: Found, m: number, n: number, ref: Ref | null) => {
  const f = found.get(m) ?? { n, refs: [] };
  if (ref) f.refs.push(ref);
  found.set(m, f);
};

/**
 * For each member, the other accounts that used one of its device ids (in participations); members
 * with no device id at all are absent (the signal is left out for them).
 */
async function sharedDevices(db: Executor, memberIds: readonly number[], sample: number): Promise<Found> {
  const rows = await rowsOf<{ m: number; id: number | null; code: string | null; n: number }>(
    db,
    // Every participation's member is a member (a foreign key): the others are counted without reading members.
    sql`with mine as materialized (
          select distinct member_id as m, device_id as d from participations
          where member_id in (${sql.join(
            memberIds.map((id) => sql`${id}::int`),
            sql`, `,
          )}) and device_id is not null),
        others as (
          select distinct mine.m, p.member_id as o from mine join participations p on p.device_id = mine.d
          where p.member_id <> mine.m),
        ranked as (
          select m, o, count(*) over (partition by m) as n, row_number() over (partition by m order by o) as rn
          from others)
        select distinct m, null::int as id, null::text as code, 0 as n from mine
        union all
        select m, o, (select member_code from members where id = o), n::int from ranked where rn <= ${sample}
        order by m, id nulls first`,
  );
  // First each member with a device id (none shared yet), then the others it shares one with.
  const found: Found = new Map();
  for (const r of rows)
    if (r.id === null) add(found, Number(r.m), 0, null);
    else {
      found.get(Number(r.m))!.n = Number(r.n);
      add(found, Number(r.m), Number(r.n), { id: Number(r.id), memberCode: r.code! });
    }
  return found;
}

/**
 * For each member with a registration range: the other accounts registered from it, and those of
 * them the member invited (the invite cluster).
 */
async function sameRange(
  db: Executor,
  ranges: readonly { m: number; range: string }[],
  sample: number,
): Promise<{ shared: Found; invited: Found }> {
  const shared: Found = new Map();
  const invited: Found = new Map();
  if (ranges.length === 0) return { shared, invited };
  const values = ranges.flatMap(({ m, range }) =>
    rangeBounds(range).map(([from, to]) => sql`(${m}::int, ${from}::text, ${to}::text)`),
  );
  const rows = await rowsOf<{
    m: number;
    id: number;
    code: string;
    inv: boolean;
    n: number;
    ni: number;
    rn: number;
    rni: number;
  }>(
    db,
    sql`with found as (
          select distinct r.m, x.id, x.member_code, coalesce(x.inviter_id = r.m, false) as inv
          from (values ${sql.join(values, sql`, `)}) r(m, lo, hi)
          join members x on x.register_ip ~>=~ r.lo and x.register_ip ~<~ r.hi
          where x.id <> r.m),
        ranked as (
          select m, id, member_code, inv,
                 count(*) over (partition by m) as n,
                 count(*) filter (where inv) over (partition by m) as ni,
                 row_number() over (partition by m order by id) as rn,
                 row_number() over (partition by m, inv order by id) as rni
          from found)
        select m, id, member_code as code, inv, n::int, ni::int, rn::int, rni::int from ranked
        where rn <= ${sample} or (inv and rni <= ${sample})
        order by m, id`,
  );
  for (const r of rows) {
    const ref = { id: Number(r.id), memberCode: r.code };
    if (Number(r.rn) <= sample) add(shared, Number(r.m), Number(r.n), ref);
    if (r.inv && Number(r.rni) <= sample) add(invited, Number(r.m), Number(r.ni), ref);
    else if (Number(r.ni) > 0) add(invited, Number(r.m), Number(r.ni), null);
  }
  return { shared, invited };
}

/** Every signal of one member and the overall level, at `now`; up to `sample` member codes per signal. */
export async function riskOf(db: Executor, memberId: number, now: number, sample: number): Promise<Risk> {
  return (await risksOf(db, [memberId], now, sample)).get(memberId)!;
}

/**
 * Every signal of each member and their overall levels, at `now`: the same answers as `riskOf`
 * member by member, in a few set-wide queries (a page of the review queue costs what one member does).
 */
export async function risksOf(
  db: Executor,
  memberIds: readonly number[],
  now: number,
  sample: number,
): Promise<Map<number, Risk>> {
  const ids = [...new Set(memberIds)];
  const risks = new Map<number, Risk>();
  if (ids.length === 0) return risks;
  for (const id of ids) risks.set(id, { level: 'low', signals: [] });
  // The member rows, then what hangs on their registration IP and inviter; the rest needs only
  // the ids (an id with no member finds nothing), so it runs at the same time.
  const membersAndRanges = db
    .select({
      id: members.id,
      registerIp: members.registerIp,
      inviterId: members.inviterId,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(inArray(members.id, ids))
    .then(async (found) => {
      const ranges = found.flatMap((m) => {
        const range = ipRangeOf(m.registerIp);
        return range ? [{ m: m.id, range }] : [];
      });
      const inviterIds = [...new Set(found.flatMap((m) => (m.inviterId === null ? [] : [m.inviterId])))];
      const [inRange, inviters] = await Promise.all([
        sameRange(db, ranges, sample),
        inviterIds.length
          ? db
              .select({ id: members.id, memberCode: members.memberCode, registerIp: members.registerIp })
              .from(members)
              .where(inArray(members.id, inviterIds))
          : Promise.resolve([]),
      ]);
      return { found, inRange, inviters };
    });

  const [{ found, inRange, inviters }, devices, quality, byResult, changed, verified, totals] = await Promise.all([
    membersAndRanges,
    sharedDevices(db, ids, sample),
    qualityStandings(db, ids, now),
    db
      .select({ m: participations.memberId, r: participations.joinResult, n: count() })
      .from(participations)
      .where(and(inArray(participations.memberId, ids), ne(participations.joinResult, J.INCOMPLETE)))
      .groupBy(participations.memberId, participations.joinResult),
    db
      .select({ m: verifyTickets.memberId, n: count() })
      .from(verifyTickets)
      .where(
        and(
          inArray(verifyTickets.memberId, ids),
          eq(verifyTickets.scene, 'change_mobile'),
          isNotNull(verifyTickets.usedAt),
          gte(verifyTickets.usedAt, new Date(now - RISK_RULES.mobileChangeDays * DAY_MS)),
        ),
      )
      .groupBy(verifyTickets.memberId),
    db
      .select({ m: idVerifications.memberId })
      .from(idVerifications)
      .where(and(inArray(idVerifications.memberId, ids), eq(idVerifications.state, 2))),
    db
      .select({ m: pointBalances.memberId, earned: pointBalances.totalIncome, redeemed: pointBalances.totalSpent })
      .from(pointBalances)
      .where(inArray(pointBalances.memberId, ids)),
  ]);
  const inviterOf = new Map(inviters.map((i) => [i.id, i]));
  const tallies = new Map<number, Map<number, number>>();
  for (const x of byResult) {
    const t = tallies.get(x.m) ?? new Map<number, number>();
    t.set(x.r, Number(x.n));
    tallies.set(x.m, t);
  }
  const changes = new Map(changed.map((c) => [c.m, Number(c.n)]));
  const verifiedIds = new Set(verified.map((v) => v.m));
  const totalsOf = new Map(totals.map((t) => [t.m, t]));

  for (const m of found) {
    const memberId = m.id;
    const signals: Signal[] = [];

    const days = Math.floor((now - m.createdAt.getTime()) / DAY_MS);
    signals.push(
      signal('accountAge', riskFlag.accountAge(days), days < 1 ? '今天注册' : `注册 ${days} 天`, { count: days }),
    );

    // Other accounts that used one of this member's device ids.
    const device = devices.get(memberId);
    if (device) {
      signals.push(
        signal(
          'sharedDevice',
          riskFlag.sharedDevice(device.n),
          device.n ? `另有 ${device.n} 个账号用过同一设备` : '没有其他账号用过同一设备',
          { count: device.n, members: device.refs },
        ),
      );
    }

    const range = ipRangeOf(m.registerIp);
    if (range) {
      const shown = range.endsWith('.') ? `${range}0/24` : range;
      const shared = inRange.shared.get(memberId) ?? { n: 0, refs: [] };
      signals.push(
        signal(
          'sharedIpRange',
          riskFlag.sharedIpRange(shared.n),
          shared.n ? `另有 ${shared.n} 个账号从 ${shown} 注册` : `没有其他账号从 ${shown} 注册`,
          { count: shared.n, members: shared.refs },
        ),
      );

      const invitees = inRange.invited.get(memberId) ?? { n: 0, refs: [] };
      const inviter = m.inviterId === null ? undefined : inviterOf.get(m.inviterId);
      const inviterInRange = inviter !== undefined && ipRangeOf(inviter.registerIp) === range;
      const words = [
        invitees.n ? `邀请的 ${invitees.n} 人与其同一 IP 段注册` : '邀请的人中没有同一 IP 段注册的',
        ...(inviterInRange ? ['其邀请人也从同一 IP 段注册'] : []),
      ];
      signals.push(
        signal('inviteCluster', riskFlag.inviteCluster(invitees.n, inviterInRange), words.join('；'), {
          count: invitees.n,
          members: [
            ...(inviterInRange && inviter ? [{ id: inviter.id, memberCode: inviter.memberCode }] : []),
            ...invitees.refs,
          ],
        }),
      );
    }

    const q = quality.get(memberId)!;
    signals.push(
      signal(
        'answerQuality',
        riskFlag.answerQuality(q.level),
        `等级 ${q.level}（${q.counted} 份计入答卷${q.rate === null ? '' : `，有效率 ${percent(q.rate)}`}）`,
        { count: q.counted, ratio: q.rate },
      ),
    );

    const tally = tallies.get(memberId) ?? new Map<number, number>();
    const settled = [...tally.values()].reduce((a, b) => a + b, 0);
    const ratioSignal = (key: 'screenOut' | 'tooFast', n: number, what: string) => {
      const ratio = participationRatio(n, settled);
      signals.push(
        signal(
          key,
          riskFlag[key](ratio),
          ratio === null
            ? `${settled} 次参与，样本太少不计比例（${what} ${n} 次）`
            : `${settled} 次参与中${what} ${n} 次（${percent(ratio)}）`,
          { count: n, ratio },
        ),
      );
    };
    ratioSignal('screenOut', tally.get(J.SCREENED_OUT) ?? 0, '被甄别');
    ratioSignal('tooFast', tally.get(J.TOO_SHORT) ?? 0, '答题过快');
    const blocked = BLOCKED.reduce((a, r) => a + (tally.get(r) ?? 0), 0);
    signals.push(
      signal(
        'blockedJoins',
        riskFlag.blockedJoins(blocked),
        blocked
          ? `被拒 ${blocked} 次（IP ${tally.get(J.IP_BLOCKED) ?? 0}，设备 ${tally.get(J.COOKIE_BLOCKED) ?? 0}，城市 ${tally.get(J.CITY_BLOCKED) ?? 0}）`
          : '没有因 IP / 设备 / 城市被拒的参与',
        { count: blocked },
      ),
    );

    const mobileChanges = changes.get(memberId) ?? 0;
    signals.push(
      signal(
        'mobileChange',
        riskFlag.mobileChange(mobileChanges > 0),
        mobileChanges
          ? `近 ${RISK_RULES.mobileChangeDays} 天更换手机号 ${mobileChanges} 次`
          : `近 ${RISK_RULES.mobileChangeDays} 天没有更换手机号`,
        { count: mobileChanges },
      ),
    );

    signals.push(signal('identity', riskFlag.identity(), verifiedIds.has(memberId) ? '已实名认证' : '未实名认证'));

    const t = totalsOf.get(memberId);
    const earned = t?.earned ?? 0;
    const redeemed = t?.redeemed ?? 0;
    signals.push(
      signal(
        'earnedVsRedeemed',
        riskFlag.earnedVsRedeemed(earned, redeemed, days),
        `累计获得 ${earned} 微豆，已兑换 ${redeemed} 微豆`,
        { count: earned, ratio: earned > 0 ? Math.min(redeemed / earned, 1) : null },
      ),
    );

    risks.set(memberId, { level: riskLevelOf(signals.map((s) => s.flag)), signals });
  }
  return risks;
}
