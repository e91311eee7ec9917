import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ExchangeProgress } from './ExchangeProgress';
import type { FollowedExchangeProps } from './followed';
import {
  exchangeNumber,
  formatPoints,
  formatTime,
  formatYuan,
  nextStepText,
  typeLabel,
  type ExchangeStateValue,
  type ExchangeTypeValue,
} from './format';
import { costText, PrizeAddressNotice } from './PrizeAddressNotice';
import { ExchangeFactsBlock, RefundBadge, RewardCover, StateBadge, type ExchangeFacts } from './parts';

/**
 * One exchange with its state: cover, title, cost, state badge, progress, what happens next,
 * the issued code / transfer / parcel, and a 刷新状态 button. Used by the success page and the
 * record detail.
 */
export interface StatusCardExchange extends ExchangeFacts {
  id: number;
  title: string;
  cover: string | null;
  points: number;
  faceValue: number;
  /** Won on the lucky wheel (0 微豆); a physical one may still need the member's address. */
  won?: boolean;
  awaitingAddress?: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ExchangeStatusCardProps {
  exchange: StatusCardExchange;
  refreshing?: boolean;
  refreshError?: string | null;
  onRefresh?: () => void;
  onCopy?: (value: string) => Promise<boolean> | boolean;
  children?: ReactNode;
}

export function ExchangeStatusCard({
  exchange: e,
  refreshing,
  refreshError,
  onRefresh,
  onCopy,
  children,
}: ExchangeStatusCardProps) {
  return (
    <Stack gap="4" data-testid="exchange-status" data-state={e.state}>
      <Flex gap="3" align="center">
        <Box w="64px" flexShrink={0}>
          <RewardCover src={e.cover} type={e.type as ExchangeTypeValue} title={e.title} height="64px" radius="md" />
        </Box>
        <Box flex="1" minW="0">
          <Text fontSize="15px" fontWeight="semibold" color="gray.800" lineClamp={2}>
            {e.title}
          </Text>
          <Text textStyle="caption.soft" mt="0.5">
            {typeLabel(e.type as ExchangeTypeValue)} · 面值 {formatYuan(e.faceValue)} ·{' '}
            {costText(e, formatPoints(e.points))}
          </Text>
        </Box>
        <Flex direction="column" align="flex-end" gap="1" flexShrink={0}>
          <StateBadge state={e.state as ExchangeStateValue} />
          {e.refunded && <RefundBadge />}
        </Flex>
      </Flex>
      <ExchangeProgress state={e.state as ExchangeStateValue} />
      <Box bg={e.refunded ? 'red.50' : 'brand.50'} borderRadius="lg" px="3.5" py="3">
        <Text fontSize="14px" color={e.refunded ? 'red.800' : 'brand.900'}>
          {nextStepText(e.state as ExchangeStateValue, e.type as ExchangeTypeValue)}
        </Text>
      </Box>
      {e.awaitingAddress && <PrizeAddressNotice />}
      <ExchangeFactsBlock facts={e} onCopy={onCopy} />
      <Flex justify="space-between" align="center" textStyle="small.soft" gap="2" wrap="wrap">
        <Text>
          兑换单号 {exchangeNumber(e.id, e.createdAt)} · {formatTime(e.createdAt)}
        </Text>
        {onRefresh && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="brand"
            onClick={onRefresh}
            loading={refreshing}
            loadingText="刷新中…"
          >
            刷新状态
          </Button>
        )}
      </Flex>
      {refreshError && (
        <Text fontSize="13px" color="red.600" role="alert">
          刷新失败：{refreshError}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/** The status card of an exchange followed through the exchange machine: 刷新状态 re-reads it. */
export function FollowedExchangeCard({
  exchange,
  followed,
}: {
  exchange: StatusCardExchange;
  followed: FollowedExchangeProps;
}) {
  return (
    <ExchangeStatusCard
      exchange={exchange}
      refreshing={followed.status === 'tracking'}
      refreshError={followed.refreshError}
      onRefresh={followed.onRefresh}
      onCopy={followed.onCopy}
    />
  );
}
