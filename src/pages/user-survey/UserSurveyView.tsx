import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';
import { ErrorState } from '../../components/ListStates';
import {
  AnswerColumn,
  DoneCard,
  Fact,
  LinkButton,
  LinkRow,
  onPollPage,
  PollColumn,
  PollHeader,
  PollLoading,
  type RegionLoader,
} from '../../components/poll';
import type { BasicSurveyInfo, BasicSurveyOutcome, PollAnswerFormProps } from '../../components/poll/types';
import { LOGIN_PATH, MEMBER_HOME_PATH, REGISTER_PATH, TASKS_PATH } from '../../routing/paths';

export type UserSurveyStatus = 'loggedOut' | Exclude<PollAnswerStatus, 'alreadySubmitted'>;

/** The questionnaire's fields and handlers are {@link PollAnswerFormProps}. */
export interface UserSurveyViewProps extends PollAnswerFormProps {
  status: UserSurveyStatus;
  survey: BasicSurveyInfo | null;
  result?: BasicSurveyOutcome | null;
  /** /login with the redirect back here. */
  loginHref?: string;
  loadRegions?: RegionLoader;
}

const TITLE = '个人属性问卷';
const INTRO =
  '花 2 分钟告诉我们你的基本情况，系统会据此为你匹配更合适的调研任务。你的回答仅用于任务匹配，不会公开展示。';

/** `/user/survey` 个人属性问卷 (props-only): login prompt, the prefilled questionnaire, the reward, success. */
export const UserSurveyView = onPollPage(function UserSurveyBody(props: UserSurveyViewProps) {
  const { status, survey } = props;
  if (status === 'loggedOut')
    return (
      <PollColumn>
        <Stack gap="4">
          <PollHeader title={TITLE} intro={INTRO} facts={<Fact tone="brand">首次完成有微豆奖励</Fact>} />
          <Stack
            align="center"
            textAlign="center"
            gap="3"
            bg="white"
            borderRadius="xl"
            boxShadow="0 1px 3px rgba(15, 23, 42, 0.06)"
            px="5"
            py="10"
            data-testid="survey-login"
          >
            <Text fontSize="17px" fontWeight="semibold" color="ink">
              登录后即可填写
            </Text>
            <Text fontSize="14px" color="gray.600" maxW="360px">
              问卷的回答保存在你的账号里，用来为你匹配任务。登录后会回到这里继续填写。
            </Text>
            <LinkRow pt="2">
              <LinkButton to={props.loginHref ?? LOGIN_PATH} px="8">
                登录
              </LinkButton>
              <LinkButton to={REGISTER_PATH} outline px="8">
                注册新账号
              </LinkButton>
            </LinkRow>
          </Stack>
        </Stack>
      </PollColumn>
    );
  if (status === 'loading') return <PollLoading />;
  if (status === 'loadError')
    return (
      <PollColumn>
        <ErrorState title="问卷加载失败" description={props.loadError ?? undefined} onRetry={props.onRetry} />
      </PollColumn>
    );
  if (status === 'submitted')
    return <SurveyDone result={props.result ?? null} wasCompleted={survey?.completed ?? false} />;

  const reward = survey && !survey.completed && survey.rewardPoints > 0 ? survey.rewardPoints : 0;
  return (
    <AnswerColumn
      header={{
        title: TITLE,
        intro: INTRO,
        reward: reward > 0 ? `首次完成奖励 ${reward} 微豆` : null,
        note: '约 2 分钟',
      }}
      status={status}
      form={props}
      submitting={status === 'submitting'}
      submitLabel={status === 'submitError' ? '重新提交' : survey?.completed ? '保存修改' : '提交问卷'}
      loadRegions={props.loadRegions}
    >
      {survey?.completed && (
        <Box
          bg="green.50"
          color="green.800"
          borderRadius="lg"
          px="4"
          py="3"
          fontSize="14px"
          data-testid="survey-done-before"
        >
          你已完成过个人属性问卷，下面是你之前的回答。情况有变化时可以随时修改并保存。
        </Box>
      )}
    </AnswerColumn>
  );
});

function SurveyDone({ result, wasCompleted }: { result: BasicSurveyOutcome | null; wasCompleted: boolean }) {
  const points = result?.pointsAwarded ?? 0;
  const firstTime = !wasCompleted && (result?.completed ?? false);
  return (
    <DoneCard testId="survey-submitted">
      <Text as="h1" fontSize="20px" fontWeight="bold" color="ink">
        {firstTime ? '个人属性问卷已完成' : '你的回答已保存'}
      </Text>
      {points > 0 && (
        <Flex align="baseline" gap="1.5">
          <Text fontSize="36px" fontWeight="bold" color="brand.600" lineHeight="1">
            +{points}
          </Text>
          <Text fontSize="14px" color="gray.600">
            微豆 · 首次完成奖励已入账
          </Text>
        </Flex>
      )}
      <Text fontSize="14px" color="gray.600" maxW="400px">
        {result?.completed
          ? '更多适合你的任务已经开放，快去看看吧。以后情况有变化，可以随时回来更新。'
          : '还有必答题没有完成，完成全部题目后才能为你匹配更多任务。'}
      </Text>
      <LinkRow pt="3">
        <LinkButton to={TASKS_PATH} px="8">
          去做任务
        </LinkButton>
        <LinkButton to={MEMBER_HOME_PATH} outline>
          返回我的主页
        </LinkButton>
      </LinkRow>
    </DoneCard>
  );
}
