import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LowQualityReason } from '../../../openapi/enums';
import { QUALITY_ADVICE } from '../../../openapi/rules/quality';
import type { QualityOverview } from '../../../openapi/schemas/quality';
import type { z } from 'zod';
import { BackHeader } from '../../components/BackHeader';
import { HorizontalBarChart } from '../../components/charts/HorizontalBarChart';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { QualityFrame } from '../../components/quality/QualityFrame';
import { WhiteCard } from '../../components/WhiteCard';
import type { LoadStatus } from '../../flows/useLoad';
import { EFFICIENT_PATH } from '../../routing/paths';

export interface QualityAnalysisViewProps {
  status: LoadStatus;
  data: z.output<typeof QualityOverview> | null;
  onRetry: () => void;
}

interface Cause {
  key: keyof typeof QUALITY_ADVICE;
  label: string;
  count: number;
}

/** Every cause of a flagged answer in the window, the most frequent first (those never seen left out). */
export function causesOf(data: z.output<typeof QualityOverview>): Cause[] {
  const causes: Cause[] = [
    ...data.reasons.map((r) => ({
      key: String(r.reason) as Cause['key'],
      label: LowQualityReason.labels[r.reason],
      count: r.count,
    })),
    { key: 'tooFast', label: '答题过快', count: data.tooFast },
    { key: 'reversed', label: '合作方复核未通过', count: data.reversed },
  ];
  return causes.filter((c) => c.count > 0).sort((a, b) => b.count - a.count);
}

function AnalysisBody({ status, data, onRetry }: QualityAnalysisViewProps) {
  if (status === 'loading') return <LoadingState />;
  if (status === 'error' || !data) return <ErrorState onRetry={onRetry} />;
  const causes = causesOf(data);
  if (causes.length === 0)
    return (
      <WhiteCard p={{ base: '4', md: '5' }}>
        <EmptyState
          paddingTop={24}
          title={data.counted === 0 ? '还没有答卷记录' : '没有无效答卷'}
          description={
            data.counted === 0
              ? '完成问卷后，这里会按原因分析被判无效的答卷'
              : `近 ${data.windowDays} 天的答卷都有效，继续保持`
          }
          link={{ to: EFFICIENT_PATH, label: '返回答题质量' }}
        />
      </WhiteCard>
    );
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <Text fontSize="13px" color="fg.muted">
        近 {data.windowDays} 天 {data.flagged} 份无效答卷的原因（一份答卷可能有多个原因），以及改进建议。
      </Text>
      <WhiteCard p={{ base: '4', md: '5' }}>
        <Heading as="h2" fontSize="16px" mb="3">
          无效原因分布
        </Heading>
        <HorizontalBarChart
          title="无效原因分布"
          items={causes.map((c) => ({ label: c.label, value: c.count }))}
          unit="份"
        />
      </WhiteCard>
      {causes.map((c) => (
        <WhiteCard key={c.key} p={{ base: '4', md: '5' }} data-testid="cause">
          <Flex align="center" justify="space-between" gap="3">
            <Heading as="h2" fontSize="16px">
              {c.label}
            </Heading>
            <Text color="fg.muted" fontSize="14px">
              {c.count} 份
            </Text>
          </Flex>
          <Text mt="3" fontSize="14px" lineHeight="1.7">
            {QUALITY_ADVICE[c.key]}
          </Text>
        </WhiteCard>
      ))}
    </Stack>
  );
}

/** `/efficient/qualityAnalysis` 质量分析: the window's flagged answers by cause, with advice for each. */
export function QualityAnalysisView(props: QualityAnalysisViewProps) {
  return (
    <QualityFrame>
      <Stack gap={{ base: '3', md: '4' }}>
        <BackHeader back={{ to: EFFICIENT_PATH, label: '答题质量' }} title="质量分析" heading />
        <AnalysisBody {...props} />
      </Stack>
    </QualityFrame>
  );
}
