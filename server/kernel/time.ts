/**
 * Beijing time. The product's days, months and displayed times are Asia/Shanghai: UTC+8 all year,
 * no daylight saving, so a fixed offset is exact.
 */

export const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** A Date whose UTC fields (`getUTCHours()`, `toISOString()`, …) read Beijing wall-clock time. */
export function beijingWallClock(ms: number): Date {
  return new Date(ms + SHANGHAI_OFFSET_MS);
}

/** The Beijing calendar day (YYYY-MM-DD) of an instant. */
export function shanghaiDay(ms: number): string {
  return beijingWallClock(ms).toISOString().slice(0, 10);
}

/** The instant (epoch ms) a Beijing calendar day starts. */
export function shanghaiDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}

/** The Beijing day before `day`. */
export function previousDay(day: string): string {
  return shanghaiDay(shanghaiDayStart(day) - DAY_MS);
}

/** The instants the Beijing calendar month of `day` starts and the next one starts. */
export function shanghaiMonth(day: string): { start: number; end: number } {
  const [y, mo] = day.split('-').map(Number) as [number, number];
  return { start: Date.UTC(y, mo - 1, 1) - SHANGHAI_OFFSET_MS, end: Date.UTC(y, mo, 1) - SHANGHAI_OFFSET_MS };
}

/** Whole years between a birthday (YYYY-MM-DD) and the Beijing calendar day of `now`. */
export function ageOn(birthday: string, now: number): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = shanghaiDay(now).split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The instant of a Beijing wall-clock time written `YYYY-MM-DD` (the day's start) or
 * `YYYY-MM-DD HH:mm` (a `T` instead of the space also reads); null when it is not one, or not a real date.
 */
export function shanghaiInstant(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const back = new Date(wall).toISOString();
  // Date.UTC rolls 02-30 over to March and 24:00 to the next day: only a time that reads back is one.
  if (back.slice(0, 16) !== `${y}-${mo}-${d}T${h}:${mi}`) return null;
  return wall - SHANGHAI_OFFSET_MS;
}
