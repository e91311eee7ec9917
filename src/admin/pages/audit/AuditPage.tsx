import { useState } from 'react';
import { errorMessage } from '../../../../machines/shared/errors';
import { useLoad } from '../../../flows/useLoad';
import {
  AUDIT_PAGE_SIZE,
  auditCsv,
  download,
  exportAuditRows,
  fetchAuditPage,
  NO_FILTER,
  verifyAuditChain,
  type AuditFilter,
} from '../../flows/audit';
import { AuditView, type AuditExportState, type AuditVerifyState } from './AuditView';

/** /admin/audit (audit.read). */
export default function AuditPage() {
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [verify, setVerify] = useState<AuditVerifyState>({ kind: 'idle' });
  const [exporting, setExporting] = useState<AuditExportState>({ kind: 'idle' });
  const list = useLoad((signal) => fetchAuditPage(filter, page, signal), [filter, page]);
  const total = list.data?.total ?? 0;

  const search = (next: AuditFilter) => {
    setFilter(next);
    setPage(1);
    setOpenId(null);
    setExporting({ kind: 'idle' });
  };

  return (
    <AuditView
      draft={draft}
      status={list.data ? 'ready' : list.status}
      rows={list.data?.list ?? []}
      total={total}
      page={page}
      pageCount={Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))}
      error={list.error}
      openId={openId}
      verify={verify}
      exporting={exporting}
      onDraft={(field, value) => setDraft((d) => ({ ...d, [field]: value }))}
      onSearch={() => search(draft)}
      onReset={() => {
        setDraft(NO_FILTER);
        search(NO_FILTER);
      }}
      onPage={(p) => {
        setPage(p);
        setOpenId(null);
      }}
      onToggle={(id) => setOpenId((open) => (open === id ? null : id))}
      onRetry={list.reload}
      onVerify={() => {
        setVerify({ kind: 'checking' });
        verifyAuditChain().then(
          (v) =>
            setVerify(
              v.intact
                ? { kind: 'intact', rows: v.rows }
                : { kind: 'broken', rows: v.rows, firstBrokenId: v.firstBrokenId, problem: v.problem },
            ),
          (e: unknown) => setVerify({ kind: 'failed', message: errorMessage(e) }),
        );
      }}
      onExport={() => {
        setExporting({ kind: 'exporting' });
        exportAuditRows(filter).then(
          ({ rows, total: all }) => {
            download(`审计日志-${new Date().toISOString().slice(0, 10)}.csv`, auditCsv(rows));
            setExporting({ kind: 'done', rows: rows.length, total: all });
          },
          (e: unknown) => setExporting({ kind: 'failed', message: errorMessage(e) }),
        );
      }}
    />
  );
}
