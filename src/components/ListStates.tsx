import {
  Box,
  Button,
  Circle,
  Flex,
  Spinner,
  Stack,
  Text,
  type BoxProps,
  type FlexProps,
  type StackProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMPTY_STATE_TOP_PADDING } from '../config';

/** The three non-data states every list has (DESIGN §4): empty, loading, error. */

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  /** A call to action, e.g. a button that clears the filter. */
  action?: ReactNode;
  /** A link button as the call to action (去做任务 → /task). */
  link?: { to: string; label: string };
  icon?: ReactNode;
  /** Top padding in px; the spec's default is 180. */
  paddingTop?: number;
}

export function EmptyState({
  title = '暂无记录',
  description,
  action,
  link,
  icon,
  paddingTop = EMPTY_STATE_TOP_PADDING,
}: EmptyStateProps) {
  const call = link ? (
    <Button asChild colorPalette="brand" borderRadius="full" px="6">
      <RouterLink to={link.to}>{link.label}</RouterLink>
    </Button>
  ) : (
    action
  );
  return (
    <Stack align="center" textAlign="center" gap="3" pt={`${paddingTop}px`} pb="12" px="4" data-testid="empty-state">
      <Box color="brand.300" css={{ '& svg': { width: '56px', height: '56px' } }}>
        {icon ?? <EmptyBox />}
      </Box>
      <StateText title={title} description={description} />
      {call && <Box pt="2">{call}</Box>}
    </Stack>
  );
}

export interface LoadingStateProps {
  label?: string;
  /** Top padding in px. */
  paddingTop?: number;
}

export function LoadingState({ label = '加载中…', paddingTop = 120 }: LoadingStateProps) {
  return (
    <Stack align="center" gap="3" pt={`${paddingTop}px`} pb="12" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.500" borderWidth="3px" />
      <Text textStyle="body.soft">{label}</Text>
    </Stack>
  );
}

export interface ErrorStateProps {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  paddingTop?: number;
}

export function ErrorState({
  title = '加载失败',
  description = '网络似乎不太稳定，请稍后重试。',
  onRetry,
  retryLabel = '重新加载',
  paddingTop = 120,
}: ErrorStateProps) {
  return (
    <Stack align="center" textAlign="center" gap="3" pt={`${paddingTop}px`} pb="12" px="4" role="alert">
      <Circle size="56px" bg="red.50" color="red.500" fontSize="28px" fontWeight="bold" aria-hidden="true">
        !
      </Circle>
      <StateText title={title} description={description} />
      {onRetry && (
        <Button mt="2" colorPalette="brand" variant="outline" borderRadius="full" px="6" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </Stack>
  );
}

/** The status of a paged list (machines/pagedList.ts's `selectPagedView`). */
export type PagedListStatus = 'loading' | 'ready' | 'loadingMore' | 'empty' | 'error';

/** What a paged-list view takes from its container (`usePagedList` gives exactly these). */
export interface PagedListProps<T, F> {
  filter: F;
  status: PagedListStatus;
  items: T[];
  /** Rows in all pages (lists that show a count). */
  total?: number;
  /** More rows than shown: 加载更多 is offered. */
  hasMore: boolean;
  /** Why the first page failed. */
  error?: string | null;
  /** A failed 加载更多; the rows stay. */
  moreError?: string | null;
  onFilter?: (filter: F) => void;
  onLoadMore?: () => void;
  onRetry?: () => void;
}

export interface LoadMoreFooterProps extends Omit<StackProps, 'children'> {
  status: PagedListStatus;
  hasMore: boolean;
  moreError?: string | null;
  onLoadMore?: () => void;
  /** The button's background (white where the list stands on grey). */
  buttonBg?: string;
}

/** Under a list's rows: 加载更多 (加载中… while it runs, 重新加载 after it failed) or 没有更多了. */
export function LoadMoreFooter({
  status,
  hasMore,
  moreError,
  onLoadMore,
  buttonBg,
  pt = '4',
  pb = '4',
  ...layout
}: LoadMoreFooterProps) {
  return (
    <Stack align="center" gap="2" pt={pt} pb={pb} {...layout}>
      {moreError && (
        <Text fontSize="13px" color="red.500" role="alert">
          {moreError}
        </Text>
      )}
      {hasMore || status === 'loadingMore' ? (
        <Button
          variant="outline"
          colorPalette="brand"
          borderRadius="full"
          px="8"
          bg={buttonBg}
          loading={status === 'loadingMore'}
          loadingText="加载中…"
          onClick={onLoadMore}
        >
          {moreError ? '重新加载' : '加载更多'}
        </Button>
      ) : (
        <Text fontSize="13px" color="gray.500">
          没有更多了
        </Text>
      )}
    </Stack>
  );
}

export interface PagedListBodyProps extends Pick<
  PagedListProps<unknown, unknown>,
  'status' | 'hasMore' | 'error' | 'moreError' | 'onLoadMore' | 'onRetry'
> {
  /** What the empty state says (its top padding is the list's). */
  empty: Omit<EmptyStateProps, 'paddingTop'>;
  /** Top padding of the loading, error and empty states, in px. */
  paddingTop?: number;
  loadingLabel?: string;
  errorTitle?: string;
  /** Layout of the load-more footer. */
  footer?: Omit<LoadMoreFooterProps, 'status' | 'hasMore' | 'moreError' | 'onLoadMore'>;
  /** The rows. */
  children: ReactNode;
}

/** A paged list's body: its loading, error or empty state, or else the rows and the load-more footer. */
export function PagedListBody({
  status,
  hasMore,
  error,
  moreError,
  onLoadMore,
  onRetry,
  empty,
  paddingTop = 80,
  loadingLabel,
  errorTitle,
  footer,
  children,
}: PagedListBodyProps) {
  if (status === 'loading') return <LoadingState label={loadingLabel} paddingTop={paddingTop} />;
  if (status === 'error')
    return <ErrorState paddingTop={paddingTop} title={errorTitle} description={error || undefined} onRetry={onRetry} />;
  if (status === 'empty') return <EmptyState paddingTop={paddingTop} {...empty} />;
  return (
    <Box>
      {children}
      <LoadMoreFooter status={status} hasMore={hasMore} moreError={moreError} onLoadMore={onLoadMore} {...footer} />
    </Box>
  );
}

/** The white card a list sits in (its tabs, rows and footer). */
export function ListCard(props: BoxProps) {
  return <Box layerStyle="card" overflow="hidden" {...props} />;
}

/** One row of a list card: an `li`, its parts side by side, a hairline below. */
export function ListRow(props: FlexProps) {
  return <Flex as="li" gap="3" px={{ base: '4', md: '6' }} py="4" layerStyle="hairline.bottom" {...props} />;
}

/** The title and the explanation of an empty or error state. */
function StateText({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <>
      <Text fontSize="16px" fontWeight="semibold" color="gray.700">
        {title}
      </Text>
      {description && (
        <Text textStyle="body.soft" maxW="320px">
          {description}
        </Text>
      )}
    </>
  );
}

function EmptyBox() {
  return (
    <svg viewBox="0 0 64 64" fill="none" aria-hidden="true">
      <path
        d="M8 24l24-12 24 12v22L32 58 8 46z"
        fill="#fff7ed"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M8 24l24 12 24-12M32 36v22" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M20 6l4 6M32 3v7M44 6l-4 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
