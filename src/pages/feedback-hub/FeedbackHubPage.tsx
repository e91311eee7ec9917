import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HELP_ROOT_ID } from '../../../openapi/rules/help';
import { quietApi } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { usePagedList, type FetchPage } from '../../flows/usePagedList';
import { feedbackLinks } from '../../routing/feedback';
import { siteProfile } from '../../services/siteProfile';
import { FeedbackHubView, type HelpQuestion, type Ticket, type TicketFilter } from './FeedbackHubView';

/**
 * Container of `/home/feedback` 帮助与反馈: the help centre's categories (listCategories under the
 * help root 21), 常见问题 (listQuestions?hot=1), the search (`?q=` in the URL, so 返回 from an
 * answer comes back to the results; listQuestions?keyword, run on submit) and 我的反馈
 * (listFeedback by state). Each part fails on its own and shows it in place (quietApi: no toast).
 */
const HOT_COUNT = 5;
/** The contract's longest keyword. */
const KEYWORD_MAX = 50;

const fetchTickets: FetchPage<Ticket, TicketFilter> = ({ filter, page, pageSize }, signal) =>
  quietApi.call('listFeedback', { query: { page, pageSize, ...(filter === 'all' ? {} : { state: filter }) }, signal });

/** The answers for a keyword; no keyword asks nothing (the hub shows 常见问题 then). */
const fetchAnswers: FetchPage<HelpQuestion, string> = ({ filter: keyword, page, pageSize }, signal) =>
  keyword
    ? quietApi.call('listQuestions', { query: { keyword, page, pageSize }, signal })
    : Promise.resolve({ list: [], total: 0 });

export default function FeedbackHubPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX);
  const categories = useLoad((signal) =>
    quietApi.call('listCategories', { query: { categoryId: HELP_ROOT_ID }, signal }),
  );
  const hot = useLoad((signal) =>
    quietApi.call('listQuestions', { query: { hot: '1', page: 1, pageSize: HOT_COUNT }, signal }),
  );
  const results = usePagedList(fetchAnswers, { filter: keyword, pageSize: 10 });
  const tickets = usePagedList(fetchTickets, { filter: 'all' });

  const searchFor = results.onFilter;
  useEffect(() => searchFor(keyword), [searchFor, keyword]);

  return (
    <FeedbackHubView
      links={feedbackLinks()}
      keyword={keyword}
      onSearch={(next) => setParams(next ? { q: next.slice(0, KEYWORD_MAX) } : {})}
      results={results}
      hot={{ status: hot.status, items: hot.data?.list ?? [], error: hot.error, onRetry: hot.reload }}
      categories={{
        status: categories.status,
        items: categories.data ?? [],
        error: categories.error,
        onRetry: categories.reload,
      }}
      tickets={tickets}
      supportEmail={siteProfile().supportEmail}
    />
  );
}
