/**
 * What every `npm run ops` command shares: the usage error, whole-number arguments, and tables and
 * Beijing times for the terminal (scripts/ops.ts runs the commands).
 */

import type { AuditEntry } from '../server/kernel/audit';

/** A command's own audit note (the row is written with the command's transaction). */
export type OpsAudit = (entry: AuditEntry) => void;

/** A command used wrongly: printed as usage, exit 2. */
export class UsageError extends Error {}

export const usage = (msg: string): never => {
  throw new UsageError(msg);
};

export function int(name: string, text: string | undefined, opts: { min?: number } = {}): number {
  if (text === undefined) throw new UsageError(`缺少 ${name} / missing ${name}`);
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${name} 必须是整数 / must be an integer: ${text}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || (opts.min !== undefined && n < opts.min))
    throw new UsageError(`${name} 必须是不小于 ${opts.min} 的整数 / must be an integer ≥ ${opts.min}: ${text}`);
  return n;
}

export const optInt = (name: string, text: string | undefined, min = 0) =>
  text === undefined ? undefined : int(name, text, { min });

/** Terminal columns of a string: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x20000 && c <= 0x3fffd);
    w += wide ? 2 : 1;
  }
  return w;
}

export const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

export function table(headers: string[], rows: (string | number | null)[][]): string[] {
  const cells = rows.map((r) => r.map((c) => (c === null ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => pad(c, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)];
}

/** Beijing time, minutes. */
export function shanghaiTime(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
