import { useSearchParams } from 'react-router-dom';
import type { ExchangeRecord } from '../../../machines/exchange';
import { quietApi } from '../../api';
import { copyText } from '../../components/clipboard';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { useFollowedExchange } from '../../flows/useFollowedExchange';
import { feedbackAsk } from '../../routing/feedback';
import { ExchangeRecordDetailView } from './ExchangeRecordDetailView';
import { HomeExchangeView, type RecordFilter } from './HomeExchangeView';

/**
 * Container of `/home/exchange` 兑换记录 (members): the paged records (listExchanges) by state;
 * `?id=…` shows one exchange through the exchange machine (getExchange with its history;
 * 刷新状态 follows it). A rejected or failed exchange offers 反馈问题 once the feedback form is built.
 */
const fetchRecords: FetchPage<ExchangeRecord, RecordFilter> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listExchanges', { query: { page, pageSize, ...(filter === 'all' ? {} : { state: filter }) }, signal });

export default function HomeExchangePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <RecordDetail key={id} exchangeId={id} />;
  return <RecordList />;
}

function RecordList() {
  const list = usePagedList(fetchRecords, { filter: 'all' });
  const ask = feedbackAsk();
  return <HomeExchangeView {...list} onCopy={copyText} feedbackPath={ask && ((exchangeId) => ask({ exchangeId }))} />;
}

function RecordDetail({ exchangeId }: { exchangeId: number }) {
  const followed = useFollowedExchange(exchangeId);
  return <ExchangeRecordDetailView {...followed} feedbackPath={feedbackAsk()?.({ exchangeId }) ?? null} />;
}
