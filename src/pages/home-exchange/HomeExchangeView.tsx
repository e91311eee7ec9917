import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ExchangeRecord } from '../../../machines/exchange';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import {
  formatPoints,
  formatTime,
  stateLabel,
  typeLabel,
  type ExchangeStateValue,
  type ExchangeTypeValue,
} from '../../components/exchange/format';
import { CopyValue, RefundBadge, RewardCover, StateBadge } from '../../components/exchange/parts';

export type RecordFilter = 'all' | ExchangeStateValue;

/** 全部 then the states in the order an exchange meets them. */
export const RECORD_FILTERS: { value: RecordFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  ...([0, 2, 1, 4, 3, 5] as const).map((s) => ({ value: s, label: stateLabel(s) })),
];

export interface HomeExchangeViewProps {
  filter: RecordFilter;
  status: 'loading' | 'ready' | 'loadingMore' | 'empty' | 'error';
  items: ExchangeRecord[];
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
  onFilter?: (filter: RecordFilter) => void;
  onLoadMore?: () => void;
  onRetry?: () => void;
  onCopy?: (value: string) => Promise<boolean> | boolean;
}

/** `/home/exchange` 兑换记录: state tabs and the member's exchanges, newest first. */
export function HomeExchangeView(props: HomeExchangeViewProps) {
  const { filter, onFilter } = props;
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <Flex align="center" justify="space-between" pt={{ base: '1', md: '0' }}>
        <Heading as="h1" fontSize={{ base: '18px', md: '20px' }} color="gray.900">
          兑换记录
        </Heading>
        <Button asChild size="sm" variant="outline" colorPalette="brand" borderRadius="full">
          <RouterLink to="/exchange">去兑换中心</RouterLink>
        </Button>
      </Flex>
      <Box bg="white" borderRadius="xl" boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)" overflow="hidden">
        <Flex
          role="tablist"
          aria-label="按状态筛选"
          borderBottomWidth="1px"
          borderColor="gray.100"
          px={{ base: '1', md: '3' }}
          overflowX="auto"
          css={{ scrollbarWidth: 'none' }}
        >
          {RECORD_FILTERS.map((f) => {
            const active = f.value === filter;
            return (
              <Button
                key={f.value}
                role="tab"
                aria-selected={active}
                variant="plain"
                flexShrink={0}
                px={{ base: '3', md: '4' }}
                h="12"
                borderRadius="0"
                fontSize="14px"
                fontWeight={active ? 'semibold' : 'normal'}
                color={active ? 'brand.600' : 'gray.600'}
                borderWidth="0"
                borderBottomWidth="2px"
                borderColor={active ? 'brand.500' : 'transparent'}
                onClick={() => onFilter?.(f.value)}
              >
                {f.label}
              </Button>
            );
          })}
        </Flex>
        <RecordList {...props} />
      </Box>
    </Stack>
  );
}

function RecordList({
  status,
  items,
  hasMore,
  error,
  moreError,
  filter,
  onLoadMore,
  onRetry,
  onCopy,
}: HomeExchangeViewProps) {
  if (status === 'loading') return <LoadingState paddingTop={80} />;
  if (status === 'error') return <ErrorState paddingTop={80} description={error || undefined} onRetry={onRetry} />;
  if (status === 'empty')
    return (
      <EmptyState
        paddingTop={80}
        title={filter === 'all' ? '还没有兑换记录' : `没有${stateLabel(filter)}的兑换`}
        description={filter === 'all' ? '攒够微豆就能兑换现金、卡券和实物啦' : '换个状态看看吧'}
        action={
          filter === 'all' ? (
            <Button asChild colorPalette="brand" borderRadius="full" px="6">
              <RouterLink to="/exchange">去兑换</RouterLink>
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <Box>
      <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
        {items.map((r) => (
          <RecordRow key={r.id} record={r} onCopy={onCopy} />
        ))}
      </Stack>
      <Stack align="center" py="4" gap="2">
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
            loading={status === 'loadingMore'}
            loadingText="加载中…"
            onClick={onLoadMore}
          >
            {moreError ? '重新加载' : '加载更多'}
          </Button>
        ) : (
          <Text fontSize="13px" color="gray.400">
            没有更多了
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function RecordRow({ record: r, onCopy }: { record: ExchangeRecord; onCopy?: HomeExchangeViewProps['onCopy'] }) {
  return (
    <Box
      as="li"
      px={{ base: '4', md: '6' }}
      py="4"
      borderBottomWidth="1px"
      borderColor="gray.100"
      data-testid="exchange-row"
    >
      <Flex gap="3" align="flex-start">
        <Box w={{ base: '56px', md: '64px' }} flexShrink={0}>
          <RewardCover src={r.cover} type={r.type as ExchangeTypeValue} title={r.title} height="56px" radius="md" />
        </Box>
        <Box flex="1" minW="0">
          <Flex gap="2" align="flex-start" justify="space-between">
            <Text fontSize="15px" fontWeight="medium" color="gray.800" lineClamp={2}>
              {r.title}
            </Text>
            <Box flexShrink={0}>
              <StateBadge state={r.state as ExchangeStateValue} />
            </Box>
          </Flex>
          <Text fontSize="13px" color="gray.500" mt="0.5">
            {typeLabel(r.type as ExchangeTypeValue)} · −{formatPoints(r.points)} 微豆 · {formatTime(r.createdAt)}
          </Text>
          {r.refunded && (
            <Flex mt="1.5" gap="2" align="flex-start" wrap="wrap">
              <RefundBadge />
              {r.reason && (
                <Text fontSize="13px" color="red.600">
                  原因：{r.reason}
                </Text>
              )}
            </Flex>
          )}
          <Stack gap="2" mt={r.code || r.transferRef || r.trackingNo ? '2' : '0'}>
            {r.code && <CopyValue label="卡密 / 兑换码" value={r.code} onCopy={onCopy} emphasis />}
            {r.transferRef && <CopyValue label="打款流水号" value={r.transferRef} onCopy={onCopy} />}
            {r.trackingNo && <CopyValue label="快递单号" value={r.trackingNo} onCopy={onCopy} />}
          </Stack>
          <Flex justify="flex-end" mt="1">
            <Button asChild size="xs" variant="ghost" colorPalette="brand">
              <RouterLink to={`/home/exchange?id=${r.id}`} aria-label={`查看兑换单 ${r.id} 的详情`}>
                详情 ›
              </RouterLink>
            </Button>
          </Flex>
        </Box>
      </Flex>
    </Box>
  );
}
