import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { fetchHelpQuestions, helpBack, helpIdOf, loadHelpTopics } from '../../flows/help';
import { useLoad } from '../../flows/useLoad';
import { usePagedList } from '../../flows/usePagedList';
import { helpArticlePath, helpCategoryPath } from '../../routing/paths';
import { HelpCategoryView } from './HelpCategoryView';

/**
 * Container of `/home/feedback/help/{category}`: the help root's topics (listCategories 21, which
 * also tells whether the URL's category is one) and that topic's articles (listQuestions, paged),
 * asked at once. A tab goes to that topic's address; the list follows the address.
 */
export default function HelpCategoryPage() {
  const { category } = useParams();
  const id = helpIdOf(category);
  const navigate = useNavigate();
  const topics = useLoad((signal) => loadHelpTopics(signal), []);
  const list = usePagedList(fetchHelpQuestions, { filter: id });
  const { onFilter } = list;
  useEffect(() => onFilter(id), [id, onFilter]);
  const known = topics.data?.some((t) => t.id === id) ?? false;
  const topicStatus =
    id === null
      ? 'notFound'
      : topics.status === 'ready' || topics.data
        ? known
          ? 'ready'
          : 'notFound'
        : topics.status;
  return (
    <HelpCategoryView
      {...list}
      filter={id}
      onFilter={(next) => next !== null && navigate(helpCategoryPath(next))}
      topicStatus={topicStatus}
      topics={topics.data ?? []}
      topicError={topics.error}
      onReloadTopics={topics.reload}
      back={helpBack()}
      articlePath={(article) => helpArticlePath(id ?? 0, article)}
    />
  );
}
