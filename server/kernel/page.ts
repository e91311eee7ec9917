/**
 * Paged lists: the contract's `{ list, total, page, pageSize }` answer (openapi `Page`), for a
 * 1-based page of `pageSize` rows.
 */

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** How many rows come before the requested page (the query's OFFSET). */
export const pageOffset = (q: PageArgs) => (q.page - 1) * q.pageSize;

export function pageOf<T>(q: PageArgs, list: T[], total: number) {
  return { list, total, page: q.page, pageSize: q.pageSize };
}
