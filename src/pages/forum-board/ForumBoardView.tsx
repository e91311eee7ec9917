import { Box, Button, Flex, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TOPIC_FILTERS, type ForumBoardView as ForumBoardModel, type TopicFilter } from '../../../machines/forumBoard';
import { BbsRole } from '../../../openapi/enums';
import { FORUM_NAME } from '../../../openapi/rules/forum';
import { IMAGE_TYPE_LIST } from '../../../openapi/rules/uploads';
import { TextField } from '../../components/auth/fields';
import { FormAlert } from '../../components/auth/formParts';
import { Avatar } from '../../components/Avatar';
import {
  EmptyState,
  ErrorState,
  ListCard,
  ListRow,
  LoadingState,
  PagedListBody,
  type PagedListStatus,
} from '../../components/ListStates';
import { FilterChips, SegmentTabs } from '../../components/SegmentTabs';
import { WhiteCard } from '../../components/WhiteCard';
import {
  ForumPage,
  ProgressSummary,
  RoleBadge,
  TopicMarks,
  forumTime,
  type ForumTopic,
} from '../../components/forum/parts';
import { NewTopicForm, type NewTopicProps } from './NewTopicForm';

export interface ForumTopicList {
  status: PagedListStatus;
  items: ForumTopic[];
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
}

export interface ForumBoardViewProps extends ForumBoardModel {
  topics: ForumTopicList;
  /** Where a visitor logs in (and comes back here). */
  loginHref: string;
  /** The task list, for a member who is not in this group. */
  tasksHref: string | null;
  topicHref: (topicId: number) => string;
  /** The moderator's 发起话题 (machines/forumTopicEditor.ts); shown to a moderator only. */
  newTopic?: NewTopicProps | null;
  /** 受访者进度: the moderator's list of respondents with their progress (null: not offered). */
  respondentsHref?: string | null;
  now?: number;
  onRetry: () => void;
  onSection: (sectionId: number | null) => void;
  onFilter: (filter: TopicFilter) => void;
  onLoadMore: () => void;
  onRetryTopics: () => void;
  onEditIdentity: () => void;
  onName: (name: string) => void;
  onPickAvatar: (file: File) => void;
  onCancelIdentity: () => void;
  onSaveIdentity: () => void;
}

const FILTER_WORDS: Record<TopicFilter, string> = {
  all: '全部',
  required: '必答',
  unanswered: '我未回复',
  pinned: '置顶',
};

/** `/bbs/{taskHashId}` 座谈会: the group, my progress and forum identity, its sections and topics. */
export function ForumBoardView(props: ForumBoardViewProps) {
  return (
    <ForumPage>
      <Body {...props} />
    </ForumPage>
  );
}

function Body(props: ForumBoardViewProps) {
  const { status, board } = props;
  if (status === 'loading') return <LoadingState label="正在进入座谈会…" paddingTop={80} />;
  if (status === 'failed' || (status !== 'notFound' && !board))
    return (
      <ErrorState
        paddingTop={80}
        title="座谈会加载失败"
        description={props.error || undefined}
        onRetry={props.onRetry}
      />
    );
  if (status === 'notFound' || !board)
    return (
      <EmptyState
        paddingTop={80}
        title="座谈会不存在或尚未开放"
        description="请确认链接是否完整，或回到任务列表看看其他任务。"
        action={props.tasksHref ? <TasksButton href={props.tasksHref} /> : undefined}
      />
    );
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BoardHeader {...props} />
      {status === 'visitor' ? (
        <WhiteCard px={{ base: '4', md: '6' }} py="6">
          <Stack align="center" gap="3" textAlign="center">
            <Text fontSize="15px" color="gray.700">
              座谈会只对参加的会员开放，请先登录。
            </Text>
            <Button asChild colorPalette="brand" borderRadius="full" px="8">
              <RouterLink to={props.loginHref}>登录后进入</RouterLink>
            </Button>
          </Stack>
        </WhiteCard>
      ) : status === 'noAccess' ? (
        <WhiteCard px={{ base: '4', md: '6' }} py="6">
          <Stack align="center" gap="3" textAlign="center">
            <Text fontSize="15px" color="gray.700">
              只有参加了这个座谈会的会员才能查看。如果你收到了邀请，请先在任务中开始参加。
            </Text>
            {props.tasksHref && <TasksButton href={props.tasksHref} />}
          </Stack>
        </WhiteCard>
      ) : (
        <Member {...props} />
      )}
    </Stack>
  );
}

function TasksButton({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" colorPalette="brand" borderRadius="full" px="6">
      <RouterLink to={href}>去任务列表</RouterLink>
    </Button>
  );
}

function BoardHeader({ board }: ForumBoardViewProps) {
  if (!board) return null;
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '4', md: '5' }}>
      <Text textStyle="caption.soft">座谈会</Text>
      <Heading as="h1" fontSize={{ base: '19px', md: '22px' }} color="gray.900" mt="1">
        {board.title}
      </Heading>
      {board.intro && (
        <Text mt="2" fontSize="14px" color="gray.600" lineHeight="1.7" whiteSpace="pre-line">
          {board.intro}
        </Text>
      )}
      <Text mt="2" textStyle="caption.soft">
        {forumTime(board.startAt)} – {forumTime(board.endAt)}
      </Text>
    </WhiteCard>
  );
}

function Member(props: ForumBoardViewProps) {
  const { member, board, query, topics } = props;
  if (!member || !board) return null;
  // 我未回复 is a respondent's filter: moderators and observers answer nothing.
  const respondent = member.role === BbsRole.values.RESPONDENT;
  const sections = [
    { value: null, label: '全部版块' },
    ...board.sections.map((s) => ({ value: s.id as number | null, label: s.name })),
  ];
  return (
    <>
      <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '4', md: '5' }}>
        <Stack gap="4">
          <Identity {...props} />
          {member.progress && member.role === BbsRole.values.RESPONDENT && (
            <ProgressSummary progress={member.progress} now={props.now} />
          )}
          {member.role === BbsRole.values.OBSERVER && (
            <Text textStyle="caption.soft">你是客户观察员：可以查看全部话题与回复，不能发言。</Text>
          )}
          {member.role === BbsRole.values.MODERATOR && (
            <Text textStyle="caption.soft">你是主持人：可以发起话题，在话题中回复、置顶、关闭、隐藏和加精。</Text>
          )}
          {member.role === BbsRole.values.MODERATOR && props.respondentsHref && (
            <Button asChild size="sm" variant="outline" colorPalette="brand" borderRadius="full" alignSelf="flex-start">
              <RouterLink to={props.respondentsHref}>受访者进度</RouterLink>
            </Button>
          )}
        </Stack>
      </WhiteCard>
      {member.role === BbsRole.values.MODERATOR && props.newTopic && (
        <NewTopicForm {...props.newTopic} sections={board.sections} topicHref={props.topicHref} />
      )}
      <ListCard>
        {board.sections.length > 1 && (
          <SegmentTabs tabs={sections} value={query.sectionId} onChange={props.onSection} label="版块" scrollable />
        )}
        <FilterChips
          tabs={TOPIC_FILTERS.filter((f) => f !== 'unanswered' || respondent).map((f) => ({
            value: f,
            label: FILTER_WORDS[f],
          }))}
          value={query.filter}
          onChange={props.onFilter}
          label="话题筛选"
        />
        <PagedListBody
          status={topics.status}
          hasMore={topics.hasMore}
          error={topics.error}
          moreError={topics.moreError}
          onLoadMore={props.onLoadMore}
          onRetry={props.onRetryTopics}
          paddingTop={48}
          loadingLabel="正在加载话题…"
          errorTitle="话题加载失败"
          empty={{
            title: query.filter === 'unanswered' ? '没有未回复的话题了' : '这里还没有话题',
            description: query.filter === 'all' ? '主持人发布话题后会显示在这里。' : '换个筛选条件看看。',
          }}
        >
          <Box as="ul" listStyleType="none" m="0" p="0">
            {topics.items.map((t) => (
              <TopicRow key={t.id} topic={t} href={props.topicHref(t.id)} showAnswered={member.role === 0} />
            ))}
          </Box>
        </PagedListBody>
      </ListCard>
    </>
  );
}

function TopicRow({ topic, href, showAnswered }: { topic: ForumTopic; href: string; showAnswered: boolean }) {
  return (
    <ListRow direction="column" gap="1.5" data-testid="forum-topic" bg={topic.highlighted ? 'yellow.50' : undefined}>
      <TopicMarks topic={topic} />
      <RouterLink to={href}>
        <Text fontSize="16px" fontWeight="semibold" color="gray.900" lineHeight="1.5" _hover={{ color: 'brand.600' }}>
          {topic.title}
        </Text>
      </RouterLink>
      <Flex gap="3" wrap="wrap" textStyle="caption.soft" align="center">
        <HStack gap="1">
          <Text as="span">{topic.author.name}</Text>
          <RoleBadge role={topic.author.role} />
        </HStack>
        <Text as="span">{topic.replyCount} 条回复</Text>
        {topic.lastReplyAt !== null && <Text as="span">最后回复 {forumTime(topic.lastReplyAt)}</Text>}
        {showAnswered && (
          <Text as="span" color={topic.answered ? 'green.700' : topic.required ? 'orange.700' : 'gray.500'}>
            {topic.answered ? '已回复' : '未回复'}
          </Text>
        )}
      </Flex>
    </ListRow>
  );
}

/** My name and avatar on this board, and the form that changes them. */
function Identity(props: ForumBoardViewProps) {
  const { member, identity } = props;
  const file = useRef<HTMLInputElement>(null);
  if (!member) return null;
  if (identity.status === 'closed')
    return (
      <Flex align="center" gap="3" justify="space-between" wrap="wrap">
        <Flex align="center" gap="3" minW="0">
          <Avatar src={member.avatar} name={member.name} size={44} />
          <Box minW="0">
            <HStack gap="1.5">
              <Text fontSize="16px" fontWeight="semibold" color="gray.900" truncate data-testid="forum-name">
                {member.name}
              </Text>
              <RoleBadge role={member.role} />
            </HStack>
            <Text textStyle="caption.soft">在本座谈会中显示的名字和头像，不会显示你的账号昵称</Text>
          </Box>
        </Flex>
        <Button size="sm" variant="outline" borderRadius="full" onClick={props.onEditIdentity}>
          修改显示名和头像
        </Button>
      </Flex>
    );
  const busy = identity.status !== 'editing';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSaveIdentity();
      }}
    >
      <Stack gap="3">
        <Flex align="center" gap="3">
          <Avatar src={identity.avatarUrl} name={identity.name || member.name} size={56} />
          <Button
            size="sm"
            variant="outline"
            borderRadius="full"
            loading={identity.status === 'uploading'}
            loadingText="上传中…"
            disabled={busy}
            onClick={() => file.current?.click()}
          >
            更换头像
          </Button>
          <VisuallyHidden asChild>
            <input
              ref={file}
              type="file"
              accept={IMAGE_TYPE_LIST.join(',')}
              aria-label="选择头像"
              tabIndex={-1}
              onChange={(e) => {
                const picked = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (picked) props.onPickAvatar(picked);
              }}
            />
          </VisuallyHidden>
        </Flex>
        <TextField
          label="显示名"
          value={identity.name}
          maxLength={40}
          disabled={busy}
          error={identity.nameError}
          hint={`在本座谈会中显示的名字，${FORUM_NAME.min}–${FORUM_NAME.max} 个字`}
          onChange={props.onName}
        />
        {identity.error && <FormAlert>{identity.error}</FormAlert>}
        <Flex gap="2" justify="flex-end">
          <Button variant="ghost" borderRadius="full" disabled={busy} onClick={props.onCancelIdentity}>
            取消
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            borderRadius="full"
            px="6"
            loading={identity.status === 'saving'}
            loadingText="正在保存…"
            disabled={busy}
          >
            保存
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
