import { Box, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import type { QualityLevels } from '../../../openapi/schemas/quality';
import { BackHeader } from '../../components/BackHeader';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { LoginPrompt } from '../../components/LoginPrompt';
import { VISITOR_PROMPT } from '../../components/quality/prompt';
import { formatRate, LevelBadge } from '../../components/quality/LevelBadge';
import { QualityFrame } from '../../components/quality/QualityFrame';
import { WhiteCard } from '../../components/WhiteCard';
import type { LoadStatus } from '../../flows/useLoad';
import { EFFICIENT_PATH } from '../../routing/paths';

export type Levels = z.output<typeof QualityLevels>;

export interface EfficientLevelViewProps {
  status: LoadStatus;
  data: Levels | null;
  onRetry: () => void;
  /** The login page coming back here: a visitor (no level in `data`) sees the prompt instead of a place. */
  loginHref: string;
}

/** What a level asks for, in words: `有效答卷满 5 份` / `有效率 ≥ 70%，至少 5 份答卷`. */
function requirement(l: Levels['levels'][number]): string {
  if (l.minCounted === 0) return '无要求';
  return l.minRate > 0
    ? `有效率 ≥ ${formatRate(l.minRate)}，至少 ${l.minCounted} 份答卷`
    : `至少 ${l.minCounted} 份答卷`;
}

/** `/efficient/level` 质量等级: the levels from the lowest up, what each gives and limits, and where the member stands. */
function EfficientLevelBody({ status, data, onRetry, loginHref }: EfficientLevelViewProps) {
  const header = <BackHeader back={{ to: EFFICIENT_PATH, label: '答题质量' }} title="质量等级" heading />;
  if (status === 'loading' || (!data && status !== 'error'))
    return (
      <Stack gap="3">
        {header}
        <LoadingState />
      </Stack>
    );
  if (status === 'error' || !data)
    return (
      <Stack gap="3">
        {header}
        <ErrorState onRetry={onRetry} />
      </Stack>
    );
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      {header}
      {data.level === null ? (
        <>
          <LoginPrompt text={VISITOR_PROMPT} to={loginHref} name="我的答题质量" />
          <Text fontSize="13px" color="fg.muted">
            等级按近 {data.windowDays} 天完成的答卷计算（被甄别、配额已满或超时的不计入），每次答卷结算后自动更新。
          </Text>
        </>
      ) : (
        <WhiteCard p={{ base: '4', md: '5' }}>
          <Flex align="center" gap="3" wrap="wrap" data-testid="level-place">
            <Text>我的等级</Text>
            <LevelBadge level={data.level} />
            <Text color="fg.muted" fontSize="14px">
              近 {data.windowDays} 天 {data.counted} 份答卷，有效率 {formatRate(data.rate)}
            </Text>
          </Flex>
          <Text mt="2" fontSize="13px" color="fg.muted">
            等级按近 {data.windowDays} 天完成的答卷计算（被甄别、配额已满或超时的不计入），每次答卷结算后自动更新。
          </Text>
        </WhiteCard>
      )}
      {data.levels.map((l) => {
        const mine = l.level === data.level;
        return (
          <WhiteCard
            key={l.level}
            p={{ base: '4', md: '5' }}
            borderWidth={mine ? '2px' : '0'}
            borderColor="brand.500"
            data-testid="level-rule"
            aria-current={mine ? 'true' : undefined}
          >
            <Flex align="center" gap="2" wrap="wrap">
              <Heading as="h2" fontSize="16px">
                {l.name}
              </Heading>
              {mine && (
                <Text fontSize="12px" color="brand.600" fontWeight="medium">
                  当前等级
                </Text>
              )}
              <Text ml="auto" fontSize="13px" color="fg.muted">
                {requirement(l)}
              </Text>
            </Flex>
            <Text mt="1" fontSize="13px" color="fg.muted">
              {l.summary}
            </Text>
            <Box mt="3">
              <List.Root as="ul" listStyleType="disc" gap="1" ps="5" fontSize="14px">
                {l.perks.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
                {l.limits.map((p) => (
                  <List.Item key={p} color="orange.800">
                    {p}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          </WhiteCard>
        );
      })}
    </Stack>
  );
}

export function EfficientLevelView(props: EfficientLevelViewProps) {
  return (
    <QualityFrame>
      <EfficientLevelBody {...props} />
    </QualityFrame>
  );
}
