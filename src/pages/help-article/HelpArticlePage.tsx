import { useParams } from 'react-router-dom';
import {
  askAboutHelpHref,
  helpBack,
  helpIdOf,
  isMissingHelp,
  loadHelpArticle,
  NotAHelpId,
  useHelpVote,
} from '../../flows/help';
import { useLoad } from '../../flows/useLoad';
import { helpArticlePath, helpCategoryPath } from '../../routing/paths';
import { HelpArticleView } from './HelpArticleView';

/**
 * Container of `/home/feedback/help/{category}/{id}`: the article (getQuestion, with the member's
 * own vote), the vote (voteQuestion; a refusal is the toast's), and the link to ask about it.
 * An address whose segments are not ids is not found without asking.
 */
export default function HelpArticlePage() {
  const params = useParams();
  const category = helpIdOf(params.category);
  const id = helpIdOf(params.id);
  const article = useLoad(
    (signal) => (category === null || id === null ? Promise.reject(new NotAHelpId()) : loadHelpArticle(id, signal)),
    [category, id],
    isMissingHelp,
  );
  const vote = useHelpVote(article.data);
  return (
    <HelpArticleView
      status={article.status}
      article={article.data}
      error={article.error}
      onRetry={article.reload}
      {...vote}
      back={category === null ? helpBack() : { to: helpCategoryPath(category), label: '返回分类' }}
      categoryPath={helpCategoryPath}
      articlePath={helpArticlePath}
      askHref={article.data ? askAboutHelpHref(article.data.categoryId) : null}
    />
  );
}
