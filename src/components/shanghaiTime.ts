/**
 * Instants as members read them: Beijing time (UTC+8, no daylight saving), computed by offset so
 * no Intl data or contract code is needed (the landing page's entry chunk uses it).
 */

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Two digits: 9 → `09`. */
export const pad = (n: number) => String(n).padStart(2, '0');

export function shanghaiParts(ms: number) {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** `2026-11-22` in Beijing time. */
export function formatDate(ms: number): string {
  const p = shanghaiParts(ms);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `2026-11-22 09:05` in Beijing time. */
export function formatDateTime(ms: number): string {
  const p = shanghaiParts(ms);
  return `${formatDate(ms)} ${pad(p.hour)}:${pad(p.minute)}`;
}
