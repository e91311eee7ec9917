import { Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import type { PointsRecord } from '../../../openapi/schemas/points';
import { LedgerRow } from '../../components/LedgerRow';
import { ListCard, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { BrandCard } from '../../components/BrandCard';
import { SegmentTabs } from '../../components/SegmentTabs';
import { PlainList } from '../../components/PlainList';
import { TASKS_PATH } from '../../routing/paths';

/** One row of 微豆明细: the contract's PointsRecord. */
export type GoldRecord = z.output<typeof PointsRecord>;

export type GoldFilter = 'all' | 'in' | 'out';

const GOLD_FILTERS: { value: GoldFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'in', label: '收入' },
  { value: 'out', label: '支出' },
];

export interface GoldViewProps extends PagedListProps<GoldRecord, GoldFilter> {
  /** 可用微豆; null while loading or when the summary failed. */
  balance: number | null;
  /** 待入账微豆; null while unknown. */
  pending: number | null;
}

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `2026-11-22 09:05` in Beijing time. */
function formatShanghai(ms: number): string {
  const parts = Object.fromEntries(timeFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}

/** `+100` / `−30` (a real minus sign). */
function formatAmount(amount: number): string {
  return amount >= 0 ? `+${amount}` : `−${Math.abs(amount)}`;
}

/** `/home/gold` 微豆明细: the balance card, 全部/收入/支出 tabs and the paged history. */
export function GoldView(props: GoldViewProps) {
  const { balance, pending, filter, onFilter } = props;
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Heading as="h1" fontSize={{ base: '16px', md: '18px' }} fontWeight="medium" color="whiteAlpha.900">
          微豆明细
        </Heading>
        <Flex mt="3" align="baseline" gap="2" wrap="wrap">
          <Text fontSize={{ base: '32px', md: '40px' }} fontWeight="bold" lineHeight="1.1" data-testid="gold-balance">
            {balance ?? '—'}
          </Text>
          <Text textStyle="body.onBrand">可用微豆</Text>
        </Flex>
        {pending !== null && pending > 0 && (
          <Text mt="2" fontSize="13px" color="whiteAlpha.900">
            另有 {pending} 微豆待入账
          </Text>
        )}
      </BrandCard>

      <ListCard>
        <SegmentTabs tabs={GOLD_FILTERS} value={filter} onChange={onFilter} label="收支筛选" />
        <GoldList {...props} />
      </ListCard>
    </Stack>
  );
}

function GoldList({ items, ...list }: GoldViewProps) {
  return (
    <PagedListBody
      {...list}
      empty={{
        title: '暂无记录',
        description: '还没有微豆记录，去做任务或签到吧',
        link: { to: TASKS_PATH, label: '去做任务' },
      }}
    >
      <PlainList>
        {items.map((r) => (
          <LedgerRow
            key={r.id}
            data-testid="gold-row"
            title={r.reasonLabel}
            badge={
              r.status === 'pending' && (
                <Badge colorPalette="orange" variant="subtle" fontSize="12px">
                  待入账
                </Badge>
              )
            }
            detail={r.description}
            time={formatShanghai(r.createdAt)}
            change={formatAmount(r.amount)}
            changeColor={r.amount >= 0 ? (r.status === 'pending' ? 'green.400' : 'green.600') : 'gray.800'}
          />
        ))}
      </PlainList>
    </PagedListBody>
  );
}
