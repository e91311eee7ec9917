import { Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  ArrowRightIcon,
  BoxIcon,
  CashIcon,
  ChatIcon,
  CoinIcon,
  GiftIcon,
  ListIcon,
  LockIcon,
  PhoneAppIcon,
  ShieldIcon,
  SurveyIcon,
  TicketIcon,
  TrialIcon,
  VideoIcon,
} from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';
import { Hero } from './LandingHero';
import { AGREEMENT_PATH, PRIVACY_PATH, REGISTER_PATH, TASKS_PATH } from '../../routing/paths';

/**
 * The landing page (`/`) for visitors: what 微豆调研 is, how it works, which tasks and rewards
 * there are, why it is safe, and the app. Static marketing content; links only.
 */
export interface LandingViewProps {
  registerPath?: string;
  taskPath?: string;
  /** 了解 App: the app page; the app banner is left out without it (the page is not built yet). */
  appPath?: string;
  /**
   * 推荐任务 (the recommended-task grid, loaded after mount): its section is rendered only when
   * given, and below the fold (after 任务类型), so arriving late shifts nothing on screen.
   */
  recommended?: ReactNode;
  /** 活动与福利 (the landing page's banners and campaigns, loaded after mount), placed like `recommended`. */
  campaigns?: ReactNode;
}

/** Task types of the spec's enumeration (openapi TaskType labels) that members choose from. */
const TASK_TYPES = [
  {
    icon: <SurveyIcon />,
    title: '问卷调查',
    text: '品牌、高校与研究机构发起的在线问卷，话题涵盖消费、出行、科技与生活方式，几分钟即可完成。',
  },
  {
    icon: <TrialIcon />,
    title: '有奖试用',
    text: '申请新品免费试用，入选后收到产品，使用后提交体验问卷，好物和微豆一起拿。',
  },
  {
    icon: <ChatIcon />,
    title: '讨论组',
    text: '受邀加入线上小组讨论，围绕主持人的问题分享真实看法，深度参与获得更高奖励。',
  },
  {
    icon: <PhoneAppIcon />,
    title: '应用试玩',
    text: '下载并体验指定应用，按要求完成试玩步骤，审核通过后微豆到账。',
  },
  {
    icon: <VideoIcon />,
    title: '观看视频',
    text: '观看广告或内容短片并回答几个简单问题，碎片时间也能轻松赚。',
  },
];

const REWARDS = [
  { icon: <CashIcon />, title: '现金', text: '微豆兑换现金，提现到你绑定的收款账户，100 微豆按 1 元面值计算。' },
  {
    icon: <TicketIcon />,
    title: '虚拟卡券',
    text: '话费充值、视频会员、购物卡等电子卡券，兑换后在「卡券专区」随时查看。',
  },
  { icon: <BoxIcon />, title: '实物', text: '精选日用好物和数码小物，填写收货地址，审核通过后寄送到家。' },
];

const STEPS = [
  { icon: <SurveyIcon />, title: '做任务', text: '挑选适合你的问卷和任务，认真作答' },
  { icon: <CoinIcon />, title: '得微豆', text: '有效完成即发放微豆，每一笔都有记录' },
  { icon: <GiftIcon />, title: '换奖励', text: '用微豆兑换现金、卡券或实物奖励' },
];

const TRUST = [
  {
    icon: <LockIcon />,
    title: '数据加密',
    text: '全站 HTTPS 传输，手机号和验证码在浏览器端加密后才发送，密码只以不可逆方式保存。',
  },
  {
    icon: <ShieldIcon />,
    title: '隐私保护',
    text: '答卷只以去标识化的形式提供给调研合作方，我们不出售你的个人信息。',
  },
  {
    icon: <ListIcon />,
    title: '积分明细可查',
    text: '每一笔微豆的获得与使用都记入明细，兑换进度全程可追踪。',
  },
];

export function LandingView({
  registerPath = REGISTER_PATH,
  taskPath = TASKS_PATH,
  appPath,
  recommended,
  campaigns,
}: LandingViewProps) {
  return (
    <Box>
      <Hero registerPath={registerPath} taskPath={taskPath} />

      <Section
        id="how"
        eyebrow="三步上手"
        title="做任务 → 得微豆 → 换奖励"
        subtitle="注册免费，无需押金。答得越认真，能参与的任务越多。"
      >
        <Flex direction={{ base: 'column', md: 'row' }} align="stretch" gap={{ base: '3', md: '4' }}>
          {STEPS.map((step, i) => (
            <Flex
              key={step.title}
              direction={{ base: 'column', md: 'row' }}
              align={{ base: 'center', md: 'stretch' }}
              flex="1"
              gap={{ base: '3', md: '4' }}
            >
              <HStack
                flex="1"
                width="100%"
                gap="4"
                layerStyle="outlinedCard"
                borderRadius="2xl"
                p={{ base: '5', md: '6' }}
              >
                <IconBadge size="52px">{step.icon}</IconBadge>
                <Box>
                  <Text fontSize="13px" color="brand.600" fontWeight="semibold">
                    第 {i + 1} 步
                  </Text>
                  <Text fontSize="18px" fontWeight="bold" color="ink">
                    {step.title}
                  </Text>
                  <Text textStyle="body.muted">{step.text}</Text>
                </Box>
              </HStack>
              {i < STEPS.length - 1 && (
                <Box
                  color="brand.400"
                  flexShrink={0}
                  alignSelf="center"
                  transform={{ base: 'rotate(90deg)', md: 'none' }}
                  aria-hidden="true"
                  css={{ '& svg': { width: '22px', height: '22px' } }}
                >
                  <ArrowRightIcon />
                </Box>
              )}
            </Flex>
          ))}
        </Flex>
      </Section>

      <Section
        id="tasks"
        eyebrow="任务类型"
        title="总有一种任务适合你"
        subtitle="任务按你的画像智能匹配，完善个人资料后能收到更多邀请。"
        bg="white"
      >
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap={{ base: '3', md: '4' }}>
          {TASK_TYPES.map((t) => (
            <Flex
              key={t.title}
              direction={{ base: 'row', sm: 'column' }}
              align={{ base: 'flex-start', sm: 'stretch' }}
              gap={{ base: '4', sm: '3' }}
              p={{ base: '5', md: '6' }}
              borderRadius="2xl"
              layerStyle="tile"
              transition="transform .2s, box-shadow .2s"
              _hover={{ transform: 'translateY(-2px)', boxShadow: '0 8px 24px rgba(227, 93, 6, 0.12)' }}
            >
              <IconBadge size="48px">{t.icon}</IconBadge>
              <Box>
                <Heading as="h3" fontSize="17px" color="ink">
                  {t.title}
                </Heading>
                <Text mt={{ base: '1', sm: '3' }} textStyle="body.muted" lineHeight="1.8">
                  {t.text}
                </Text>
              </Box>
            </Flex>
          ))}
        </SimpleGrid>
      </Section>

      {campaigns && (
        <Section id="campaigns" eyebrow="活动与福利" title="正在进行的活动" subtitle="参加活动，微豆拿得更多。">
          {campaigns}
        </Section>
      )}

      {recommended && (
        <Section
          id="recommend"
          eyebrow="正在进行"
          title="这些任务正在招募"
          subtitle="登录后即可参加；被甄别或名额已满也有安慰微豆，开始前就写得清清楚楚。"
        >
          {recommended}
          <Flex justify="center" mt={{ base: '6', md: '8' }}>
            <Button asChild variant="outline" colorPalette="brand" borderRadius="full" px="8" bg="white">
              <RouterLink to={taskPath}>
                查看全部任务
                <ArrowRightIcon />
              </RouterLink>
            </Button>
          </Flex>
        </Section>
      )}

      <Section
        id="rewards"
        eyebrow="奖励兑换"
        title="微豆能换什么"
        subtitle="三类奖励，按需兑换；兑换记录与发放进度随时可查。"
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '3', md: '5' }}>
          {REWARDS.map((r, i) => (
            <Box
              key={r.title}
              position="relative"
              overflow="hidden"
              borderRadius="2xl"
              p={{ base: '6', md: '7' }}
              color="white"
              bgGradient="to-br"
              gradientFrom={['brand.500', 'orange.400', '#f5a00b'][i]}
              gradientTo={['brand.700', 'brand.600', 'orange.600'][i]}
              boxShadow="0 10px 30px rgba(227, 93, 6, 0.18)"
            >
              <Box
                position="absolute"
                right="-24px"
                bottom="-24px"
                opacity={0.18}
                css={{ '& svg': { width: '120px', height: '120px' } }}
                aria-hidden="true"
              >
                {r.icon}
              </Box>
              <Box css={{ '& svg': { width: '30px', height: '30px' } }}>{r.icon}</Box>
              <Heading as="h3" fontSize="22px" mt="4">
                {r.title}
              </Heading>
              <Text mt="2" textStyle="body.onBrand" lineHeight="1.8" maxW="26em" position="relative">
                {r.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="trust" eyebrow="安全可信" title="你的数据，我们认真对待" bg="white">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '6', md: '8' }}>
          {TRUST.map((t) => (
            <HStack key={t.title} align="flex-start" gap="4">
              <IconBadge size="48px" tone="green">
                {t.icon}
              </IconBadge>
              <Box>
                <Heading as="h3" fontSize="17px" color="ink">
                  {t.title}
                </Heading>
                <Text mt="1.5" textStyle="body.muted" lineHeight="1.8">
                  {t.text}
                </Text>
              </Box>
            </HStack>
          ))}
        </SimpleGrid>
        <Text mt="8" textStyle="caption.soft" textAlign="center">
          详见
          <Box asChild color="brand.700" mx="1" textDecoration="underline" textUnderlineOffset="3px">
            <RouterLink to={PRIVACY_PATH}>隐私政策</RouterLink>
          </Box>
          与
          <Box asChild color="brand.700" mx="1" textDecoration="underline" textUnderlineOffset="3px">
            <RouterLink to={AGREEMENT_PATH}>用户协议</RouterLink>
          </Box>
        </Text>
      </Section>

      {appPath && <AppBanner appPath={appPath} />}
    </Box>
  );
}

/** 下载微豆调研 App, linking to the app page (shown only once that page is built). */
function AppBanner({ appPath }: { appPath: string }) {
  return (
    <Box px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }} bg="gray.50">
      <Container maxW="1120px" px="0">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="6"
          borderRadius="3xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '8', md: '10' }}
          bg="ink"
          color="white"
          position="relative"
          overflow="hidden"
        >
          <Box
            position="absolute"
            right={{ base: '-60px', md: '8%' }}
            top="-80px"
            width="260px"
            height="260px"
            borderRadius="full"
            bg="brand.500"
            opacity={0.25}
            filter="blur(10px)"
            aria-hidden="true"
          />
          <HStack gap="5" align="center" position="relative">
            <Box
              display={{ base: 'none', sm: 'flex' }}
              alignItems="center"
              justifyContent="center"
              width="64px"
              height="64px"
              borderRadius="2xl"
              bg="brand.solid"
              flexShrink={0}
              css={{ '& svg': { width: '34px', height: '34px' } }}
            >
              <PhoneAppIcon />
            </Box>
            <Box>
              <Heading as="h2" fontSize={{ base: '21px', md: '26px' }}>
                下载微豆调研 App
              </Heading>
              <Text mt="2" color="gray.300" fontSize="15px" lineHeight="1.8">
                新任务上线及时提醒，抢答任务不错过；随时随地答题，微豆到账一目了然。
              </Text>
            </Box>
          </HStack>
          <Button
            asChild
            size="lg"
            borderRadius="full"
            px="8"
            bg="white"
            color="brand.700"
            fontWeight="semibold"
            _hover={{ bg: 'brand.50' }}
            position="relative"
            flexShrink={0}
          >
            <RouterLink to={appPath}>
              了解 App
              <ArrowRightIcon />
            </RouterLink>
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}

function Section({
  id,
  eyebrow,
  title,
  subtitle,
  children,
  bg = 'gray.50',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  bg?: string;
}) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg={bg} py={{ base: '12', md: '20' }}>
      <Container maxW="1120px" px={{ base: '5', md: '6' }}>
        <Stack gap="3" textAlign="center" align="center" mb={{ base: '8', md: '12' }}>
          <Text fontSize="13px" fontWeight="semibold" color="brand.600" letterSpacing="0.12em">
            {eyebrow}
          </Text>
          <Heading as="h2" id={`${id}-title`} fontSize={{ base: '24px', md: '32px' }} color="ink" lineHeight="1.35">
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize={{ base: '15px', md: '16px' }} color="gray.600" maxW="36em">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
