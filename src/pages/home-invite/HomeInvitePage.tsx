import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { routedPath, SHARE_PATH } from '../../routing/paths';
import { toast } from '../../services/toast';
import { HomeInviteView, type Invitee, type InviteeFilter } from './HomeInviteView';

/**
 * Container of `/home/invite` 邀请好友: getInviteInfo (link, code, totals, rules; the link lands
 * on the public `/app/invite?code=…` page) and my invitees (listInvitees), filtered by whether
 * they completed a first valid task.
 */
const fetchInvitees: FetchPage<Invitee, InviteeFilter> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listInvitees', {
    query: { page, pageSize, ...(filter === 'all' ? {} : { active: filter === 'active' ? '1' : '0' }) },
    signal,
  });

export default function HomeInvitePage() {
  const info = useLoad((signal) => quietApi.call('getInviteInfo', { signal }));
  const list = usePagedList(fetchInvitees, { filter: 'all' });
  return (
    <HomeInviteView
      info={{ status: info.status, data: info.data, error: info.error }}
      onRetryInfo={info.reload}
      {...list}
      posterPath={routedPath(SHARE_PATH) ?? null}
      onCopied={(ok) => (ok ? toast.success('已复制，快去分享给好友吧') : toast.error('复制失败，请长按手动复制'))}
    />
  );
}
