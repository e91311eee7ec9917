import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { PagedListBody, type PagedListProps } from '../../components/ListStates';
import { FilterChips, SegmentTabs } from '../../components/SegmentTabs';
import { MODULE_TABS, RANGE_FILTERS, type TaskCardView } from '../../components/task/model';
import { TaskListItem } from '../../components/task/TaskListItem';
import { PlainList } from '../../components/PlainList';
import { WhiteCard } from '../../components/WhiteCard';
import { PillLink } from '../../components/PillLink';
import { BannerCarousel, type BannerItem } from '../../components/promo/BannerCarousel';
import { taskDetailPath, TASK_SUMMARY_PATH, USER_SURVEY_PATH } from '../../routing/paths';

export interface TaskFilter {
  /** null = 全部 */
  module: number | null;
  /** Points range id (spec §3); null = 不限. */
  pointsRange: number | null;
}

export interface TaskListViewProps extends PagedListProps<TaskCardView, TaskFilter> {
  total: number;
  /** "now" for close labels (stories pin it). */
  now?: number;
  /** The banners published for /task (none: no carousel). */
  banners?: readonly BannerItem[];
  /** The banners are still loading: their place is kept (no layout shift when they come). */
  bannersLoading?: boolean;
}

/** The banners' width / height, phone and from `md` up (the demo's and operators' pictures). */
const BANNER_RATIO = { base: 750 / 320, md: 4 };

/** `/task` 任务列表: module tabs, the points-range filter and the paged list of tasks I may take. */
export function TaskListView(props: TaskListViewProps) {
  const { filter, onFilter, status, total, banners = [], bannersLoading = false } = props;
  return (
    // While the first page loads, at least a screen tall: the footer stays below it until the list comes.
    <Box bg="gray.50" minH={status === 'loading' ? '100vh' : '70vh'} pb={{ base: '8', md: '12' }}>
      <Box maxW="1200px" mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '8' }}>
        <Flex align="center" justify="space-between" gap="3" mb={{ base: '3', md: '5' }}>
          <Box>
            <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink">
              做任务赚微豆
            </Heading>
            <Text mt="1" textStyle="body.soft" display={{ base: 'none', sm: 'block' }}>
              只列出你现在可以参加的任务；被甄别或名额已满也有安慰微豆。
            </Text>
          </Box>
          <PillLink to={TASK_SUMMARY_PATH} flexShrink={0}>
            任务概况
          </PillLink>
        </Flex>

        <Box mb={banners.length || bannersLoading ? { base: '3', md: '4' } : undefined}>
          {bannersLoading ? (
            <Box aspectRatio={BANNER_RATIO} borderRadius="xl" bg="gray.100" data-testid="banner-placeholder" />
          ) : (
            <BannerCarousel banners={banners} label="任务页轮播图" ratio={BANNER_RATIO} />
          )}
        </Box>

        <WhiteCard>
          <SegmentTabs
            tabs={MODULE_TABS}
            value={filter.module}
            onChange={(module) => onFilter?.({ ...filter, module })}
            label="任务模块"
            scrollable
          />
          <FilterChips
            tabs={RANGE_FILTERS}
            value={filter.pointsRange}
            onChange={(pointsRange) => onFilter?.({ ...filter, pointsRange })}
            label="奖励区间"
            align="center"
            before={
              <Text textStyle="caption.soft" flexShrink={0}>
                奖励
              </Text>
            }
            after={
              (status === 'ready' || status === 'loadingMore') && (
                <Text fontSize="13px" color="gray.500" ml="auto" flexShrink={0} pl="2" data-testid="task-total">
                  共 {total} 个
                </Text>
              )
            }
          />
        </WhiteCard>

        <Box mt={{ base: '3', md: '4' }}>
          <TaskListBody {...props} />
        </Box>
      </Box>
    </Box>
  );
}

function TaskListBody({ items, now, banners: _banners, bannersLoading: _bannersLoading, ...list }: TaskListViewProps) {
  const { filter, onFilter } = list;
  const filtered = filter.module !== null || filter.pointsRange !== null;
  return (
    <PagedListBody
      {...list}
      loadingLabel="正在加载任务…"
      errorTitle="任务加载失败"
      empty={{
        title: '暂时没有可参加的任务',
        description: filtered
          ? '换个模块或奖励区间看看，新任务上线会第一时间出现在这里。'
          : '新任务上线会第一时间出现在这里，完善个人属性问卷可以收到更多任务。',
        ...(filtered
          ? {
              action: (
                <Button
                  colorPalette="brand"
                  borderRadius="full"
                  px="6"
                  onClick={() => onFilter?.({ module: null, pointsRange: null })}
                >
                  查看全部任务
                </Button>
              ),
            }
          : { link: { to: USER_SURVEY_PATH, label: '完善个人属性' } }),
      }}
      footer={{ pt: '5', pb: '5', buttonBg: 'white' }}
    >
      <PlainList gap="3">
        {items.map((t) => (
          <Box as="li" key={t.hashId}>
            <TaskListItem task={t} to={taskDetailPath(t.hashId)} now={now} />
          </Box>
        ))}
      </PlainList>
    </PagedListBody>
  );
}
