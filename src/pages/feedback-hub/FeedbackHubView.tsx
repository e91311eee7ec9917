import { Box, Button, chakra, Flex, Grid, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import type { FeedbackSummary } from '../../../openapi/schemas/feedback';
import type { HelpCategory, HelpQuestionPage } from '../../../openapi/schemas/help';
import { BrandCard } from '../../components/BrandCard';
import {
  AwaitingMeBadge,
  FeedbackStateBadge,
  feedbackCategoryLabel,
  feedbackStateLabel,
} from '../../components/feedback/FeedbackStateBadge';
import { IconBadge } from '../../components/IconBadge';
import { ChevronRightIcon, HelpIcon } from '../../components/icons';
import {
  ErrorState,
  ListCard,
  ListRow,
  LoadingState,
  PagedListBody,
  type EmptyStateProps,
  type PagedListProps,
} from '../../components/ListStates';
import { nativeFieldStyle } from '../../components/nativeFieldStyle';
import { PlainList } from '../../components/PlainList';
import { RichText } from '../../components/RichText';
import { SegmentTabs, type SegmentTab } from '../../components/SegmentTabs';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import type { FeedbackLinks } from '../../routing/feedback';

export type HelpQuestion = z.output<typeof HelpQuestionPage>['list'][number];
export type HelpCategoryItem = z.output<typeof HelpCategory>;
export type Ticket = z.output<typeof FeedbackSummary>;

/**
 * The tabs of 我的反馈, each one value of listFeedback's `state`: everything, and the states a
 * member looks for — my turn (待反馈: support asked me; 待确认: support answered) and settled.
 * Tickets still with support (待受理、待处理、处理中) show under 全部 with their badge: the
 * contract filters by one state, and a 处理中 tab showing one of those three would hide the others.
 */
export type TicketFilter = 'all' | 3 | 4 | 5;
const TICKET_TABS: readonly SegmentTab<TicketFilter>[] = [
  { value: 'all', label: '全部' },
  ...([3, 4, 5] as const).map((s) => ({ value: s, label: feedbackStateLabel(s) })),
];

/** A single read of the hub (常见问题, 帮助分类). */
export interface HubSection<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  error?: string | null;
  onRetry?: () => void;
}

export interface FeedbackHubViewProps {
  /** Where each link leads; null while that page is not built (then nothing links to it). */
  links: FeedbackLinks;
  /** The search shown ('' = none: the hub shows 常见问题 instead of results). */
  keyword: string;
  /** Search for a keyword ('' clears the search). */
  onSearch?: (keyword: string) => void;
  /** The answers found for `keyword` (listQuestions?keyword). */
  results: PagedListProps<HelpQuestion, string>;
  /** 常见问题 (listQuestions?hot=1, the first few). */
  hot: HubSection<HelpQuestion>;
  /** The help centre's categories with their first questions (listCategories?categoryId=21). */
  categories: HubSection<HelpCategoryItem>;
  /** 我的反馈 (listFeedback by state). */
  tickets: PagedListProps<Ticket, TicketFilter>;
  /** The site operator's support address, offered while there is no feedback form to link to. */
  supportEmail: string;
}

/** Question titles shown per category card (the rest behind 查看全部). */
const TITLES_PER_CATEGORY = 3;

/**
 * `/home/feedback` 帮助与反馈: search the answers, 常见问题, the help categories, 我要反馈 and
 * my tickets. Phones stack it (search, 常见问题, 我的反馈, categories); from `lg` the help sits
 * left and 我的反馈 right.
 */
export function FeedbackHubView(props: FeedbackHubViewProps) {
  const { links, keyword, hot } = props;
  const showHot = !keyword && !(hot.status === 'ready' && hot.items.length === 0);
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <Hero keyword={keyword} onSearch={props.onSearch} ask={links.ask} supportEmail={props.supportEmail} />
      <Grid
        gap={{ base: '4', md: '5' }}
        alignItems="start"
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }}
        templateAreas={{ base: '"top" "mine" "rest"', lg: '"top mine" "rest mine"' }}
        templateRows={{ lg: 'auto 1fr' }}
      >
        {keyword ? (
          <Box gridArea="top">
            <SearchResults {...props} />
          </Box>
        ) : (
          showHot && (
            <Box gridArea="top">
              <HotQuestions {...props} />
            </Box>
          )
        )}
        <Box gridArea="mine">
          <MyTickets {...props} />
        </Box>
        <Box gridArea="rest">
          <Categories {...props} />
        </Box>
      </Grid>
    </Stack>
  );
}

const SearchInput = chakra('input', {
  base: {
    ...nativeFieldStyle,
    flex: '1',
    minW: '0',
    px: '3.5',
    borderColor: 'transparent',
    _placeholder: { color: 'gray.500' },
  },
});

/** The title, 我要反馈 (or the support address before the form is built) and the search box. */
function Hero({
  keyword,
  onSearch,
  ask,
  supportEmail,
}: {
  keyword: string;
  onSearch?: (keyword: string) => void;
  ask: string | null;
  supportEmail: string;
}) {
  const inputId = useId();
  return (
    <BrandCard>
      <Flex align="center" justify="space-between" gap="3">
        <Box minW="0">
          <Heading as="h1" fontSize={{ base: '20px', md: '24px' }} lineHeight="1.4">
            帮助与反馈
          </Heading>
          <Text mt="1" textStyle="body.onBrand">
            遇到问题先搜一搜；没找到答案，就告诉我们
          </Text>
        </Box>
        {ask && (
          <Button
            asChild
            flexShrink={0}
            bg="white"
            color="brand.700"
            _hover={{ bg: 'brand.50' }}
            borderRadius="full"
            px={{ base: '4', md: '6' }}
            size={{ base: 'sm', md: 'md' }}
            fontWeight="semibold"
          >
            <RouterLink to={ask}>我要反馈</RouterLink>
          </Button>
        )}
      </Flex>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch?.(String(new FormData(e.currentTarget).get('q') ?? '').trim());
        }}
      >
        <Flex mt="4" gap="2">
          <VisuallyHidden asChild>
            <label htmlFor={inputId}>搜索帮助</label>
          </VisuallyHidden>
          {/* Keyed by the search shown: the field follows it when the URL changes (back, 清除搜索). */}
          <SearchInput
            key={keyword}
            id={inputId}
            name="q"
            type="search"
            defaultValue={keyword}
            maxLength={50}
            enterKeyHint="search"
            autoComplete="off"
            placeholder="搜索问题，如：微豆多久到账"
          />
          <Button type="submit" h="48px" px={{ base: '4', md: '6' }} bg="brand.700" color="white" borderRadius="lg">
            搜索
          </Button>
        </Flex>
      </form>
      {!ask && (
        <Text mt="3" textStyle="body.onBrand">
          没找到答案？发邮件到{' '}
          <chakra.a href={`mailto:${supportEmail}`} color="white" textDecoration="underline">
            {supportEmail}
          </chakra.a>{' '}
          告诉我们
        </Text>
      )}
    </BrandCard>
  );
}

/** A card section with its h2 and, on the right, `aside`. */
function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <WhiteCard as="section" aria-labelledby={id} overflow="hidden">
      <Flex align="center" justify="space-between" gap="3" px={{ base: '4', md: '6' }} pt="4" pb="1">
        <Heading as="h2" id={id} fontSize="17px" color="ink">
          {title}
        </Heading>
        {aside}
      </Flex>
      {children}
    </WhiteCard>
  );
}

function SearchResults({ keyword, onSearch, results, links, categories, supportEmail }: FeedbackHubViewProps) {
  const { items, total, ...list } = results;
  const categoryName = new Map(categories.items.map((c) => [c.id, c.name]));
  const empty: Omit<EmptyStateProps, 'paddingTop'> = {
    title: '没有找到相关问题',
    description: links.ask
      ? `没有与“${keyword}”相关的解答，换个说法试试，或者直接告诉我们`
      : `没有与“${keyword}”相关的解答，换个说法试试，或发邮件到 ${supportEmail} 告诉我们`,
    link: links.ask ? { to: links.ask, label: '去反馈' } : undefined,
  };
  return (
    <Section
      id="help-results-title"
      title="搜索结果"
      aside={
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onSearch?.('')}>
          清除搜索
        </Button>
      }
    >
      {(list.status === 'ready' || list.status === 'loadingMore') && (
        <Text px={{ base: '4', md: '6' }} textStyle="caption.soft" data-testid="results-count">
          “{keyword}” 共 {total ?? items.length} 条
        </Text>
      )}
      <PagedListBody {...list} paddingTop={40} loadingLabel="正在搜索…" errorTitle="搜索失败" empty={empty}>
        <QuestionList
          questions={items}
          href={(q) => links.question(q.categoryId, q.id)}
          caption={(q) => categoryName.get(q.categoryId)}
        />
      </PagedListBody>
    </Section>
  );
}

function HotQuestions({ hot, links }: FeedbackHubViewProps) {
  return (
    <Section id="help-hot-title" title="常见问题">
      {hot.status === 'loading' ? (
        <LoadingState paddingTop={32} />
      ) : hot.status === 'error' ? (
        <ErrorState
          paddingTop={32}
          title="常见问题加载失败"
          description={hot.error || undefined}
          onRetry={hot.onRetry}
        />
      ) : (
        <QuestionList questions={hot.items} href={(q) => links.question(q.categoryId, q.id)} numbered />
      )}
    </Section>
  );
}

/**
 * Questions with their answers: each leads to its answer's page, or — before that page is built —
 * opens its answer in place.
 */
function QuestionList({
  questions,
  href,
  caption,
  numbered,
}: {
  questions: HelpQuestion[];
  href: (q: HelpQuestion) => string | null;
  caption?: (q: HelpQuestion) => string | undefined;
  numbered?: boolean;
}) {
  return (
    <PlainList pb="2">
      {questions.map((q, i) => {
        const to = href(q);
        const title = (
          <Flex gap="2.5" align="baseline" flex="1" minW="0">
            {numbered && (
              <Text as="span" flexShrink={0} fontWeight="semibold" color={i < 3 ? 'brand.600' : 'gray.500'}>
                {i + 1}
              </Text>
            )}
            <Box flex="1" minW="0">
              <Text as="span" display="block" fontSize="15px" color="gray.800">
                {q.title}
              </Text>
              {caption?.(q) && (
                <Text as="span" display="block" mt="0.5" textStyle="small.soft">
                  {caption(q)}
                </Text>
              )}
            </Box>
          </Flex>
        );
        return (
          <ListRow key={q.id} py="3" data-testid="help-question" display="block">
            {to ? (
              <Flex asChild align="center" gap="2" _hover={{ '& span': { color: 'brand.700' } }}>
                <RouterLink to={to}>
                  {title}
                  <Box color="gray.400" flexShrink={0} css={{ '& svg': { width: '16px', height: '16px' } }}>
                    <ChevronRightIcon />
                  </Box>
                </RouterLink>
              </Flex>
            ) : (
              <chakra.details css={{ '&[open] > summary svg': { transform: 'rotate(90deg)' } }}>
                <chakra.summary display="flex" alignItems="center" gap="2" cursor="pointer" listStyle="none">
                  {title}
                  <Box color="gray.400" flexShrink={0} css={{ '& svg': { width: '16px', height: '16px' } }}>
                    <ChevronRightIcon />
                  </Box>
                </chakra.summary>
                <RichText html={q.content} mt="2" fontSize="14px" color="gray.700" />
              </chakra.details>
            )}
          </ListRow>
        );
      })}
    </PlainList>
  );
}

function Categories({ categories, links }: FeedbackHubViewProps) {
  return (
    <Box as="section" aria-labelledby="help-categories-title">
      <Heading as="h2" id="help-categories-title" fontSize="17px" color="ink" mb="3">
        帮助分类
      </Heading>
      {categories.status === 'loading' ? (
        <WhiteCard>
          <LoadingState paddingTop={32} />
        </WhiteCard>
      ) : categories.status === 'error' ? (
        <WhiteCard>
          <ErrorState
            paddingTop={32}
            title="帮助分类加载失败"
            description={categories.error || undefined}
            onRetry={categories.onRetry}
          />
        </WhiteCard>
      ) : categories.items.length === 0 ? (
        <WhiteCard px="4" py="8">
          <Text textAlign="center" textStyle="body.soft">
            帮助内容正在整理中
          </Text>
        </WhiteCard>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2 }} gap={{ base: '3', md: '4' }}>
          {categories.items.map((c) => (
            <CategoryCard key={c.id} category={c} links={links} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}

function CategoryCard({ category: c, links }: { category: HelpCategoryItem; links: FeedbackLinks }) {
  const all = links.category(c.id);
  return (
    <Stack as="li" layerStyle="card" p="4" gap="3" data-testid="help-category">
      <Flex align="center" gap="3">
        <IconBadge size="36px" borderRadius="lg">
          {c.icon ? <img src={c.icon} alt="" width={20} height={20} /> : <HelpIcon />}
        </IconBadge>
        <Heading as="h3" fontSize="16px" color="ink" flex="1" minW="0" truncate>
          {c.name}
        </Heading>
      </Flex>
      {c.questions.length > 0 ? (
        <PlainList gap="2">
          {c.questions.slice(0, TITLES_PER_CATEGORY).map((q) => {
            const to = links.question(c.id, q.id);
            return (
              <Text as="li" key={q.id} fontSize="14px" color="gray.700" truncate>
                {to ? (
                  <chakra.span asChild _hover={{ color: 'brand.700' }}>
                    <RouterLink to={to}>{q.title}</RouterLink>
                  </chakra.span>
                ) : (
                  q.title
                )}
              </Text>
            );
          })}
        </PlainList>
      ) : (
        <Text textStyle="caption.soft">暂无问题</Text>
      )}
      {all && (
        <Box asChild alignSelf="flex-start" fontSize="13px" color="brand.700" fontWeight="medium">
          <RouterLink to={all} aria-label={`查看全部：${c.name}`}>
            查看全部 ›
          </RouterLink>
        </Box>
      )}
    </Stack>
  );
}

function MyTickets({ tickets, links }: FeedbackHubViewProps) {
  const { items, filter, onFilter, ...list } = tickets;
  const all = filter === 'all';
  return (
    <ListCard as="section" aria-labelledby="my-feedback-title">
      <Heading as="h2" id="my-feedback-title" fontSize="17px" color="ink" px={{ base: '4', md: '6' }} pt="4" pb="1">
        我的反馈
      </Heading>
      <SegmentTabs tabs={TICKET_TABS} value={filter} onChange={onFilter} label="按状态筛选反馈" size="sm" />
      <PagedListBody
        {...list}
        paddingTop={40}
        errorTitle="我的反馈加载失败"
        empty={{
          title: all ? '还没有反馈' : `没有${feedbackStateLabel(filter)}的反馈`,
          description: all ? '遇到问题随时告诉我们，客服处理的进度会显示在这里' : '换个状态看看吧',
          link: all && links.ask ? { to: links.ask, label: '我要反馈' } : undefined,
        }}
      >
        <PlainList>
          {items.map((t) => (
            <TicketRow key={t.id} ticket={t} href={links.ticket(t.id)} />
          ))}
        </PlainList>
      </PagedListBody>
    </ListCard>
  );
}

/** One ticket: its category, 待你处理 when it is my turn, the summary, its state and when it last changed. */
function TicketRow({ ticket: t, href }: { ticket: Ticket; href: string | null }) {
  return (
    <ListRow
      align="flex-start"
      position="relative"
      data-testid="ticket-row"
      bg={t.awaitingMe ? 'orange.50' : undefined}
      _hover={href ? { bg: t.awaitingMe ? 'orange.100' : 'gray.50' } : undefined}
    >
      <Box flex="1" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text textStyle="small.soft">{feedbackCategoryLabel(t.category)}</Text>
          {t.awaitingMe && <AwaitingMeBadge />}
        </Flex>
        <Text mt="1" fontSize="15px" color="gray.800" lineClamp={2}>
          {href ? (
            // The link covers the row: the whole row opens the ticket.
            <chakra.span asChild _after={{ content: '""', position: 'absolute', inset: '0' }}>
              <RouterLink to={href}>{t.summary}</RouterLink>
            </chakra.span>
          ) : (
            t.summary
          )}
        </Text>
        <Text mt="1" textStyle="small.faint">
          更新于 {formatDateTime(t.updatedAt)}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <FeedbackStateBadge state={t.state} />
      </Box>
    </ListRow>
  );
}
