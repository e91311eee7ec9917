import { Badge, Stack, Text } from '@chakra-ui/react';
import { ArticleText } from '../../components/ArticleText';
import { BackHeader } from '../../components/BackHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { MEMBER_HOME_PATH } from '../../routing/paths';

/** A notice as the page shows it (the contract's Notice). */
export interface NoticeDetail {
  id: number;
  title: string;
  pinned: boolean;
  publishedAt: number;
  /** Sanitized HTML (sanitized by the server when stored). */
  content: string;
}

export interface NoticeViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  notice: NoticeDetail | null;
  error?: string | null;
  onRetry?: () => void;
}

/** `/home/notices/{id}` 公告详情: the title, when it was published, and its text. */
export function NoticeView({ status, notice, error, onRetry }: NoticeViewProps) {
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader back={{ to: MEMBER_HOME_PATH, label: '我的主页' }} title="公告详情" />
      <WhiteCard px={{ base: '4', md: '8' }} py={{ base: '5', md: '7' }} minH="240px">
        {status === 'loading' ? (
          <LoadingState label="正在加载公告…" paddingTop={40} />
        ) : status === 'notFound' ? (
          <EmptyState
            paddingTop={32}
            title="公告不存在或已下线"
            description="这条公告可能已经结束或被撤下。"
            link={{ to: MEMBER_HOME_PATH, label: '回到我的主页' }}
          />
        ) : status === 'error' || !notice ? (
          <ErrorState paddingTop={32} title="公告加载失败" description={error || undefined} onRetry={onRetry} />
        ) : (
          <article aria-labelledby="notice-title">
            <ArticleText
              titleId="notice-title"
              title={notice.title}
              html={notice.content}
              bodyLabel="公告内容"
              meta={
                <>
                  {notice.pinned && (
                    <Badge colorPalette="red" variant="subtle">
                      置顶
                    </Badge>
                  )}
                  <Text as="span">发布于 {formatDateTime(notice.publishedAt)}</Text>
                </>
              }
            />
          </article>
        )}
      </WhiteCard>
    </Stack>
  );
}
