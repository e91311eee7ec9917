import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArticleText } from '../../components/ArticleText';
import { BackHeader } from '../../components/BackHeader';
import { DetailStates } from '../../components/DetailStates';
import { LinkRow } from '../../components/LinkRow';
import { PlainList } from '../../components/PlainList';
import { formatDate } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';

/** An article as the page shows it (the contract's HelpQuestionDetail without the counts it gets as props). */
export interface HelpArticle {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  /** Sanitized HTML (sanitized by the server when stored). */
  content: string;
  hot: boolean;
  updatedAt: number;
  related: { id: number; title: string }[];
}

export interface HelpArticleViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  article: HelpArticle | null;
  error?: string | null;
  onRetry?: () => void;
  /** People who found it helpful. */
  helpful: number;
  /** The member's vote: true 有帮助, false 没帮助, null none yet. */
  myVote: boolean | null;
  /** The vote being sent (its button spins, both wait), or null. */
  voting: boolean | null;
  onVote?: (helpful: boolean) => void;
  /** ‹ back when there is no article to go back to its category from. */
  back: { to: string; label: string };
  categoryPath: (categoryId: number) => string;
  articlePath: (categoryId: number, id: number) => string;
  /** The feedback form for this article's subject; null until that page is built. */
  askHref: string | null;
}

/** `/home/feedback/help/{category}/{id}`: the answer, 这篇解答有帮助吗, related questions and one tap to ask. */
export function HelpArticleView(props: HelpArticleViewProps) {
  const { status, article, back, categoryPath } = props;
  const up = article ? { to: categoryPath(article.categoryId), label: article.categoryName } : back;
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader back={up} title="帮助详情" />
      <DetailStates
        status={status === 'ready' && !article ? 'error' : status}
        notFound={{
          title: '这个问题不存在或已下线',
          description: '解答可能已经更新或合并，去看看其他帮助吧。',
          link: back,
        }}
        failedTitle="解答加载失败"
        error={props.error}
        onRetry={props.onRetry}
      >
        {() =>
          article && (
            <>
              <WhiteCard
                as="article"
                aria-labelledby="help-title"
                px={{ base: '4', md: '8' }}
                py={{ base: '5', md: '7' }}
              >
                <ArticleText
                  titleId="help-title"
                  title={article.title}
                  html={article.content}
                  bodyLabel="解答"
                  meta={
                    <>
                      {article.hot && (
                        <Badge colorPalette="orange" variant="subtle">
                          常见问题
                        </Badge>
                      )}
                      <Text as="span">{article.categoryName}</Text>
                      <Text as="span" aria-hidden="true">
                        ·
                      </Text>
                      <Text as="span">更新于 {formatDate(article.updatedAt)}</Text>
                    </>
                  }
                />
                <VoteBar {...props} />
              </WhiteCard>
              {article.related.length > 0 && <Related article={article} articlePath={props.articlePath} />}
              {props.askHref && <Ask href={props.askHref} />}
            </>
          )
        }
      </DetailStates>
    </Stack>
  );
}

/** 这篇解答有帮助吗？ 有帮助 / 没帮助: one vote, which the member may change. */
function VoteBar({ helpful, myVote, voting, onVote }: HelpArticleViewProps) {
  const choice = (value: boolean, label: string) => {
    const chosen = myVote === value;
    return (
      <Button
        size="sm"
        borderRadius="full"
        px="5"
        colorPalette={chosen && value ? 'brand' : 'gray'}
        variant={chosen ? (value ? 'solid' : 'subtle') : 'outline'}
        fontWeight={chosen ? 'semibold' : 'normal'}
        aria-pressed={chosen}
        loading={voting === value}
        loadingText={label}
        disabled={voting !== null}
        onClick={() => {
          if (!chosen) onVote?.(value);
        }}
      >
        {label}
      </Button>
    );
  };
  return (
    <Box mt={{ base: '6', md: '8' }} pt="5" borderTopWidth="1px" borderColor="gray.100" data-testid="help-vote">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="15px" fontWeight="semibold" color="gray.800">
          这篇解答有帮助吗？
        </Text>
        <Flex gap="2" role="group" aria-label="这篇解答有帮助吗？">
          {choice(true, '有帮助')}
          {choice(false, '没帮助')}
        </Flex>
      </Flex>
      <Text mt="2" textStyle="caption.soft" role="status">
        {myVote === null
          ? helpful > 0
            ? `${helpful} 人觉得有帮助`
            : '你的评价会帮助我们改进解答'
          : `感谢你的评价${myVote ? '' : '，我们会继续改进这篇解答'}。${helpful > 0 ? `${helpful} 人觉得有帮助，` : ''}可以随时改选。`}
      </Text>
    </Box>
  );
}

function Related({ article, articlePath }: { article: HelpArticle; articlePath: HelpArticleViewProps['articlePath'] }) {
  return (
    <WhiteCard as="section" aria-labelledby="help-related" overflow="hidden">
      <Heading
        as="h2"
        id="help-related"
        fontSize="16px"
        color="ink"
        px={{ base: '4', md: '6' }}
        pt="4"
        pb="2"
        layerStyle="hairline.bottom"
      >
        相关问题
      </Heading>
      <PlainList>
        {article.related.map((r) => (
          <LinkRow key={r.id} to={articlePath(article.categoryId, r.id)} py="3" closed>
            <Text as="span" flex="1" minW="0" fontSize="14px" color="gray.700">
              {r.title}
            </Text>
          </LinkRow>
        ))}
      </PlainList>
    </WhiteCard>
  );
}

/** One tap to ask: the feedback form, its subject chosen from the article's. */
function Ask({ href }: { href: string }) {
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="4">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Text fontSize="15px" fontWeight="semibold" color="gray.800">
            没有解决你的问题？
          </Text>
          <Text mt="0.5" textStyle="caption.muted">
            把遇到的情况告诉我们，客服会尽快回复你。
          </Text>
        </Box>
        <Button asChild colorPalette="brand" borderRadius="full" px="6" size="sm">
          <RouterLink to={href}>去提问</RouterLink>
        </Button>
      </Flex>
    </WhiteCard>
  );
}
