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
import { and, asc, count, countDistinct, eq, gte, inArray, isNotNull, like, ne, or, type SQL } from 'drizzle-orm';
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
import { qualityStanding } from '../quality/standing';

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

/** Other members matching `where` (never the member itself): how many, and the first `sample` of them. */
async function othersWhere(db: Executor, memberId: number, where: SQL, sample: number) {
  const cond = and(where, ne(members.id, memberId));
  const [n] = await db.select({ n: count() }).from(members).where(cond);
  const refs = await db
    .select({ id: members.id, memberCode: members.memberCode })
    .from(members)
    .where(cond)
    .orderBy(asc(members.id))
    .limit(sample);
  return { n: Number(n?.n ?? 0), refs };
}

/** Members registered from `range` (an IPv4 /24 prefix, or one whole address). */
function inRange(range: string): SQL {
  return range.endsWith('.')
    ? or(like(members.registerIp, `${range}%`), like(members.registerIp, `::ffff:${range}%`))!
    : eq(members.registerIp, range);
}

/** Every signal of one member and the overall level, at `now`; up to `sample` member codes per signal. */
export async function riskOf(db: Executor, memberId: number, now: number, sample: number): Promise<Risk> {
  const [m] = await db
    .select({
      id: members.id,
      registerIp: members.registerIp,
      inviterId: members.inviterId,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) return { level: 'low', signals: [] };
  const signals: Signal[] = [];

  const days = Math.floor((now - m.createdAt.getTime()) / DAY_MS);
  signals.push(
    signal('accountAge', riskFlag.accountAge(days), days < 1 ? '今天注册' : `注册 ${days} 天`, { count: days }),
  );

  // Other accounts that used one of this member's device ids.
  const devices = db
    .selectDistinct({ d: participations.deviceId })
    .from(participations)
    .where(and(eq(participations.memberId, memberId), isNotNull(participations.deviceId)));
  const [deviceCount] = await db.select({ n: count() }).from(devices.as('d'));
  if (Number(deviceCount?.n ?? 0) > 0) {
    const sharing = db
      .selectDistinct({ id: participations.memberId })
      .from(participations)
      .where(inArray(participations.deviceId, devices));
    const shared = await othersWhere(db, memberId, inArray(members.id, sharing), sample);
    signals.push(
      signal(
        'sharedDevice',
        riskFlag.sharedDevice(shared.n),
        shared.n ? `另有 ${shared.n} 个账号用过同一设备` : '没有其他账号用过同一设备',
        { count: shared.n, members: shared.refs },
      ),
    );
  }

  const range = ipRangeOf(m.registerIp);
  if (range) {
    const shown = range.endsWith('.') ? `${range}0/24` : range;
    const shared = await othersWhere(db, memberId, inRange(range), sample);
    signals.push(
      signal(
        'sharedIpRange',
        riskFlag.sharedIpRange(shared.n),
        shared.n ? `另有 ${shared.n} 个账号从 ${shown} 注册` : `没有其他账号从 ${shown} 注册`,
        { count: shared.n, members: shared.refs },
      ),
    );

    const invitees = await othersWhere(db, memberId, and(eq(members.inviterId, memberId), inRange(range))!, sample);
    const [inviter] =
      m.inviterId === null
        ? []
        : await db
            .select({ id: members.id, memberCode: members.memberCode, registerIp: members.registerIp })
            .from(members)
            .where(eq(members.id, m.inviterId));
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

  const quality = await qualityStanding(db, memberId, now);
  signals.push(
    signal(
      'answerQuality',
      riskFlag.answerQuality(quality.level),
      `等级 ${quality.level}（${quality.counted} 份计入答卷${quality.rate === null ? '' : `，有效率 ${percent(quality.rate)}`}）`,
      { count: quality.counted, ratio: quality.rate },
    ),
  );

  const byResult = await db
    .select({ r: participations.joinResult, n: count() })
    .from(participations)
    .where(and(eq(participations.memberId, memberId), ne(participations.joinResult, J.INCOMPLETE)))
    .groupBy(participations.joinResult);
  const tally = new Map(byResult.map((x) => [x.r, Number(x.n)]));
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

  const [changed] = await db
    .select({ n: count() })
    .from(verifyTickets)
    .where(
      and(
        eq(verifyTickets.memberId, memberId),
        eq(verifyTickets.scene, 'change_mobile'),
        isNotNull(verifyTickets.usedAt),
        gte(verifyTickets.usedAt, new Date(now - RISK_RULES.mobileChangeDays * DAY_MS)),
      ),
    );
  const mobileChanges = Number(changed?.n ?? 0);
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

  const [verified] = await db
    .select({ n: countDistinct(idVerifications.memberId) })
    .from(idVerifications)
    .where(and(eq(idVerifications.memberId, memberId), eq(idVerifications.state, 2)));
  signals.push(signal('identity', riskFlag.identity(), Number(verified?.n ?? 0) ? '已实名认证' : '未实名认证'));

  const [totals] = await db
    .select({ earned: pointBalances.totalIncome, redeemed: pointBalances.totalSpent })
    .from(pointBalances)
    .where(eq(pointBalances.memberId, memberId));
  const earned = totals?.earned ?? 0;
  const redeemed = totals?.redeemed ?? 0;
  signals.push(
    signal(
      'earnedVsRedeemed',
      riskFlag.earnedVsRedeemed(earned, redeemed, days),
      `累计获得 ${earned} 微豆，已兑换 ${redeemed} 微豆`,
      { count: earned, ratio: earned > 0 ? Math.min(redeemed / earned, 1) : null },
    ),
  );

  return { level: riskLevelOf(signals.map((s) => s.flag)), signals };
}
