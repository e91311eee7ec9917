import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { PollAnswerStatus } from '../../../machines/pollAnswer';
import { ErrorState, LoadingState } from '../../components/ListStates';
import {
  DoneCard,
  Fact,
  PollColumn,
  PollForm,
  PollHeader,
  PollPage,
  pollNotice,
  type RegionLoader,
} from '../../components/poll';
import type { BasicSurveyInfo, BasicSurveyOutcome, PollAnswerFormProps } from '../../components/poll/types';

export type UserSurveyStatus = 'loggedOut' | Exclude<PollAnswerStatus, 'alreadySubmitted'>;

/** The questionnaire's fields and handlers are {@link PollAnswerFormProps}. */
export interface UserSurveyViewProps extends PollAnswerFormProps {
  status: UserSurveyStatus;
  survey: BasicSurveyInfo | null;
  result?: BasicSurveyOutcome | null;
  /** /login with the redirect back here. */
  loginPath?: string;
  loadRegions?: RegionLoader;
}

const TITLE = '个人属性问卷';
const INTRO =
  '花 2 分钟告诉我们你的基本情况，系统会据此为你匹配更合适的调研任务。你的回答仅用于任务匹配，不会公开展示。';

/** `/user/survey` 个人属性问卷 (props-only): login prompt, the prefilled questionnaire, the reward, success. */
export function UserSurveyView(props: UserSurveyViewProps) {
  return (
    <PollPage>
      <UserSurveyBody {...props} />
    </PollPage>
  );
}

function UserSurveyBody(props: UserSurveyViewProps) {
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
            <Flex gap="3" pt="2" wrap="wrap" justify="center">
              <Button asChild colorPalette="brand" borderRadius="full" px="8">
                <RouterLink to={props.loginPath ?? '/login'}>登录</RouterLink>
              </Button>
              <Button asChild variant="outline" colorPalette="brand" borderRadius="full" px="8">
                <RouterLink to="/register">注册新账号</RouterLink>
              </Button>
            </Flex>
          </Stack>
        </Stack>
      </PollColumn>
    );
  if (status === 'loading')
    return (
      <PollColumn>
        <LoadingState label="问卷加载中…" />
      </PollColumn>
    );
  if (status === 'loadError')
    return (
      <PollColumn>
        <ErrorState title="问卷加载失败" description={props.loadError ?? undefined} onRetry={props.onRetry} />
      </PollColumn>
    );
  if (status === 'submitted')
    return <SurveyDone result={props.result ?? null} wasCompleted={survey?.completed ?? false} />;

  const notice = pollNotice(status, props.serverMessage, props.submitError);
  const reward = survey && !survey.completed && survey.rewardPoints > 0 ? survey.rewardPoints : 0;
  return (
    <PollColumn pb="0">
      <Stack gap={{ base: '3', md: '4' }}>
        <PollHeader
          title={TITLE}
          intro={INTRO}
          facts={
            <>
              {reward > 0 && <Fact tone="brand">首次完成奖励 {reward} 微豆</Fact>}
              <Fact>共 {props.questions.length} 题</Fact>
              <Fact>约 2 分钟</Fact>
            </>
          }
        />
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
        <PollForm
          questions={props.questions}
          answers={props.answers}
          errors={props.errors}
          focusRequest={props.focusRequest}
          progress={props.progress}
          submitting={status === 'submitting'}
          notice={notice}
          submitLabel={status === 'submitError' ? '重新提交' : survey?.completed ? '保存修改' : '提交问卷'}
          onAnswer={(id, a) => props.onAnswer?.(id, a)}
          onSubmit={() => props.onSubmit?.()}
          {...(props.loadRegions ? { loadRegions: props.loadRegions } : {})}
        />
      </Stack>
    </PollColumn>
  );
}

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
      <Flex gap="3" pt="3" wrap="wrap" justify="center">
        <Button asChild colorPalette="brand" borderRadius="full" px="8">
          <RouterLink to="/task">去做任务</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand" borderRadius="full" px="6">
          <RouterLink to="/home">返回我的主页</RouterLink>
        </Button>
      </Flex>
    </DoneCard>
  );
}
