import { Badge, Box, Button, Flex, Grid, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type {
  Blocker,
  ExchangeInfo,
  ExchangeStatus,
  PayoutPlatform,
  RewardDetail,
  UsableCoupon,
} from '../../../machines/exchange';
import { FormAlert } from '../../components/auth/formParts';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { BlockerList } from '../../components/exchange/BlockerList';
import { ConfirmDialog } from '../../components/exchange/ConfirmDialog';
import { ConsigneeForm, type ConsigneeFormProps } from '../../components/exchange/ConsigneeForm';
import { formatPoints, formatYuan, PAYOUT_NAME, typeLabel } from '../../components/exchange/format';
import { IdentityForm, type IdentityFormProps } from '../../components/exchange/IdentityForm';
import { Panel, RewardCover } from '../../components/exchange/parts';
import { minQualityLabel } from '../../../openapi/rules/quality';
import { UncertainSubmit } from '../../components/UncertainSubmit';
import { EXCHANGE_PATH } from '../../routing/paths';

export interface RewardDetailViewProps {
  status: ExchangeStatus;
  reward: RewardDetail | null;
  info: ExchangeInfo | null;
  blockers: Blocker[];
  payoutPlatform: PayoutPlatform | null;
  /** The member's discount coupons that fit this reward, and the one chosen (machines/exchange.ts). */
  coupons?: UsableCoupon[];
  couponId?: number | null;
  /** 微豆 the chosen coupon takes off. */
  discountPoints?: number;
  /** Retries of the current attempt (the network-error copy says the key is re-sent). */
  retries?: number;
  /** An earlier attempt's answer is unknown: confirming re-sends it unchanged. */
  attemptPending?: boolean;
  error?: string | null;
  canRedeem?: boolean;
  openForm?: 'identity' | 'address' | null;
  identityForm?: IdentityFormProps;
  consigneeForm?: ConsigneeFormProps;
  /** Where payout accounts are bound, when the site has that page. */
  bindingPath?: string | null;
  /** No payout account can be bound on this site (exchange info's missing `payout_unavailable`). */
  payoutUnavailable?: boolean;
  onRedeem?: () => void;
  onConfirm?: () => void;
  onCancel?: () => void;
  onRetry?: () => void;
  onChoosePayout?: (platform: PayoutPlatform) => void;
  /** A discount coupon chosen in the confirm dialog (null: none). */
  onChooseCoupon?: (couponId: number | null) => void;
  onOpenForm?: (form: 'identity' | 'address' | null) => void;
}

const TYPE_NOTE: Record<1 | 2 | 3, string> = {
  1: '审核通过后打款到你绑定的支付宝或微信账号',
  2: '审核通过后卡密 / 兑换码显示在「兑换记录」里',
  3: '审核通过后按你的收货地址寄出',
};

/** `/exchange/detail/{id}`: images, description, cost, limits, eligibility and redeeming. */
export function RewardDetailView(props: RewardDetailViewProps) {
  const { status, reward } = props;
  if (status === 'notFound')
    return (
      <Shell>
        <EmptyState
          title="这个商品不存在或已下架"
          description="去兑换中心看看其他商品吧"
          link={{ to: EXCHANGE_PATH, label: '返回兑换中心' }}
        />
      </Shell>
    );
  if (status === 'loading' || (!reward && status !== 'loadFailed'))
    return (
      <Shell>
        <LoadingState />
      </Shell>
    );
  if (status === 'loadFailed' || !reward)
    return (
      <Shell>
        <ErrorState description={props.error || undefined} onRetry={props.onRetry} />
        <Flex justify="center" mt="-8" pb="12">
          <Button asChild variant="ghost" colorPalette="brand" size="sm">
            <RouterLink to={EXCHANGE_PATH}>返回兑换中心</RouterLink>
          </Button>
        </Flex>
      </Shell>
    );
  if (status === 'tracking' || status === 'trackFailed' || isExchangeState(status))
    return (
      <Shell>
        <LoadingState label="兑换成功，正在打开结果页…" />
      </Shell>
    );

  return (
    <Shell>
      <Stack gap={{ base: '3', md: '5' }}>
        <Flex textStyle="caption.soft" gap="1" align="center">
          <RouterLink to={EXCHANGE_PATH}>兑换中心</RouterLink>
          <Text as="span">/</Text>
          <Text as="span" color="gray.700" lineClamp={1}>
            {reward.title}
          </Text>
        </Flex>
        <Grid templateColumns={{ base: '1fr', md: '5fr 6fr' }} gap={{ base: '3', md: '5' }} alignItems="start">
          <Gallery reward={reward} />
          <Stack gap={{ base: '3', md: '4' }}>
            <Panel>
              <Flex gap="2" align="center" mb="2">
                <Badge colorPalette="brand" variant="subtle">
                  {typeLabel(reward.type)}
                </Badge>
                {reward.requiresIdentity && (
                  <Badge colorPalette="gray" variant="subtle">
                    需实名
                  </Badge>
                )}
              </Flex>
              <Heading as="h1" fontSize={{ base: '19px', md: '22px' }} color="gray.900" lineHeight="1.4">
                {reward.title}
              </Heading>
              <Flex align="baseline" gap="1.5" mt="3">
                <Text fontSize={{ base: '28px', md: '32px' }} fontWeight="bold" color="brand.600" lineHeight="1.1">
                  {formatPoints(reward.pointsCost)}
                </Text>
                <Text fontSize="14px" color="brand.600">
                  微豆
                </Text>
                <Text textStyle="caption.soft" ml="2">
                  面值 {formatYuan(reward.faceValue)}
                </Text>
              </Flex>
              <Grid templateColumns="repeat(2, 1fr)" gap="2" mt="4" textStyle="caption.muted">
                <Fact label="库存" value={reward.stock > 0 ? `${reward.stock} 份` : '已兑完'} />
                <Fact
                  label="限兑"
                  value={
                    [
                      reward.limitTotal ? `每人 ${reward.limitTotal} 次` : null,
                      reward.limitDaily ? `每天 ${reward.limitDaily} 次` : null,
                    ]
                      .filter(Boolean)
                      .join('，') || '不限'
                  }
                />
                <Fact label="等级要求" value={reward.minLevel > 0 ? `Lv${reward.minLevel} 及以上` : '不限'} />
                <Fact label="答题质量要求" value={minQualityLabel(reward.minQualityLevel)} />
                <Fact label="发放方式" value={TYPE_NOTE[reward.type].replace(/^审核通过后/, '')} />
              </Grid>
            </Panel>
            <RedeemPanel {...props} reward={reward} />
          </Stack>
        </Grid>
        <Panel title="商品说明">
          <Stack gap="2" fontSize="14px" color="gray.700" lineHeight="1.8">
            {reward.description
              .split('\n')
              .filter((p) => p.trim())
              .map((p, i) => (
                <Text key={i}>{p}</Text>
              ))}
            <Text textStyle="caption.soft">兑换提交后进入审核；审核未通过、撤销或发放失败时，微豆会全部退回。</Text>
          </Stack>
        </Panel>
      </Stack>
      <RedeemDialog {...props} reward={reward} />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Box bg="gray.50" minH="70vh">
      <Box maxW="1100px" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '3', md: '6' }}>
        {children}
      </Box>
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box bg="gray.50" borderRadius="md" px="3" py="2">
      <Text textStyle="small.soft">{label}</Text>
      <Text color="gray.800">{value}</Text>
    </Box>
  );
}

function Gallery({ reward }: { reward: RewardDetail }) {
  const [index, setIndex] = useState(0);
  const images = reward.images;
  const current = images[Math.min(index, images.length - 1)] ?? null;
  return (
    <Panel>
      <RewardCover
        src={current}
        type={reward.type}
        title={reward.title}
        caption={formatYuan(reward.faceValue)}
        height={{ base: '200px', md: '320px' }}
      />
      {images.length > 1 && (
        <Flex gap="2" mt="3" overflowX="auto" role="list" aria-label="商品图片">
          {images.map((src, i) => (
            <Box
              key={src}
              as="button"
              role="listitem"
              aria-label={`第 ${i + 1} 张图片`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              borderWidth="2px"
              borderColor={i === index ? 'brand.500' : 'transparent'}
              borderRadius="md"
              overflow="hidden"
              flexShrink={0}
            >
              <Image src={src} alt="" w="56px" h="56px" objectFit="cover" />
            </Box>
          ))}
        </Flex>
      )}
    </Panel>
  );
}

function RedeemPanel(props: RewardDetailViewProps & { reward: RewardDetail }) {
  const { status, reward, info, blockers } = props;
  const balance = info?.balance ?? reward.eligibility?.balance ?? null;
  return (
    <Panel data-testid="redeem-panel">
      {status === 'visitor' ? (
        <Stack gap="3">
          <Text textStyle="body.muted">登录后即可查看你的微豆余额并兑换。</Text>
          <Button colorPalette="brand" borderRadius="full" h="48px" fontSize="16px" onClick={props.onRedeem}>
            登录后兑换
          </Button>
        </Stack>
      ) : (
        <Stack gap="3">
          <Flex justify="space-between" fontSize="14px">
            <Text color="gray.600">我的微豆</Text>
            <Text fontWeight="semibold" color="gray.800" data-testid="detail-balance">
              {balance === null ? '—' : formatPoints(balance)}
            </Text>
          </Flex>
          {status === 'refused' ? (
            <>
              <BlockerList
                blockers={blockers}
                openForm={props.openForm ?? null}
                bindingPath={props.bindingPath}
                payoutUnavailable={props.payoutUnavailable}
                onOpenForm={(f) => props.onOpenForm?.(f)}
                forms={{
                  identity: props.identityForm && <IdentityForm {...props.identityForm} />,
                  address: props.consigneeForm && <ConsigneeForm {...props.consigneeForm} />,
                }}
              />
              <Button h="48px" borderRadius="full" disabled>
                暂不能兑换
              </Button>
            </>
          ) : (
            <>
              <Text textStyle="caption.soft">{TYPE_NOTE[reward.type]}。</Text>
              {status === 'confirming' && props.error && <FormAlert>{props.error}</FormAlert>}
              <Button
                colorPalette="brand"
                borderRadius="full"
                h="48px"
                fontSize="16px"
                onClick={props.onRedeem}
                disabled={!props.canRedeem}
                data-testid="redeem-button"
              >
                立即兑换
              </Button>
            </>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function RedeemDialog(props: RewardDetailViewProps & { reward: RewardDetail }) {
  const { status, reward, info } = props;
  const open = status === 'dialog' || status === 'redeeming' || status === 'networkError';
  const lost = status === 'networkError';
  const balance = info?.balance ?? reward.eligibility?.balance ?? 0;
  const { coupons = [], couponId = null, discountPoints = 0 } = props;
  const cost = reward.pointsCost - discountPoints;
  const locked = status !== 'dialog' || props.attemptPending;
  return (
    <ConfirmDialog
      open={open}
      title={lost ? '兑换结果未知' : '确认兑换'}
      confirmLabel={lost ? '重试' : '确认兑换'}
      busy={status === 'redeeming'}
      busyLabel="兑换中…"
      onConfirm={lost ? props.onRetry : props.onConfirm}
      onCancel={props.onCancel}
    >
      {!lost && props.attemptPending ? (
        <FormAlert tone="info">上一次兑换还没有收到结果，确认后将原样重新提交，不会重复扣除微豆。</FormAlert>
      ) : null}
      {lost ? (
        <UncertainSubmit retries={props.retries}>
          {props.error || '网络错误'}：没有收到兑换结果。点「重试」会用同一个兑换请求再提交一次，不会重复扣除微豆。
        </UncertainSubmit>
      ) : null}
      <Flex justify="space-between" fontSize="14px">
        <Text color="gray.600">商品</Text>
        <Text color="gray.900" fontWeight="medium" textAlign="right" maxW="70%">
          {reward.title}
        </Text>
      </Flex>
      <Flex justify="space-between" fontSize="14px">
        <Text color="gray.600">消耗微豆</Text>
        <Text color="brand.600" fontWeight="semibold">
          {discountPoints > 0 && (
            <Text as="s" color="gray.400" fontWeight="normal" mr="2">
              {formatPoints(reward.pointsCost)}
            </Text>
          )}
          {formatPoints(cost)}
        </Text>
      </Flex>
      {coupons.length > 0 && (
        <Box>
          <Text textStyle="body.muted" mb="2">
            折扣券
          </Text>
          <Stack gap="2" role="radiogroup" aria-label="折扣券">
            {[null, ...coupons].map((c) => {
              const id = c?.id ?? null;
              const selected = couponId === id;
              return (
                <Button
                  key={id ?? 'none'}
                  role="radio"
                  aria-checked={selected}
                  variant="outline"
                  borderRadius="lg"
                  justifyContent="space-between"
                  borderColor={selected ? 'brand.500' : 'gray.200'}
                  bg={selected ? 'brand.50' : 'white'}
                  color={selected ? 'brand.700' : 'gray.700'}
                  disabled={locked}
                  onClick={() => props.onChooseCoupon?.(id)}
                >
                  <span>{c ? c.name : '不使用折扣券'}</span>
                  {c && <span>少付 {formatPoints(c.discountPoints)}</span>}
                </Button>
              );
            })}
          </Stack>
        </Box>
      )}
      <Flex justify="space-between" fontSize="14px">
        <Text color="gray.600">兑换后余额</Text>
        <Text color="gray.900">{formatPoints(Math.max(0, balance - cost))}</Text>
      </Flex>
      {reward.type === 1 && info && info.payoutAccounts.length > 0 && (
        <Box>
          <Text textStyle="body.muted" mb="2">
            收款账号
          </Text>
          <Flex gap="2" role="radiogroup" aria-label="收款账号">
            {info.payoutAccounts.map((a) => {
              const selected = props.payoutPlatform === a.platform;
              return (
                <Button
                  key={a.platform}
                  role="radio"
                  aria-checked={selected}
                  flex="1"
                  variant="outline"
                  borderRadius="lg"
                  borderColor={selected ? 'brand.500' : 'gray.200'}
                  bg={selected ? 'brand.50' : 'white'}
                  color={selected ? 'brand.700' : 'gray.700'}
                  disabled={locked}
                  onClick={() => props.onChoosePayout?.(a.platform)}
                >
                  {PAYOUT_NAME[a.platform]}
                  {a.nickname ? `（${a.nickname}）` : ''}
                </Button>
              );
            })}
          </Flex>
        </Box>
      )}
      {reward.type === 3 && <Text textStyle="caption.soft">将寄往你在个人中心填写的收货地址。</Text>}
      <Text textStyle="small.soft">
        提交后进入审核，审核未通过时微豆全部退回{couponId !== null ? '，折扣券也会退回' : ''}。
      </Text>
    </ConfirmDialog>
  );
}

const EXCHANGE_STATUSES: readonly ExchangeStatus[] = [
  'pendingReview',
  'toBeIssued',
  'issued',
  'rejected',
  'revoked',
  'issuingFailed',
];

function isExchangeState(status: ExchangeStatus): boolean {
  return EXCHANGE_STATUSES.includes(status);
}
