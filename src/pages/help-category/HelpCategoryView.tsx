import { Badge, Stack, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { LinkRow } from '../../components/LinkRow';
import {
  EmptyState,
  ErrorState,
  ListCard,
  LoadingState,
  PagedListBody,
  type PagedListProps,
} from '../../components/ListStates';
import { PlainList } from '../../components/PlainList';
import { SegmentTabs } from '../../components/SegmentTabs';

/** A help topic as the page shows it (its tab). */
export interface HelpTopicTab {
  id: number;
  name: string;
}

/** One article of the list: its title and whether it is among 常见问题. */
export interface HelpArticleRow {
  id: number;
  title: string;
  hot: boolean;
}

export interface HelpCategoryViewProps extends PagedListProps<HelpArticleRow, number | null> {
  /** The help topics: loading, there (the URL's is one of them), not one of them, or failed. */
  topicStatus: 'loading' | 'ready' | 'notFound' | 'error';
  /** Every topic (the tabs); the current one is `filter`. */
  topics: HelpTopicTab[];
  topicError?: string | null;
  onReloadTopics?: () => void;
  /** ‹ back: 帮助与反馈 once that page is built, else 我的主页. */
  back: { to: string; label: string };
  /** An article's page. */
  articlePath: (id: number) => string;
}

/** `/home/feedback/help/{category}` 帮助中心: the topics as tabs, and the paged articles of one. */
export function HelpCategoryView(props: HelpCategoryViewProps) {
  const { topicStatus, topics, filter, onFilter, back, total, status } = props;
  const topic = topics.find((t) => t.id === filter);
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader
        back={back}
        title={topic ? topic.name : '帮助中心'}
        heading
        aside={
          topic &&
          total !== undefined &&
          status === 'ready' && (
            <Text textStyle="caption.soft" data-testid="help-total">
              共 {total} 篇
            </Text>
          )
        }
      />
      <ListCard>
        {topicStatus === 'loading' ? (
          <LoadingState label="正在加载帮助中心…" paddingTop={80} />
        ) : topicStatus === 'error' ? (
          <ErrorState
            paddingTop={80}
            title="帮助中心加载失败"
            description={props.topicError || undefined}
            onRetry={props.onReloadTopics}
          />
        ) : topicStatus === 'notFound' || !topic ? (
          <EmptyState
            paddingTop={80}
            title="没有找到这个帮助分类"
            description="分类可能已经调整，去看看其他帮助吧。"
            link={back}
          />
        ) : (
          <>
            <SegmentTabs
              tabs={topics.map((t) => ({ value: t.id, label: t.name }))}
              value={topic.id}
              onChange={onFilter}
              label="帮助分类"
              scrollable
              size="sm"
            />
            <HelpArticleList {...props} />
          </>
        )}
      </ListCard>
    </Stack>
  );
}

function HelpArticleList({ items, articlePath, ...list }: HelpCategoryViewProps) {
  return (
    <PagedListBody
      {...list}
      loadingLabel="正在加载…"
      errorTitle="文章加载失败"
      empty={{ title: '这个分类下还没有解答', description: '换个分类看看吧' }}
    >
      <PlainList>
        {items.map((q) => (
          <LinkRow key={q.id} to={articlePath(q.id)} testId="help-row">
            <Text as="span" flex="1" minW="0" fontSize="15px" color="gray.800" lineHeight="1.5">
              {q.title}
            </Text>
            {q.hot && (
              <Badge colorPalette="orange" variant="subtle" fontSize="12px" flexShrink={0}>
                常见问题
              </Badge>
            )}
          </LinkRow>
        ))}
      </PlainList>
    </PagedListBody>
  );
}
