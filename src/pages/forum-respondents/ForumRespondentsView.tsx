import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import type { ForumRespondent } from '../../../openapi/schemas/forum';
import { Avatar } from '../../components/Avatar';
import { ForumPage, forumTime } from '../../components/forum/parts';
import { ListCard, PagedListBody, type PagedListStatus } from '../../components/ListStates';
import { WhiteCard } from '../../components/WhiteCard';

export type ForumRespondentRow = z.output<typeof ForumRespondent>;

export interface ForumRespondentsViewProps {
  status: PagedListStatus;
  items: ForumRespondentRow[];
  total?: number;
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
  boardHref: string;
  memberHref: (memberId: number) => string;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** `/bbs/{taskHashId}/respondents` 受访者进度: the moderator's respondents, unfinished first, each with their progress. */
export function ForumRespondentsView(props: ForumRespondentsViewProps) {
  return (
    <ForumPage boardHref={props.boardHref}>
      <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '4', md: '5' }}>
        <Text as="h1" fontSize="18px" fontWeight="semibold" color="gray.900">
          受访者进度
        </Text>
        <Text textStyle="caption.soft" mt="1">
          未完成的在前；点一位受访者查看 TA 的发言，并可标记为完成
          {props.total !== undefined ? ` · 共 ${props.total} 位` : ''}
        </Text>
      </WhiteCard>
      <ListCard>
        <PagedListBody
          status={props.status}
          hasMore={props.hasMore}
          error={props.error}
          moreError={props.moreError}
          onLoadMore={props.onLoadMore}
          onRetry={props.onRetry}
          paddingTop={60}
          loadingLabel="正在加载受访者…"
          errorTitle="受访者加载失败"
          empty={{ title: '还没有受访者', description: '会员在任务中开始参加后会出现在这里' }}
        >
          <Box as="ul" listStyleType="none" m="0" p="0">
            {props.items.map((r) => (
              <Box as="li" key={r.author.memberId} layerStyle="hairline.bottom" data-testid="forum-respondent">
                <RespondentLink href={r.entered ? props.memberHref(r.author.memberId) : null}>
                  <Flex
                    align="center"
                    gap="3"
                    px={{ base: '4', md: '6' }}
                    py="3.5"
                    _hover={r.entered ? { bg: 'gray.50' } : undefined}
                  >
                    <Avatar src={r.author.avatar} name={r.author.name} size={40} />
                    <Box minW="0" flex="1">
                      <Text fontSize="15px" fontWeight="semibold" color="gray.900" truncate>
                        {r.author.name}
                      </Text>
                      <Text textStyle="caption.soft">
                        回复 {r.replyCount} 条{r.lastReplyAt !== null ? ` · 最近 ${forumTime(r.lastReplyAt)}` : ''}
                      </Text>
                    </Box>
                    <Box
                      fontSize="13px"
                      textAlign="right"
                      flexShrink={0}
                      whiteSpace="nowrap"
                      color={r.progress.completed ? 'green.700' : 'gray.700'}
                    >
                      <Text fontWeight="medium">
                        {r.progress.completed ? '已完成' : '未完成'} · 必答 {r.progress.requiredAnswered}/
                        {r.progress.requiredTotal}
                      </Text>
                      <Text color={r.progress.completed ? 'green.700' : 'gray.500'}>
                        {r.progress.completed
                          ? `已发放 ${r.progress.points} 微豆`
                          : `完成可得 ${r.progress.points} 微豆`}
                      </Text>
                    </Box>
                  </Flex>
                </RespondentLink>
              </Box>
            ))}
          </Box>
        </PagedListBody>
      </ListCard>
    </ForumPage>
  );
}

/** A respondent who has been on the board opens their 发言记录; one who never entered has none yet. */
function RespondentLink({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? <RouterLink to={href}>{children}</RouterLink> : <>{children}</>;
}
