import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router-dom';
import type { CreditSummary as CreditSummarySchema } from '../../../openapi/schemas/credits';
import { BenefitTicket } from '../../components/benefits/BenefitTicket';
import { ClaimDialog, type ClaimDialogProps } from '../../components/benefits/ClaimDialog';
import {
  BENEFIT_KIND_LABEL,
  benefitFigure,
  catalogueValidity,
  formatDate,
  type CatalogueBenefit,
  type MemberBenefit,
} from '../../components/benefits/format';
import { RulesDialog, type RulesDialogProps } from '../../components/benefits/RulesDialog';
import { SegmentTabs } from '../../components/SegmentTabs';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { ChevronRightIcon } from '../../components/icons';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { BrandCard } from '../../components/BrandCard';
import { CardGrid } from '../../components/CardGrid';
import { CREDIT_DETAILS_PATH } from '../../routing/paths';

export type CreditSummary = z.output<typeof CreditSummarySchema>;

/** 未使用 / 已使用 / 已过期 (BenefitStatus). */
export type OwnedFilter = 0 | 1 | 2;

const OWNED_FILTERS: { value: OwnedFilter; label: string }[] = [
  { value: 0, label: '未使用' },
  { value: 1, label: '已使用' },
  { value: 2, label: '已过期' },
];

export interface CreditViewProps {
  /** GET /v1/users/credit. */
  summary: { status: 'loading' | 'ready' | 'error'; data: CreditSummary | null; error?: string | null };
  /** GET /v3/benefits. */
  benefits: {
    status: 'loading' | 'ready' | 'error';
    catalogue: CatalogueBenefit[];
    owned: MemberBenefit[];
    error?: string | null;
  };
  ownedFilter: OwnedFilter;
  onOwnedFilter?: (filter: OwnedFilter) => void;
  onRetrySummary?: () => void;
  onRetryBenefits?: () => void;
  onClaim?: (benefit: CatalogueBenefit) => void;
  onRules?: (benefit: MemberBenefit) => void;
  /** The claim flow (machines/benefitClaim.ts). */
  claim?: ClaimDialogProps;
  /** 使用规则 of a held benefit, while open. */
  rules?: RulesDialogProps | null;
  /** The feedback form about a used benefit (by its holding id); null while that form is not built. */
  feedbackPath?: ((holdingId: number) => string) | null;
}

/** Why a catalogue benefit cannot be claimed now, as far as the page can tell (the server has the last word). */
export function claimHint(b: CatalogueBenefit, summary: CreditSummary | null): string | null {
  if (b.claimable) return null;
  if (b.claimBlocker) return b.claimBlocker;
  if (b.stock === 0) return '已领完';
  if (summary && summary.level < b.minLevel) return `Lv.${b.minLevel} 及以上可领`;
  if (summary && summary.value < b.creditCost) return `还差 ${b.creditCost - summary.value} 权益值`;
  return '暂不满足领取条件';
}

/** Percent of the way from this level's threshold to the next (100 at the top level). */
export function levelProgress(s: CreditSummary): number {
  if (s.nextLevelValue === null) return 100;
  const floor = s.levels.find((l) => l.level === s.level)?.minValue ?? 0;
  const span = s.nextLevelValue - floor;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((s.totalEarned - floor) / span) * 100)));
}

/** `/home/credit` 我的权益: credit and level, claimable benefits, my benefits with their use rules. */
export function CreditView(props: CreditViewProps) {
  const { summary, benefits, ownedFilter } = props;
  const owned = benefits.owned.filter((b) => b.status === ownedFilter);
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <CreditHero {...props} />

      <Box as="section" aria-labelledby="claimable-heading">
        <Flex
          align="baseline"
          justify="space-between"
          gap="2"
          mb="3"
          px={{ base: '1', md: '0' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Heading as="h2" id="claimable-heading" fontSize="17px" color="ink" flexShrink={0}>
            可领取的权益
          </Heading>
          <Text fontSize="13px" color="gray.500">
            用权益值领取，领取后在「我的权益」中查看
          </Text>
        </Flex>
        {benefits.status === 'loading' && benefits.catalogue.length === 0 ? (
          <WhiteCard>
            <LoadingState paddingTop={40} />
          </WhiteCard>
        ) : benefits.status === 'error' && benefits.catalogue.length === 0 ? (
          <WhiteCard>
            <ErrorState paddingTop={40} description={benefits.error || undefined} onRetry={props.onRetryBenefits} />
          </WhiteCard>
        ) : benefits.catalogue.length === 0 ? (
          <WhiteCard>
            <EmptyState paddingTop={40} title="暂无可领取的权益" description="新的权益上架后会显示在这里" />
          </WhiteCard>
        ) : (
          <CardGrid>
            {benefits.catalogue.map((b) => (
              <CatalogueCard
                key={b.id}
                benefit={b}
                hint={claimHint(b, summary.data)}
                busy={props.claim?.busy === true && props.claim.benefit?.id === b.id}
                onClaim={() => props.onClaim?.(b)}
              />
            ))}
          </CardGrid>
        )}
      </Box>

      <WhiteCard as="section" aria-labelledby="owned-heading" overflow="hidden">
        <Heading as="h2" id="owned-heading" fontSize="17px" color="ink" px={{ base: '4', md: '6' }} pt="4">
          我的权益
        </Heading>
        <SegmentTabs
          label="我的权益状态"
          tabs={OWNED_FILTERS.map((f) => ({
            value: f.value,
            label:
              benefits.status === 'ready'
                ? `${f.label} ${benefits.owned.filter((b) => b.status === f.value).length}`
                : f.label,
          }))}
          value={ownedFilter}
          onChange={props.onOwnedFilter}
        />
        {benefits.status === 'loading' && benefits.owned.length === 0 ? (
          <LoadingState paddingTop={60} />
        ) : benefits.status === 'error' && benefits.owned.length === 0 ? (
          <ErrorState paddingTop={60} description={benefits.error || undefined} onRetry={props.onRetryBenefits} />
        ) : owned.length === 0 ? (
          <EmptyState
            paddingTop={60}
            title={ownedFilter === 0 ? '暂无未使用的权益' : ownedFilter === 1 ? '暂无已使用的权益' : '暂无已过期的权益'}
            description={ownedFilter === 0 ? '用权益值领取上面的权益，做任务、兑换时更划算' : undefined}
          />
        ) : (
          <PlainList gap="3" p={{ base: '3', md: '5' }}>
            {owned.map((b) => (
              <BenefitTicket
                key={b.id}
                benefit={b}
                onRules={props.onRules ? () => props.onRules?.(b) : undefined}
                extra={
                  b.status === 1 && props.feedbackPath && <FeedbackLink to={props.feedbackPath(b.id)} name={b.name} />
                }
              />
            ))}
          </PlainList>
        )}
      </WhiteCard>

      {props.claim && <ClaimDialog {...props.claim} />}
      {props.rules && <RulesDialog {...props.rules} />}
    </Stack>
  );
}

function CreditHero({ summary, onRetrySummary }: CreditViewProps) {
  const s = summary.data;
  const next = s?.nextLevelValue ?? null;
  const progress = s ? levelProgress(s) : 0;
  return (
    <BrandCard>
      <Flex align="center" justify="space-between" gap="3">
        <Heading as="h1" fontSize={{ base: '16px', md: '18px' }} fontWeight="medium" color="whiteAlpha.900">
          我的权益值
        </Heading>
        <Button
          asChild
          size="xs"
          variant="plain"
          color="white"
          px="0"
          css={{ '& svg': { width: '14px', height: '14px' } }}
        >
          <RouterLink to={CREDIT_DETAILS_PATH}>
            权益值明细
            <ChevronRightIcon />
          </RouterLink>
        </Button>
      </Flex>
      {summary.status === 'error' && !s ? (
        <Flex mt="3" align="center" gap="3" role="alert">
          <Text fontSize="14px">{summary.error || '权益值加载失败'}</Text>
          <Button
            size="xs"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.700"
            borderRadius="full"
            onClick={onRetrySummary}
          >
            重新加载
          </Button>
        </Flex>
      ) : (
        <>
          <Flex mt="3" align="baseline" gap="3" wrap="wrap">
            <Text fontSize={{ base: '32px', md: '40px' }} fontWeight="bold" lineHeight="1.1" data-testid="credit-value">
              {s ? s.value : '—'}
            </Text>
            {s && (
              <Badge bg="whiteAlpha.300" color="white" fontSize="13px" px="2.5" py="0.5" borderRadius="full">
                Lv.{s.level} {s.levelName}
              </Badge>
            )}
          </Flex>
          {s && (
            <Box mt="4" maxW="480px">
              <Box
                h="8px"
                bg="whiteAlpha.400"
                borderRadius="full"
                overflow="hidden"
                role="progressbar"
                aria-label="升级进度"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <Box h="100%" w={`${progress}%`} bg="white" borderRadius="full" />
              </Box>
              <Text mt="2" fontSize="13px" color="whiteAlpha.900">
                {next === null
                  ? `累计获得 ${s.totalEarned} 权益值，已是最高等级`
                  : `累计 ${s.totalEarned} / ${next}，再获得 ${Math.max(next - s.totalEarned, 0)} 权益值升至 Lv.${s.level + 1}`}
              </Text>
              {s.levels.length > 1 && (
                <Flex mt="3" gap="1.5" wrap="wrap" aria-label="权益等级">
                  {s.levels.map((l) => (
                    <Text
                      key={l.level}
                      fontSize="12px"
                      px="2"
                      py="0.5"
                      borderRadius="full"
                      bg={l.level === s.level ? 'white' : 'whiteAlpha.200'}
                      color={l.level === s.level ? 'brand.700' : 'whiteAlpha.900'}
                      fontWeight={l.level === s.level ? 'semibold' : 'normal'}
                      aria-current={l.level === s.level ? 'true' : undefined}
                    >
                      Lv.{l.level} {l.name} · {l.minValue}
                    </Text>
                  ))}
                </Flex>
              )}
              {s.expiringValue > 0 && s.expiringAt !== null && (
                <Text mt="1" fontSize="13px" color="whiteAlpha.900">
                  有 {s.expiringValue} 权益值将于 {formatDate(s.expiringAt)} 过期，记得及时使用
                </Text>
              )}
            </Box>
          )}
        </>
      )}
    </BrandCard>
  );
}

function CatalogueCard({
  benefit: b,
  hint,
  busy,
  onClaim,
}: {
  benefit: CatalogueBenefit;
  hint: string | null;
  busy: boolean;
  onClaim: () => void;
}) {
  return (
    <Stack
      as="li"
      gap="2"
      p="4"
      bg="white"
      borderRadius="xl"
      boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)"
      data-testid="catalogue-benefit"
      data-claimable={b.claimable}
    >
      <Flex align="center" gap="3">
        <Flex
          align="center"
          justify="center"
          minW="64px"
          h="48px"
          px="2"
          borderRadius="lg"
          bg={b.claimable ? 'brand.50' : 'gray.50'}
          color={b.claimable ? 'brand.700' : 'gray.500'}
          fontWeight="bold"
          fontSize="17px"
        >
          {benefitFigure(b)}
        </Flex>
        <Box minW="0">
          <Text fontSize="15px" fontWeight="semibold" color="ink">
            {b.name}
          </Text>
          <Text fontSize="12px" color="gray.500">
            {BENEFIT_KIND_LABEL[b.kind] ?? '权益'} · {catalogueValidity(b.validDays)}
          </Text>
        </Box>
      </Flex>
      <Text fontSize="13px" color="gray.600" flex="1">
        {b.description}
      </Text>
      {hint && (
        <Text fontSize="12px" color="orange.700" data-testid="claim-hint">
          {hint}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" fontSize="12px" color="gray.500">
        {b.minLevel > 0 && <Text>Lv.{b.minLevel} 及以上</Text>}
        {b.stock !== null && <Text>剩余 {b.stock} 份</Text>}
        {b.ownedCount > 0 && <Text color="green.600">已持有 {b.ownedCount} 张</Text>}
      </Flex>
      <Flex align="center" justify="space-between" gap="2" pt="1">
        <Text fontSize="15px" fontWeight="semibold" color="brand.700" whiteSpace="nowrap">
          {b.creditCost > 0 ? `${b.creditCost} 权益值` : '免费'}
        </Text>
        {hint ? (
          <Button
            size="sm"
            variant="outline"
            borderRadius="full"
            px="4"
            color="gray.500"
            flexShrink={0}
            onClick={onClaim}
            aria-label={`${b.name}：${hint}，查看原因`}
          >
            暂不可领
          </Button>
        ) : (
          <Button
            size="sm"
            colorPalette="brand"
            borderRadius="full"
            px="5"
            flexShrink={0}
            loading={busy}
            onClick={onClaim}
          >
            领取
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

/** 反馈问题 on a used benefit: what it brought is what a member may question. */
function FeedbackLink({ to, name }: { to: string; name: string }) {
  return (
    <Button asChild size="xs" variant="plain" px="0" ml="auto" color="brand.700">
      <RouterLink to={to} aria-label={`反馈「${name}」的问题`}>
        反馈问题
      </RouterLink>
    </Button>
  );
}
