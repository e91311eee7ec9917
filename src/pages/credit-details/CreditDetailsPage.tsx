import { CreditSource } from '../../../openapi/enums';
import { api, quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { CreditDetailsView, type CreditDetailsFilter, type CreditRow } from './CreditDetailsView';

/**
 * Container of `/home/creditDetails` 权益值明细: the current value (getCredit) and the paged
 * history — listCredits (全部 / 获得 / 消耗), or listInviteCredits for 邀请所得 — both shaped
 * into one row type.
 */
const fetchCredits: FetchPage<CreditRow, CreditDetailsFilter> = async ({ filter, page, pageSize }, signal) => {
  if (filter === 'invite') {
    const data = await quietApi.call('listInviteCredits', { query: { page, pageSize }, signal });
    const list = data.list.map((r) => ({
      id: r.id,
      change: r.change,
      title: r.reason,
      detail: `好友 ${r.invitee}`,
      balance: null,
      avatar: r.inviteeAvatar,
      who: r.invitee,
      createdAt: r.createdAt,
    }));
    return { list, total: data.total };
  }
  const data = await quietApi.call('listCredits', {
    query: { page, pageSize, ...(filter === 'all' ? {} : { direction: filter }) },
    signal,
  });
  const list = data.list.map((r) => ({
    id: r.id,
    change: r.change,
    title: CreditSource.labels[r.source] ?? '其他',
    detail: r.reason,
    balance: r.balance,
    createdAt: r.createdAt,
  }));
  return { list, total: data.total };
};

export default function CreditDetailsPage() {
  const summary = useLoad((signal) => api.call('getCredit', { signal }));
  const list = usePagedList(fetchCredits, { filter: 'all' });
  return <CreditDetailsView value={summary.data?.value ?? null} {...list} />;
}
