import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { costText, PrizeAddressNotice } from '../../components/exchange/PrizeAddressNotice';
import type { ExchangeRecord } from '../../../machines/exchange';
import { ListCard, ListRow, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { SegmentTabs } from '../../components/SegmentTabs';
import {
  exchangeNumber,
  formatPoints,
  formatTime,
  isDisputableState,
  stateLabel,
  typeLabel,
  type ExchangeStateValue,
  type ExchangeTypeValue,
} from '../../components/exchange/format';
import { CopyValue, RefundBadge, RewardCover, StateBadge } from '../../components/exchange/parts';
import { PlainList } from '../../components/PlainList';
import { PillLink } from '../../components/PillLink';
import { EXCHANGE_PATH, exchangeRecordPath } from '../../routing/paths';

export type RecordFilter = 'all' | ExchangeStateValue;

/** 全部 then the states in the order an exchange meets them. */
const RECORD_FILTERS: { value: RecordFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  ...([0, 2, 1, 4, 3, 5] as const).map((s) => ({ value: s, label: stateLabel(s) })),
];

export interface HomeExchangeViewProps extends PagedListProps<ExchangeRecord, RecordFilter> {
  onCopy?: (value: string) => Promise<boolean> | boolean;
  /** The feedback form about an exchange, for rejected and failed ones; null while that form is not built. */
  feedbackPath?: ((exchangeId: number) => string) | null;
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
        <PillLink to={EXCHANGE_PATH}>去兑换中心</PillLink>
      </Flex>
      <ListCard>
        <SegmentTabs tabs={RECORD_FILTERS} value={filter} onChange={onFilter} label="按状态筛选" scrollable size="sm" />
        <RecordList {...props} />
      </ListCard>
    </Stack>
  );
}

function RecordList({ items, onCopy, feedbackPath, ...list }: HomeExchangeViewProps) {
  const all = list.filter === 'all';
  return (
    <PagedListBody
      {...list}
      empty={{
        title: all ? '还没有兑换记录' : `没有${stateLabel(list.filter as ExchangeStateValue)}的兑换`,
        description: all ? '攒够微豆就能兑换现金、卡券和实物啦' : '换个状态看看吧',
        link: all ? { to: EXCHANGE_PATH, label: '去兑换' } : undefined,
      }}
    >
      <PlainList>
        {items.map((r) => (
          <RecordRow
            key={r.id}
            record={r}
            onCopy={onCopy}
            feedback={feedbackPath && isDisputableState(r.state) ? feedbackPath(r.id) : null}
          />
        ))}
      </PlainList>
    </PagedListBody>
  );
}

function RecordRow({
  record: r,
  onCopy,
  feedback,
}: {
  record: ExchangeRecord;
  onCopy?: HomeExchangeViewProps['onCopy'];
  /** 反馈问题 about this exchange. */
  feedback: string | null;
}) {
  const number = exchangeNumber(r.id, r.createdAt);
  return (
    <ListRow align="flex-start" data-testid="exchange-row">
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
        <Text textStyle="caption.soft" mt="0.5">
          {typeLabel(r.type as ExchangeTypeValue)} · {r.won ? costText(r, '') : `−${formatPoints(r.points)} 微豆`} ·{' '}
          {formatTime(r.createdAt)}
        </Text>
        {r.awaitingAddress && (
          <Box mt="2">
            <PrizeAddressNotice />
          </Box>
        )}
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
        <Flex justify="flex-end" mt="1" gap="1">
          {feedback && (
            <Button asChild size="xs" variant="ghost" colorPalette="brand">
              <RouterLink to={feedback} aria-label={`反馈兑换单 ${number} 的问题`}>
                反馈问题
              </RouterLink>
            </Button>
          )}
          <Button asChild size="xs" variant="ghost" colorPalette="brand">
            <RouterLink to={exchangeRecordPath(r.id)} aria-label={`查看兑换单 ${number} 的详情`}>
              详情 ›
            </RouterLink>
          </Button>
        </Flex>
      </Box>
    </ListRow>
  );
}
