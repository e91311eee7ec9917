import { Badge, Box, Button, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BenefitTicket } from '../../components/benefits/BenefitTicket';
import { CopyButton } from '../../components/benefits/CopyButton';
import { formatDateTime, formatYuan, type MemberBenefit } from '../../components/benefits/format';
import { exchangeNumber } from '../../components/exchange/format';
import { RulesDialog, type RulesDialogProps } from '../../components/benefits/RulesDialog';
import { SegmentTabs } from '../../components/SegmentTabs';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { TicketIcon } from '../../components/icons';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { BrandCard } from '../../components/BrandCard';
import { IconBadge } from '../../components/IconBadge';
import { CREDIT_PATH, EXCHANGE_PATH, EXCHANGE_RECORDS_PATH } from '../../routing/paths';

/** An e-card or code issued by a virtual exchange (an issued ExchangeRecord of type 虚拟 with its code). */
export interface CardCode {
  /** The exchange's id (its 兑换单号 is derived with `createdAt`). */
  id: number;
  /** When it was exchanged. */
  createdAt: number;
  title: string;
  cover: string | null;
  code: string;
  /** 面值（分）. */
  faceValue: number;
  points: number;
  /** When it was issued (the record's last state change). */
  issuedAt: number;
}

export type CardTab = 'codes' | 'coupons';
export type CouponFilter = 0 | 1 | 2;

interface Section<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  error?: string | null;
}

export interface CardViewProps {
  tab: CardTab;
  codes: Section<CardCode>;
  coupons: Section<MemberBenefit>;
  couponFilter: CouponFilter;
  onTab?: (tab: CardTab) => void;
  onCouponFilter?: (filter: CouponFilter) => void;
  onRetryCodes?: () => void;
  onRetryCoupons?: () => void;
  /** A copy finished (the app shows a toast). */
  onCopied?: (ok: boolean) => void;
  onRules?: (benefit: MemberBenefit) => void;
  rules?: RulesDialogProps | null;
}

const COUPON_FILTERS: { value: CouponFilter; label: string }[] = [
  { value: 0, label: '未使用' },
  { value: 1, label: '已使用' },
  { value: 2, label: '已过期' },
];

/** `/home/card` 卡券专区: e-cards and codes from virtual exchanges, and the coupons and cards held. */
export function CardView(props: CardViewProps) {
  const { tab, codes, coupons } = props;
  const unused = coupons.items.filter((c) => c.status === 0).length;
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Heading as="h1" fontSize={{ base: '20px', md: '22px' }}>
          卡券专区
        </Heading>
        <Text mt="1" textStyle="body.onBrand">
          兑换得到的卡密、兑换码，以及你持有的优惠券和加成卡都在这里
        </Text>
        <Flex mt="4" gap={{ base: '6', md: '10' }}>
          <Stat label="卡密与兑换码" value={codes.status === 'ready' ? codes.items.length : null} />
          <Stat label="可用卡券" value={coupons.status === 'ready' ? unused : null} />
        </Flex>
      </BrandCard>

      <WhiteCard overflow="hidden">
        <SegmentTabs
          label="卡券类型"
          tabs={[
            { value: 'codes' as CardTab, label: '卡密 / 兑换码' },
            { value: 'coupons' as CardTab, label: '优惠券 / 加成卡' },
          ]}
          value={tab}
          onChange={props.onTab}
        />
        {tab === 'codes' ? <Codes {...props} /> : <Coupons {...props} />}
      </WhiteCard>
      {props.rules && <RulesDialog {...props.rules} />}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number | null }) {
  return (
    <Box>
      <Text fontSize={{ base: '24px', md: '28px' }} fontWeight="bold" lineHeight="1.2">
        {value ?? '—'}
      </Text>
      <Text fontSize="13px" color="whiteAlpha.900">
        {label}
      </Text>
    </Box>
  );
}

function Codes({ codes, onRetryCodes, onCopied }: CardViewProps) {
  if (codes.status === 'loading') return <LoadingState paddingTop={80} />;
  if (codes.status === 'error')
    return <ErrorState paddingTop={80} description={codes.error || undefined} onRetry={onRetryCodes} />;
  if (codes.items.length === 0)
    return (
      <EmptyState
        paddingTop={80}
        icon={<TicketIcon />}
        title="还没有卡密"
        description="用微豆兑换话费、视频会员等虚拟商品，发放后卡密和兑换码会出现在这里"
        action={
          <Button asChild colorPalette="brand" borderRadius="full" px="6">
            <RouterLink to={EXCHANGE_PATH}>去兑换</RouterLink>
          </Button>
        }
      />
    );
  return (
    <PlainList gap="3" p={{ base: '3', md: '5' }}>
      {codes.items.map((c) => (
        <Box
          as="li"
          key={c.id}
          borderWidth="1px"
          borderColor="gray.100"
          borderRadius="xl"
          p={{ base: '3', md: '4' }}
          data-testid="card-code"
        >
          <Flex gap="3" align="center">
            {c.cover ? (
              <Image src={c.cover} alt="" w="48px" h="48px" borderRadius="lg" objectFit="cover" flexShrink={0} />
            ) : (
              <IconBadge size="48px" iconSize="24px" borderRadius="lg">
                <TicketIcon />
              </IconBadge>
            )}
            <Box flex="1" minW="0">
              <Flex align="center" gap="2" wrap="wrap">
                <Text fontSize="15px" fontWeight="semibold" color="ink">
                  {c.title}
                </Text>
                <Badge colorPalette="green" variant="subtle" fontSize="12px">
                  已发放
                </Badge>
              </Flex>
              <Text mt="0.5" textStyle="small.soft">
                面值 {formatYuan(c.faceValue)} · {c.points} 微豆 · {formatDateTime(c.issuedAt)} 发放
              </Text>
            </Box>
          </Flex>
          <Flex mt="3" align="center" gap="3" bg="gray.50" borderRadius="lg" px="3" py="2.5" justify="space-between">
            <Text
              fontFamily="mono"
              fontSize="15px"
              color="gray.800"
              letterSpacing="0.04em"
              wordBreak="break-all"
              data-testid="card-code-text"
            >
              {c.code}
            </Text>
            <CopyButton text={c.code} ariaLabel={`复制${c.title}的卡密`} onCopied={onCopied} flexShrink={0} />
          </Flex>
          <Flex mt="2" justify="space-between" textStyle="small.faint" gap="2" wrap="wrap">
            <Text>卡密请妥善保管，不要告诉他人；有效期与使用方式以商品说明为准</Text>
            <RouterLink to={EXCHANGE_RECORDS_PATH}>
              <Text as="span" color="brand.700">
                兑换单号 {exchangeNumber(c.id, c.createdAt)}
              </Text>
            </RouterLink>
          </Flex>
        </Box>
      ))}
    </PlainList>
  );
}

function Coupons({ coupons, couponFilter, onCouponFilter, onRetryCoupons, onRules }: CardViewProps) {
  const items = coupons.items.filter((c) => c.status === couponFilter);
  return (
    <>
      <Flex gap="2" px={{ base: '3', md: '5' }} pt="4" role="group" aria-label="卡券状态">
        {COUPON_FILTERS.map((f) => {
          const active = f.value === couponFilter;
          const count = coupons.items.filter((c) => c.status === f.value).length;
          return (
            <Button
              key={f.value}
              size="xs"
              borderRadius="full"
              px="3"
              variant={active ? 'solid' : 'subtle'}
              colorPalette={active ? 'brand' : 'gray'}
              aria-pressed={active}
              onClick={() => onCouponFilter?.(f.value)}
            >
              {f.label}
              {coupons.status === 'ready' ? ` ${count}` : ''}
            </Button>
          );
        })}
      </Flex>
      {coupons.status === 'loading' ? (
        <LoadingState paddingTop={60} />
      ) : coupons.status === 'error' ? (
        <ErrorState paddingTop={60} description={coupons.error || undefined} onRetry={onRetryCoupons} />
      ) : items.length === 0 ? (
        <EmptyState
          paddingTop={60}
          title={couponFilter === 0 ? '暂无可用的卡券' : couponFilter === 1 ? '暂无已使用的卡券' : '暂无已过期的卡券'}
          description={couponFilter === 0 ? '在「我的权益」用权益值领取折扣券、加成卡' : undefined}
          action={
            couponFilter === 0 ? (
              <Button asChild colorPalette="brand" borderRadius="full" px="6">
                <RouterLink to={CREDIT_PATH}>去领取</RouterLink>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <PlainList gap="3" p={{ base: '3', md: '5' }}>
          {items.map((b) => (
            <BenefitTicket key={b.id} benefit={b} onRules={onRules ? () => onRules(b) : undefined} />
          ))}
        </PlainList>
      )}
    </>
  );
}
