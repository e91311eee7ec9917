/**
 * Who may take which task, and why not: open/close time, quota, device type (X-Device-Type),
 * targeting on the member's properties (个人属性), the minimum answer-quality level (答题质量,
 * the standing GET /v1/quality shows), the basic questionnaire, and a finished participation. One function (`blockOf`) decides for lists, detail and start alike, so the list
 * never shows a task that the start would refuse for a reason the member cannot fix.
 */
import type { FastifyRequest } from 'fastify';
import { DeviceType } from '../../../openapi/enums';
import { meetsQualityLevel, qualityLevelRefusal } from '../../../openapi/rules/quality';
import type { memberProperties, participations, tasks, TaskTargeting } from '../../db/schema-tasks';
import { ageOn, beijingWallClock } from '../../kernel/time';

export type TaskRow = typeof tasks.$inferSelect;
export type ParticipationRow = typeof participations.$inferSelect;
export type MemberPropertiesRow = typeof memberProperties.$inferSelect;

export type TaskBlock =
  'closed' | 'not_open' | 'quota_full' | 'not_eligible' | 'device' | 'quality_level' | 'basic_survey' | 'joined';

/** The request's device type from `X-Device-Type` (1 mobile, 2 desktop, 3 tablet); null when absent or unknown. */
export function deviceTypeOf(request: FastifyRequest): number | null {
  const raw = request.headers['x-device-type'];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return (DeviceType.list as readonly number[]).includes(n) ? n : null;
}

/** `X-Device-Id` (the app's persistent device id, our "cookie"); null when absent. */
export function deviceIdOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-device-id'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v ? v.slice(0, 128) : null;
}

/**
 * The start's location as a GB/T 2260 code (province `PP0000` or city `PPCC00`), from the
 * `X-Geo-Region` header that the edge proxy / CDN sets from the client IP. Only trusted when the
 * server runs behind that proxy (TRUST_PROXY); otherwise, or when absent/malformed, null (unknown).
 */
export function geoRegionOf(request: FastifyRequest, trustProxy: boolean): number | null {
  if (!trustProxy) return null;
  const raw = request.headers['x-geo-region'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return /^[1-8]\d{5}$/.test(v) ? Number(v) : null;
}

/** The province code (`PP0000`) of a GB/T 2260 region code. */
const provinceOfRegion = (region: number) => Math.floor(region / 10_000) * 10_000;

/**
 * The city check (join result 7): a task targeting provinces refuses a start whose IP location
 * (`geoRegionOf`) is known and lies outside them, even when the member's declared province (个人属性)
 * matches. An unknown location is not refused (no geo data without the proxy).
 */
export function outsideTargetedRegion(targeting: TaskTargeting, region: number | null): boolean {
  const provinces = targeting.provinceIds;
  if (!provinces?.length || region === null) return false;
  return !provinces.includes(provinceOfRegion(region));
}

const inList = (list: number[] | undefined, value: number | null | undefined) =>
  list === undefined || list.length === 0 || (value !== null && value !== undefined && list.includes(value));

/**
 * Does the member match the task's targeting? Every present key must match; an attribute the
 * member has not filled in cannot match a restriction on it.
 */
function matchesTargeting(
  targeting: TaskTargeting,
  props: MemberPropertiesRow | null | undefined,
  now: number,
): boolean {
  const p = props ?? null;
  if (!inList(targeting.genders, p?.gender)) return false;
  if (!inList(targeting.provinceIds, p?.provinceId)) return false;
  if (!inList(targeting.educations, p?.education)) return false;
  if (!inList(targeting.occupations, p?.occupation)) return false;
  if (!inList(targeting.incomes, p?.income)) return false;
  if (!inList(targeting.maritals, p?.marital)) return false;
  if (targeting.ageMin !== undefined || targeting.ageMax !== undefined) {
    if (!p?.birthday) return false;
    const age = ageOn(p.birthday, now);
    if (targeting.ageMin !== undefined && age < targeting.ageMin) return false;
    if (targeting.ageMax !== undefined && age > targeting.ageMax) return false;
  }
  return true;
}

const isClosed = (t: TaskRow, now: number) =>
  t.status !== 'active' || (t.closeAt !== null && t.closeAt.getTime() <= now);
const isNotOpen = (t: TaskRow, now: number) => t.openAt.getTime() > now;
const isQuotaFull = (t: TaskRow) => t.quota !== null && t.completes >= t.quota;
export const remainingOf = (t: TaskRow) => (t.quota === null ? null : Math.max(0, t.quota - t.completes));

export interface Viewer {
  props: MemberPropertiesRow | null;
  basicSurveyDone: boolean;
  deviceType: number | null;
  /**
   * The member's answer-quality level now (server/modules/quality/standing.ts qualityStanding);
   * null when not read because no task in view asks for a level (reading it scans their answers).
   */
  qualityLevel: number | null;
}

/** The viewer's level, which must have been read for a task that asks for one. */
function levelOf(viewer: Pick<Viewer, 'qualityLevel'>): number {
  if (viewer.qualityLevel === null) throw new Error('quality level not read for a task that asks for one');
  return viewer.qualityLevel;
}

/**
 * The blocks the member cannot fix (they keep a task out of lists), or null: a finished
 * participation, the task's window and quota, the device and the targeting. A started
 * participation can always be resumed (null). Needs no quality level.
 */
function unfixableBlock(
  t: TaskRow,
  mine: ParticipationRow | undefined,
  viewer: Omit<Viewer, 'qualityLevel'>,
  now: number,
): TaskBlock | null {
  if (mine?.status === 'finished') return 'joined';
  if (mine?.status === 'started') return null;
  if (isClosed(t, now)) return 'closed';
  if (isNotOpen(t, now)) return 'not_open';
  if (isQuotaFull(t)) return 'quota_full';
  if (viewer.deviceType !== null && !t.devices.includes(viewer.deviceType)) return 'device';
  if (!matchesTargeting(t.targeting, viewer.props, now)) return 'not_eligible';
  return null;
}

/**
 * Why this viewer cannot start this task now, or null. A started participation can always be
 * resumed; a finished one blocks for good. An unknown device type (no header) is not refused.
 */
export function blockOf(t: TaskRow, mine: ParticipationRow | undefined, viewer: Viewer, now: number): TaskBlock | null {
  const unfixable = unfixableBlock(t, mine, viewer, now);
  if (unfixable !== null || mine?.status === 'started') return unfixable;
  if (t.minQualityLevel > 0 && !meetsQualityLevel(levelOf(viewer), t.minQualityLevel)) return 'quality_level';
  if (t.requiresBasicSurvey && !viewer.basicSurveyDone) return 'basic_survey';
  return null;
}

/**
 * Whether the member's lists leave the task out: only for blocks they cannot fix. The basic
 * questionnaire and the quality level are the member's to fix: such tasks are listed, showing what
 * they ask for — so lists never need the member's quality level.
 */
export const hiddenFromList = (
  t: TaskRow,
  mine: ParticipationRow | undefined,
  viewer: Omit<Viewer, 'qualityLevel'>,
  now: number,
) => unfixableBlock(t, mine, viewer, now) !== null;

const pad = (n: number) => String(n).padStart(2, '0');

/** "3月5日 09:30" in Beijing time. */
function beijingMinute(ms: number): string {
  const d = beijingWallClock(ms);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** What the detail page says under a disabled start button. */
export function blockMessage(
  block: TaskBlock,
  t: TaskRow,
  mine: ParticipationRow | undefined,
  viewer: Pick<Viewer, 'qualityLevel'>,
): string {
  switch (block) {
    case 'joined':
      return mine?.joinResult === 1
        ? '你已完成过该任务，每个任务只能参加一次'
        : '你已参与过该任务，每个任务只能参加一次';
    case 'closed':
      return '该任务已结束，去看看其他任务吧';
    case 'not_open':
      return `任务将于 ${beijingMinute(t.openAt.getTime())} 开始，请届时再来`;
    case 'quota_full':
      return '该任务名额已满，去看看其他任务吧';
    case 'device':
      return `该任务仅支持在${t.devices.map((d) => DeviceType.labels[d as 1 | 2 | 3] ?? '其他设备').join('、')}上参与`;
    case 'not_eligible':
      return '你的个人属性与该任务的目标人群不符，暂时不能参加';
    case 'quality_level':
      return `${qualityLevelRefusal('任务', t.minQualityLevel, levelOf(viewer))}，提高答卷有效率即可参加`;
    case 'basic_survey':
      return '参加该任务前，请先完成个人属性问卷';
  }
}
