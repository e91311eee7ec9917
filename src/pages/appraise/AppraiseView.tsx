import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BoardLayout } from '../../components/BoardLayout';
import { EmptyState, ErrorState, ListCard, ListRow, LoadingState } from '../../components/ListStates';
import { RankedMember } from '../../components/RankedMember';
import { SegmentTabs } from '../../components/SegmentTabs';
import { LoginPrompt } from '../../components/LoginPrompt';
import { WhiteCard } from '../../components/WhiteCard';
import type { AppraiseData } from '../../flows/appraise';

export interface AppraiseViewProps {
  status: 'loading' | 'ready' | 'error';
  data: AppraiseData | null;
  error?: string | null;
  onRetry?: () => void;
  onMonth?: (month: string) => void;
  /** Where a visitor logs in to see their own line (back here afterwards). */
  loginHref: string;
  /** Where a member goes to answer more; null while not routed. */
  tasksTo: string | null;
  /** 排行榜 and 答题质量, each null while not routed. */
  links: { ranking: string | null; efficient: string | null };
}

/** 2026-10 → 2026年10月 */
export const monthText = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;
const percent = (rate: number) => `${Math.floor(rate * 1000) / 10}%`;
const points = (n: number) => n.toLocaleString('zh-CN');

/** `/appraise` 月度答题之星: months with results, the month's winners and awards, my line, the rules. */
export function AppraiseView(props: AppraiseViewProps) {
  const { data } = props;
  const first = data?.rules.awards[0];
  return (
    <BoardLayout
      title="月度答题之星"
      intro={
        first
          ? `每月评出答卷又多又认真的会员，第 1 名奖励 ${points(first.points)} 微豆。`
          : '每月评出答卷又多又认真的会员，奖励直接发放到微豆账户。'
      }
      aside={<Rules {...props} />}
    >
      <MonthTabs {...props} />
      <MyLine {...props} />
      <Winners {...props} />
    </BoardLayout>
  );
}

function MonthTabs({ status, data, onMonth }: AppraiseViewProps) {
  if (status !== 'ready' || !data || data.months.length === 0) return null;
  const months = data.months.includes(data.month) ? data.months : [data.month, ...data.months];
  return (
    <SegmentTabs
      tabs={months.map((m) => ({ value: m, label: monthText(m) }))}
      value={data.month}
      onChange={onMonth}
      label="评选月份"
      scrollable
    />
  );
}

function MyLine({ status, data, loginHref, tasksTo }: AppraiseViewProps) {
  if (status !== 'ready' || !data) return null;
  const mine = data.mine;
  if (mine === null) return <LoginPrompt name="我的成绩" text="登录后查看你的名次和本月参评进度" to={loginHref} />;
  const c = mine.current;
  const progress = c.qualified
    ? '已满足参评条件，继续认真作答，月底按有效答卷数排名。'
    : `再完成 ${c.moreValid} 份有效答卷即可参评（当月至少 ${data.rules.minCounted} 份、有效率不低于 ${percent(data.rules.minRate)}）。`;
  return (
    <WhiteCard aria-label="我的成绩" as="section" px={{ base: '4', md: '6' }} py="4">
      <Stack gap="3">
        {mine.place && (
          <Flex align="center" gap="2" wrap="wrap" data-testid="my-place">
            <Badge colorPalette="orange" variant="solid" borderRadius="full" px="2.5">
              答题之星
            </Badge>
            <Text color="ink" fontWeight="semibold">
              你获评{monthText(data.month)}第 {mine.place.rank} 名，奖励 {points(mine.place.award)} 微豆已发放
            </Text>
          </Flex>
        )}
        <Flex align="baseline" gap={{ base: '4', md: '8' }} wrap="wrap">
          <Box>
            <Text textStyle="caption.soft">本月完成答卷</Text>
            <Text fontSize="22px" fontWeight="bold" color="ink" data-testid="my-counted">
              {c.counted} 份
            </Text>
          </Box>
          <Box>
            <Text textStyle="caption.soft">有效答卷</Text>
            <Text fontSize="22px" fontWeight="bold" color="brand.600">
              {c.valid} 份
            </Text>
          </Box>
          <Box>
            <Text textStyle="caption.soft">有效率</Text>
            <Text fontSize="22px" fontWeight="bold" color="ink">
              {c.rate === null ? '—' : percent(c.rate)}
            </Text>
          </Box>
        </Flex>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Text color={c.qualified ? 'green.600' : 'ink'} data-testid="my-progress">
            {progress}
          </Text>
          {!c.qualified && tasksTo && (
            <Button asChild size="sm" colorPalette="brand" borderRadius="full" px="5">
              <RouterLink to={tasksTo}>去做任务</RouterLink>
            </Button>
          )}
        </Flex>
      </Stack>
    </WhiteCard>
  );
}

function Winners({ status, data, error, onRetry }: AppraiseViewProps) {
  if (status === 'loading' || (!data && status !== 'error'))
    return (
      <WhiteCard minH="240px">
        <LoadingState label="正在加载答题之星…" paddingTop={40} />
      </WhiteCard>
    );
  if (status === 'error' || !data)
    return (
      <WhiteCard minH="240px">
        <ErrorState paddingTop={32} title="答题之星加载失败" description={error || undefined} onRetry={onRetry} />
      </WhiteCard>
    );
  const month = monthText(data.month);
  if (!data.ran)
    return (
      <WhiteCard>
        <EmptyState
          paddingTop={32}
          title={`${month}的评选结果还没有出来`}
          description="每月 1 日起评选上个月的答题之星，请稍后再来看看。"
        />
      </WhiteCard>
    );
  if (data.winners.length === 0)
    return (
      <WhiteCard>
        <EmptyState
          paddingTop={32}
          title={`${month}没有会员达到参评条件`}
          description={`当月至少完成 ${data.rules.minCounted} 份答卷、有效率不低于 ${percent(data.rules.minRate)} 才能参评。`}
        />
      </WhiteCard>
    );
  return (
    <ListCard as="ol" aria-label={`${month}答题之星`}>
      {data.winners.map((w) => (
        <ListRow as="li" key={w.rank} align="center" gap="3" bg={w.me ? 'brand.50' : undefined}>
          <RankedMember
            {...w}
            detail={
              <Text textStyle="caption.soft">
                <Text as="span" whiteSpace="nowrap">
                  有效答卷 {w.valid} 份
                </Text>
                {' · '}
                <Text as="span" whiteSpace="nowrap">
                  有效率 {percent(w.rate)}
                </Text>
              </Text>
            }
          />
          <Text fontWeight="semibold" color="brand.600" flexShrink={0}>
            +{points(w.award)} 微豆
          </Text>
        </ListRow>
      ))}
    </ListCard>
  );
}

function Rules({ status, data, links }: AppraiseViewProps) {
  return (
    <WhiteCard as="section" aria-labelledby="appraise-rules-title" px={{ base: '4', md: '5' }} py="4">
      <Heading as="h2" id="appraise-rules-title" fontSize={{ base: '16px', md: '18px' }} color="ink">
        评选规则
      </Heading>
      {status === 'ready' && data ? (
        <>
          <Stack as="ul" mt="3" gap="0" listStyleType="none">
            {data.rules.awards.map((a) => (
              <Flex as="li" key={a.from} justify="space-between" borderTopWidth="1px" borderColor="gray.100" py="2.5">
                <Text color="ink">{a.from === a.to ? `第 ${a.from} 名` : `第 ${a.from}–${a.to} 名`}</Text>
                <Text fontWeight="semibold" color="brand.600">
                  {points(a.points)} 微豆
                </Text>
              </Flex>
            ))}
          </Stack>
          <Stack as="ol" mt="3" gap="2" ps="4" listStyleType="decimal">
            {data.rules.lines.map((line) => (
              <Text as="li" key={line} textStyle="caption.soft" lineHeight="1.7">
                {line}
              </Text>
            ))}
          </Stack>
        </>
      ) : (
        <Text mt="3" textStyle="caption.soft">
          {status === 'error' ? '规则暂时无法显示' : '正在加载…'}
        </Text>
      )}
      {(links.efficient || links.ranking) && (
        <Flex mt="4" gap="3" wrap="wrap">
          {links.efficient && (
            <Button asChild size="sm" variant="outline" borderRadius="full">
              <RouterLink to={links.efficient}>我的答题质量</RouterLink>
            </Button>
          )}
          {links.ranking && (
            <Button asChild size="sm" variant="outline" borderRadius="full">
              <RouterLink to={links.ranking}>微豆排行榜</RouterLink>
            </Button>
          )}
        </Flex>
      )}
    </WhiteCard>
  );
}
