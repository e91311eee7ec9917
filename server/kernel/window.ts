/**
 * The publish window of operator content (notices, banners and events, the screen message):
 * shown from its start, until its end (none: no end), unless withdrawn. One SQL condition for the
 * reads and one check for the writes, so every kind of content opens and closes the same way.
 */
import { and, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors';

export interface WindowColumns {
  start: PgColumn;
  /** Nullable: no end. */
  end: PgColumn;
  withdrawn: PgColumn;
}

/** Rows whose window is open at `now`: started, not ended, not withdrawn. */
export function openAt(cols: WindowColumns, now: number): SQL {
  const at = new Date(now);
  return and(lte(cols.start, at), or(isNull(cols.end), gt(cols.end, at)), isNull(cols.withdrawn))!;
}

/**
 * Checks a window an operator gives: an end after the start and still ahead (content that would
 * never show is a mistake, not a publication). Refusals are INVALID_PARAMS with a zh-CN reason.
 */
export function checkWindow(start: number, end: number | null, now: number): void {
  if (end === null) return;
  if (end <= start) throw new AppError('INVALID_PARAMS', '结束时间必须晚于开始时间');
  if (end <= now) throw new AppError('INVALID_PARAMS', '结束时间已经过去，发布后不会展示');
}

/** What an operator's list shows for a row's window at `now`. */
export function windowLabel(
  row: { start: Date; end: Date | null; withdrawn: Date | null },
  now: number,
): '已撤下' | '未开始' | '已结束' | '展示中' {
  if (row.withdrawn) return '已撤下';
  if (row.start.getTime() > now) return '未开始';
  if (row.end && row.end.getTime() <= now) return '已结束';
  return '展示中';
}
