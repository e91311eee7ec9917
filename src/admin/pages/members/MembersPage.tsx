import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../../flows/useLoad';
import { MEMBER_SEARCH_PAGE_SIZE, searchMembers } from '../../flows/members';
import { consolePaths } from '../../routing/paths';
import { MembersView } from './MembersView';

/** /admin/members (member.read): the words and the page live in the URL, so 返回 from a member comes back here. */
export default function MembersPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim().slice(0, 40);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const [draft, setDraft] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    // Back or forward to another search: the box shows its words.
    setShownQuery(query);
    setDraft(query);
  }
  const results = useLoad(
    (signal) => (query ? searchMembers(query, page, signal) : Promise.resolve(null)),
    [query, page],
  );
  const total = results.data?.total ?? 0;

  return (
    <MembersView
      draft={draft}
      query={query}
      status={!query ? 'idle' : results.status === 'error' || !results.data ? results.status : 'ready'}
      rows={results.data?.list ?? []}
      total={total}
      page={page}
      pageCount={Math.max(1, Math.ceil(total / MEMBER_SEARCH_PAGE_SIZE))}
      error={results.error}
      memberLink={consolePaths.member}
      linkState={{ back: location.pathname + location.search }}
      onDraft={setDraft}
      onSearch={() => {
        if (draft.trim() === query && page === 1) results.reload();
        else navigate(consolePaths.members(draft));
      }}
      onPage={(p) => navigate(consolePaths.members(query, p))}
      onRetry={results.reload}
    />
  );
}
