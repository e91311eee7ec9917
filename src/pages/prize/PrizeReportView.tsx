import { Flex, Text } from '@chakra-ui/react';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';
import { ErrorState } from '../../components/ListStates';
import {
  AnswerColumn,
  DoneCard,
  LinkButton,
  LinkRow,
  onPollPage,
  PollColumn,
  PollLoading,
} from '../../components/poll';
import type { PollAnswerFormProps } from '../../components/poll/types';
import type { PrizeReportInfo, PrizeReportOutcome } from '../../flows/prize';
import { GOLD_PATH } from '../../routing/paths';

/** The questionnaire's fields and handlers are {@link PollAnswerFormProps}. */
export interface PrizeReportViewProps extends PollAnswerFormProps {
  status: PollAnswerStatus;
  info: PrizeReportInfo | null;
  /** A failed load may be tried again (not a refusal: not a winner, not sent yet). */
  canRetry?: boolean;
  /** What the server answered to the report, once submitted. */
  outcome?: PrizeReportOutcome | null;
  /** Back to the trial's result page. */
  resultPath: string;
}

/** `/prize/report?id=`: a winner's trial report (props-only). */
export const PrizeReportView = onPollPage(function PrizeReportBody(props: PrizeReportViewProps) {
  const { status, info } = props;
  if (status === 'loading') return <PollLoading />;
  if (status === 'loadError')
    return (
      <PollColumn>
        <ErrorState
          title={props.canRetry ? '试用报告加载失败' : '暂时不能填写试用报告'}
          description={props.loadError ?? undefined}
          {...(props.canRetry ? { onRetry: props.onRetry } : {})}
        />
        {!props.canRetry && (
          <Flex justify="center" mt="-4">
            <LinkButton to={props.resultPath}>返回开奖结果</LinkButton>
          </Flex>
        )}
      </PollColumn>
    );
  if (status === 'submitted' || status === 'alreadySubmitted') {
    const points = props.outcome && !props.outcome.replayed ? props.outcome.points : 0;
    return (
      <DoneCard testId="prize-report-done">
        <Text as="h1" fontSize="20px" fontWeight="bold" color="ink">
          {status === 'submitted' ? '试用报告已提交' : '你已提交过试用报告'}
        </Text>
        <Text fontSize="14px" color="gray.600">
          {info?.trialTitle}
        </Text>
        {points > 0 ? (
          <Text fontSize="16px" color="brand.600" fontWeight="semibold">
            +{points} 微豆已到账
          </Text>
        ) : (
          <Text fontSize="14px" color="gray.600">
            每个中签试用只需提交一次，感谢你的反馈。
          </Text>
        )}
        <LinkRow pt="2">
          <LinkButton to={props.resultPath}>返回开奖结果</LinkButton>
          <LinkButton to={GOLD_PATH} outline>
            查看微豆明细
          </LinkButton>
        </LinkRow>
      </DoneCard>
    );
  }
  return (
    <AnswerColumn
      header={
        info && {
          title: info.title,
          intro: `${info.trialTitle}${info.intro ? `：${info.intro}` : ''}`,
          reward: info.points > 0 ? `提交可得 ${info.points} 微豆` : null,
          note: '带 * 为必答题',
        }
      }
      status={status}
      form={props}
      submitting={status === 'submitting'}
      submitLabel={status === 'submitError' ? '重新提交' : '提交试用报告'}
    />
  );
});
