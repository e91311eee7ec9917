import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { MODULE_TABS, RANGE_FILTERS, taskDetailPath, type TaskCardView } from '../../components/task/model';
import { TaskListItem } from '../../components/task/TaskListItem';

export interface TaskFilter {
  /** null = 全部 */
  module: number | null;
  /** Points range id (spec §3); null = 不限. */
  pointsRange: number | null;
}

export interface TaskListViewProps {
  filter: TaskFilter;
  status: 'loading' | 'ready' | 'loadingMore' | 'empty' | 'error';
  items: TaskCardView[];
  total: number;
  hasMore: boolean;
  error?: string | null;
  moreError?: string | null;
  /** "now" for close labels (stories pin it). */
  now?: number;
  onFilter?: (filter: TaskFilter) => void;
  onLoadMore?: () => void;
  onRetry?: () => void;
}

/** `/task` 任务列表: module tabs, the points-range filter and the paged list of tasks I may take. */
export function TaskListView(props: TaskListViewProps) {
  const { filter, onFilter, status, total } = props;
  return (
    <Box bg="gray.50" minH="70vh" pb={{ base: '8', md: '12' }}>
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '8' }}>
        <Flex align="center" justify="space-between" gap="3" mb={{ base: '3', md: '5' }}>
          <Box>
            <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink">
              做任务赚微豆
            </Heading>
            <Text mt="1" fontSize="14px" color="gray.500" display={{ base: 'none', sm: 'block' }}>
              只列出你现在可以参加的任务；被甄别或名额已满也有安慰微豆。
            </Text>
          </Box>
          <Button asChild variant="outline" colorPalette="brand" borderRadius="full" size="sm" flexShrink={0}>
            <RouterLink to="/task/summary">任务概况</RouterLink>
          </Button>
        </Flex>

        <Box bg="white" borderRadius="xl" boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)">
          <Flex
            role="tablist"
            aria-label="任务模块"
            borderBottomWidth="1px"
            borderColor="gray.100"
            px={{ base: '1', md: '3' }}
            overflowX="auto"
            css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
          >
            {MODULE_TABS.map((tab) => {
              const active = tab.value === filter.module;
              return (
                <Button
                  key={tab.label}
                  role="tab"
                  aria-selected={active}
                  variant="plain"
                  flexShrink={0}
                  px={{ base: '3', md: '5' }}
                  h="12"
                  borderRadius="0"
                  fontSize="15px"
                  fontWeight={active ? 'semibold' : 'normal'}
                  color={active ? 'brand.600' : 'gray.600'}
                  borderBottomWidth="2px"
                  borderBottomColor={active ? 'brand.500' : 'transparent'}
                  onClick={() => onFilter?.({ ...filter, module: tab.value })}
                >
                  {tab.label}
                </Button>
              );
            })}
          </Flex>
          <Flex
            align="center"
            gap="2"
            px={{ base: '3', md: '5' }}
            py="3"
            overflowX="auto"
            css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
            role="group"
            aria-label="奖励区间"
          >
            <Text fontSize="13px" color="gray.500" flexShrink={0}>
              奖励
            </Text>
            {RANGE_FILTERS.map((r) => {
              const active = r.value === filter.pointsRange;
              return (
                <Button
                  key={r.label}
                  size="xs"
                  borderRadius="full"
                  flexShrink={0}
                  px="3"
                  variant={active ? 'solid' : 'subtle'}
                  colorPalette={active ? 'brand' : 'gray'}
                  aria-pressed={active}
                  onClick={() => onFilter?.({ ...filter, pointsRange: r.value })}
                >
                  {r.label}
                </Button>
              );
            })}
            {(status === 'ready' || status === 'loadingMore') && (
              <Text fontSize="13px" color="gray.400" ml="auto" flexShrink={0} pl="2" data-testid="task-total">
                共 {total} 个
              </Text>
            )}
          </Flex>
        </Box>

        <Box mt={{ base: '3', md: '4' }}>
          <TaskListBody {...props} />
        </Box>
      </Box>
    </Box>
  );
}

function TaskListBody({
  status,
  items,
  hasMore,
  error,
  moreError,
  now,
  filter,
  onFilter,
  onLoadMore,
  onRetry,
}: TaskListViewProps) {
  if (status === 'loading') return <LoadingState label="正在加载任务…" paddingTop={80} />;
  if (status === 'error')
    return <ErrorState paddingTop={80} title="任务加载失败" description={error || undefined} onRetry={onRetry} />;
  if (status === 'empty') {
    const filtered = filter.module !== null || filter.pointsRange !== null;
    return (
      <EmptyState
        paddingTop={80}
        title="暂时没有可参加的任务"
        description={
          filtered
            ? '换个模块或奖励区间看看，新任务上线会第一时间出现在这里。'
            : '新任务上线会第一时间出现在这里，完善个人属性问卷可以收到更多任务。'
        }
        action={
          filtered ? (
            <Button
              colorPalette="brand"
              borderRadius="full"
              px="6"
              onClick={() => onFilter?.({ module: null, pointsRange: null })}
            >
              查看全部任务
            </Button>
          ) : (
            <Button asChild colorPalette="brand" borderRadius="full" px="6">
              <RouterLink to="/user/survey">完善个人属性</RouterLink>
            </Button>
          )
        }
      />
    );
  }
  return (
    <Box>
      <Stack as="ul" gap={{ base: '3', md: '3' }} listStyleType="none" m="0" p="0">
        {items.map((t) => (
          <Box as="li" key={t.hashId}>
            <TaskListItem task={t} to={taskDetailPath(t.hashId)} now={now} />
          </Box>
        ))}
      </Stack>
      <Stack align="center" py="5" gap="2">
        {moreError && (
          <Text fontSize="13px" color="red.500" role="alert">
            {moreError}
          </Text>
        )}
        {hasMore || status === 'loadingMore' ? (
          <Button
            variant="outline"
            colorPalette="brand"
            borderRadius="full"
            px="8"
            bg="white"
            loading={status === 'loadingMore'}
            loadingText="加载中…"
            onClick={onLoadMore}
          >
            {moreError ? '重新加载' : '加载更多'}
          </Button>
        ) : (
          <Text fontSize="13px" color="gray.400">
            没有更多了
          </Text>
        )}
      </Stack>
    </Box>
  );
}
