import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CampaignDrawView } from '../../../machines/campaignDraw';
import { CourseFrame } from '../../components/course/CourseFrame';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { PillLink } from '../../components/PillLink';
import { PlainList } from '../../components/PlainList';
import { formatDateTime, pad } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { DrawNotice } from '../../components/DrawNotice';
import { DRAW_LOST, UncertainSubmit } from '../../components/UncertainSubmit';
import type { CampaignOverviewData } from '../../flows/campaign';
import { lookOf } from './campaignLooks';
import { campaignNotFound } from './campaignNotFound';

export interface CampaignViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  campaign: CampaignOverviewData | null;
  error?: string | null;
  onRetry?: () => void;
  /** The current time on the server's clock (ms), ticking: the countdown reads it. */
  now: number;
  loggedIn: boolean;
  loginHref: string;
  recordsHref: string;
  /** Where a campaign that is not there sends the visitor on (福利中心, every campaign that runs). */
  moreHref: string;
  /** The draw flow (machines/campaignDraw.ts). */
  flow: CampaignDrawView;
  onDraw: () => void;
  onRetryDraw: () => void;
  onClose: () => void;
}

/** `3 天 04:05:06` from milliseconds. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days} 天 ${clock}` : clock;
}

const percent = (chance: number) => {
  const p = chance * 100;
  return `${p >= 1 ? p.toFixed(1) : p.toFixed(2)}%`;
};

/**
 * A seasonal campaign's page (`/campaigns/:slug`, `/christmas`) in its operator-set theme: the
 * countdown, my chances and the draw, the prize pool and the leaderboard.
 */
export function CampaignView(props: CampaignViewProps) {
  const { status, campaign } = props;
  return (
    <Box bg="gray.50">
      {status === 'loading' ? (
        <LoadingState label="正在加载活动…" paddingTop={80} />
      ) : status === 'notFound' ? (
        <EmptyState paddingTop={80} {...campaignNotFound(props.moreHref)} />
      ) : status === 'error' || !campaign ? (
        <ErrorState
          paddingTop={80}
          title="活动加载失败"
          description={props.error || undefined}
          onRetry={props.onRetry}
        />
      ) : (
        <>
          <Hero campaign={campaign} now={props.now} />
          <CourseFrame maxW="1080px" bg="transparent" pt={{ base: '4', md: '6' }}>
            <Flex
              gap={{ base: '4', md: '5' }}
              direction={{ base: 'column', md: 'row' }}
              align={{ base: 'stretch', md: 'start' }}
            >
              <Stack flex="3" minW="0" gap={{ base: '4', md: '5' }}>
                <DrawCard {...props} campaign={campaign} />
                <Pool campaign={campaign} />
              </Stack>
              <Box flex="2" minW="0">
                <Leaderboard campaign={campaign} />
              </Box>
            </Flex>
          </CourseFrame>
        </>
      )}
    </Box>
  );
}

function Hero({ campaign, now }: { campaign: CampaignOverviewData; now: number }) {
  const look = lookOf(campaign.theme);
  const line =
    campaign.phase === 'upcoming' && now < campaign.startsAt
      ? `距活动开始还有 ${countdownText(campaign.startsAt - now)}`
      : campaign.phase !== 'ended' && now < campaign.endsAt
        ? `距活动结束还有 ${countdownText(campaign.endsAt - now)}`
        : '活动已结束，感谢参与';
  return (
    <Box
      as="section"
      aria-labelledby="campaign-title"
      color="white"
      textAlign="center"
      px="4"
      py={{ base: '8', md: '12' }}
      position="relative"
      overflow="hidden"
      data-theme={campaign.theme}
      style={{ background: look.background }}
    >
      <Box position="absolute" inset="0" pointerEvents="none" aria-hidden="true">
        {look.art}
      </Box>
      {/* Above the art (positioned after it). */}
      <Box position="relative">
        <Text fontSize={{ base: '13px', md: '15px' }} letterSpacing="0.3em" color={look.accent} aria-hidden="true">
          {look.kicker}
        </Text>
        <Heading as="h1" id="campaign-title" fontSize={{ base: '26px', md: '36px' }} mt="2">
          {campaign.title}
        </Heading>
        {campaign.description && (
          <Text maxW="640px" mx="auto" mt="2" fontSize={{ base: '14px', md: '16px' }} opacity={0.92}>
            {campaign.description}
          </Text>
        )}
        <Text
          role="timer"
          aria-live="off"
          display="inline-block"
          mt="4"
          px="4"
          py="1.5"
          borderRadius="full"
          bg="blackAlpha.300"
          color={look.accent}
          fontWeight="bold"
          fontSize={{ base: '15px', md: '17px' }}
        >
          {line}
        </Text>
        <Text mt="2" fontSize="13px" opacity={0.85}>
          {/* Wraps between the two times on a phone, never inside one. */}
          活动时间：
          <Box as="span" whiteSpace="nowrap">
            {formatDateTime(campaign.startsAt)} —
          </Box>{' '}
          <Box as="span" whiteSpace="nowrap">
            {formatDateTime(campaign.endsAt)}（北京时间）
          </Box>
        </Text>
      </Box>
    </Box>
  );
}

function DrawCard(props: CampaignViewProps & { campaign: CampaignOverviewData }) {
  const { campaign, loggedIn, flow } = props;
  const look = lookOf(campaign.theme);
  const how = `活动期间每完成 1 个调查任务得 ${campaign.chancesPerTask} 次、每签到 1 天得 ${campaign.chancesPerCheckin} 次抽奖机会。`;
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }} as="section" aria-labelledby="my-chances">
      <Heading as="h2" id="my-chances" fontSize="17px" color="ink">
        我的抽奖机会
      </Heading>
      {!loggedIn || !campaign.chances ? (
        <Stack mt="3" gap="3" align="center" textAlign="center">
          <Text color="gray.700">{how}</Text>
          <PillLink to={props.loginHref} variant="solid" px="8">
            登录参加活动
          </PillLink>
        </Stack>
      ) : (
        <Stack mt="3" gap="3">
          <Flex align="baseline" gap="2">
            <Text fontSize="36px" fontWeight="bold" color="brand.600" lineHeight="1" data-testid="chances-left">
              {campaign.chances.left}
            </Text>
            <Text color="gray.700">
              次可用 · 共获得 {campaign.chances.earned} 次，已用 {campaign.chances.used} 次
            </Text>
          </Flex>
          <PlainList>
            {campaign.chances.bySource.map((r) => (
              <Flex
                as="li"
                key={r.source}
                justify="space-between"
                py="1.5"
                borderTop="1px solid"
                borderColor="gray.100"
              >
                <Text color="gray.700">
                  {r.label} × {r.count}
                </Text>
                <Text color="gray.900" fontWeight="semibold">
                  +{r.chances} 次
                </Text>
              </Flex>
            ))}
          </PlainList>
          <Text textStyle="caption.muted">{how}</Text>
          <Outcome {...props} palette={look.palette} />
          {campaign.phase === 'running' ? (
            <Button
              colorPalette={look.palette}
              borderRadius="full"
              size="lg"
              disabled={!flow.canDraw || campaign.chances.left <= 0}
              loading={flow.busy}
              loadingText={look.drawing}
              onClick={props.onDraw}
            >
              {campaign.chances.left > 0 ? `${look.draw}（用 1 次机会）` : '暂无抽奖机会'}
            </Button>
          ) : (
            <Text textAlign="center" color="gray.600">
              {campaign.phase === 'upcoming' ? '活动开始后即可抽奖。' : '活动已结束，不能再抽奖。'}
            </Text>
          )}
          <PillLink to={props.recordsHref} variant="ghost" alignSelf="center">
            我的抽奖记录 ›
          </PillLink>
        </Stack>
      )}
    </WhiteCard>
  );
}

function Outcome({ flow, onClose, onRetryDraw, palette }: CampaignViewProps & { palette: string }) {
  const close = (
    <Button size="sm" variant="ghost" onClick={onClose}>
      知道了
    </Button>
  );
  if (flow.step === 'result' && flow.outcome) {
    const d = flow.outcome.draw;
    const won = d.outcome === 'prize';
    return (
      <DrawNotice role="status" bg={won ? `${palette}.50` : 'gray.50'}>
        <Text fontSize="17px" fontWeight="bold" color={won ? `${palette}.700` : 'gray.700'}>
          {won ? `恭喜抽中「${d.prizeName}」` : '谢谢参与，这次没有中奖'}
        </Text>
        <Text mt="1" textStyle="caption.muted">
          {won
            ? `${d.points} 微豆已到账。`
            : d.outcome === 'out_of_stock'
              ? `抽中的「${d.prizeName}」已经发完了，本次没有奖品。`
              : '每次结果都可在抽奖记录中复核。'}
        </Text>
        {close}
      </DrawNotice>
    );
  }
  if (flow.step === 'networkError')
    return (
      <UncertainSubmit layout="draw" title={DRAW_LOST} palette={palette} onRetry={onRetryDraw} actions={close}>
        重试不会多用机会：同一次抽奖只算一次。
      </UncertainSubmit>
    );
  if (flow.step === 'refused' || flow.step === 'noChances')
    return (
      <DrawNotice role="alert" bg="gray.50">
        <Text color="gray.800">
          {flow.step === 'noChances' ? '抽奖机会已用完，完成调查任务或签到可再获得。' : flow.error || '暂时不能抽奖'}
        </Text>
        {close}
      </DrawNotice>
    );
  return null;
}

/** The campaign's prizes with their chances and stock, and the fairness rule (the records' visitor state shows it too). */
export function Pool({ campaign }: { campaign: CampaignOverviewData }) {
  const { palette } = lookOf(campaign.theme);
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="5" as="section" aria-labelledby="campaign-pool">
      <Heading as="h2" id="campaign-pool" fontSize="17px" color="ink" mb="3">
        奖池
      </Heading>
      {campaign.prizes.length === 0 ? (
        <Text color="gray.600">奖品正在准备中。</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3 }} gap="3">
          {campaign.prizes.map((p) => (
            <Box
              as="li"
              key={p.id}
              borderRadius="lg"
              bg={p.kind === 'none' ? 'gray.50' : `${palette}.50`}
              px="3"
              py="3"
            >
              <Text fontWeight="semibold" color={p.kind === 'none' ? 'gray.700' : `${palette}.700`}>
                {p.name}
              </Text>
              {/* Each piece wraps whole on a phone's narrow cell, never "剩 1999 / 份". */}
              <Text textStyle="caption.muted">
                <Box as="span" whiteSpace="nowrap">
                  概率 {percent(p.chance)}
                </Box>
                {p.stock !== null && (
                  <Box as="span" whiteSpace="nowrap">
                    {` · 剩 ${p.stock} 份`}
                  </Box>
                )}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <Text mt="3" textStyle="caption.soft">
        抽奖结果按幸运大转盘同一套公平规则算出：当天的结果事先锁定，次日公开密钥，每条记录都能一键复核。
      </Text>
    </WhiteCard>
  );
}

function Leaderboard({ campaign }: { campaign: CampaignOverviewData }) {
  const { palette } = lookOf(campaign.theme);
  return (
    <WhiteCard px={{ base: '4', md: '6' }} py="5" as="section" aria-labelledby="campaign-leaders" h="full">
      <Heading as="h2" id="campaign-leaders" fontSize="17px" color="ink" mb="3">
        机会排行榜
      </Heading>
      {campaign.leaders.length === 0 ? (
        <Text color="gray.600">还没有人获得抽奖机会，快来当第一名。</Text>
      ) : (
        <PlainList>
          {campaign.leaders.map((l) => (
            <Flex
              as="li"
              key={l.rank}
              justify="space-between"
              align="center"
              py="2"
              borderTop={l.rank > 1 ? '1px solid' : undefined}
              borderColor="gray.100"
            >
              <Flex gap="3" align="center">
                <Text w="6" textAlign="center" fontWeight="bold" color={l.rank <= 3 ? `${palette}.600` : 'gray.600'}>
                  {l.rank}
                </Text>
                <Text color="gray.800">{l.nickname}</Text>
              </Flex>
              <Text color="gray.700">{l.chances} 次</Text>
            </Flex>
          ))}
        </PlainList>
      )}
    </WhiteCard>
  );
}
