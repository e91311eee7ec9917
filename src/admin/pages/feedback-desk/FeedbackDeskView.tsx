import { Box, chakra, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FeedbackState } from '../../../../openapi/enums';
import { feedbackCategoryLabel, FeedbackStateBadge } from '../../../components/feedback/FeedbackStateBadge';
import { PagedListBody, type PagedListProps } from '../../../components/ListStates';
import { nativeSelectStyle } from '../../../components/nativeFieldStyle';
import type { DeskFilter, DeskRow } from '../../flows/desk';
import { waited } from '../../app/waited';
import { DeskTicketView, type DeskTicketViewProps } from './DeskTicketView';

const Select = chakra('select', { base: { ...nativeSelectStyle, height: '36px', fontSize: '14px' } });

/** 等待处理 (the states waiting on staff), then each state as the member site names it. */
const FILTERS: readonly { value: DeskFilter; label: string }[] = [
  { value: 'waiting', label: '等待处理' },
  ...FeedbackState.list.map((s) => ({ value: s, label: FeedbackState.labels[s] })),
];
const filterOf = (raw: string): DeskFilter => (raw === 'waiting' ? 'waiting' : (Number(raw) as DeskFilter));

export interface FeedbackDeskViewProps extends Omit<DeskTicketViewProps, 'backHref'> {
  queue: PagedListProps<DeskRow, DeskFilter>;
  /** The ticket open (from the address), or null. */
  selectedId: number | null;
  /** The desk with a ticket open, or with none (null). */
  deskHref: (ticket: number | null) => string;
}

function QueueRow({ row, now, selected, href }: { row: DeskRow; now: number; selected: boolean; href: string }) {
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="gray.100">
      <Box
        asChild
        display="block"
        px="4"
        py="3"
        bg={selected ? 'brand.50' : 'white'}
        borderInlineStartWidth="3px"
        borderInlineStartColor={selected ? 'brand.500' : 'transparent'}
        _hover={{ bg: selected ? 'brand.50' : 'gray.50' }}
      >
        <RouterLink to={href} aria-current={selected ? 'true' : undefined} data-testid="desk-row">
          <HStack gap="2" justify="space-between" mb="1">
            <HStack gap="2" minW="0">
              <FeedbackStateBadge state={row.state} />
              <Text fontSize="12px" color="gray.600" lineClamp={1}>
                #{row.id} · {feedbackCategoryLabel(row.category)}
              </Text>
            </HStack>
            <Text fontSize="12px" color={row.waitingMs >= 86_400_000 ? 'red.600' : 'gray.600'} flexShrink={0}>
              已等待 {waited(row.stateChangedAt, now)}
            </Text>
          </HStack>
          <Text fontSize="14px" lineClamp={2} color="gray.800">
            {row.summary}
          </Text>
          <Text fontSize="12px" color="gray.500" mt="1" lineClamp={1}>
            {row.member.nickname}
            {row.member.mobile ? ` · ${row.member.mobile}` : ''} · {row.operator ? `受理：${row.operator}` : '未受理'}
          </Text>
        </RouterLink>
      </Box>
    </Box>
  );
}

/**
 * 反馈处理: the queue by state, the longest waiting first (left), and the ticket open beside it; on a
 * phone the queue, then the ticket alone with a way back.
 */
export function FeedbackDeskView(props: FeedbackDeskViewProps) {
  const { queue, selectedId, deskHref, now } = props;
  const open = selectedId !== null;
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" display={{ base: open ? 'none' : 'block', lg: 'block' }}>
        反馈处理
      </Heading>
      <Flex gap="5" align="flex-start">
        <Box
          width={{ base: '100%', lg: '340px' }}
          flexShrink={0}
          display={{ base: open ? 'none' : 'block', lg: 'block' }}
          bg="white"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="gray.200"
          overflow="hidden"
          data-testid="desk-queue"
        >
          <Box px="4" pt="3" pb="2" borderBottomWidth="1px" borderColor="gray.100">
            <HStack as="label" gap="2">
              <Text fontSize="13px" color="gray.600" flexShrink={0}>
                状态
              </Text>
              <Select
                name="state"
                value={String(queue.filter)}
                onChange={(e) => queue.onFilter?.(filterOf(e.target.value))}
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={String(f.value)}>
                    {f.label}
                  </option>
                ))}
              </Select>
            </HStack>
            {queue.total !== undefined && (queue.status === 'ready' || queue.status === 'loadingMore') && (
              <Text fontSize="12px" color="gray.500" pt="2">
                共 {queue.total} 条，等待最久的在前
              </Text>
            )}
          </Box>
          <PagedListBody
            status={queue.status}
            hasMore={queue.hasMore}
            error={queue.error}
            moreError={queue.moreError}
            onLoadMore={queue.onLoadMore}
            onRetry={queue.onRetry}
            paddingTop={40}
            errorTitle="反馈列表加载失败"
            empty={{
              title: '没有这一状态的反馈',
              description: queue.filter === 'waiting' ? '所有反馈都已处理，辛苦了。' : undefined,
            }}
          >
            <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="反馈列表">
              {queue.items.map((row) => (
                <QueueRow key={row.id} row={row} now={now} selected={row.id === selectedId} href={deskHref(row.id)} />
              ))}
            </Stack>
          </PagedListBody>
        </Box>
        <Box flex="1" minW="0" display={{ base: open ? 'block' : 'none', lg: 'block' }}>
          <DeskTicketView {...props} backHref={deskHref(null)} />
        </Box>
      </Flex>
    </Stack>
  );
}
