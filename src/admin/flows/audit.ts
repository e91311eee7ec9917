import type { z } from 'zod';
import type { AuditRow } from '../../../openapi/schemas/admin';
import { consoleApi } from '../api';

export type AuditEntry = z.output<typeof AuditRow>;

/** The audit log's filters as typed in the form (empty: not filtered). Times are `datetime-local` values. */
export interface AuditFilter {
  staff: string;
  operation: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilter = { staff: '', operation: '', targetType: '', targetId: '', from: '', to: '' };

/** The query of a filter: empty fields left out, times as milliseconds (the browser's time zone). */
export function auditQuery(filter: AuditFilter) {
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  const time = (v: string) => (v ? new Date(v).getTime() : undefined);
  const q = {
    staff: text(filter.staff),
    operation: text(filter.operation),
    targetType: text(filter.targetType),
    targetId: text(filter.targetId),
    from: time(filter.from),
    to: time(filter.to),
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && !Number.isNaN(v))) as {
    staff?: string;
    operation?: string;
    targetType?: string;
    targetId?: string;
    from?: number;
    to?: number;
  };
}

export const AUDIT_PAGE_SIZE = 20;
/** The most rows one export carries. */
export const EXPORT_LIMIT = 5_000;

export function fetchAuditPage(filter: AuditFilter, page: number, signal?: AbortSignal) {
  return consoleApi.call('listAudit', {
    query: { ...auditQuery(filter), page, pageSize: AUDIT_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const verifyAuditChain = () => consoleApi.call('verifyAudit');

const CSV_HEADER = [
  '编号',
  '时间',
  '员工',
  '角色',
  '渠道',
  '操作',
  '操作名称',
  '对象类型',
  '对象编号',
  '原因',
  'IP',
  '变更前',
  '变更后',
  '哈希',
];

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const shanghai = (ms: number) => new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** The rows as CSV with a zh-CN header row (and a BOM, so spreadsheet programs read it as UTF-8). */
export function auditCsv(rows: readonly AuditEntry[]): string {
  const lines = rows.map((r) =>
    [
      r.id,
      shanghai(r.at),
      r.staffLogin,
      r.staffRoles.join(' '),
      r.channel === 'cli' ? '命令行' : '管理后台',
      r.operation,
      r.operationName,
      r.targetType,
      r.targetId,
      r.reason,
      r.ip,
      r.before,
      r.after,
      r.hash,
    ]
      .map(cell)
      .join(','),
  );
  return '\uFEFF' + [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Every row of the filter, page by page (100 a page), up to EXPORT_LIMIT. */
export async function exportAuditRows(filter: AuditFilter): Promise<{ rows: AuditEntry[]; total: number }> {
  const rows: AuditEntry[] = [];
  let total = 0;
  for (let page = 1; rows.length < EXPORT_LIMIT; page++) {
    const answer = await consoleApi.call('listAudit', { query: { ...auditQuery(filter), page, pageSize: 100 } });
    total = answer.total;
    rows.push(...answer.list);
    if (answer.list.length < 100 || rows.length >= total) break;
  }
  return { rows: rows.slice(0, EXPORT_LIMIT), total };
}

/** Save text as a file in the browser. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
