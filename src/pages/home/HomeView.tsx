import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { CheckinCard, type CheckinCardProps } from '../../components/CheckinCard';
import { CoinIcon, GiftIcon, ShieldIcon, SurveyIcon, TicketIcon, UsersIcon } from '../../components/icons';
import { ErrorState, LoadingState } from '../../components/ListStates';
import type { TaskCardView } from '../../components/task/model';
import { RecommendedTasks } from '../../components/task/RecommendedTasks';
import { BrandCard } from '../../components/BrandCard';
import { FeatureStack } from '../../components/FeatureCard';
import { PillLink } from '../../components/PillLink';
import { BannerCarousel, type BannerItem } from '../../components/promo/BannerCarousel';
import { EventCards, type EventItem } from '../../components/promo/EventCards';
import { HomePrompts, type HomePromptsProps } from './HomePrompts';
import {
  CARD_PATH,
  CREDIT_PATH,
  EXCHANGE_PATH,
  GOLD_PATH,
  HOME_INVITE_PATH,
  TASKS_PATH,
  USER_SURVEY_PATH,
  taskDetailPath,
} from '../../routing/paths';

export interface HomeViewProps {
  nickname?: string | null;
  avatar?: string | null;
  /** The points summary and daily check-in (machines/checkin.ts); the card is left out without it. */
  checkin?: CheckinCardProps;
  /** 为你推荐 (listRecommendedTasks); the section is left out without it. */
  recommended?: HomeRecommendedProps;
  /** Registered within the last day: welcomed as a newcomer, not back. */
  newcomer?: boolean;
  /** 新手课程 for a newcomer (null or absent: the course is not routed). */
  courseHref?: string | null;
  /** 我的答题质量 for a member past the first day (null or absent: /efficient is not routed). */
  qualityHref?: string | null;
  /** 待办提醒 (homeCheck): left out until loaded, and when there is nothing to prompt. */
  prompts?: HomePromptsProps;
  /** The banners published for /home (none: no carousel). */
  banners?: readonly BannerItem[];
  /** 热门活动: campaigns published for /home (none: no section). */
  events?: readonly EventItem[];
  /**
   * The first load is not over: everything below the greeting is laid out unseen behind a loading
   * state, in a box at least as tall as the screen, and shown at once when it is (no layout shift).
   */
  holding?: boolean;
}

export interface HomeRecommendedProps {
  status: 'loading' | 'ready' | 'error';
  tasks: TaskCardView[];
  error?: string | null;
  onRetry?: () => void;
  /** "now" for close labels (stories pin it). */
  now?: number;
}

const SHORTCUTS: { icon: ReactNode; title: string; text: string; to: string; cta: string }[] = [
  { icon: <SurveyIcon />, title: '做任务', text: '看看有哪些适合你的问卷和任务', to: TASKS_PATH, cta: '去做任务' },
  { icon: <CoinIcon />, title: '微豆明细', text: '查看每一笔微豆的收入与支出', to: GOLD_PATH, cta: '查看明细' },
  { icon: <GiftIcon />, title: '兑换奖励', text: '用微豆兑换现金、卡券和实物', to: EXCHANGE_PATH, cta: '去兑换' },
  { icon: <ShieldIcon />, title: '我的权益', text: '用权益值领取加成卡和折扣券', to: CREDIT_PATH, cta: '查看权益' },
  { icon: <TicketIcon />, title: '卡券专区', text: '兑换得到的卡密和持有的优惠券', to: CARD_PATH, cta: '查看卡券' },
  { icon: <UsersIcon />, title: '邀请好友', text: '邀请好友注册，一起赚微豆', to: HOME_INVITE_PATH, cta: '去邀请' },
];

/**
 * `/home` 我的主页: greets the member, then what to do (待办提醒), the banners, the points summary
 * and daily check-in, recommended tasks, campaigns, then shortcuts.
 */
export function HomeView({
  nickname,
  avatar,
  checkin,
  recommended,
  newcomer,
  qualityHref,
  courseHref,
  prompts,
  banners = [],
  events = [],
  holding = false,
}: HomeViewProps) {
  const name = nickname?.trim() || '微豆会员';
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard display="flex" alignItems="center" gap="4">
        <Box borderRadius="full" borderWidth="3px" borderColor="whiteAlpha.600">
          <Avatar src={avatar} name={name} size={56} />
        </Box>
        <Box minW="0">
          <Heading
            as="h1"
            fontSize={{ base: '20px', md: '24px' }}
            lineHeight="1.4"
            overflow="hidden"
            textOverflow="ellipsis"
          >
            你好，{name}
          </Heading>
          <Text mt="1" textStyle="body.onBrand">
            {newcomer
              ? '欢迎加入微豆调研！先完成新手任务，领取你的第一笔微豆。'
              : '欢迎回到我的主页，认真完成每个任务，微豆会越攒越多。'}
          </Text>
          {newcomer && courseHref && (
            <Button
              asChild
              size="sm"
              mt="3"
              borderRadius="full"
              bg="white"
              color="brand.700"
              _hover={{ bg: 'whiteAlpha.900' }}
            >
              <RouterLink to={courseHref}>学新手课程，答题领奖励</RouterLink>
            </Button>
          )}
          {!newcomer && qualityHref && (
            <Button
              asChild
              size="sm"
              mt="3"
              borderRadius="full"
              bg="white"
              color="brand.700"
              _hover={{ bg: 'whiteAlpha.900' }}
            >
              <RouterLink to={qualityHref}>我的答题质量 ›</RouterLink>
            </Button>
          )}
        </Box>
      </BrandCard>
      <Box position="relative" minH={holding ? '100vh' : undefined}>
        {holding && (
          <Box position="absolute" top="0" insetX="0">
            <LoadingState label="正在加载…" paddingTop={40} />
          </Box>
        )}
        <Stack gap={{ base: '4', md: '5' }} visibility={holding ? 'hidden' : undefined}>
          {prompts && <HomePrompts {...prompts} />}
          <BannerCarousel banners={banners} label="我的主页轮播图" />
          {checkin && <CheckinCard {...checkin} />}
          {recommended && <Recommended {...recommended} />}
          {events.length > 0 && (
            <Box as="section" aria-labelledby="home-events-title">
              <Heading as="h2" id="home-events-title" fontSize={{ base: '16px', md: '18px' }} color="ink" mb="3">
                热门活动
              </Heading>
              <EventCards events={events} columns={2} />
            </Box>
          )}
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap={{ base: '3', md: '4' }}>
            {SHORTCUTS.map((s) => (
              <FeatureStack key={s.title} icon={s.icon} title={s.title} text={s.text} headingAs="h2" layerStyle="card">
                <PillLink to={s.to} alignSelf="flex-start" mt="1">
                  {s.cta}
                </PillLink>
              </FeatureStack>
            ))}
          </SimpleGrid>
        </Stack>
      </Box>
    </Stack>
  );
}

/** 为你推荐: tasks I may take now, best first, with a link to the whole list. */
function Recommended({ status, tasks, error, onRetry, now }: HomeRecommendedProps) {
  return (
    <Box as="section" aria-labelledby="home-recommend-title" data-testid="home-recommended">
      <Flex align="center" justify="space-between" mb="3">
        <Heading as="h2" id="home-recommend-title" fontSize={{ base: '16px', md: '18px' }} color="ink">
          为你推荐
        </Heading>
        <Box asChild fontSize="14px" color="brand.700">
          <RouterLink to={TASKS_PATH}>全部任务</RouterLink>
        </Box>
      </Flex>
      {status === 'loading' ? (
        <Box bg="white" borderRadius="xl" minH="160px">
          <LoadingState label="正在加载推荐任务…" paddingTop={40} />
        </Box>
      ) : status === 'error' ? (
        <Box bg="white" borderRadius="xl">
          <ErrorState title="推荐任务加载失败" description={error || undefined} onRetry={onRetry} paddingTop={24} />
        </Box>
      ) : tasks.length === 0 ? (
        <Stack
          layerStyle="card"
          p="5"
          gap="3"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Text textStyle="body.muted" flex="1">
            暂时没有适合你的新任务。完善个人属性问卷，能收到更多任务邀请。
          </Text>
          <Button asChild size="sm" colorPalette="brand" borderRadius="full" px="5">
            <RouterLink to={USER_SURVEY_PATH}>完善个人属性</RouterLink>
          </Button>
        </Stack>
      ) : (
        <RecommendedTasks tasks={tasks} linkFor={taskDetailPath} now={now} />
      )}
    </Box>
  );
}
