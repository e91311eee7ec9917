import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MessageType } from '../../../openapi/enums';
import { ListCard, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { PlainList } from '../../components/PlainList';
import { SegmentTabs } from '../../components/SegmentTabs';
import { formatDateTime } from '../../components/shanghaiTime';
import type { InboxMessage, MessageFilter } from '../../flows/messages';
import { messagePath } from '../../routing/paths';

/** 全部, then each type by its label (openapi/enums.ts MessageType). */
const MESSAGE_TABS: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  ...MessageType.list.map((type) => ({ value: type, label: MessageType.labels[type] })),
];

export interface MessagesViewProps extends PagedListProps<InboxMessage, MessageFilter> {
  /** The member's unread messages; null while unknown. */
  unread: number | null;
  /** 全部标为已读 is running. */
  markingAll?: boolean;
  onReadAll?: () => void;
}

/** `/home/message` 我的消息: the unread count, 全部标为已读, type tabs and the paged inbox. */
export function MessagesView(props: MessagesViewProps) {
  const { filter, onFilter, unread, markingAll = false, onReadAll } = props;
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <Flex align="center" justify="space-between" gap="3" pt={{ base: '1', md: '0' }}>
        <Box>
          <Heading as="h1" fontSize={{ base: '18px', md: '20px' }} color="gray.900">
            我的消息
          </Heading>
          {unread !== null && (
            <Text mt="0.5" textStyle="caption.soft" data-testid="unread-total">
              {unread > 0 ? `${unread} 条未读` : '没有未读消息'}
            </Text>
          )}
        </Box>
        {unread !== null && unread > 0 && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            borderRadius="full"
            loading={markingAll}
            loadingText="标记中…"
            onClick={onReadAll}
          >
            全部标为已读
          </Button>
        )}
      </Flex>
      <ListCard>
        <SegmentTabs tabs={MESSAGE_TABS} value={filter} onChange={onFilter} label="按类型筛选" scrollable size="sm" />
        <MessageList {...props} />
      </ListCard>
    </Stack>
  );
}

function MessageList({ items, ...list }: MessagesViewProps) {
  const all = list.filter === 'all';
  return (
    <PagedListBody
      {...list}
      loadingLabel="正在加载消息…"
      errorTitle="消息加载失败"
      empty={{
        title: all ? '暂无消息' : `暂无${MessageType.labels[list.filter as Exclude<MessageFilter, 'all'>]}`,
        description: all ? '兑换、任务审核和活动的通知会出现在这里' : '换个类型看看吧',
      }}
    >
      <PlainList>
        {items.map((m) => (
          <MessageRow key={m.id} message={m} />
        ))}
      </PlainList>
    </PagedListBody>
  );
}

function MessageRow({ message: m }: { message: InboxMessage }) {
  return (
    <Box as="li" layerStyle="hairline.bottom" data-testid="message-row" data-read={m.read ? 'true' : 'false'}>
      <Flex
        asChild
        gap="3"
        px={{ base: '4', md: '6' }}
        py="4"
        align="flex-start"
        _hover={{ bg: 'gray.50' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
      >
        <RouterLink to={messagePath(m.id)}>
          <Box pt="2" w="8px" flexShrink={0} aria-hidden="true">
            {!m.read && <Box w="8px" h="8px" borderRadius="full" bg="red.500" data-testid="unread-dot" />}
          </Box>
          <Box flex="1" minW="0">
            <Flex align="center" gap="2" minW="0">
              <Badge colorPalette={m.read ? 'gray' : 'brand'} variant="subtle" fontSize="12px" flexShrink={0}>
                {MessageType.labels[m.type]}
              </Badge>
              <Text
                as="span"
                fontSize="15px"
                fontWeight={m.read ? 'normal' : 'semibold'}
                color={m.read ? 'gray.700' : 'gray.900'}
                truncate
              >
                {m.title}
              </Text>
              {!m.read && (
                <Box as="span" srOnly>
                  （未读）
                </Box>
              )}
            </Flex>
            {m.summary && (
              <Text mt="1" textStyle="caption.muted" lineClamp={2}>
                {m.summary}
              </Text>
            )}
            <Text mt="1" textStyle="small.faint">
              {formatDateTime(m.createdAt)}
            </Text>
          </Box>
        </RouterLink>
      </Flex>
    </Box>
  );
}
