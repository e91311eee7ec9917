import { quietApi } from '../../api';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { feedbackAppeal } from '../../routing/feedback';
import { EfficientDetailView, type FlaggedRow } from './EfficientDetailView';

/** Container of `/efficient/detail` 无效答卷明细: listFlaggedAnswers, paged. */
const fetchFlagged: FetchPage<FlaggedRow, 'all'> = ({ page, pageSize }, signal) =>
  quietApi.call('listFlaggedAnswers', { query: { page, pageSize }, signal });

export default function EfficientDetailPage() {
  const list = usePagedList(fetchFlagged, { filter: 'all' });
  return <EfficientDetailView {...list} appeal={feedbackAppeal()} />;
}
