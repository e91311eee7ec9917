import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BoardLayout } from '../../components/BoardLayout';
import { EmptyState, ErrorState, ListCard, ListRow, LoadingState } from '../../components/ListStates';
import { RankedMember } from '../../components/RankedMember';
import { SegmentTabs } from '../../components/SegmentTabs';
import { LoginPrompt } from '../../components/LoginPrompt';
import { WhiteCard } from '../../components/WhiteCard';

export type RankPeriod = 'week' | 'month';

export interface RankingEntryView {
  rank: number;
  nickname: string;
  avatar: string | null;
  amount: number;
  me: boolean;
}

export interface RankingBoard {
  period: RankPeriod;
  start: string;
  end: string;
  entries: RankingEntryView[];
  /** null: a visitor (no rank of their own). */
  mine: { rank: number | null; amount: number } | null;
}

export interface RankingTipItem {
  id: number;
  title: string;
  summary: string;
}

export interface RankingViewProps {
  period: RankPeriod;
  onPeriod?: (period: RankPeriod) => void;
  status: 'loading' | 'ready' | 'error';
  board: RankingBoard | null;
  error?: string | null;
  onRetry?: () => void;
  tips: { status: 'loading' | 'ready' | 'error'; list: RankingTipItem[]; error?: string | null; onRetry?: () => void };
  tipPath: (id: number) => string;
  /** Where a visitor logs in to see their own rank (back here afterwards). */
  loginHref: string;
  /** Where a member without earnings this period goes to earn. */
  tasksTo: string;
  /** 月度答题之星; null while not routed. */
  appraiseTo?: string | null;
}

const PERIODS = [
  { value: 'week', label: '本周' },
  { value: 'month', label: '本月' },
] as const;
const periodWord = (p: RankPeriod) => (p === 'week' ? '本周' : '本月');
/** 2030-01-06 → 1月6日 */
const dayText = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** `/ranking` 排行榜: 本周 / 本月 tabs, my rank, the top 50 by 微豆 earned, and the answering tips. */
export function RankingView(props: RankingViewProps) {
  const { period, board } = props;
  return (
    <BoardLayout
      title="微豆排行榜"
      intro={
        board
          ? `${periodWord(board.period)}（${dayText(board.start)}–${dayText(board.end)}）获得微豆最多的会员，被撤回的奖励不计入。`
          : '看看谁获得的微豆最多，被撤回的奖励不计入。'
      }
      aside={
        <Stack gap={{ base: '3', md: '4' }} minW="0">
          {props.appraiseTo && (
            <WhiteCard as="section" aria-label="月度答题之星" px={{ base: '4', md: '5' }} py="4">
              <Flex align="center" justify="space-between" gap="3">
                <Box minW="0">
                  <Text color="ink" fontWeight="semibold">
                    月度答题之星
                  </Text>
                  <Text mt="0.5" textStyle="caption.soft">
                    答卷又多又认真，每月评选并奖励微豆
                  </Text>
                </Box>
                <Button asChild size="sm" variant="outline" colorPalette="brand" borderRadius="full" flexShrink={0}>
                  <RouterLink to={props.appraiseTo}>去看看</RouterLink>
                </Button>
              </Flex>
            </WhiteCard>
          )}
          <Tips {...props} />
        </Stack>
      }
    >
      <SegmentTabs tabs={PERIODS} value={period} onChange={props.onPeriod} label="榜单时间" />
      <MyRank {...props} />
      <Board {...props} />
    </BoardLayout>
  );
}

function MyRank({ status, board, period, loginHref, tasksTo }: RankingViewProps) {
  if (status !== 'ready' || !board) return null;
  const mine = board.mine;
  const word = periodWord(period);
  return (
    <WhiteCard aria-label="我的排名" as="section" px={{ base: '4', md: '6' }} py="4">
      {mine === null ? (
        <LoginPrompt bare text={`登录后查看你的排名和${word}获得的微豆`} to={loginHref} />
      ) : mine.rank === null ? (
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Text color="ink">你{word}还没有获得微豆，完成任务就能上榜</Text>
          <Button asChild size="sm" colorPalette="brand" borderRadius="full" px="5">
            <RouterLink to={tasksTo}>去做任务</RouterLink>
          </Button>
        </Flex>
      ) : (
        <Flex align="baseline" gap={{ base: '4', md: '8' }} wrap="wrap">
          <Box>
            <Text textStyle="caption.soft">我的排名</Text>
            <Text fontSize="24px" fontWeight="bold" color="brand.600" data-testid="my-rank">
              第 {mine.rank} 名
            </Text>
          </Box>
          <Box>
            <Text textStyle="caption.soft">{word}获得</Text>
            <Text fontSize="24px" fontWeight="bold" color="ink" data-testid="my-amount">
              {mine.amount.toLocaleString('zh-CN')} 微豆
            </Text>
          </Box>
        </Flex>
      )}
    </WhiteCard>
  );
}

function Board({ status, board, period, error, onRetry }: RankingViewProps) {
  if (status === 'loading' || (!board && status !== 'error'))
    return (
      <WhiteCard minH="240px">
        <LoadingState label="正在加载排行榜…" paddingTop={40} />
      </WhiteCard>
    );
  if (status === 'error' || !board)
    return (
      <WhiteCard minH="240px">
        <ErrorState paddingTop={32} title="排行榜加载失败" description={error || undefined} onRetry={onRetry} />
      </WhiteCard>
    );
  if (board.entries.length === 0)
    return (
      <WhiteCard>
        <EmptyState
          paddingTop={32}
          title={`${periodWord(period)}还没有人上榜`}
          description="完成任务获得微豆，就能出现在这里。"
        />
      </WhiteCard>
    );
  return (
    <ListCard as="ol" aria-label={`${periodWord(period)}排行榜`}>
      {board.entries.map((e, i) => (
        <ListRow as="li" key={i} align="center" gap="3" bg={e.me ? 'brand.50' : undefined}>
          <RankedMember {...e} />
          <Text fontWeight="semibold" color="brand.600" flexShrink={0}>
            {e.amount.toLocaleString('zh-CN')} 微豆
          </Text>
        </ListRow>
      ))}
    </ListCard>
  );
}

function Tips({ tips, tipPath }: RankingViewProps) {
  return (
    <WhiteCard as="section" aria-labelledby="ranking-tips-title" px={{ base: '4', md: '5' }} py="4">
      <Heading as="h2" id="ranking-tips-title" fontSize={{ base: '16px', md: '18px' }} color="ink">
        答题技巧
      </Heading>
      <Text mt="1" textStyle="caption.soft">
        认真作答，奖励更多，排名也更靠前
      </Text>
      {tips.status === 'loading' ? (
        <LoadingState label="正在加载…" paddingTop={24} />
      ) : tips.status === 'error' ? (
        <ErrorState
          paddingTop={16}
          title="答题技巧加载失败"
          description={tips.error || undefined}
          onRetry={tips.onRetry}
        />
      ) : tips.list.length === 0 ? (
        <Text mt="4" color="gray.500">
          暂时还没有答题技巧文章
        </Text>
      ) : (
        <Stack as="ul" mt="3" gap="0" listStyleType="none">
          {tips.list.map((t) => (
            <Box as="li" key={t.id} borderTopWidth="1px" borderColor="gray.100" py="3">
              <RouterLink to={tipPath(t.id)}>
                <Text color="ink" fontWeight="medium" _hover={{ color: 'brand.600' }}>
                  {t.title}
                </Text>
                <Text mt="0.5" textStyle="caption.soft" lineClamp={2}>
                  {t.summary}
                </Text>
              </RouterLink>
            </Box>
          ))}
        </Stack>
      )}
    </WhiteCard>
  );
}
