import { Box, Button, chakra, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import type { operationGroups } from '../../../openapi/index';
import type { AppPlatform } from '../../api/device';
import { QrCodeImage } from '../../components/auth/QrCodeImage';
import { formatDate } from '../../components/shanghaiTime';
import { FeatureCard } from '../../components/FeatureCard';
import { IconBadge } from '../../components/IconBadge';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { useEscapeKey } from '../../components/ModalBackdrop';
import { BellIcon, CoinIcon, GiftIcon, PhoneAppIcon, SurveyIcon } from '../../components/icons';
import { WhiteCard } from '../../components/WhiteCard';

// (openapi/schemas/app.ts by its operation: the lint takes a path ending in /app for the shell.)
export type AppDownload = z.output<(typeof operationGroups)['app']['getAppDownload']['response']>;
type Release = NonNullable<AppDownload['android']>;

/** intro `/app`, download `/app/down`, landing `/drainage` (ads and shared links). */
export type AppPageVariant = 'intro' | 'download' | 'landing';

export interface AppDownloadViewProps {
  variant: AppPageVariant;
  /** The visitor's device: its own store's button, or both with a QR code on a computer. */
  platform: AppPlatform;
  /** Inside WeChat, which opens neither stores nor installers: the guide to the system browser. */
  inWeChat: boolean;
  /** The guide's overlay is open (WeChat only). */
  guideOpen: boolean;
  status: 'loading' | 'ready' | 'error';
  download: AppDownload | null;
  error?: string | null;
  onRetry?: () => void;
  /** A download button pressed inside WeChat: open the guide instead. */
  onOpenGuide?: () => void;
  onCloseGuide?: () => void;
  /** The app's introduction page (null: not routed), linked from the landing and download pages. */
  introPath: string | null;
  /** Where the web version starts (the landing page links to it). */
  webPath: string;
}

const FEATURES = [
  { icon: <BellIcon />, title: '新任务及时提醒', text: '新问卷、抢答任务上线第一时间推送，名额有限不错过。' },
  { icon: <SurveyIcon />, title: '随时随地答题', text: '手机上作答更顺手，碎片时间也能赚微豆。' },
  { icon: <CoinIcon />, title: '微豆到账一目了然', text: '每笔收入和兑换都有记录，余额实时更新。' },
  { icon: <GiftIcon />, title: '兑换更方便', text: '话费、卡券、现金红包，在 App 里一键兑换。' },
] as const;

const PLATFORM_LABEL = { android: '安卓', ios: 'iPhone' } as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `/app`, `/app/down`, `/drainage`: the app, and the download that fits the visitor's device. */
export function AppDownloadView(props: AppDownloadViewProps) {
  const { variant } = props;
  return (
    <Box bg="gray.50" minH={variant === 'landing' ? '100vh' : undefined} pb={{ base: '10', md: '16' }}>
      {props.inWeChat && <WeChatBar onOpenGuide={props.onOpenGuide} />}
      <Hero {...props} />
      <Container maxW="1120px" px={{ base: '4', md: '6' }} mt={{ base: '6', md: '10' }}>
        {variant !== 'download' && <Features />}
        {variant !== 'intro' && props.introPath && (
          <Text mt="6" textAlign="center" textStyle="caption.soft">
            <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
              <RouterLink to={props.introPath}>了解 App 的更多功能</RouterLink>
            </Box>
          </Text>
        )}
        {variant === 'landing' && (
          <Text mt="3" textAlign="center" textStyle="caption.soft">
            暂不下载？
            <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
              <RouterLink to={props.webPath}>在网页版参与调研</RouterLink>
            </Box>
          </Text>
        )}
      </Container>
      {props.inWeChat && props.guideOpen && <WeChatGuide onClose={props.onCloseGuide} />}
    </Box>
  );
}

function Hero(props: AppDownloadViewProps) {
  const heading =
    props.variant === 'landing'
      ? '下载微豆调研 App，答问卷赚微豆'
      : props.variant === 'intro'
        ? '微豆调研 App'
        : '下载微豆调研 App';
  const lead =
    props.variant === 'landing'
      ? '你的每一份观点都有回报：完成问卷得微豆，微豆可兑换话费、卡券和现金。'
      : '随时随地参与问卷调研，新任务及时提醒，微豆到账一目了然。';
  return (
    <Box bgGradient="to-br" gradientFrom="brand.500" gradientTo="brand.700" color="white">
      <Container maxW="1120px" px={{ base: '5', md: '6' }} py={{ base: '10', md: '16' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '8', md: '12' }} align={{ md: 'center' }}>
          <Stack gap="4" flex="1" minW="0">
            <IconBadge size="64px" borderRadius="2xl" bg="whiteAlpha.300" color="white" aria-hidden="true">
              <PhoneAppIcon />
            </IconBadge>
            <Heading as="h1" fontSize={{ base: '26px', md: '38px' }} lineHeight="1.3">
              {heading}
            </Heading>
            <Text fontSize={{ base: '15px', md: '17px' }} lineHeight="1.8" color="whiteAlpha.900">
              {lead}
            </Text>
          </Stack>
          <WhiteCard color="fg" flexShrink={0} width={{ base: 'full', md: '420px' }} p={{ base: '5', md: '6' }}>
            <DownloadPanel {...props} />
          </WhiteCard>
        </Flex>
      </Container>
    </Box>
  );
}

function DownloadPanel(props: AppDownloadViewProps) {
  if (props.status === 'loading') return <LoadingState label="正在获取下载地址…" paddingTop={24} />;
  if (props.status === 'error' || !props.download)
    return (
      <ErrorState
        paddingTop={16}
        title="下载地址获取失败"
        description={props.error || '网络似乎不太稳定，请稍后重试。'}
        onRetry={props.onRetry}
      />
    );
  const d = props.download;
  const platforms = props.platform === 'desktop' ? (['android', 'ios'] as const) : ([props.platform] as const);
  return (
    <Stack gap="4">
      <Heading as="h2" fontSize="18px">
        {props.platform === 'desktop' ? '选择你的手机系统' : `下载${PLATFORM_LABEL[props.platform]}版`}
      </Heading>
      {platforms.map((p) => (
        <PlatformButton key={p} platform={p} release={d[p]} inWeChat={props.inWeChat} onOpenGuide={props.onOpenGuide} />
      ))}
      {props.platform === 'desktop' ? (
        // No release yet on either system: no QR code to a page with nothing to download.
        (d.android || d.ios) && (
          <Flex gap="4" align="center" pt="2" borderTopWidth="1px" borderColor="border.muted">
            <Box p="1" borderWidth="1px" borderColor="border.muted" borderRadius="md" flexShrink={0}>
              <QrCodeImage value={d.pageUrl} size={112} label="手机扫码打开下载页" />
            </Box>
            <Text textStyle="caption.soft" lineHeight="1.8">
              用手机相机或微信扫一扫，打开下载页，自动匹配你的手机系统。
            </Text>
          </Flex>
        )
      ) : (
        <OtherPlatform platform={props.platform} download={d} />
      )}
    </Stack>
  );
}

function PlatformButton({
  platform,
  release,
  inWeChat,
  onOpenGuide,
}: {
  platform: 'android' | 'ios';
  release: Release | null;
  inWeChat: boolean;
  onOpenGuide?: () => void;
}) {
  const label = platform === 'ios' ? 'App Store 下载' : '下载安卓版';
  if (!release)
    return (
      <Stack gap="1">
        <Button size="lg" borderRadius="full" disabled>
          {platform === 'ios' ? 'iPhone 版' : '安卓版'}即将上线
        </Button>
        <Text textStyle="caption.soft" textAlign="center">
          暂时可以先用网页版参与调研
        </Text>
      </Stack>
    );
  const details = [
    `版本 ${release.version}`,
    release.size ? megabytes(release.size) : null,
    `${formatDate(release.updatedAt)} 更新`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap="1">
      {inWeChat ? (
        <Button size="lg" borderRadius="full" colorPalette="brand" onClick={onOpenGuide}>
          {label}
        </Button>
      ) : (
        <Button asChild size="lg" borderRadius="full" colorPalette="brand">
          <chakra.a href={release.url} rel="noopener">
            {label}
          </chakra.a>
        </Button>
      )}
      <Text textStyle="caption.soft" textAlign="center">
        {details}
      </Text>
      {release.notes && (
        <Text fontSize="13px" color="fg.muted" textAlign="center">
          更新内容：{release.notes}
        </Text>
      )}
    </Stack>
  );
}

/** On a phone: the other system's link, small (a visitor may be choosing for someone else). */
function OtherPlatform({ platform, download }: { platform: 'android' | 'ios'; download: AppDownload }) {
  const other = platform === 'ios' ? 'android' : 'ios';
  const release = download[other];
  if (!release) return null;
  return (
    <Text textStyle="caption.soft" textAlign="center">
      不是{PLATFORM_LABEL[platform]}？
      <chakra.a href={release.url} rel="noopener" color="brand.700" textDecoration="underline">
        下载{PLATFORM_LABEL[other]}版
      </chakra.a>
    </Text>
  );
}

function Features() {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-label="App 功能">
      {FEATURES.map((f) => (
        <Box as="li" key={f.title} display="grid">
          <FeatureCard compact icon={f.icon} title={f.title} text={f.text} />
        </Box>
      ))}
    </SimpleGrid>
  );
}

function WeChatBar({ onOpenGuide }: { onOpenGuide?: () => void }) {
  return (
    <Flex
      bg="orange.50"
      color="orange.800"
      px="4"
      py="2"
      fontSize="13px"
      align="center"
      justify="space-between"
      gap="3"
    >
      <Text>微信内无法直接下载，请在浏览器中打开本页</Text>
      <Button size="xs" variant="outline" colorPalette="orange" borderRadius="full" onClick={onOpenGuide}>
        查看方法
      </Button>
    </Flex>
  );
}

/** WeChat opens no installer: point at its ··· menu (top right) and 在浏览器打开. */
function WeChatGuide({ onClose }: { onClose?: () => void }) {
  useEscapeKey(onClose);
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="blackAlpha.800"
      role="dialog"
      aria-modal="true"
      aria-label="在浏览器中打开"
      onClick={onClose}
    >
      <Box position="absolute" top="2" right="4" color="white" textAlign="right" maxW="300px">
        <Box asChild display="block" ml="auto">
          <svg width="96" height="80" viewBox="0 0 96 80" aria-hidden="true">
            <path d="M10 76 C 30 40, 60 26, 84 10" fill="none" stroke="white" strokeWidth="3" strokeDasharray="6 6" />
            <path d="M70 8 L86 8 L82 24" fill="none" stroke="white" strokeWidth="3" />
          </svg>
        </Box>
        <Text fontSize="18px" fontWeight="semibold" mt="2">
          点击右上角「···」
        </Text>
        <Text fontSize="16px" mt="1">
          选择「在浏览器打开」，即可下载 App
        </Text>
        <Button mt="6" size="sm" variant="outline" color="white" borderColor="whiteAlpha.700" borderRadius="full">
          我知道了
        </Button>
      </Box>
    </Box>
  );
}
