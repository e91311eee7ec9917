import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { PrizeApplyView } from '../../../machines/prizeApply';
import { BackHeader } from '../../components/BackHeader';
import { FormAlert } from '../../components/auth/formParts';
import { WhiteCard } from '../../components/WhiteCard';
import type { PrizeTrialDetailData } from '../../flows/prize';
import { TechDetails } from '../../components/TechDetails';
import { Cover, HashText, NotReady, PhaseBadge, windowText } from './parts';

export interface PrizeDetailViewProps {
  status: 'loading' | 'error' | 'notFound' | 'ready';
  data: PrizeTrialDetailData | null;
  error?: string | null;
  onRetry?: () => void;
  /** The apply button's flow (a member, trial open, not applied yet); null otherwise. */
  apply: PrizeApplyView | null;
  onApply?: () => void;
  onRetryApply?: () => void;
  /** Where a visitor logs in (and comes back). */
  loginHref: string;
  listPath: string;
  resultPath: string;
  /** Where the trial's screener questionnaire is answered (its task's page); null when none. */
  screenerPath: string | null;
}

/** Not answered the screener yet: why, and the way to it (then back here to apply). */
function ScreenerFirst({ reason, path }: { reason: string | null; path: string | null }) {
  return (
    <Stack gap="3" data-testid="prize-screener-first">
      <Text color="gray.800" lineHeight="1.7">
        {reason ?? '申请前请先完成这个试用的甄别问卷'}，完成后回到这里即可申请。
      </Text>
      {path ? (
        <Button asChild colorPalette="brand" size="lg" width="full">
          <RouterLink to={path}>去填写甄别问卷</RouterLink>
        </Button>
      ) : (
        <FormAlert>甄别问卷暂时无法作答，请稍后再来</FormAlert>
      )}
    </Stack>
  );
}

function Action(props: PrizeDetailViewProps & { data: PrizeTrialDetailData }) {
  const { trial, mine } = props.data;
  const result = (label: string) => (
    <Button asChild colorPalette="brand" size="lg" width="full">
      <RouterLink to={props.resultPath}>{label}</RouterLink>
    </Button>
  );
  if (trial.phase === 'drawn') return result(mine?.applied ? '查看开奖结果与我的结果' : '查看开奖结果');
  if (trial.phase === 'closed')
    return (
      <Stack gap="3">
        <Text color="gray.700">
          申请已截止，等待开奖。{mine?.applied ? '你已申请，开奖后结果会通过站内消息通知你。' : ''}
        </Text>
        {result('查看开奖说明')}
      </Stack>
    );
  if (trial.phase === 'upcoming') return <Text color="gray.700">申请尚未开始，开始后即可申请。</Text>;
  if (!mine)
    return (
      <Button asChild colorPalette="brand" size="lg" width="full">
        <RouterLink to={props.loginHref}>登录后申请</RouterLink>
      </Button>
    );
  if (mine.applied)
    return (
      <Stack gap="2">
        <Text fontWeight="semibold" color="green.700">
          你已申请
        </Text>
        <Text fontSize="14px" color="gray.600">
          截止后开奖，结果会通过站内消息通知你。
        </Text>
      </Stack>
    );
  const a = props.apply;
  if (mine.screener === 'todo' || a?.step === 'screenerNeeded')
    return <ScreenerFirst reason={mine.reason ?? a?.error ?? null} path={props.screenerPath} />;
  if (!mine.eligible) return <FormAlert>{mine.reason ?? '你暂不符合申请条件'}</FormAlert>;
  return (
    <Stack gap="3">
      {a?.error ? <FormAlert>{a.error}</FormAlert> : null}
      {a?.canRetry ? (
        <Button colorPalette="brand" size="lg" width="full" onClick={props.onRetryApply}>
          重试
        </Button>
      ) : (
        <Button
          colorPalette="brand"
          size="lg"
          width="full"
          loading={a?.busy}
          loadingText="正在申请…"
          disabled={!a?.canApply}
          onClick={props.onApply}
        >
          免费申请
        </Button>
      )}
    </Stack>
  );
}

/** `/prize?id=` one trial: the product, who may apply, the draw's committed seed, and applying. */
export function PrizeDetailView(props: PrizeDetailViewProps) {
  const back = { to: props.listPath, label: '产品试用' };
  if (props.status !== 'ready' || !props.data)
    return (
      <NotReady
        back={back}
        title="试用详情"
        status={props.status}
        error={props.error ?? null}
        onRetry={props.onRetry}
      />
    );
  const { trial } = props.data;
  return (
    <Box bg="gray.50" pb={{ base: '8', md: '14' }}>
      <Container maxW="1040px" px={{ base: '4', md: '6' }} py={{ base: '3', md: '6' }}>
        <BackHeader back={back} title="试用详情" />
        <Flex mt="4" direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }} align="flex-start">
          <Box width={{ base: '220px', md: '380px' }} mx={{ base: 'auto', md: '0' }} flexShrink={0}>
            <Cover src={trial.images[0]} alt={trial.title} />
            {trial.images.length > 1 ? (
              <Flex mt="2" gap="2">
                {trial.images.slice(1).map((src) => (
                  <Cover key={src} src={src} alt={trial.title} width="64px" />
                ))}
              </Flex>
            ) : null}
          </Box>
          <Stack gap={{ base: '4', md: '5' }} flex="1" minW="0" width="full">
            <WhiteCard p={{ base: '5', md: '6' }}>
              <PhaseBadge phase={trial.phase} />
              <Heading as="h1" mt="2" fontSize={{ base: '22px', md: '26px' }} color="gray.900">
                {trial.title}
              </Heading>
              <Stack as="dl" mt="4" gap="2" fontSize="14px" color="gray.700">
                <Flex gap="2">
                  <Text as="dt" color="gray.500" minW="5.5em">
                    试用份数
                  </Text>
                  <Text as="dd">
                    {trial.units} 份（已有 {trial.applicants} 人申请）
                  </Text>
                </Flex>
                <Flex gap="2">
                  <Text as="dt" color="gray.500" minW="5.5em">
                    申请时间
                  </Text>
                  <Text as="dd">{windowText(trial)}</Text>
                </Flex>
                <Flex gap="2">
                  <Text as="dt" color="gray.500" minW="5.5em">
                    申请条件
                  </Text>
                  <Text as="dd">
                    答题质量{trial.minQualityLabel}
                    {trial.region ? `；收货地址在${trial.region}` : '；不限地区'}
                    {trial.screener ? `；完成并通过甄别问卷「${trial.screener.title}」` : ''}
                  </Text>
                </Flex>
                {trial.reportPoints !== null ? (
                  <Flex gap="2">
                    <Text as="dt" color="gray.500" minW="5.5em">
                      试用报告
                    </Text>
                    <Text as="dd">
                      中签者收到试用品后填写试用报告
                      {trial.reportPoints > 0 ? `，提交可得 ${trial.reportPoints} 微豆` : ''}
                    </Text>
                  </Flex>
                ) : null}
              </Stack>
              <Box mt="5">
                <Action {...props} data={props.data} />
              </Box>
            </WhiteCard>
            {trial.summary ? (
              <WhiteCard p={{ base: '5', md: '6' }}>
                <Heading as="h2" fontSize="17px">
                  试用说明
                </Heading>
                <Text mt="2" whiteSpace="pre-line" color="gray.700" lineHeight="1.8">
                  {trial.summary}
                </Text>
              </WhiteCard>
            ) : null}
            <WhiteCard p={{ base: '5', md: '6' }}>
              <Heading as="h2" fontSize="17px">
                如何验证公平
              </Heading>
              <Text mt="2" fontSize="14px" color="gray.700" lineHeight="1.8">
                中签名单在申请开始时就已锁定：开奖种子的「指纹」现在就公布，种子在开奖时公开，任何人都能用它重算名单；开奖结果页有验证方法。
              </Text>
              <Box mt="3">
                <TechDetails summary="技术细节：开奖种子的指纹">
                  <HashText label="开奖种子的 SHA-256" value={trial.seedHash} />
                </TechDetails>
              </Box>
            </WhiteCard>
          </Stack>
        </Flex>
      </Container>
    </Box>
  );
}
