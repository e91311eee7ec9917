import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { CompletionSheet, CompletionSummary, type CompletionProps } from '../../components/forum/CompleteRespondent';
import {
  ForumPage,
  PostBody,
  QuoteBlock,
  RoleBadge,
  forumTime,
  type ForumAuthor,
  type ForumReply,
} from '../../components/forum/parts';
import { ListCard, PagedListBody, type PagedListStatus } from '../../components/ListStates';
import { WhiteCard } from '../../components/WhiteCard';

export type ForumMemberPost = ForumReply & { topicTitle: string };

/** The moderator's 标记为完成 of a respondent (null: not offered to this viewer for this member). */
export type Completion = CompletionProps;

export interface ForumMemberViewProps {
  status: PagedListStatus;
  author: ForumAuthor | null;
  items: ForumMemberPost[];
  total?: number;
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
  boardHref: string;
  topicHref: (topicId: number) => string;
  completion: Completion | null;
  /** 受访者进度, the moderator's list of respondents (null: not a moderator). */
  respondentsHref?: string | null;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** `/bbs/{taskHashId}/users/{memberId}` 发言记录: one participant's replies on this board, newest first. */
export function ForumMemberView(props: ForumMemberViewProps) {
  const { author } = props;
  return (
    <ForumPage boardHref={props.boardHref}>
      {author && (
        <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '4', md: '5' }}>
          <Flex align="center" gap="3" justify="space-between" wrap="wrap">
            <Flex align="center" gap="3" minW="0">
              <Avatar src={author.avatar} name={author.name} size={48} />
              <Box minW="0">
                <HStack gap="1.5">
                  <Text as="h1" fontSize="18px" fontWeight="semibold" color="gray.900" truncate>
                    {author.name}
                  </Text>
                  <RoleBadge role={author.role} />
                </HStack>
                <Text textStyle="caption.soft">
                  在本座谈会的发言{props.total !== undefined ? ` · 共 ${props.total} 条` : ''}
                </Text>
              </Box>
            </Flex>
            {props.completion && <CompletionSummary completion={props.completion} />}
          </Flex>
          {props.respondentsHref && (
            <Box mt="3" fontSize="14px">
              <RouterLink to={props.respondentsHref}>
                <Text as="span" color="brand.600" _hover={{ textDecoration: 'underline' }}>
                  查看全部受访者的完成进度 ›
                </Text>
              </RouterLink>
            </Box>
          )}
        </WhiteCard>
      )}
      <ListCard>
        <PagedListBody
          status={props.status}
          hasMore={props.hasMore}
          error={props.error}
          moreError={props.moreError}
          onLoadMore={props.onLoadMore}
          onRetry={props.onRetry}
          paddingTop={60}
          loadingLabel="正在加载发言…"
          errorTitle="发言加载失败"
          empty={{ title: '还没有发言' }}
        >
          <Box as="ul" listStyleType="none" m="0" p="0">
            {props.items.map((post) => (
              <Box
                as="li"
                key={post.id}
                px={{ base: '4', md: '6' }}
                py="4"
                layerStyle="hairline.bottom"
                data-testid="forum-post"
              >
                <Stack gap="2">
                  <RouterLink to={props.topicHref(post.topicId)}>
                    <Text fontSize="15px" fontWeight="semibold" color="gray.900" _hover={{ color: 'brand.600' }}>
                      {post.topicTitle}
                    </Text>
                  </RouterLink>
                  <Text textStyle="caption.soft">
                    {forumTime(post.createdAt)} · #{post.floor}
                    {post.hidden ? ' · 已隐藏' : ''}
                  </Text>
                  {post.quote && <QuoteBlock quote={post.quote} />}
                  <PostBody html={post.body} images={post.images} />
                </Stack>
              </Box>
            ))}
          </Box>
        </PagedListBody>
      </ListCard>
      {props.completion && <CompletionSheet completion={props.completion} topicHref={props.topicHref} />}
    </ForumPage>
  );
}
