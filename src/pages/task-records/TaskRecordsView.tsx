import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListCard, ListRow, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { FilterChips } from '../../components/SegmentTabs';
import { formatDateTime, resumeLabel } from '../../components/task/format';
import {
  joinResultLabel,
  lowQualityLabel,
  RESULT_FILTERS,
  taskTypeLabel,
  type TaskRecordData,
} from '../../components/task/model';
import { PlainList } from '../../components/PlainList';
import { PillLink } from '../../components/PillLink';
import { AuditBadge, AuditLine } from '../../components/task/AuditNote';
import { taskDetailPath, taskGoPath, TASKS_PATH, TASK_SUMMARY_PATH } from '../../routing/paths';

export type RecordFilter = number | null;

/** `filter`: the join result; null = 全部. */
export interface TaskRecordsViewProps extends PagedListProps<TaskRecordData, RecordFilter> {
  /** The feedback form for a record, when that page exists; otherwise the respondent id is shown to copy. */
  feedbackPath?: ((respondentId: string) => string) | null;
  /** Copies text; returns whether it worked (the container uses the clipboard). */
  onCopy?: (text: string) => Promise<boolean>;
}

/** `/home/task` 任务记录: my participations with join result, weidou and whether they are posted. */
export function TaskRecordsView(props: TaskRecordsViewProps) {
  const { filter, onFilter } = props;
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <Flex align="center" justify="space-between" gap="3">
        <Heading as="h1" fontSize={{ base: '18px', md: '22px' }} color="ink">
          任务记录
        </Heading>
        <PillLink to={TASK_SUMMARY_PATH}>任务概况</PillLink>
      </Flex>
      <ListCard>
        <FilterChips
          tabs={RESULT_FILTERS}
          value={filter}
          onChange={onFilter}
          label="参与结果筛选"
          layerStyle="hairline.bottom"
          wrap={{ base: 'nowrap', md: 'wrap' }}
        />
        <RecordList {...props} />
      </ListCard>
    </Stack>
  );
}

function RecordList({ items, feedbackPath, onCopy, ...list }: TaskRecordsViewProps) {
  const { filter } = list;
  return (
    <PagedListBody
      {...list}
      empty={{
        title: '暂无任务记录',
        description: filter === null ? '还没有参加过任务，挑一个开始吧' : `没有“${joinResultLabel(filter)}”的记录`,
        link: { to: TASKS_PATH, label: '去做任务' },
      }}
    >
      <PlainList>
        {items.map((r) => (
          <RecordRow key={r.id} record={r} feedbackPath={feedbackPath} onCopy={onCopy} />
        ))}
      </PlainList>
    </PagedListBody>
  );
}

const POINTS_STATUS: Record<TaskRecordData['pointsStatus'], { label: string; palette: string }> = {
  posted: { label: '已入账', palette: 'green' },
  none: { label: '无奖励', palette: 'gray' },
  reversed: { label: '已撤回', palette: 'red' },
};

function resultPalette(r: TaskRecordData): string {
  if (r.status === 'started') return 'blue';
  if (r.joinResult === 1) return r.lowQualityReasons.length ? 'orange' : 'green';
  if (r.joinResult === 2 || r.joinResult === 3) return 'gray';
  return 'red';
}

function RecordRow({
  record: r,
  feedbackPath,
  onCopy,
}: { record: TaskRecordData } & Pick<TaskRecordsViewProps, 'feedbackPath' | 'onCopy'>) {
  const started = r.status === 'started';
  const money = started ? { label: '待结算', palette: 'blue' } : POINTS_STATUS[r.pointsStatus];
  return (
    <ListRow align="flex-start" data-testid="task-record" data-rid={r.respondentId}>
      <Box flex="1" minW="0">
        <Flex gap="1.5" align="center" wrap="wrap">
          <Badge colorPalette={resultPalette(r)} variant="subtle" fontSize="12px" data-testid="record-result">
            {started ? '进行中' : joinResultLabel(r.joinResult)}
          </Badge>
          {r.audit && <AuditBadge audit={r.audit} />}
          {taskTypeLabel(r.type) && <Text textStyle="small.soft">{taskTypeLabel(r.type)}</Text>}
        </Flex>
        <Text
          asChild
          mt="1.5"
          display="block"
          fontSize="15px"
          fontWeight="medium"
          color="gray.800"
          lineClamp={2}
          _hover={{ color: 'brand.700' }}
        >
          <RouterLink to={taskDetailPath(r.taskHashId)}>{r.title}</RouterLink>
        </Text>
        {r.audit ? (
          <AuditLine audit={r.audit} />
        ) : (
          r.lowQualityReasons.length > 0 && (
            <Text mt="1" fontSize="13px" color="orange.700" data-testid="record-low-quality">
              低质量：{r.lowQualityReasons.map(lowQualityLabel).join('、')}
            </Text>
          )
        )}
        <Text mt="1" textStyle="small.faint">
          开始 {formatDateTime(r.startedAt)}
          {r.finishedAt !== null && ` · 结算 ${formatDateTime(r.finishedAt)}`}
        </Text>
        <Flex mt="2" gap="3" align="center" wrap="wrap" fontSize="12px">
          {started && (
            <Button asChild size="xs" colorPalette="brand" borderRadius="full" px="3">
              <RouterLink to={taskGoPath(r.taskHashId)}>{resumeLabel(r.kind)}</RouterLink>
            </Button>
          )}
          {feedbackPath ? (
            <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
              <RouterLink to={feedbackPath(r.respondentId)}>反馈问题</RouterLink>
            </Box>
          ) : (
            <RespondentId id={r.respondentId} onCopy={onCopy} />
          )}
        </Flex>
      </Box>
      <Stack gap="1" align="flex-end" flexShrink={0}>
        <Text
          fontSize="17px"
          fontWeight="semibold"
          color={r.pointsStatus === 'posted' ? 'green.600' : 'gray.500'}
          textDecoration={r.pointsStatus === 'reversed' ? 'line-through' : undefined}
          data-testid="record-points"
        >
          {r.points > 0 ? `+${r.points}` : '0'}
        </Text>
        <Badge colorPalette={money.palette} variant="outline" fontSize="11px" data-testid="record-points-status">
          {money.label}
        </Badge>
      </Stack>
    </ListRow>
  );
}

function RespondentId({ id, onCopy }: { id: string; onCopy?: (text: string) => Promise<boolean> }) {
  const [copied, setCopied] = useState<null | boolean>(null);
  return (
    <Flex gap="1.5" align="center" color="gray.500" minW="0">
      <Text as="span" flexShrink={0}>
        答卷编号
      </Text>
      <Text as="span" color="gray.700" truncate data-testid="record-rid">
        {id}
      </Text>
      {onCopy && (
        <Button
          size="2xs"
          variant="ghost"
          colorPalette="brand"
          px="1.5"
          flexShrink={0}
          onClick={() => {
            void onCopy(id).then((ok) => {
              setCopied(ok);
              setTimeout(() => setCopied(null), 2000);
            });
          }}
          aria-label={`复制答卷编号 ${id}`}
        >
          {copied === true ? '已复制' : copied === false ? '复制失败' : '复制'}
        </Button>
      )}
    </Flex>
  );
}
