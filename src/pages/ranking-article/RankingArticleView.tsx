import { Box, Stack, Text } from '@chakra-ui/react';
import { ArticleText } from '../../components/ArticleText';
import { BackHeader } from '../../components/BackHeader';
import { DetailStates } from '../../components/DetailStates';
import { formatDate } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';

export interface RankingArticle {
  id: number;
  title: string;
  /** Sanitized HTML (sanitized by the server when stored). */
  content: string;
  updatedAt: number;
}

export interface RankingArticleViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  article: RankingArticle | null;
  error?: string | null;
  onRetry?: () => void;
  back: { to: string; label: string };
}

/** `/ranking/article/{id}`: one answering-tips article. */
export function RankingArticleView({ status, article, error, onRetry, back }: RankingArticleViewProps) {
  return (
    <Box bg="gray.50">
      <Stack
        gap={{ base: '3', md: '4' }}
        maxW="860px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py={{ base: '4', md: '8' }}
      >
        <BackHeader back={back} title="答题技巧" />
        <DetailStates
          status={status === 'ready' && !article ? 'error' : status}
          notFound={{ title: '这篇文章不存在或已下线', description: '去排行榜看看其他答题技巧吧。', link: back }}
          failedTitle="文章加载失败"
          error={error}
          onRetry={onRetry}
        >
          {() =>
            article && (
              <WhiteCard
                as="article"
                aria-labelledby="tip-title"
                px={{ base: '4', md: '8' }}
                py={{ base: '5', md: '7' }}
              >
                <ArticleText
                  titleId="tip-title"
                  title={article.title}
                  html={article.content}
                  bodyLabel="正文"
                  meta={<Text as="span">更新于 {formatDate(article.updatedAt)}</Text>}
                />
              </WhiteCard>
            )
          }
        </DetailStates>
      </Stack>
    </Box>
  );
}
