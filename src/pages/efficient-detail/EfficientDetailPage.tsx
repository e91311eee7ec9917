import { quietApi } from '../../api';
import { LazyQualityVisitorView } from '../../components/quality/LazyQualityVisitorView';
import { useLoggedIn } from '../../flows/sessionShell';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { feedbackAppeal } from '../../routing/feedback';
import { loginFor, routedPath, APPRAISE_PATH, EFFICIENT_DETAIL_PATH, QUALITY_LEVEL_PATH } from '../../routing/paths';
import { EfficientDetailView, type FlaggedRow } from './EfficientDetailView';

/** Container of `/efficient/detail` 无效答卷明细: listFlaggedAnswers, paged (members); a visitor sees the causes and the login prompt. */
const fetchFlagged: FetchPage<FlaggedRow, 'all'> = ({ page, pageSize }, signal) =>
  quietApi.call('listFlaggedAnswers', { query: { page, pageSize }, signal });

export default function EfficientDetailPage() {
  const loggedIn = useLoggedIn();
  if (!loggedIn)
    return (
      <LazyQualityVisitorView
        page="detail"
        loginHref={loginFor(EFFICIENT_DETAIL_PATH)}
        links={{ level: routedPath(QUALITY_LEVEL_PATH) ?? null, appraise: routedPath(APPRAISE_PATH) ?? null }}
      />
    );
  return <MemberFlagged />;
}

function MemberFlagged() {
  const list = usePagedList(fetchFlagged, { filter: 'all' });
  return <EfficientDetailView {...list} appeal={feedbackAppeal()} />;
}
