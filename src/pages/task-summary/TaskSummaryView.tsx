import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { LinkRow } from '../../components/LinkRow';
import { byModuleOrder, moduleLabel } from '../../components/task/model';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { BrandCard } from '../../components/BrandCard';
import { PillLink } from '../../components/PillLink';
import { TASK_RECORDS_PATH, tasksInModule } from '../../routing/paths';

export interface TaskSummaryData {
  modules: { module: number; label: string; available: number }[];
  joined: number;
  completed: number;
  screenedOut: number;
  lowQuality: number;
  pointsEarned: number;
  todayPoints: number;
  inProgress: number;
}

export interface TaskSummaryViewProps {
  status: 'loading' | 'ready' | 'error';
  summary: TaskSummaryData | null;
  error?: string | null;
  onRetry?: () => void;
}

const fmt = (n: number) => n.toLocaleString('zh-CN');

/** `/task/summary` 任务概况: what I earned from tasks, how my participations went, what is open per module. */
export function TaskSummaryView({ status, summary, error, onRetry }: TaskSummaryViewProps) {
  return (
    <Box bg="gray.50" minH="70vh" pb={{ base: '8', md: '12' }}>
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '8' }}>
        <Flex align="center" justify="space-between" gap="3" mb={{ base: '3', md: '5' }}>
          <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink">
            任务概况
          </Heading>
          <PillLink to={TASK_RECORDS_PATH}>任务记录</PillLink>
        </Flex>
        {status === 'loading' ? (
          <LoadingState label="正在加载任务概况…" paddingTop={80} />
        ) : status === 'error' || !summary ? (
          <ErrorState paddingTop={80} title="任务概况加载失败" description={error || undefined} onRetry={onRetry} />
        ) : (
          <Ready s={summary} />
        )}
      </Box>
    </Box>
  );
}

function Ready({ s }: { s: TaskSummaryData }) {
  const rate = s.joined - s.inProgress > 0 ? Math.round((s.completed / (s.joined - s.inProgress)) * 100) : null;
  const totalAvailable = s.modules.reduce((n, m) => n + m.available, 0);
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BrandCard>
        <Text textStyle="body.onBrand">任务累计获得</Text>
        <Flex mt="1" align="baseline" gap="2">
          <Text fontSize={{ base: '34px', md: '42px' }} fontWeight="bold" lineHeight="1.1" data-testid="summary-points">
            {fmt(s.pointsEarned)}
          </Text>
          <Text fontSize="14px">微豆</Text>
        </Flex>
        <Text mt="2" fontSize="13px" color="whiteAlpha.900">
          今日任务收入 {fmt(s.todayPoints)} 微豆
        </Text>
      </BrandCard>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        <Stat label="累计参与" value={s.joined} unit="次" />
        <Stat label="已完成" value={s.completed} unit="次" hint={rate === null ? undefined : `完成率 ${rate}%`} />
        <Stat label="被甄别/满额等" value={s.screenedOut} unit="次" />
        <Stat label="进行中" value={s.inProgress} unit="个" hint={s.inProgress > 0 ? '记得回去完成' : undefined} />
      </SimpleGrid>

      {s.lowQuality > 0 && (
        <Box layerStyle="note.warning" borderRadius="xl" px={{ base: '4', md: '5' }} py="3" fontSize="14px" role="note">
          有 {s.lowQuality} 份答卷被判为低质量。认真阅读题目、如实作答，能参加的任务会更多。
        </Box>
      )}

      <WhiteCard overflow="hidden">
        <Flex justify="space-between" align="center" px={{ base: '4', md: '6' }} py="4" layerStyle="hairline.bottom">
          <Heading as="h2" textStyle="title.card">
            现在可参加
          </Heading>
          <Text textStyle="caption.soft">共 {totalAvailable} 个任务</Text>
        </Flex>
        <PlainList>
          {[...s.modules]
            .sort((a, b) => byModuleOrder(a.module, b.module))
            .map((m) => (
              <LinkRow key={m.module} to={tasksInModule(m.module)} py="3.5" closed testId="summary-module">
                <Text flex="1" fontSize="15px" color="gray.800">
                  {moduleLabel(m.module)}
                </Text>
                <Text fontSize="15px" fontWeight="semibold" color={m.available > 0 ? 'brand.600' : 'gray.500'}>
                  {m.available} 个
                </Text>
              </LinkRow>
            ))}
        </PlainList>
      </WhiteCard>
    </Stack>
  );
}

function Stat({ label, value, unit, hint }: { label: string; value: number; unit: string; hint?: string }) {
  return (
    <WhiteCard p={{ base: '4', md: '5' }}>
      <Text textStyle="caption.soft">{label}</Text>
      <Flex align="baseline" gap="1" mt="1">
        <Text fontSize="24px" fontWeight="bold" color="ink">
          {fmt(value)}
        </Text>
        <Text textStyle="caption.soft">{unit}</Text>
      </Flex>
      {hint && (
        <Text textStyle="small.soft" mt="0.5">
          {hint}
        </Text>
      )}
    </WhiteCard>
  );
}
