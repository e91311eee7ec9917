import { Badge, Box, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ClockIcon, PhoneAppIcon, UsersIcon } from '../icons';
import { closeLabel, remainingLabel } from './format';
import type { TaskCardView } from './model';

/**
 * The facts of a task every task view shows, props only: the reward for a complete, the
 * consolation weidou for screened-out and quota-full (shown before starting), then estimated
 * minutes, remaining quota, devices and close time.
 * (`import type` of ./model only: no contract code reaches the landing chunk.)
 */

export type TaskMetaProps = Pick<
  TaskCardView,
  'points' | 'screenOutPoints' | 'quotaFullPoints' | 'minutes' | 'remaining' | 'deviceLabels' | 'endAt'
> & {
  /** "now" for the close label (stories pin it). */
  now?: number;
  size?: 'sm' | 'md';
};

export function TaskReward({
  points,
  screenOutPoints,
  quotaFullPoints,
  size = 'sm',
}: Pick<TaskMetaProps, 'points' | 'screenOutPoints' | 'quotaFullPoints' | 'size'>) {
  return (
    <Box>
      <Flex align="baseline" gap="1" color="brand.600" data-testid="task-points">
        <Text as="span" fontSize={size === 'md' ? '30px' : '22px'} fontWeight="bold" lineHeight="1.1">
          {points}
        </Text>
        <Text as="span" fontSize="13px" fontWeight="medium">
          微豆
        </Text>
      </Flex>
      <Box textStyle="small.soft" mt="0.5" lineHeight="1.5" data-testid="task-consolation">
        {consolationLines(screenOutPoints, quotaFullPoints).map((line) => (
          <Text key={line} whiteSpace="nowrap">
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

/** The consolation weidou, shown before starting: 甄别得 5 / 满额得 3 (or one line when alike). */
export function consolationLines(screenOut: number, quotaFull: number): string[] {
  if (screenOut === 0 && quotaFull === 0) return ['甄别/满额无奖励'];
  if (screenOut === quotaFull) return [`甄别/满额得 ${screenOut}`];
  return [`甄别得 ${screenOut}`, `满额得 ${quotaFull}`];
}

export function TaskFacts({ minutes, remaining, deviceLabels, endAt, now }: TaskMetaProps) {
  const closing = endAt !== null && endAt - (now ?? Date.now()) < 24 * 3_600_000;
  return (
    <Flex align="center" columnGap={{ base: '3', md: '4' }} rowGap="1" wrap="wrap" textStyle="caption.muted">
      <Fact icon={<ClockIcon />}>约 {minutes} 分钟</Fact>
      <Fact icon={<UsersIcon />}>
        <Text as="span" color={remaining !== null && remaining <= 10 ? 'red.500' : undefined}>
          {remainingLabel(remaining)}
        </Text>
      </Fact>
      <Fact icon={<PhoneAppIcon />}>{deviceLabels.length ? deviceLabels.join('/') : '全部设备'}</Fact>
      <Text as="span" color={closing ? 'orange.700' : 'gray.500'}>
        {closeLabel(endAt, now)}
      </Text>
    </Flex>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack
      as="span"
      gap="1"
      css={{ '& svg': { width: '14px', height: '14px', color: 'var(--chakra-colors-gray-400)' } }}
    >
      {icon}
      <span>{children}</span>
    </HStack>
  );
}

/** A task's type and module, its answer-quality minimum, then my state with it (list card and detail page). */
export function TaskBadges({
  typeLabel,
  moduleLabel,
  qualityLabel,
  mine,
}: Pick<TaskCardView, 'typeLabel' | 'moduleLabel' | 'mine'> & { qualityLabel?: string | null }) {
  return (
    <Flex gap="1.5" wrap="wrap" align="center">
      {typeLabel && (
        <Badge colorPalette="brand" variant="subtle" fontSize="12px">
          {typeLabel}
        </Badge>
      )}
      <Badge colorPalette="gray" variant="outline" fontSize="12px">
        {moduleLabel}
      </Badge>
      {qualityLabel && (
        <Badge colorPalette="orange" variant="subtle" fontSize="12px" data-testid="task-quality">
          {qualityLabel}
        </Badge>
      )}
      <MineBadge mine={mine} />
    </Flex>
  );
}

/** My state with a task, when started or finished. */
export function MineBadge({ mine }: { mine: TaskCardView['mine'] }) {
  if (!mine) return null;
  if (mine.status === 'started')
    return (
      <Badge colorPalette="blue" variant="subtle" fontSize="12px" data-testid="task-mine">
        进行中
      </Badge>
    );
  const complete = mine.joinResult === 1;
  return (
    <Badge colorPalette={complete ? 'green' : 'gray'} variant="subtle" fontSize="12px" data-testid="task-mine">
      {mine.resultLabel}
      {mine.points > 0 ? ` +${mine.points}` : ''}
    </Badge>
  );
}
