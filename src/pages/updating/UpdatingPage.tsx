import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from '../../flows/useLoad';
import { MAINTENANCE } from '../../services/visitor';
import { leaveMaintenance, returnPathOf } from '../../services/maintenance';
import { siteProfile } from '../../services/siteProfile';
import { UpdatingView } from './UpdatingView';

/** How often the maintenance page asks whether the site is open again. */
const CHECK_MS = 10_000;

/**
 * Container of `/updating` 系统维护中: asks getSiteStatus now and every CHECK_MS; once the site is
 * open again it goes back to where the member was (`?from=`, set by src/services/maintenance.ts).
 * A build made with the maintenance switch (VITE_MAINTENANCE) stays here: only a new build opens it.
 */
export default function UpdatingPage() {
  const [params] = useSearchParams();
  // The client loads after the page shows: the maintenance page's first load stays a static page's.
  const status = useLoad(async (signal) => (await import('../../api')).quietApi.call('getSiteStatus', { signal }));
  const { reload } = status;
  useEffect(() => {
    if (MAINTENANCE) return;
    const timer = setInterval(reload, CHECK_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const open = !MAINTENANCE && status.data?.maintenance === false;
  const from = params.get('from');
  useEffect(() => {
    if (open) leaveMaintenance(returnPathOf(from));
  }, [open, from]);
  return <UpdatingView estimate={status.data?.message ?? undefined} watching={!MAINTENANCE} supportEmail={siteProfile().supportEmail} />;
}
