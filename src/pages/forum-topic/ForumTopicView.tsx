import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BbsRole } from '../../../openapi/enums';
import { FormAlert } from '../../components/auth/formParts';
import { ForumEditor, type ForumEditorProps } from '../../components/forum/ForumEditor';
import {
  AuthorLine,
  ForumPage,
  PostBody,
  QuoteBlock,
  TopicMarks,
  type ForumReply,
  type ForumRole,
  type ForumTopicDetail,
} from '../../components/forum/parts';
import {
  EmptyState,
  ErrorState,
  ListCard,
  LoadingState,
  PagedListBody,
  type PagedListStatus,
} from '../../components/ListStates';
import { SegmentTabs } from '../../components/SegmentTabs';
import { WhiteCard } from '../../components/WhiteCard';

export type ReplyOrder = 'oldest' | 'newest';

export interface ForumReplyList {
  status: PagedListStatus;
  items: ForumReply[];
  total?: number;
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
}

export type TopicPatch = Partial<Record<'pinned' | 'closed' | 'hidden' | 'highlighted' | 'required', boolean>>;
export type ReplyPatch = Partial<Record<'hidden' | 'highlighted', boolean>>;

/** Moderator controls (null for everyone else). */
export interface Moderation {
  busy: boolean;
  onTopic: (patch: TopicPatch) => void;
  onReply: (replyId: number, patch: ReplyPatch) => void;
}

export interface ForumTopicViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  topic: ForumTopicDetail | null;
  error?: string | null;
  /** The viewer's role on this board (null while unknown). */
  role: ForumRole | null;
  boardHref: string;
  order: ReplyOrder;
  replies: ForumReplyList;
  /** The editor, for those who may reply now; null: none (an observer, a closed topic). */
  editor: ForumEditorProps | null;
  memberHref: (memberId: number) => string | null;
  moderation: Moderation | null;
  /** The reply just posted completed the task: its 微豆 (null: nothing to say). */
  completedNow?: number | null;
  onRetry: () => void;
  onOrder: (order: ReplyOrder) => void;
  onLoadMore: () => void;
  onRetryReplies: () => void;
  onQuote: (reply: ForumReply) => void;
}

const ORDERS = [
  { value: 'oldest' as const, label: '从早到晚' },
  { value: 'newest' as const, label: '从新到旧' },
];

/** `/bbs/{taskHashId}/topics/{id}` 话题: the moderator's question, the replies, and the editor. */
export function ForumTopicView(props: ForumTopicViewProps) {
  return (
    <ForumPage boardHref={props.boardHref}>
      <Body {...props} />
    </ForumPage>
  );
}

function Body(props: ForumTopicViewProps) {
  const { status, topic } = props;
  if (status === 'loading') return <LoadingState label="正在加载话题…" paddingTop={80} />;
  if (status === 'notFound')
    return <EmptyState paddingTop={80} title="话题不存在或已被隐藏" description="回到座谈会看看其他话题吧。" />;
  if (status === 'error' || !topic)
    return (
      <ErrorState paddingTop={80} title="话题加载失败" description={props.error || undefined} onRetry={props.onRetry} />
    );
  return (
    <>
      <TopicCard {...props} topic={topic} />
      <Replies {...props} topic={topic} />
      {props.completedNow != null && <CompletedNow points={props.completedNow} boardHref={props.boardHref} />}
      {props.editor ? <ForumEditor {...props.editor} /> : <NoEditor role={props.role} topic={topic} />}
    </>
  );
}

/** The reply just posted answered the last required topic: the task is complete, and paid. */
function CompletedNow({ points, boardHref }: { points: number; boardHref: string }) {
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="4" bg="green.50" role="status" data-testid="forum-completed-now">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Text fontSize="16px" fontWeight="semibold" color="green.800">
            任务完成 +{points} 微豆
          </Text>
          <Text fontSize="14px" color="green.800">
            你已答完全部必答话题，微豆已到账。
          </Text>
        </Box>
        <RouterLink to={boardHref}>
          <Text as="span" fontSize="14px" color="brand.600" _hover={{ textDecoration: 'underline' }}>
            查看座谈会进度 ›
          </Text>
        </RouterLink>
      </Flex>
    </WhiteCard>
  );
}

function TopicCard({ topic, moderation, memberHref }: ForumTopicViewProps & { topic: ForumTopicDetail }) {
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <TopicMarks topic={topic} />
        <Heading as="h1" fontSize={{ base: '19px', md: '22px' }} color="gray.900" lineHeight="1.4">
          {topic.title}
        </Heading>
        <AuthorLine author={topic.author} href={memberHref(topic.author.memberId)} at={topic.createdAt} />
        <PostBody html={topic.body} images={topic.images} />
        {/* Before my reply the notice below says it; afterwards (and for staff) a quiet note. */}
        {topic.seeAfterPosting && topic.repliesVisible && (
          <Text textStyle="caption.soft">本话题受访者需先回复，回复后才能看到其他人的回复。</Text>
        )}
        {moderation && (
          <Flex gap="2" wrap="wrap" pt="1" role="group" aria-label="管理话题">
            <ToggleButton
              on={topic.pinned}
              busy={moderation.busy}
              onWords="取消置顶"
              offWords="置顶"
              onClick={() => moderation.onTopic({ pinned: !topic.pinned })}
            />
            <ToggleButton
              on={topic.highlighted}
              busy={moderation.busy}
              onWords="取消加精"
              offWords="加精"
              onClick={() => moderation.onTopic({ highlighted: !topic.highlighted })}
            />
            <ToggleButton
              on={topic.closed}
              busy={moderation.busy}
              onWords="重新开放"
              offWords="关闭话题"
              onClick={() => moderation.onTopic({ closed: !topic.closed })}
            />
            <ToggleButton
              on={topic.hidden}
              busy={moderation.busy}
              onWords="取消隐藏"
              offWords="隐藏话题"
              onClick={() => moderation.onTopic({ hidden: !topic.hidden })}
            />
            <ToggleButton
              on={topic.required}
              busy={moderation.busy}
              onWords="设为选答"
              offWords="设为必答"
              onClick={() => moderation.onTopic({ required: !topic.required })}
            />
          </Flex>
        )}
      </Stack>
    </WhiteCard>
  );
}

function ToggleButton(props: { on: boolean; busy: boolean; onWords: string; offWords: string; onClick: () => void }) {
  return (
    <Button
      size="xs"
      variant={props.on ? 'subtle' : 'outline'}
      borderRadius="full"
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.on ? props.onWords : props.offWords}
    </Button>
  );
}

function Replies(props: ForumTopicViewProps & { topic: ForumTopicDetail }) {
  const { topic, replies } = props;
  if (!topic.repliesVisible)
    return (
      <WhiteCard px={{ base: '4', md: '6' }} py="5">
        <FormAlert tone="info">这个话题需要先回复，发表你的回复后就能看到其他人的回复了。</FormAlert>
      </WhiteCard>
    );
  return (
    <ListCard>
      <Flex align="center" justify="space-between" pe={{ base: '3', md: '5' }}>
        <Box flex="1" minW="0">
          <SegmentTabs tabs={ORDERS} value={props.order} onChange={props.onOrder} label="回复排序" size="sm" />
        </Box>
        <Text textStyle="caption.soft" flexShrink={0}>
          {topic.replyCount} 条回复
        </Text>
      </Flex>
      <PagedListBody
        status={replies.status}
        hasMore={replies.hasMore}
        error={replies.error}
        moreError={replies.moreError}
        onLoadMore={props.onLoadMore}
        onRetry={props.onRetryReplies}
        paddingTop={40}
        loadingLabel="正在加载回复…"
        errorTitle="回复加载失败"
        empty={{ title: '还没有回复', description: props.editor ? '来发表第一条回复吧。' : undefined }}
      >
        <Box as="ul" listStyleType="none" m="0" p="0">
          {replies.items.map((r) => (
            <ReplyRow key={r.id} reply={r} {...props} />
          ))}
        </Box>
      </PagedListBody>
    </ListCard>
  );
}

function ReplyRow({ reply, editor, moderation, memberHref, onQuote }: ForumTopicViewProps & { reply: ForumReply }) {
  return (
    <Box
      as="li"
      px={{ base: '4', md: '6' }}
      py="4"
      layerStyle="hairline.bottom"
      bg={reply.highlighted ? 'yellow.50' : reply.hidden ? 'gray.50' : undefined}
      data-testid="forum-reply"
      data-reply-id={reply.id}
    >
      <Stack gap="2.5">
        <Flex justify="space-between" align="flex-start" gap="2">
          <AuthorLine author={reply.author} href={memberHref(reply.author.memberId)} at={reply.createdAt} />
          <Flex gap="1.5" align="center" flexShrink={0}>
            {reply.highlighted && (
              <Text fontSize="12px" color="orange.700" fontWeight="medium">
                精华
              </Text>
            )}
            {reply.hidden && (
              <Text fontSize="12px" color="gray.500">
                已隐藏
              </Text>
            )}
            <Text textStyle="caption.soft">#{reply.floor}</Text>
          </Flex>
        </Flex>
        {reply.quote && <QuoteBlock quote={reply.quote} />}
        <PostBody html={reply.body} images={reply.images} />
        <Flex gap="2" wrap="wrap">
          {editor && editor.status === 'editing' && (
            <Button size="xs" variant="ghost" onClick={() => onQuote(reply)}>
              引用回复
            </Button>
          )}
          {moderation && (
            <>
              <Button
                size="xs"
                variant="ghost"
                disabled={moderation.busy}
                onClick={() => moderation.onReply(reply.id, { highlighted: !reply.highlighted })}
              >
                {reply.highlighted ? '取消加精' : '加精'}
              </Button>
              <Button
                size="xs"
                variant="ghost"
                disabled={moderation.busy}
                onClick={() => moderation.onReply(reply.id, { hidden: !reply.hidden })}
              >
                {reply.hidden ? '取消隐藏' : '隐藏'}
              </Button>
            </>
          )}
        </Flex>
      </Stack>
    </Box>
  );
}

/** Why there is no editor: an observer reads only; a closed topic takes no replies. */
function NoEditor({ role, topic }: { role: ForumRole | null; topic: ForumTopicDetail }) {
  const words =
    role === BbsRole.values.OBSERVER
      ? '你是客户观察员，可以查看全部回复，不能发言。'
      : topic.closed
        ? '这个话题已关闭，不能再回复。'
        : '座谈会已结束，不能再回复。';
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="4">
      <Text fontSize="14px" color="gray.600" textAlign="center">
        {words}
      </Text>
    </WhiteCard>
  );
}
