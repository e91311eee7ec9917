import { api, quietApi } from '../../api';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { useBanners } from '../../flows/content';
import { ExchangeView, type RewardItem, type RewardTab } from './ExchangeView';

/**
 * Container of `/exchange` 兑换中心 (public): the catalogue (listRewards) by type, and the
 * member's balance (getPoints) when logged in, and the banners published for it.
 */
const fetchRewards: FetchPage<RewardItem, RewardTab> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listRewards', { query: { page, pageSize, ...(filter === 'all' ? {} : { type: filter }) }, signal });

export default function ExchangePage() {
  const { loggedIn } = useSessionView();
  const points = useLoad(
    (signal) => (loggedIn ? api.call('getPoints', { signal }) : Promise.resolve(null)),
    [loggedIn],
  );
  const list = usePagedList(fetchRewards, { filter: 'all', pageSize: 24 });
  const banners = useBanners('exchange');
  return (
    <ExchangeView
      loggedIn={loggedIn}
      balance={loggedIn ? (points.data?.balance ?? null) : null}
      banners={banners}
      {...list}
    />
  );
}
