import { Box, Button, Circle, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CheckinView } from '../../machines/checkin';
import { ErrorState, LoadingState } from './ListStates';

/**
 * The points summary and daily check-in card of `/home` (props-only; machines/checkin.ts's
 * `selectCheckinView` gives the props): 微豆余额, today's and this month's income, the streak,
 * the 7-day reward strip and the 签到 button.
 */
export interface CheckinCardProps extends CheckinView {
  /** 排行榜 beside the month's income (the route table's answer; null or none: no link). */
  rankingTo?: string | null;
  onCheckin?: () => void;
  onRetry?: () => void;
}

const fmt = (n: number) => n.toLocaleString('zh-CN');

export function CheckinCard(props: CheckinCardProps) {
  const { status, error, onRetry } = props;
  return (
    <Box
      as="section"
      aria-label="微豆与签到"
      layerStyle="card"
      p={{ base: '4', md: '6' }}
      data-testid="checkin-card"
      data-status={status}
    >
      {status === 'loading' ? (
        <LoadingState label="正在加载微豆与签到信息…" paddingTop={24} />
      ) : status === 'error' ? (
        <ErrorState
          title="签到信息加载失败"
          description={error || '网络似乎不太稳定，请稍后重试。'}
          onRetry={props.canRetry ? onRetry : undefined}
          paddingTop={16}
        />
      ) : (
        <Loaded {...props} />
      )}
    </Box>
  );
}

function Loaded({
  status,
  balance,
  todayIncome,
  monthIncome,
  streak,
  todayReward,
  earned,
  monthDays,
  strip,
  canCheckin,
  busy,
  error,
  notice,
  onCheckin,
  rankingTo,
}: CheckinCardProps) {
  const checked = status === 'checkedIn' || status === 'alreadyChecked';
  const label = status === 'checkingIn' ? '签到中…' : checked ? '今日已签到' : '签到';
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: '3', sm: '6' }} align={{ sm: 'flex-end' }}>
        <Box flex="1" minW="0">
          <Text textStyle="body.muted">微豆余额</Text>
          <Text fontSize={{ base: '28px', md: '34px' }} fontWeight="bold" color="brand.600" lineHeight="1.2">
            {balance !== null ? fmt(balance) : '—'}
          </Text>
        </Box>
        <Flex gap="6">
          <Stat label="今日收入" value={todayIncome} />
          <Stat label="本月收入" value={monthIncome} />
          {rankingTo && (
            <Text
              alignSelf="flex-end"
              pb="1"
              textStyle="body.muted"
              color="brand.600"
              _hover={{ textDecoration: 'underline' }}
            >
              <RouterLink to={rankingTo}>排行榜 ›</RouterLink>
            </Text>
          )}
        </Flex>
      </Flex>

      <Box borderTopWidth="1px" borderColor="gray.100" />

      <Flex direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }}>
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h2" textStyle="title.card">
            每日签到
          </Heading>
          <Text textStyle="body.muted">
            已连续签到{' '}
            <Text as="b" color="brand.600">
              {streak ?? 0}
            </Text>{' '}
            天{monthDays !== null && <>，本月已签到 {monthDays} 天</>}
          </Text>
        </Stack>
        <Button
          colorPalette="brand"
          borderRadius="full"
          px="8"
          size={{ base: 'md', md: 'lg' }}
          width={{ base: 'full', md: 'auto' }}
          disabled={!canCheckin || busy}
          loading={status === 'checkingIn'}
          loadingText="签到中…"
          onClick={onCheckin}
        >
          {label}
        </Button>
      </Flex>

      {strip.length > 0 && (
        <SimpleGrid columns={7} gap={{ base: '1.5', md: '3' }} role="list" aria-label="连续签到奖励">
          {strip.map((d) => (
            <Stack
              key={d.day}
              role="listitem"
              aria-current={d.today ? 'date' : undefined}
              align="center"
              gap="1"
              py={{ base: '2', md: '3' }}
              borderRadius="lg"
              borderWidth="2px"
              borderColor={d.today ? 'brand.500' : 'transparent'}
              bg={d.checked ? 'brand.50' : 'gray.50'}
            >
              <Text
                fontSize={{ base: '11px', md: '12px' }}
                color={d.today ? 'brand.700' : 'gray.500'}
                whiteSpace="nowrap"
              >
                第{d.day}天
              </Text>
              <Circle
                size={{ base: '26px', md: '32px' }}
                bg={d.checked ? 'brand.500' : 'white'}
                color={d.checked ? 'white' : 'brand.600'}
                borderWidth={d.checked ? '0' : '1px'}
                borderColor="brand.200"
                fontSize={{ base: '12px', md: '14px' }}
                fontWeight="bold"
                aria-label={d.checked ? '已签到' : '未签到'}
              >
                {d.checked ? '✓' : '豆'}
              </Circle>
              <Text fontSize={{ base: '11px', md: '13px' }} fontWeight="semibold" color="gray.700">
                +{d.points}
              </Text>
              {d.today && <Text srOnly>（今天）</Text>}
            </Stack>
          ))}
        </SimpleGrid>
      )}

      <Message status={status} earned={earned} todayReward={todayReward} error={error} notice={notice} />
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number | null }) {
  return (
    <Box>
      <Text textStyle="caption.soft">{label}</Text>
      <Text fontSize="18px" fontWeight="semibold" color="ink">
        {value !== null ? fmt(value) : '—'}
      </Text>
    </Box>
  );
}

function Message({
  status,
  earned,
  todayReward,
  error,
  notice,
}: Pick<CheckinCardProps, 'status' | 'earned' | 'todayReward' | 'error' | 'notice'>) {
  if (status === 'ready' && error)
    return (
      <Text role="alert" fontSize="14px" color="red.600">
        签到失败：{error}
      </Text>
    );
  if (status === 'ready' && todayReward !== null)
    return <Text textStyle="body.muted">今天签到可得 {todayReward} 微豆，连续签到奖励更多。</Text>;
  if (status === 'checkedIn')
    return (
      <Text role="status" fontSize="14px" color="green.700">
        {earned !== null
          ? `签到成功，获得 ${earned} 微豆！明天记得再来。`
          : `今天已签到，获得 ${todayReward ?? 0} 微豆。明天记得再来。`}
      </Text>
    );
  if (status === 'alreadyChecked')
    return (
      <Text role="status" fontSize="14px" color="gray.700">
        {notice}
        {todayReward !== null && `，今天签到获得 ${todayReward} 微豆。`}
      </Text>
    );
  return null;
}
