import { Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { LowQualityReason } from '../../../openapi/enums';
import type { QualityOverview } from '../../../openapi/schemas/quality';
import { BrandCard } from '../../components/BrandCard';
import { MonthBarChart } from '../../components/charts/MonthBarChart';
import { rateColor } from '../../components/charts/format';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { formatRate, LevelBadge } from '../../components/quality/LevelBadge';
import { QualityFrame } from '../../components/quality/QualityFrame';
import { WhiteCard } from '../../components/WhiteCard';
import type { LoadStatus } from '../../flows/useLoad';
import { TASKS_PATH } from '../../routing/paths';

export type Overview = z.output<typeof QualityOverview>;

export interface EfficientViewProps {
  status: LoadStatus;
  data: Overview | null;
  onRetry: () => void;
  /** 无效答卷明细, 等级规则, 质量分析, 答题月报 and 月度答题之星, each null while not routed. */
  links: {
    detail: string | null;
    level: string | null;
    analysis: string | null;
    monthly: string | null;
    appraise: string | null;
  };
}

function Figure({ value, label, testId }: { value: string | number; label: string; testId: string }) {
  return (
    <Stack gap="0.5" align="center">
      <Text fontSize={{ base: '20px', md: '24px' }} fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="13px" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

/** `/efficient` 答题质量: the valid-answer rate and level, the months' chart, counts and where to read more. */
function EfficientBody({ status, data, onRetry, links }: EfficientViewProps) {
  if (status === 'loading') return <LoadingState />;
  if (status === 'error' || !data) return <ErrorState onRetry={onRetry} />;
  const flaggedReasons = data.reasons.filter((r) => r.count > 0);
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <BrandCard>
        <Flex align="center" justify="space-between" gap="3">
          <Heading as="h1" fontSize={{ base: '16px', md: '18px' }} fontWeight="medium" color="whiteAlpha.900">
            答题质量
          </Heading>
          <LevelBadge level={data.level} />
        </Flex>
        <Flex mt="3" align="baseline" gap="2" wrap="wrap">
          <Text fontSize={{ base: '32px', md: '40px' }} fontWeight="bold" lineHeight="1.1" data-testid="quality-rate">
            {formatRate(data.rate)}
          </Text>
          <Text textStyle="body.onBrand">近 {data.windowDays} 天有效率</Text>
        </Flex>
        <Text mt="2" fontSize="13px" color="whiteAlpha.900">
          {data.levelSummary}
        </Text>
      </BrandCard>

      {data.counted === 0 ? (
        <WhiteCard p={{ base: '4', md: '5' }}>
          <EmptyState
            paddingTop={40}
            title="还没有答卷记录"
            description={`完成问卷后，这里会显示近 ${data.windowDays} 天的有效率和质量等级`}
            link={{ to: TASKS_PATH, label: '去做任务' }}
          />
        </WhiteCard>
      ) : (
        <>
          <WhiteCard p={{ base: '4', md: '5' }}>
            <SimpleGrid columns={3} gap="2">
              <Figure value={data.counted} label="完成答卷" testId="quality-counted" />
              <Figure value={data.valid} label="有效答卷" testId="quality-valid" />
              <Figure value={data.flagged} label="无效答卷" testId="quality-flagged" />
            </SimpleGrid>
          </WhiteCard>
          <WhiteCard p={{ base: '4', md: '5' }}>
            <Heading as="h2" fontSize="16px" mb="3">
              每月有效率
            </Heading>
            <MonthBarChart
              title="每月有效率"
              months={data.months.map((m) => ({ month: m.month, value: m.rate }))}
              format={formatRate}
              max={1}
              ticks={[0, 0.5, 1]}
              colorOf={rateColor}
              noValue="无答卷"
            />
          </WhiteCard>
          {(flaggedReasons.length > 0 || data.tooFast > 0 || data.reversed > 0) && (
            <WhiteCard p={{ base: '4', md: '5' }}>
              <Heading as="h2" fontSize="16px" mb="3">
                无效原因
              </Heading>
              <Stack gap="2" data-testid="quality-reasons">
                {flaggedReasons.map((r) => (
                  <Flex key={r.reason} justify="space-between">
                    <Text>{LowQualityReason.labels[r.reason]}</Text>
                    <Text color="fg.muted">{r.count} 份</Text>
                  </Flex>
                ))}
                {data.tooFast > 0 && (
                  <Flex justify="space-between">
                    <Text>答题过快</Text>
                    <Text color="fg.muted">{data.tooFast} 份</Text>
                  </Flex>
                )}
                {data.reversed > 0 && (
                  <Flex justify="space-between">
                    <Text>合作方复核未通过</Text>
                    <Text color="fg.muted">{data.reversed} 份</Text>
                  </Flex>
                )}
              </Stack>
            </WhiteCard>
          )}
        </>
      )}

      <Flex gap="3" wrap="wrap">
        {links.detail && data.counted > 0 && (
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to={links.detail}>无效答卷明细</RouterLink>
          </Button>
        )}
        {links.analysis && data.flagged > 0 && (
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to={links.analysis}>质量分析</RouterLink>
          </Button>
        )}
        {links.monthly && (
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to={links.monthly}>答题月报</RouterLink>
          </Button>
        )}
        {links.level && (
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to={links.level}>等级规则</RouterLink>
          </Button>
        )}
        {links.appraise && (
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to={links.appraise}>月度答题之星</RouterLink>
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

export function EfficientView(props: EfficientViewProps) {
  return (
    <QualityFrame>
      <EfficientBody {...props} />
    </QualityFrame>
  );
}
