import { api, quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { GoldView, type GoldFilter, type GoldRecord } from './GoldView';

/** Container of `/home/gold` 微豆明细: the balance (getPoints) and the paged history (listPointsHistory). */
const fetchHistory: FetchPage<GoldRecord, GoldFilter> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listPointsHistory', {
    query: { page, pageSize, ...(filter === 'all' ? {} : { direction: filter }) },
    signal,
  });

export default function GoldPage() {
  const points = useLoad((signal) => api.call('getPoints', { signal }));
  const list = usePagedList(fetchHistory, { filter: 'all' });
  return <GoldView balance={points.data?.balance ?? null} pending={points.data?.pending ?? null} {...list} />;
}
