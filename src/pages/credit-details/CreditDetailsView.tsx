import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { formatChange, formatDateTime } from '../../components/benefits/format';
import { BrandCard } from '../../components/BrandCard';
import { SegmentTabs } from '../../components/SegmentTabs';
import { LedgerRow } from '../../components/LedgerRow';
import { ListCard, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { PlainList } from '../../components/PlainList';
import { CREDIT_PATH, HOME_INVITE_PATH, TASKS_PATH } from '../../routing/paths';

/** One row of 权益值明细: a CreditRecord or (邀请所得) an InviteCreditRecord, as the list shows it. */
export interface CreditRow {
  id: number;
  change: number;
  /** 完成任务 / 邀请好友 … (the source's label) or the invite record's reason. */
  title: string;
  /** The record's explanation (task name) or the invitee. */
  detail: string;
  /** Credit after the change; invite records have none. */
  balance: number | null;
  /** Invite records: the invitee's avatar and nickname. */
  avatar?: string | null;
  who?: string;
  createdAt: number;
}

export type CreditDetailsFilter = 'all' | 'in' | 'out' | 'invite';

const CREDIT_FILTERS: { value: CreditDetailsFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'in', label: '获得' },
  { value: 'out', label: '消耗' },
  { value: 'invite', label: '邀请所得' },
];

export interface CreditDetailsViewProps extends PagedListProps<CreditRow, CreditDetailsFilter> {
  /** 当前权益值; null while loading or when it failed. */
  value: number | null;
}

/** `/home/creditDetails` 权益值明细: current credit, 全部/获得/消耗/邀请所得 and the paged history. */
export function CreditDetailsView(props: CreditDetailsViewProps) {
  const { value, filter, onFilter } = props;
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Flex align="center" justify="space-between" gap="3">
          <Heading as="h1" fontSize={{ base: '16px', md: '18px' }} fontWeight="medium" color="whiteAlpha.900">
            权益值明细
          </Heading>
          <Button asChild size="xs" variant="outline" color="white" borderColor="whiteAlpha.700" borderRadius="full">
            <RouterLink to={CREDIT_PATH}>去领权益</RouterLink>
          </Button>
        </Flex>
        <Flex mt="3" align="baseline" gap="2">
          <Text fontSize={{ base: '32px', md: '40px' }} fontWeight="bold" lineHeight="1.1" data-testid="credit-value">
            {value ?? '—'}
          </Text>
          <Text textStyle="body.onBrand">当前权益值</Text>
        </Flex>
      </BrandCard>

      <ListCard>
        <SegmentTabs label="权益值筛选" tabs={CREDIT_FILTERS} value={filter} onChange={onFilter} />
        <CreditList {...props} />
      </ListCard>
    </Stack>
  );
}

function CreditList({ items, ...list }: CreditDetailsViewProps) {
  return (
    <PagedListBody
      {...list}
      empty={
        list.filter === 'invite'
          ? {
              title: '暂无邀请所得',
              description: '好友通过你的邀请注册并完成首个有效任务后，你会获得权益值',
              link: { to: HOME_INVITE_PATH, label: '去邀请好友' },
            }
          : {
              title: '暂无记录',
              description: '认真完成任务、保持答题质量都能获得权益值',
              link: { to: TASKS_PATH, label: '去做任务' },
            }
      }
    >
      <PlainList>
        {items.map((r) => (
          <LedgerRow
            key={r.id}
            data-testid="credit-row"
            leading={r.avatar !== undefined && <Avatar src={r.avatar} name={r.who ?? r.detail} size={36} />}
            title={r.title}
            detail={r.detail}
            time={`${formatDateTime(r.createdAt)}${r.balance !== null ? ` · 余额 ${r.balance}` : ''}`}
            change={formatChange(r.change)}
            changeColor={r.change >= 0 ? 'green.600' : 'gray.800'}
          />
        ))}
      </PlainList>
    </PagedListBody>
  );
}
