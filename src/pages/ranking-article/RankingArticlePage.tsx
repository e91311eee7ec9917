import { useParams } from 'react-router-dom';
import { helpIdOf, NotAHelpId } from '../../flows/help';
import { isMissingTip, loadRankingTip } from '../../flows/ranking';
import { useLoad } from '../../flows/useLoad';
import { RANKING_PATH } from '../../routing/paths';
import { RankingArticleView } from './RankingArticleView';

/** Container of `/ranking/article/{id}`: the tip (getRankingTip); an address that is no id is not found without asking. */
export default function RankingArticlePage() {
  const id = helpIdOf(useParams().id);
  const article = useLoad(
    (signal) => (id === null ? Promise.reject(new NotAHelpId()) : loadRankingTip(id, signal)),
    [id],
    isMissingTip,
  );
  return (
    <RankingArticleView
      status={article.status}
      article={article.data}
      error={article.error}
      onRetry={article.reload}
      back={{ to: RANKING_PATH, label: '排行榜' }}
    />
  );
}
