import { Badge, Box, Button, Flex, Grid, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ListCard, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { minQualityLabel } from '../../../openapi/rules/quality';
import { formatPoints, formatYuan, typeLabel, type ExchangeTypeValue } from '../../components/exchange/format';
import { RewardCover } from '../../components/exchange/parts';
import { BrandCard } from '../../components/BrandCard';
import { SegmentTabs } from '../../components/SegmentTabs';
import { BannerCarousel, type BannerItem } from '../../components/promo/BannerCarousel';
import { loginFor, EXCHANGE_PATH, EXCHANGE_RECORDS_PATH, rewardDetailPath } from '../../routing/paths';

/** One reward of the catalogue (the contract's RewardSummary). */
export interface RewardItem {
  id: number;
  type: ExchangeTypeValue;
  title: string;
  cover: string | null;
  pointsCost: number;
  faceValue: number;
  stock: number;
  limitTotal: number | null;
  limitDaily: number | null;
  minLevel: number;
  /** Minimum answer-quality level (0 = any). */
  minQualityLevel: number;
  requiresIdentity: boolean;
}

export type RewardTab = 'all' | ExchangeTypeValue;

const REWARD_TABS: { value: RewardTab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 1, label: typeLabel(1) },
  { value: 2, label: typeLabel(2) },
  { value: 3, label: typeLabel(3) },
];

export interface ExchangeViewProps extends PagedListProps<RewardItem, RewardTab> {
  loggedIn: boolean;
  /** 可用微豆 when logged in; null while loading or unknown. */
  balance: number | null;
  /** The banners published for /exchange (none: no carousel). */
  banners?: readonly BannerItem[];
}

/** `/exchange` 兑换中心: balance, 全部/现金/虚拟/实物 tabs and the reward grid. Open to visitors. */
export function ExchangeView(props: ExchangeViewProps) {
  const { loggedIn, balance, filter, onFilter } = props;
  return (
    <Box bg="gray.50" minH="70vh">
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
        <Stack gap={{ base: '4', md: '6' }}>
          <BrandCard
            display="flex"
            alignItems={{ base: 'flex-start', md: 'center' }}
            justifyContent="space-between"
            flexDirection={{ base: 'column', md: 'row' }}
            gap="4"
          >
            <Box>
              <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} fontWeight="bold">
                兑换中心
              </Heading>
              <Text mt="1" textStyle="body.onBrand">
                用微豆兑换现金、卡券和实物好礼
              </Text>
            </Box>
            {loggedIn ? (
              <Flex align="center" gap="4">
                <Box textAlign={{ base: 'left', md: 'right' }}>
                  <Text fontSize="13px" color="whiteAlpha.900">
                    可用微豆
                  </Text>
                  <Text
                    fontSize={{ base: '28px', md: '32px' }}
                    fontWeight="bold"
                    lineHeight="1.1"
                    data-testid="exchange-balance"
                  >
                    {balance === null ? '—' : formatPoints(balance)}
                  </Text>
                </Box>
                <Button
                  asChild
                  size="sm"
                  variant="outline"
                  color="white"
                  borderColor="whiteAlpha.700"
                  borderRadius="full"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <RouterLink to={EXCHANGE_RECORDS_PATH}>兑换记录</RouterLink>
                </Button>
              </Flex>
            ) : (
              <Flex align="center" gap="3">
                <Text textStyle="body.onBrand">登录后查看微豆余额</Text>
                <Button asChild size="sm" bg="white" color="brand.600" borderRadius="full" _hover={{ bg: 'brand.50' }}>
                  <RouterLink to={loginFor(EXCHANGE_PATH)}>登录</RouterLink>
                </Button>
              </Flex>
            )}
          </BrandCard>

          <BannerCarousel banners={props.banners ?? []} label="兑换中心轮播图" />

          <ListCard>
            <SegmentTabs tabs={REWARD_TABS} value={filter} onChange={onFilter} label="商品类型" />
            <Box p={{ base: '3', md: '5' }}>
              <RewardGrid {...props} />
            </Box>
          </ListCard>
        </Stack>
      </Box>
    </Box>
  );
}

/** The grid of reward cards: 2 columns on phones, 3 on tablets, 4 on desktops. */
const GRID = {
  as: 'ul',
  listStyleType: 'none',
  m: '0',
  p: '0',
  templateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: { base: '3', md: '4' },
} as const;

/** The cover's height in a card (the skeleton keeps the same, so nothing moves when cards arrive). */
const COVER_HEIGHT = { base: '110px', md: '150px' };

/** Placeholder cards while the first page loads: three rows of desktop, six of phone — past the fold. */
const SKELETON_CARDS = 12;

function RewardGrid({ items, balance, loggedIn, banners: _banners, ...list }: ExchangeViewProps) {
  if (list.status === 'loading') return <RewardGridSkeleton />;
  return (
    <PagedListBody
      {...list}
      empty={{ title: '暂无商品', description: '这一类商品正在补货，先看看其他类型吧' }}
      footer={{ pt: '5', pb: '1' }}
    >
      <Grid {...GRID}>
        {items.map((r) => (
          <RewardCard key={r.id} reward={r} balance={loggedIn ? balance : null} />
        ))}
      </Grid>
    </PagedListBody>
  );
}

/**
 * The loading state of the catalogue: grey cards of a reward card's size (cover, two-line title,
 * price, face value), so the cards take their place without moving the page (CLS).
 */
function RewardGridSkeleton() {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>加载中…</VisuallyHidden>
      <Grid {...GRID} aria-hidden="true" animation="pulse 1.5s ease-in-out infinite">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Box as="li" key={i} borderWidth="1px" borderColor="gray.100" borderRadius="lg" overflow="hidden">
            <Box h={COVER_HEIGHT} bg="gray.100" />
            <Stack p={{ base: '2.5', md: '3' }} gap="1">
              <Box minH={{ base: '42px', md: '45px' }}>
                <Box h="14px" mt="4px" w="90%" bg="gray.100" borderRadius="sm" />
                <Box h="14px" mt="8px" w="60%" bg="gray.100" borderRadius="sm" />
              </Box>
              <Box h={{ base: '27px', md: '30px' }} py="6px">
                <Box h="100%" w="45%" bg="gray.100" borderRadius="sm" />
              </Box>
              <Box h="19px" py="3px">
                <Box h="100%" w="70%" bg="gray.100" borderRadius="sm" />
              </Box>
            </Stack>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}

function RewardCard({ reward: r, balance }: { reward: RewardItem; balance: number | null }) {
  const soldOut = r.stock <= 0;
  const short = balance !== null && balance < r.pointsCost ? r.pointsCost - balance : 0;
  const limit = r.limitTotal ? `每人限兑 ${r.limitTotal} 次` : r.limitDaily ? `每天限兑 ${r.limitDaily} 次` : null;
  return (
    <Box as="li" data-testid="reward-card">
      <RouterLink to={rewardDetailPath(r.id)} aria-label={`${r.title}，${r.pointsCost} 微豆`}>
        <Box
          h="100%"
          borderWidth="1px"
          borderColor="gray.100"
          borderRadius="lg"
          overflow="hidden"
          transition="box-shadow 0.15s ease, transform 0.15s ease"
          _hover={{ boxShadow: 'md', transform: 'translateY(-2px)' }}
          opacity={soldOut ? 0.7 : 1}
        >
          <Box position="relative">
            <RewardCover
              src={r.cover}
              type={r.type}
              title={r.title}
              caption={r.type === 1 ? formatYuan(r.faceValue) : undefined}
              height={COVER_HEIGHT}
              radius="0"
            />
            <Badge
              position="absolute"
              top="2"
              left="2"
              colorPalette="gray"
              variant="solid"
              bg="blackAlpha.600"
              fontSize="11px"
            >
              {typeLabel(r.type)}
            </Badge>
            {soldOut && (
              <Flex position="absolute" inset="0" bg="blackAlpha.400" align="center" justify="center">
                <Text color="white" fontWeight="bold" fontSize="15px">
                  已兑完
                </Text>
              </Flex>
            )}
          </Box>
          <Stack p={{ base: '2.5', md: '3' }} gap="1">
            <Text
              fontSize={{ base: '14px', md: '15px' }}
              fontWeight="medium"
              color="gray.800"
              lineClamp={2}
              minH={{ base: '42px', md: '45px' }}
            >
              {r.title}
            </Text>
            <Flex align="baseline" gap="1">
              <Text fontSize={{ base: '17px', md: '19px' }} fontWeight="bold" color="brand.600">
                {formatPoints(r.pointsCost)}
              </Text>
              <Text fontSize="12px" color="brand.600">
                微豆
              </Text>
            </Flex>
            <Text textStyle="small.soft">
              面值 {formatYuan(r.faceValue)} · 库存 {r.stock}
            </Text>
            {(limit || r.minLevel > 0 || r.minQualityLevel > 0 || short > 0) && (
              <Flex gap="1" wrap="wrap">
                {short > 0 && (
                  <Badge colorPalette="orange" variant="subtle" fontSize="11px">
                    还差 {formatPoints(short)} 微豆
                  </Badge>
                )}
                {limit && (
                  <Badge colorPalette="gray" variant="subtle" fontSize="11px">
                    {limit}
                  </Badge>
                )}
                {r.minLevel > 0 && (
                  <Badge colorPalette="purple" variant="subtle" fontSize="11px">
                    Lv{r.minLevel} 以上
                  </Badge>
                )}
                {r.minQualityLevel > 0 && (
                  <Badge colorPalette="orange" variant="subtle" fontSize="11px" data-testid="reward-quality">
                    答题质量{minQualityLabel(r.minQualityLevel)}
                  </Badge>
                )}
              </Flex>
            )}
          </Stack>
        </Box>
      </RouterLink>
    </Box>
  );
}
