import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';
import { JoinResult, LowQualityReason } from '../../../openapi/enums';
import { ErrorState } from '../../components/ListStates';
import {
  AnswerColumn,
  DoneCard,
  DoneMark,
  LinkButton,
  LinkRow,
  onPollPage,
  PollColumn,
  PollLoading,
} from '../../components/poll';
import type { PollAnswerFormProps, PollInfo, PollOutcome } from '../../components/poll/types';
import { TASKS_PATH, TASK_RECORDS_PATH } from '../../routing/paths';

/** The questionnaire's fields and handlers are {@link PollAnswerFormProps}. */
export interface TaskPollViewProps extends PollAnswerFormProps {
  status: PollAnswerStatus;
  poll: PollInfo | null;
  /** A failed load may be tried again (not for a foreign or unknown answer id). */
  canRetry?: boolean;
  /** The settlement, once submitted (shown here when the page does not move on to /survey/end). */
  outcome?: PollOutcome | null;
  /** Where the result of this answer id is shown (/survey/end?rid=…), when that page exists. */
  resultPath?: string | null;
}

/** `/task/poll/{id}?rid=…`: an in-house questionnaire answered as a task (props-only). */
export const TaskPollView = onPollPage(function TaskPollBody(props: TaskPollViewProps) {
  const { status, poll } = props;
  if (status === 'loading') return <PollLoading />;
  if (status === 'loadError')
    return (
      <PollColumn>
        <ErrorState
          title={props.canRetry ? '问卷加载失败' : '无法打开这份问卷'}
          description={props.loadError ?? undefined}
          {...(props.canRetry ? { onRetry: props.onRetry } : {})}
        />
        {!props.canRetry && (
          <Flex justify="center" gap="3" mt="-4">
            <Button asChild colorPalette="brand" borderRadius="full" px="6">
              <RouterLink to={TASKS_PATH}>返回任务列表</RouterLink>
            </Button>
            <Button asChild variant="outline" borderRadius="full" px="6">
              <RouterLink to={TASK_RECORDS_PATH}>我的任务记录</RouterLink>
            </Button>
          </Flex>
        )}
      </PollColumn>
    );
  if (status === 'submitted' && props.outcome) return <OutcomeCard outcome={props.outcome} poll={poll} />;
  if (status === 'alreadySubmitted' || (status === 'submitted' && !props.outcome))
    return (
      <PollColumn>
        <Stack align="center" textAlign="center" gap="3" pt="16" pb="12" px="4" data-testid="poll-already">
          <DoneMark />
          <Text fontSize="18px" fontWeight="semibold" color="ink">
            这份问卷已经提交过了
          </Text>
          <Text fontSize="14px" color="gray.600" maxW="360px">
            每个答题链接只能提交一次。{poll ? `“${poll.title}”` : '本次答卷'}的结果和微豆可在任务记录中查看。
          </Text>
          <LinkRow pt="2">
            {props.resultPath && <LinkButton to={props.resultPath}>查看本次结果</LinkButton>}
            <LinkButton to={TASK_RECORDS_PATH} outline={Boolean(props.resultPath)}>
              我的任务记录
            </LinkButton>
          </LinkRow>
        </Stack>
      </PollColumn>
    );

  return (
    <AnswerColumn
      header={
        poll && {
          title: poll.title,
          intro: poll.intro,
          reward: poll.points > 0 ? `完成可得 ${poll.points} 微豆` : null,
          note: '带 * 为必答题',
        }
      }
      status={status}
      form={props}
      submitting={status === 'submitting' || status === 'submitted'}
      submitLabel={status === 'submitError' ? '重新提交' : '提交问卷'}
    />
  );
});

const POINTS_STATUS: Record<PollOutcome['pointsStatus'], string> = {
  none: '本次没有微豆奖励',
  posted: '已入账',
  reversed: '已撤回',
};

/** The settlement shown in place: join result, weidou and any quality flags, in zh-CN. */
export function OutcomeCard({ outcome, poll }: { outcome: PollOutcome; poll: PollInfo | null }) {
  const complete = outcome.joinResult === JoinResult.values.COMPLETE;
  const label = JoinResult.labels[outcome.joinResult as keyof typeof JoinResult.labels] ?? '已结算';
  const lowQuality = outcome.lowQualityReasons.length > 0;
  return (
    <DoneCard testId="poll-outcome">
      <Text as="h1" fontSize="20px" fontWeight="bold" color="ink">
        问卷已提交
      </Text>
      <Text fontSize="14px" color="gray.600">
        {outcome.title || poll?.title}
      </Text>
      <Badge colorPalette={complete ? 'green' : 'orange'} variant="subtle" fontSize="13px" px="3" py="1">
        {label}
      </Badge>
      <Flex align="baseline" gap="1.5" pt="1">
        <Text fontSize="36px" fontWeight="bold" color={outcome.points > 0 ? 'brand.600' : 'gray.500'} lineHeight="1">
          +{outcome.points}
        </Text>
        <Text fontSize="14px" color="gray.600">
          微豆 · {outcome.points > 0 ? POINTS_STATUS[outcome.pointsStatus] : POINTS_STATUS.none}
        </Text>
      </Flex>
      {lowQuality && (
        <Box
          bg="orange.50"
          color="orange.800"
          borderRadius="lg"
          px="4"
          py="3"
          fontSize="13px"
          textAlign="left"
          w="full"
        >
          <Text fontWeight="semibold">本次答卷被判定为低质量：</Text>
          <Text mt="1">
            {outcome.lowQualityReasons
              .map((r) => LowQualityReason.labels[r as keyof typeof LowQualityReason.labels] ?? '其他')
              .join('、')}
          </Text>
          <Text mt="1" color="orange.700">
            奖励按任务规则发放。认真作答能提升你的答题质量等级，获得更多任务。
          </Text>
        </Box>
      )}
      <LinkRow pt="3">
        <LinkButton to={TASKS_PATH}>继续做任务</LinkButton>
        <LinkButton to={TASK_RECORDS_PATH} outline>
          查看任务记录
        </LinkButton>
      </LinkRow>
    </DoneCard>
  );
}
