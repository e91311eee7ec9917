import { Box, Button, Circle, Flex, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { formatShort, remainingLabel, resumeLabel } from '../../components/task/format';
import { type TaskBlock, type TaskDetailView as TaskDetailData } from '../../components/task/model';
import { TaskBadges } from '../../components/task/TaskMeta';
import { WhiteCard } from '../../components/WhiteCard';
import {
  QUALITY_LEVEL_PATH,
  forumPaths,
  routedPath,
  taskGoPath,
  TASKS_PATH,
  TASK_RECORDS_PATH,
  USER_SURVEY_PATH,
} from '../../routing/paths';

export interface TaskDetailViewProps {
  status: 'loading' | 'ready' | 'error' | 'notFound';
  task: TaskDetailData | null;
  error?: string | null;
  now?: number;
  onRetry?: () => void;
  /** The member's cards for this task with their use flow (the container's card panel, a TaskCardsView). */
  cards?: ReactNode;
}

/** What a member can do about each block (the server's blockMessage says why). */
const BLOCK_ACTION: Record<TaskBlock, { label: string; to: string }> = {
  basic_survey: { label: '去完成个人属性问卷', to: USER_SURVEY_PATH },
  joined: { label: '查看任务记录', to: TASK_RECORDS_PATH },
  closed: { label: '看看其他任务', to: TASKS_PATH },
  not_open: { label: '看看其他任务', to: TASKS_PATH },
  quota_full: { label: '看看其他任务', to: TASKS_PATH },
  not_eligible: { label: '看看其他任务', to: TASKS_PATH },
  device: { label: '看看其他任务', to: TASKS_PATH },
  quality_level: { label: '查看质量等级', to: QUALITY_LEVEL_PATH },
};

/** The start button's label: 开始任务 (a discussion group: 开始讨论), or 继续答题 / 继续观看 / 继续浏览 for a started participation. */
function startLabel(task: Pick<TaskDetailData, 'mine' | 'kind'>): string {
  if (task.mine?.status === 'started') return resumeLabel(task.kind);
  return task.kind === 'forum' ? '开始讨论' : '开始任务';
}

/**
 * Where the start button goes: the hand-off screen, which starts the task (startTask) and goes on
 * to where it is done — a discussion group's board (kind `forum`) instead of a partner. A member
 * already in a discussion group goes straight to its board.
 */
function startPath(task: Pick<TaskDetailData, 'mine' | 'kind' | 'hashId'>): string {
  const board =
    task.kind === 'forum' && task.mine?.status === 'started' ? routedPath(forumPaths.board(task.hashId)) : undefined;
  return board ?? taskGoPath(task.hashId);
}

/** The one 截止时间 of the page: 长期有效, 已截止, or when (11月30日 23:59). */
function endLabel(endAt: number | null, now: number | undefined): string {
  if (endAt === null) return '长期有效';
  return endAt <= (now ?? Date.now()) ? '已截止' : formatShort(endAt, now);
}

/** `/task/detail/{hashId}` 任务详情: facts, reward, description, rules and the start (or why not). */
export function TaskDetailView(props: TaskDetailViewProps) {
  const { status, task, error, onRetry } = props;
  return (
    <Box bg="gray.50" minH="70vh" pb={{ base: '28', md: '12' }}>
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '3', md: '6' }}>
        <Flex as="nav" aria-label="面包屑" textStyle="caption.soft" gap="1.5" mb={{ base: '3', md: '4' }}>
          <RouterLink to={TASKS_PATH}>任务</RouterLink>
          <span aria-hidden="true">/</span>
          <Text as="span" color="gray.700">
            任务详情
          </Text>
        </Flex>
        {status === 'loading' ? (
          <LoadingState label="正在加载任务…" paddingTop={80} />
        ) : status === 'notFound' ? (
          <EmptyState
            paddingTop={80}
            title="任务不存在或已下线"
            description="这个任务可能已经结束，去看看其他任务吧。"
            action={
              <Button asChild colorPalette="brand" borderRadius="full" px="6">
                <RouterLink to={TASKS_PATH}>去任务列表</RouterLink>
              </Button>
            }
          />
        ) : status === 'error' || !task ? (
          <ErrorState paddingTop={80} title="任务加载失败" description={error || undefined} onRetry={onRetry} />
        ) : (
          <Ready {...props} task={task} />
        )}
      </Box>
    </Box>
  );
}

function Ready({ task, now, cards }: TaskDetailViewProps & { task: TaskDetailData }) {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }}
      templateAreas={{ base: '"head" "reward" "body"', md: '"head reward" "body reward"' }}
      gap={{ base: '3', md: '5' }}
      alignItems="start"
    >
      <Box gridArea="head">
        <Card>
          <TaskBadges {...task} />
          <Heading as="h1" mt="3" fontSize={{ base: '20px', md: '24px' }} lineHeight="1.45" color="ink">
            {task.title}
          </Heading>
          <SimpleGrid mt="4" columns={{ base: 2, sm: 4 }} gap="3">
            <Fact label="预计用时" value={`约 ${task.minutes} 分钟`} />
            <Fact
              label="剩余名额"
              value={remainingLabel(task.remaining).replace(/^剩 /, '').replace('个名额', '个')}
              tone={task.remaining !== null && task.remaining <= 10 ? 'red.500' : undefined}
            />
            <Fact label="支持设备" value={task.deviceLabels.length ? task.deviceLabels.join('/') : '全部设备'} />
            <Fact label="截止时间" value={endLabel(task.endAt, now)} />
          </SimpleGrid>
          {task.openAt > (now ?? Date.now()) && (
            <Text mt="3" fontSize="13px" color="orange.700">
              {formatShort(task.openAt, now)} 开始
              {task.earlyMinutes > 0 &&
                `；你已用抢答优先卡，${formatShort(task.openAt - task.earlyMinutes * 60_000, now)} 起即可参加（提前 ${task.earlyMinutes} 分钟）`}
            </Text>
          )}
        </Card>
      </Box>
      <Box gridArea="reward" position={{ md: 'sticky' }} top={{ md: '88px' }}>
        <Card>
          <Text textStyle="body.soft">完成可得</Text>
          <Flex align="baseline" gap="1" color="brand.600" mt="1" data-testid="task-points">
            <Text as="span" fontSize="34px" fontWeight="bold" lineHeight="1.1">
              {task.points}
            </Text>
            <Text as="span" fontSize="14px" fontWeight="medium">
              微豆
            </Text>
          </Flex>
          {task.kind === 'forum' ? (
            // A discussion group is not screened at its start: it pays when every required topic is answered.
            <Text mt="3" pt="3" borderTopWidth="1px" borderColor="gray.100" fontSize="13px" color="gray.600">
              在座谈会中回复全部必答话题后入账
            </Text>
          ) : (
            <Stack gap="1.5" mt="3" pt="3" borderTopWidth="1px" borderColor="gray.100" fontSize="13px">
              <Row label="被甄别（未通过筛选）" value={`${task.screenOutPoints} 微豆`} />
              <Row label="配额已满" value={`${task.quotaFullPoints} 微豆`} />
            </Stack>
          )}
          {task.mine && task.mine.status === 'finished' && (
            <Box
              mt="3"
              p="3"
              borderRadius="lg"
              bg="gray.50"
              fontSize="13px"
              color="gray.700"
              data-testid="task-my-result"
            >
              我的结果：{task.mine.resultLabel}
              {task.mine.points > 0 ? `，获得 ${task.mine.points} 微豆` : ''}
            </Box>
          )}
          {cards}
          <Box display={{ base: 'none', md: 'block' }} mt="4">
            <Action task={task} />
          </Box>
        </Card>
      </Box>
      <Stack gridArea="body" gap={{ base: '3', md: '4' }}>
        <Card title="任务说明">
          <Stack gap="2">
            {task.description
              .split('\n')
              .map((p) => p.trim())
              .filter(Boolean)
              .map((p, i) => (
                <Text key={i} fontSize="15px" color="gray.700" lineHeight="1.8">
                  {p}
                </Text>
              ))}
          </Stack>
        </Card>

        {task.rules.length > 0 && (
          <Card title="参与须知">
            <Stack as="ol" gap="2" m="0" p="0" listStyleType="none" fontSize="14px" color="gray.700" lineHeight="1.8">
              {task.rules.map((r, i) => (
                <Flex as="li" key={i} gap="2.5" align="flex-start">
                  <Circle
                    as="span"
                    mt="0.5"
                    size="20px"
                    bg="brand.50"
                    color="brand.700"
                    fontSize="12px"
                    fontWeight="semibold"
                    lineHeight="1"
                  >
                    {i + 1}
                  </Circle>
                  <Text as="span">{r}</Text>
                </Flex>
              ))}
            </Stack>
          </Card>
        )}
      </Stack>

      {/* Phone: the action sits in a bar at the bottom of the screen. */}
      <Box
        display={{ base: 'block', md: 'none' }}
        position="fixed"
        left="0"
        right="0"
        bottom="0"
        zIndex="docked"
        bg="white"
        borderTopWidth="1px"
        borderColor="gray.100"
        px="4"
        pt="3"
        pb="calc(12px + env(safe-area-inset-bottom))"
        boxShadow="0 -4px 16px rgba(15, 23, 42, 0.06)"
      >
        <Action task={task} />
      </Box>
    </Grid>
  );
}

function Action({ task }: { task: TaskDetailData }) {
  if (task.canStart)
    return (
      <Button asChild colorPalette="brand" size="lg" borderRadius="full" width="100%" fontWeight="semibold">
        <RouterLink to={startPath(task)}>{startLabel(task)}</RouterLink>
      </Button>
    );
  const action = task.block ? BLOCK_ACTION[task.block] : { label: '看看其他任务', to: TASKS_PATH };
  return (
    <Stack gap="2" data-testid="task-block" data-block={task.block ?? ''}>
      <Text fontSize="13px" color={task.block === 'basic_survey' ? 'orange.700' : 'gray.600'} role="status">
        {task.blockMessage || '你暂时不能参加该任务'}
      </Text>
      <Button
        asChild
        colorPalette="brand"
        variant={task.block === 'basic_survey' ? 'solid' : 'outline'}
        size="lg"
        borderRadius="full"
        width="100%"
      >
        <RouterLink to={action.to}>{action.label}</RouterLink>
      </Button>
    </Stack>
  );
}

function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <WhiteCard as="section" p={{ base: '4', md: '6' }} width="100%">
      {title && (
        <Heading as="h2" textStyle="title.card" mb="3">
          {title}
        </Heading>
      )}
      {children}
    </WhiteCard>
  );
}

function Fact({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Box bg="gray.50" borderRadius="lg" px="3" py="2.5">
      <Text textStyle="small.soft">{label}</Text>
      <Text mt="0.5" fontSize="14px" fontWeight="semibold" color={tone ?? 'gray.800'}>
        {value}
      </Text>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap="3">
      <Text color="gray.500">{label}</Text>
      <Text color="gray.800" fontWeight="medium" textAlign="right">
        {value}
      </Text>
    </Flex>
  );
}
