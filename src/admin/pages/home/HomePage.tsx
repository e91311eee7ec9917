import { useLoad } from '../../../flows/useLoad';
import { quietConsoleApi } from '../../api';
import { useStaffSession } from '../../app/staffSession';
import { queuePath } from '../../routing/paths';
import { HomeView } from './HomeView';

/** /admin: 工作台. Quiet client: the page's error state says a failure once (no toast over it). */
export default function HomePage() {
  const { staff } = useStaffSession();
  const home = useLoad((signal) => quietConsoleApi.call('getConsoleHome', { signal }));
  const permissions = staff?.permissions ?? [];
  return (
    <HomeView
      name={staff?.name ?? ''}
      status={home.status === 'ready' || home.data ? 'ready' : home.status}
      queues={(home.data?.queues ?? []).map((q) => ({ ...q, link: queuePath(q.key, permissions) }))}
      error={home.error}
      now={Date.now()}
      onRetry={home.reload}
    />
  );
}
