import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MessageType } from '../../../openapi/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { RichText } from '../../components/RichText';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { BackLink } from '../../components/BackLink';
import type { InboxMessage } from '../../flows/messages';
import { matchRoute, MESSAGES_PATH, type PageId } from '../../routing/paths';

export interface MessageDetailViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  message: InboxMessage | null;
  /** The page the message is about, when one renders it (`/home/exchange?id=3`); else null. */
  recordLink: string | null;
  error?: string | null;
  onRetry?: () => void;
}

/** The button to the record a message is about, named after the page it leads to. */
const RECORD_LABELS: Partial<Record<PageId, string>> = {
  'home-exchange': '查看兑换记录',
  'reward-detail': '查看商品',
  'task-records': '查看任务记录',
  'task-detail': '查看任务',
  gold: '查看微豆明细',
  'credit-details': '查看权益值明细',
  credit: '查看我的权益',
  card: '查看卡券',
  'home-invite': '查看邀请记录',
  // 帮助与反馈 and every page under it
  'feedback-hub': '查看反馈',
  'feedback-ask': '查看反馈',
  'feedback-detail': '查看反馈',
  'help-category': '查看反馈',
  'help-article': '查看反馈',
};

function recordLabel(link: string): string {
  const page = matchRoute(link.split(/[?#]/, 1)[0]!)?.route.page;
  return (page && RECORD_LABELS[page]) ?? '前往查看';
}

/** `/home/message/{id}` 消息详情: type, title, time, the operator's or the site's text, and the way to its record. */
export function MessageDetailView({ status, message, recordLink, error, onRetry }: MessageDetailViewProps) {
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackLink to={MESSAGES_PATH}>返回消息列表</BackLink>
      <WhiteCard px={{ base: '4', md: '8' }} py={{ base: '5', md: '7' }}>
        {status === 'loading' ? (
          <LoadingState label="正在加载消息…" paddingTop={60} />
        ) : status === 'notFound' ? (
          <EmptyState
            paddingTop={60}
            title="消息不存在"
            description="这条消息可能已被删除，或者不是发给你的。"
            link={{ to: MESSAGES_PATH, label: '回到我的消息' }}
          />
        ) : status === 'error' || !message ? (
          <ErrorState paddingTop={60} title="消息加载失败" description={error || undefined} onRetry={onRetry} />
        ) : (
          <Box as="article">
            <Badge colorPalette="brand" variant="subtle" fontSize="12px">
              {MessageType.labels[message.type]}
            </Badge>
            <Heading as="h1" mt="3" fontSize={{ base: '19px', md: '22px' }} lineHeight="1.45" color="ink">
              {message.title}
            </Heading>
            <Text mt="2" textStyle="caption.soft">
              {formatDateTime(message.createdAt)}
            </Text>
            <RichText html={message.content} mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100" />
            {recordLink && (
              <Button asChild mt="4" colorPalette="brand" borderRadius="full" px="6">
                <RouterLink to={recordLink}>{recordLabel(recordLink)}</RouterLink>
              </Button>
            )}
          </Box>
        )}
      </WhiteCard>
    </Stack>
  );
}
